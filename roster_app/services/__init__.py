"""The only code that writes league data.

Each public function is keyword-only after the LeagueDB, runs in one transaction (LeagueDB.write), and
returns a Change: the undo label, the rows it wrote (for undo/redo) and its result. Refusals raise
RuleViolation (or another DugoutError) before anything is written.
"""

"""How long a text typed into a league may be: what the services keep is what a league export may hold
(exchange/league_json.py refuses more), so every league Dugout writes exports and imports again whole."""

from __future__ import annotations

from roster_app.errors import RuleViolation
from roster_app.words import tidy

TEAM_NAME = PLAYER_NAME = REFEREE_NAME = 60  # services/teams.py, players.py, referees.py
NAME_LENGTHS = {("team", "name"): TEAM_NAME, ("player", "name"): PLAYER_NAME, ("referee", "name"): REFEREE_NAME}
NAME_LENGTH = 100  # any other name: a head coach, the league, the commissioner signing a correction
TEXT_LENGTH = 10_000  # any other text: a referee's description, a ledger line
REASON_LENGTH = 2_000  # a reason the ledger quotes whole inside its own line


def text_limit(table: str, column: str) -> int:
    """The longest text a league holds in `table.column`."""
    if (table, column) in NAME_LENGTHS:
        return NAME_LENGTHS[(table, column)]
    return NAME_LENGTH if column in ("name", "coach", "ruleset_name") else TEXT_LENGTH


def kept(text: object, what: str, limit: int) -> str:
    """`text` tidied as Dugout keeps it (roster_app/words.py), or refused when longer than `limit`."""
    text = tidy(text)
    if len(text) > limit:
        raise RuleViolation(f"{what} can be at most {limit:,} characters long ({len(text):,} were given).")
    return text

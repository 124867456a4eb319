"""The tables and columns of the current schema, by name, in SQLModel.metadata's order (no ORM needed).

Opening a league checks a file has them all before the ORM is imported (safety/inspection.py);
tests/store/test_schema_names.py fails when a model changes without this list.
"""

from __future__ import annotations

# fmt: off
TABLES: dict[str, tuple[str, ...]] = {
    "league": ("id", "name", "ruleset_name", "ruleset_key", "current_season", "created_at", "notes"),
    "referee": ("id", "name", "race", "is_star", "is_sample", "ma", "st", "ag", "av", "skills", "equipment", "spp",
        "rolls_taken", "matches", "awards", "casualties", "status", "description", "created_at"),
    "ruleset_table": ("key", "data", "is_default", "updated_at"),
    "season": ("number", "started_at", "ended_at"),
    "team": ("id", "name", "race", "coach", "treasury", "fan_factor", "rerolls", "assistant_coaches", "cheerleaders",
        "apothecary", "reserves_approved", "created_at", "version"),
    "competition": ("id", "season", "name", "format", "position", "status", "seeding", "third_place", "rounds",
        "first_round", "shuffle", "winner_team_id", "reason", "created_at"),
    "player": ("id", "team_id", "number", "name", "race", "position", "ma", "st", "ag", "av", "skills", "injuries",
        "spp", "rolls_taken", "value", "cost", "status", "origin", "joined_season", "created_at", "version"),
    "reserve_side": ("id", "team_id", "coach_type", "coach_bonus", "promising", "carried", "hired_at"),
    "competition_entry": ("id", "competition_id", "team_id", "seed", "out"),
    "match": ("id", "season", "round", "home_team_id", "away_team_id", "status", "stage", "home_score", "away_score",
        "home_casualties", "away_casualties", "gate", "riot", "referee_id", "played_at", "post_match", "pre_match",
        "competition_id", "decided"),
    "transfer": ("id", "season", "player_id", "seller_team_id", "buyer_team_id", "status", "under_contract",
        "reaction_total", "price", "contract_seasons", "ally", "notes", "created_at", "completed_at"),
    "competition_tie": ("id", "competition_id", "round", "position", "home_team_id", "away_team_id", "match_id",
        "winner_team_id", "bye", "note"),
    "contract": ("id", "player_id", "team_id", "signed_season", "seasons", "served", "rolls_at_signing", "cost",
        "status", "renewal", "transfer_id", "created_at"),
    "dice_roll": ("id", "purpose", "dice", "faces", "modifier", "total", "typed", "created_at", "team_id",
        "player_id", "match_id", "referee_id", "transfer_id"),
    "live_match": ("id", "match_id", "holder", "finished", "created_at"),
    "match_player": ("id", "match_id", "player_id", "team_id", "touchdowns", "completions", "interceptions",
        "casualties", "mvp", "spp", "injury"),
    "referee_match": ("id", "referee_id", "match_id", "in_range", "actions", "riot", "turns_played", "casualties",
        "sent_off", "state", "out_for_match", "out_turn", "get_the_ref", "escaped", "result", "spp_gained",
        "finished", "created_at", "calls"),
    "ledger_entry": ("id", "team_id", "amount", "kind", "reason", "words", "season", "created_at", "player_id", "match_id",
        "contract_id", "transfer_id", "reverses_id"),
    "live_event": ("id", "live_id", "turn", "kind", "team_id", "player_id", "victim_id", "dice_roll_id", "data",
        "created_at"),
    "reserve_event": ("id", "team_id", "kind", "detail", "created_at", "dice_roll_id", "player_id", "match_id"),
    "correction": ("id", "created_at", "season", "made_by", "reason", "kind", "team_id", "player_id", "contract_id",
        "dice_roll_id", "referee_id", "ledger_entry_id", "before", "after"),
}
# fmt: on

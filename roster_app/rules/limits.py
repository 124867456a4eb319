"""How long a text typed into a league may be, and how large a number: what the services keep is what a league
export may hold (exchange/league_json.py and Check League refuse more), so every league Dugout writes exports
and imports again whole."""

from __future__ import annotations

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.words import number, tidy

TEAM_NAME = PLAYER_NAME = REFEREE_NAME = 60  # services/teams.py, players.py, referees.py
NAME_LENGTHS = {("team", "name"): TEAM_NAME, ("player", "name"): PLAYER_NAME, ("referee", "name"): REFEREE_NAME}
NAME_LENGTH = 100  # any other name: a head coach, the league, the commissioner signing a correction
TEXT_LENGTH = 10_000  # any other text: a referee's description, a ledger line
REASON_LENGTH = 2_000  # a reason the ledger quotes whole inside its own line
# The texts a commissioner types, as the services keep them (tidied, at most this long): Check League and the import
# hold every league to them (safety/explained.py).
TYPED_TEXTS = {("league", "name"): NAME_LENGTH, ("team", "name"): TEAM_NAME, ("team", "coach"): NAME_LENGTH,
               ("player", "name"): PLAYER_NAME, ("referee", "name"): REFEREE_NAME,
               ("referee", "description"): TEXT_LENGTH, ("correction", "made_by"): NAME_LENGTH,
               ("correction", "reason"): REASON_LENGTH}  # fmt: skip


def text_limit(table: str, column: str) -> int:
    """The longest text a league holds in `table.column`."""
    if (table, column) in NAME_LENGTHS:
        return NAME_LENGTHS[(table, column)]
    return NAME_LENGTH if column in ("name", "coach", "ruleset_name") else TEXT_LENGTH


def kept(text: object, what: str, limit: int) -> str:
    """`text` tidied as Dugout keeps it (roster_app/words.py), or refused when longer than `limit`."""
    text = tidy(text)
    if len(text) > limit:
        raise RuleViolation(
            _("{what} can be at most {limit} characters long ({n} were given).").format(
                what=what, limit=number(limit), n=number(len(text))
            )
        )
    return text


# The largest numbers Dugout keeps: every service refuses more in words, the dialogs' ranges stop there, Check League
# and the import report more. Far beyond any league (a team opens with 1,000,000 gp) and within a 32-bit spin box
# (2,147,483,647), so no widget and no 64-bit column overflows.
MOST_GOLD = 2_000_000_000  # gp: a treasury, a ledger row, a price
MOST_SPP = 1_000_000  # a player's Star Player Points
MOST_COUNT = 1_000_000  # anything counted in a game or on a roster: touchdowns, casualties, a gate in spectators


def whole(value: object, what: str, low: int, high: int) -> int:
    """`value` as a whole number from `low` to `high`, or RuleViolation saying what it should be."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(_("{what} is a whole number.").format(what=what))
    if not low <= value <= high:
        raise RuleViolation(
            _("{what} is {low} to {high}; {cut} is outside that.").format(
                what=what, low=number(low), high=number(high), cut=_cut(value)
            )
        )
    return value


def _cut(value: int) -> str:
    text = number(value)
    return text if len(text) <= 30 else f"{text[:27]}..."


def gold_correction_range(treasury: int) -> tuple[int, int]:
    """The gold a correction may take from or add to a treasury: never below 0 gp, never above MOST_GOLD."""
    held = min(max(treasury, 0), MOST_GOLD)
    return -held, MOST_GOLD - held

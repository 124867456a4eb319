"""economy: every league made before each edition had its own economy plays the 3rd-edition one it was made with

A league stores no Economy table yet: it gets the one it was made with (a team rating with the treasury counted,
the league's own Match Winnings Table by the gate, its Fan Factor Table, handicaps, no spiralling expenses), so
nothing changes under a running league; its own tables stay as they are. The tables an LRB 5/6 economy reads
(winnings by dice and FAME, fans and FAME, spiralling expenses, petty cash) come as LRB 5's, unused until the
commissioner switches the league to its edition's economy at a season's end (services/economy.py).

Revision ID: economy
Revises: refcalls
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "economy"
down_revision = "refcalls"
branch_labels = None
depends_on = None

# The tables as Dugout bundled them when this revision was written (a migration never reads today's files).
ECONOMY_AS_MADE = {
    "table": "economy",
    "note": "How this league's money works: a team rating (the treasury counted in it) pays winnings from the "
    "league's Match Winnings Table by the gate; the fan factor table; handicaps before a match; no spiralling "
    "expenses. A contracted player's half value comes off the rating used on the Match Winnings Table (seed "
    "001).",
    "source": {
        "from": "league",
        "where": "the 3rd-edition economy of the articles' time, as Dugout shipped it before each edition had "
        "its own; the league was made with it",
    },
    "edition": "3rd edition (as the league was made)",
    "worth": "rating",
    "worth_name": "Team rating",
    "worth_short": "TR",
    "treasury_counted": True,
    "winnings": "gate_table",
    "expenses": False,
    "pre_match": "handicaps",
    "contract_half_value": "winnings_rating",
}

ADDED = {
    "winnings_formula": {
        "table": "winnings_formula",
        "note": "Winnings after the match: (D6 + the team's FAME + 1 for a win or a draw) x 10,000 "
        "gp; the winner may roll the D6 again and must keep the second roll. Used when the "
        "Economy table says winnings come from dice and FAME.",
        "source": {
            "from": "league",
            "where": "stands in for LRB 5's own figure (no LRB 5 source at hand prints the "
            "draw's +1): LRB 6's formula, christerk/ffb at ac2f6d3 "
            "ffb-server/.../step/bb2016/end/StepWinnings.java; OBBLM's LRB 5 upload "
            "agrees for the winner's re-roll ((D6 + FAME + 1) x 10,000, "
            "nicholasmr/obblm at 78026f4 modules/leegmgr/class_upload_botocs.php)",
        },
        "dice": "D6",
        "per_point": 10000,
        "fame": True,
        "win": 1,
        "draw": 1,
        "loss": 0,
        "winner_may_reroll": True,
    },
    "fame": {
        "table": "fame",
        "note": "Before the match each team rolls for its fans: (2D6 + fan factor) x 1,000 spectators. FAME (Fan "
        "Advantage ModifiEr) is +1 for the team with more fans, +2 with at least twice as many, 0 "
        "otherwise. Used when the Economy table says winnings come from dice and FAME.",
        "source": {
            "from": "LRB 6",
            "where": "christerk/ffb at ac2f6d3 "
            "ffb-server/src/main/java/com/fumbbl/ffb/server/step/bb2016/start/StepSpectators.java "
            "(rollSpectators: 2D6 + fan factor, x 1,000; FAME 2 at twice the other's fans, 1 for "
            "more) and DiceRoller.rollSpectators (2D6); the LRB 5 red sheet has the same step "
            "('Figure Gate and each team's FAME')",
        },
        "dice": "2D6",
        "spectators_per_point": 1000,
        "more": 1,
        "double": 2,
    },
    "spiralling_expenses": {
        "table": "spiralling_expenses",
        "note": "After the match a team of high team value pays spiralling expenses: 10,000 gp at "
        "1,750,000 gp of team value and 10,000 gp more for every 150,000 gp above "
        "(1,750,000-1,890,000: 10,000; 1,900,000-2,040,000: 20,000; and so on). Used when "
        "the Economy table has spiralling expenses.",
        "source": {
            "from": "LRB 5",
            "where": "nicholasmr/obblm at 78026f4 "
            "modules/leegmgr/rules-LRB5-Experimental.xml (spirallingExpenses: "
            "start 1750000, interval 150000, pace 10000); its bands are written "
            "out in modules/leegmgr/class_upload_botocs.php "
            "checkSpiralingExpenses (1,750,000-1,890,000 10,000 ... "
            "2,800,000-2,940,000 80,000)",
        },
        "from_value": 1750000,
        "band": 150000,
        "per_band": 10000,
    },
    "petty_cash": {
        "table": "petty_cash",
        "note": "Before the match the team of lower team value gets the difference as money for "
        "inducements for this match only, and a team may add gold from its treasury as petty cash. "
        "Used when the Economy table says the pre-match gives inducements (the inducements "
        "themselves are a table of their own).",
        "source": {
            "from": "LRB 6",
            "where": "christerk/ffb at ac2f6d3 "
            "ffb-server/src/main/java/com/fumbbl/ffb/server/step/bb2016/start/StepPettyCash.java "
            "(the lower team value gets the difference; a team transfers treasury to petty "
            "cash); the LRB 5 red sheet: 'Figure Inducements and Purchase Them; Transfer "
            "money from Treasury to Petty Cash & Spend It'",
        },
        "difference_to_lower": True,
        "treasury_may_add": True,
    },
}

ruleset_table = sa.table(
    "ruleset_table",
    sa.column("key", sa.String),
    sa.column("data", sa.JSON),
    sa.column("is_default", sa.Boolean),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
league = sa.table("league", sa.column("id", sa.Integer))


def upgrade() -> None:
    bind = op.get_bind()
    if not bind.execute(sa.select(sa.func.count()).select_from(league)).scalar():
        return  # a file with no league yet: create_league writes the edition's own tables
    have = set(bind.execute(sa.select(ruleset_table.c.key)).scalars())
    now = datetime.now(UTC)
    rows = [
        {"key": key, "data": data, "is_default": True, "updated_at": now}
        for key, data in {"economy": ECONOMY_AS_MADE, **ADDED}.items()
        if key not in have
    ]
    if rows:
        op.bulk_insert(ruleset_table, rows)


def downgrade() -> None:
    op.execute(ruleset_table.delete().where(ruleset_table.c.key.in_(["economy", *ADDED])))

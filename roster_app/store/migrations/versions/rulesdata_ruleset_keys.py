"""rulesdata: the ruleset once bundled as "lrb6" held LRB 5 data, so it is LRB 5; every league gets a Kick-Off Table

A league made with the old key keeps every table it stores; only its ruleset's name and key say what it holds
("LRB 5 (Dugout)", key lrb5), so Reset to default goes back to the same data. The Kick-Off Table (2D6, the
one table Dugout added to the rulesets since) is copied in as it was bundled then, the same in every ruleset.

Revision ID: rulesdata
Revises: matchpad
"""

from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


revision = "rulesdata"
down_revision = "matchpad"
branch_labels = None
depends_on = None

# The Kick-Off Table as Dugout bundled it when this revision was written (a migration never reads today's files).
KICK_OFF = {
    "table": "kick_off",
    "note": "The Kick-Off Table (2D6).",
    "source": {
        "from": "LRB 4.0",
        "where": "christerk/ffb FantasyFootballCommon/src/com/balancedbytes/games/ffb/KickoffResult.java at 93b5e46"
    },
    "dice": "2D6",
    "rows": [
        {
            "from": 2,
            "to": 2,
            "result": "Get the Ref",
            "referee_out": True,
            "text": "The fans take revenge on the referee: in this league the Ref is injured and a normal referee takes his place (the referees article)."
        },
        {
            "from": 3,
            "to": 3,
            "result": "Riot",
            "text": "The referee adjusts the clock after the riot clears."
        },
        {
            "from": 4,
            "to": 4,
            "result": "Perfect Defence",
            "text": "The kicking team may reorganise its players."
        },
        {
            "from": 5,
            "to": 5,
            "result": "High Kick",
            "text": "A player on the receiving team may try to catch the ball directly."
        },
        {
            "from": 6,
            "to": 6,
            "result": "Cheering Fans",
            "text": "The team with the most enthusiastic fans gains a re-roll."
        },
        {
            "from": 7,
            "to": 7,
            "result": "Weather Change",
            "text": "The weather changes suddenly."
        },
        {
            "from": 8,
            "to": 8,
            "result": "Brilliant Coaching",
            "text": "The team with the best coaching gains a re-roll."
        },
        {
            "from": 9,
            "to": 9,
            "result": "Quick Snap!",
            "text": "The receiving team may move each player one square."
        },
        {
            "from": 10,
            "to": 10,
            "result": "Blitz!",
            "text": "The kicking team gets a free turn for moving and blitzing."
        },
        {
            "from": 11,
            "to": 11,
            "result": "Throw a Rock",
            "text": "A random player is hit by a rock and suffers an injury."
        },
        {
            "from": 12,
            "to": 12,
            "result": "Pitch Invasion",
            "text": "Random players are stunned by the crowd."
        }
    ]
}

league = sa.table("league", sa.column("ruleset_key", sa.String), sa.column("ruleset_name", sa.String))
ruleset_table = sa.table(
    "ruleset_table",
    sa.column("key", sa.String),
    sa.column("data", sa.JSON),
    sa.column("is_default", sa.Boolean),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    op.execute(
        league.update()
        .where(league.c.ruleset_key == "lrb6")
        .values(ruleset_key="lrb5", ruleset_name=sa.case(
            (league.c.ruleset_name == "LRB 6 (Dugout)", "LRB 5 (Dugout)"), else_=league.c.ruleset_name))
    )
    bind = op.get_bind()
    has = bind.execute(sa.select(ruleset_table.c.key).where(ruleset_table.c.key == "kick_off")).first()
    has_league = bind.execute(sa.select(sa.func.count()).select_from(league)).scalar()
    if has is None and has_league:
        op.bulk_insert(ruleset_table, [{"key": "kick_off", "data": KICK_OFF, "is_default": True,
                                        "updated_at": datetime.now(UTC)}])


def downgrade() -> None:
    op.execute(ruleset_table.delete().where(ruleset_table.c.key == "kick_off"))
    op.execute(
        league.update()
        .where(league.c.ruleset_key == "lrb5")
        .values(ruleset_key="lrb6", ruleset_name=sa.case(
            (league.c.ruleset_name == "LRB 5 (Dugout)", "LRB 6 (Dugout)"), else_=league.c.ruleset_name))
    )

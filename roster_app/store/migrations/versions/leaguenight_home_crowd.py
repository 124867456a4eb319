"""leaguenight: every league gets a Casualty Table; the Handicap Table's "Home crowd" says what it adds (+1 fan factor)

A league stores its Handicap Table as it was bundled; the row's promise ("+1 to the team's fan factor for this
match") was words only. The row named "Home crowd" gets "fan_factor": 1 unless the league set one already;
handicaps rolled before keep their words (the gate of a match already played is not touched). The Casualty Table
(D68, the results a pad's casualty records) is copied in as Dugout bundled it when this revision was written.

Revision ID: leaguenight
Revises: competitions
"""

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "leaguenight"
down_revision = "competitions"
branch_labels = None
depends_on = None

HOME_CROWD = "Home crowd"
# The Casualty Table as Dugout bundled it when this revision was written (a migration never reads today's files).
CASUALTY_TABLE = {
    "table": "casualty_table",
    "note": "The Casualty Table (D68: a D6 for the tens, a D8 for the units). Every result but Badly Hurt misses the next game.",
    "source": {
        "from": "LRB 4.0",
        "where": "christerk/ffb ffb-common/src/main/java/com/fumbbl/ffb/bb2016/SeriousInjury.java at 8c4bc92 (names and effects; the D68 results as in the Living Rulebook's Casualty Table)",
    },
    "dice": "D68",
    "rows": [
        {
            "from": 11,
            "to": 38,
            "result": "Badly Hurt",
            "injury": "Badly hurt",
            "text": "No long-term effect: he misses the rest of this match only.",
        },
        {"from": 41, "to": 41, "result": "Broken Ribs", "injury": "Miss next game"},
        {"from": 42, "to": 42, "result": "Groin Strain", "injury": "Miss next game"},
        {"from": 43, "to": 43, "result": "Gouged Eye", "injury": "Miss next game"},
        {"from": 44, "to": 44, "result": "Broken Jaw", "injury": "Miss next game"},
        {"from": 45, "to": 45, "result": "Fractured Arm", "injury": "Miss next game"},
        {"from": 46, "to": 46, "result": "Fractured Leg", "injury": "Miss next game"},
        {"from": 47, "to": 47, "result": "Smashed Hand", "injury": "Miss next game"},
        {"from": 48, "to": 48, "result": "Pinched Nerve", "injury": "Miss next game"},
        {"from": 51, "to": 51, "result": "Damaged Back", "injury": "Niggling injury"},
        {"from": 52, "to": 52, "result": "Smashed Knee", "injury": "Niggling injury"},
        {"from": 53, "to": 53, "result": "Smashed Hip", "injury": "-1 MA"},
        {"from": 54, "to": 54, "result": "Smashed Ankle", "injury": "-1 MA"},
        {"from": 55, "to": 55, "result": "Serious Concussion", "injury": "-1 AV"},
        {"from": 56, "to": 56, "result": "Fractured Skull", "injury": "-1 AV"},
        {"from": 57, "to": 57, "result": "Broken Neck", "injury": "-1 AG"},
        {"from": 58, "to": 58, "result": "Smashed Collar Bone", "injury": "-1 ST"},
        {
            "from": 61,
            "to": 68,
            "result": "Dead",
            "injury": "Dead",
            "text": "The player is dead: his contract ends, his games stay in the league's history.",
        },
    ],
}

ruleset_table = sa.table(
    "ruleset_table", sa.column("key", sa.String), sa.column("data", sa.JSON), sa.column("is_default", sa.Boolean),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)  # fmt: skip
league = sa.table("league", sa.column("id", sa.Integer))


def _rewrite(change) -> None:  # noqa: ANN001
    bind = op.get_bind()
    row = bind.execute(sa.select(ruleset_table.c.data).where(ruleset_table.c.key == "handicap_table")).first()
    if row is None:
        return
    data = row[0] if isinstance(row[0], dict) else json.loads(row[0])
    if not any(change(r) for r in data.get("rows", []) if r.get("handicap") == HOME_CROWD):
        return
    bind.execute(ruleset_table.update().where(ruleset_table.c.key == "handicap_table")
                 .values(data=data, updated_at=datetime.now(UTC)))  # fmt: skip


def _add(row: dict) -> bool:
    if "fan_factor" in row:
        return False
    row["fan_factor"] = 1
    return True


def _remove(row: dict) -> bool:
    return row.pop("fan_factor", None) is not None


def upgrade() -> None:
    _rewrite(_add)
    bind = op.get_bind()
    has = bind.execute(sa.select(ruleset_table.c.key).where(ruleset_table.c.key == "casualty_table")).first()
    has_league = bind.execute(sa.select(sa.func.count()).select_from(league)).scalar()
    if has is None and has_league:
        op.bulk_insert(ruleset_table, [{"key": "casualty_table", "data": CASUALTY_TABLE, "is_default": True,
                                        "updated_at": datetime.now(UTC)}])  # fmt: skip


def downgrade() -> None:
    op.execute(ruleset_table.delete().where(ruleset_table.c.key == "casualty_table"))
    _rewrite(_remove)

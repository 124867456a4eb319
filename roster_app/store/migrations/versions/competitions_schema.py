"""competitions: a season's competitions (its league fixtures, open tournaments), their entries and brackets

Revision ID: competitions
Revises: economy

A league's existing fixtures become each season's league competition (friendlies and the typed semi-finals
and finals stay outside any competition, as they were); the league gets the bundled rule for level knock-out
games as it was when this revision was written.
"""

from datetime import UTC, datetime

from alembic import op
import sqlalchemy as sa


revision = "competitions"
down_revision = "economy"
branch_labels = None
depends_on = None

# The rule for level knock-out games as Dugout bundled it when this revision was written.
KNOCKOUT = {
    "table": "knockout",
    "note": "A knock-out game (a cup, playoffs) cannot end level: sudden-death overtime first, then a roll-off.",
    "source": {
        "from": "default",
        "where": "neither article says how a level cup game is decided; the usual league rule: an extra period "
        "of sudden death (the first touchdown wins), then each coach rolls a die, the higher goes through (a tie "
        "is rolled again)",
    },
    "overtime": True,
    "roll_off": "D6",
}

ruleset_table = sa.table(
    "ruleset_table",
    sa.column("key", sa.String),
    sa.column("data", sa.JSON),
    sa.column("is_default", sa.Boolean),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
league = sa.table("league", sa.column("id", sa.Integer), sa.column("current_season", sa.Integer))
match = sa.table(
    "match", sa.column("id", sa.Integer), sa.column("season", sa.Integer), sa.column("stage", sa.String),
    sa.column("competition_id", sa.Integer),
)  # fmt: skip
competition = sa.table(
    "competition", sa.column("id", sa.Integer), sa.column("season", sa.Integer), sa.column("name", sa.String),
    sa.column("format", sa.String), sa.column("position", sa.Integer), sa.column("status", sa.String),
    sa.column("seeding", sa.String), sa.column("third_place", sa.Boolean), sa.column("rounds", sa.Integer),
    sa.column("first_round", sa.Integer), sa.column("shuffle", sa.Boolean), sa.column("reason", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "competition",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("seeding", sa.String(), nullable=False),
        sa.Column("third_place", sa.Boolean(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("first_round", sa.Integer(), nullable=False),
        sa.Column("shuffle", sa.Boolean(), nullable=False),
        sa.Column("winner_team_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["winner_team_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("competition", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_competition_season"), ["season"], unique=False)
    op.create_table(
        "competition_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("out", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["competition.id"]),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("competition_id", "team_id"),
    )
    with op.batch_alter_table("competition_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_competition_entry_competition_id"), ["competition_id"], unique=False)
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("competition_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("decided", sa.JSON(), nullable=False, server_default="{}"))
        batch_op.create_index(batch_op.f("ix_match_competition_id"), ["competition_id"], unique=False)
        batch_op.create_foreign_key(
            "fk_match_competition_id_competition", "competition", ["competition_id"], ["id"]
        )
    op.create_table(
        "competition_tie",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("home_team_id", sa.Integer(), nullable=True),
        sa.Column("away_team_id", sa.Integer(), nullable=True),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("winner_team_id", sa.Integer(), nullable=True),
        sa.Column("bye", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["away_team_id"], ["team.id"]),
        sa.ForeignKeyConstraint(["competition_id"], ["competition.id"]),
        sa.ForeignKeyConstraint(["home_team_id"], ["team.id"]),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"]),
        sa.ForeignKeyConstraint(["winner_team_id"], ["team.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("competition_id", "round", "position"),
    )
    with op.batch_alter_table("competition_tie", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_competition_tie_competition_id"), ["competition_id"], unique=False)

    bind = op.get_bind()
    current = bind.execute(sa.select(league.c.current_season).order_by(league.c.id).limit(1)).scalar()
    seasons = bind.execute(sa.select(match.c.season).where(match.c.stage == "league").distinct()).scalars().all()
    now = datetime.now(UTC)
    for season in sorted(seasons):
        done = current is not None and season < current
        bind.execute(competition.insert().values(
            season=season, name="League", format="league", position=1, status="finished" if done else "open",
            seeding="", third_place=False, rounds=0, first_round=0, shuffle=False, reason="", created_at=now,
        ))  # fmt: skip
        made = bind.execute(
            sa.select(competition.c.id).where(competition.c.season == season, competition.c.format == "league")
        ).scalar()
        bind.execute(
            match.update().where(match.c.season == season, match.c.stage == "league").values(competition_id=made)
        )
    has = bind.execute(sa.select(ruleset_table.c.key).where(ruleset_table.c.key == "knockout")).first()
    if has is None and current is not None:
        op.bulk_insert(ruleset_table, [{"key": "knockout", "data": KNOCKOUT, "is_default": True,
                                        "updated_at": now}])  # fmt: skip


def downgrade() -> None:
    op.execute(ruleset_table.delete().where(ruleset_table.c.key == "knockout"))
    with op.batch_alter_table("competition_tie", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_competition_tie_competition_id"))
    op.drop_table("competition_tie")
    # the foreign key by the name it has: this revision names it, a league made whole (create_all) has the
    # database's own name for it (PostgreSQL's match_competition_id_fkey), SQLite's may have none
    named = [fk["name"] for fk in sa.inspect(op.get_bind()).get_foreign_keys("match")
             if fk["constrained_columns"] == ["competition_id"] and fk.get("name")]  # fmt: skip
    with op.batch_alter_table("match", schema=None) as batch_op:
        for name in named:
            batch_op.drop_constraint(name, type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_match_competition_id"))
        batch_op.drop_column("decided")
        batch_op.drop_column("competition_id")
    with op.batch_alter_table("competition_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_competition_entry_competition_id"))
    op.drop_table("competition_entry")
    with op.batch_alter_table("competition", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_competition_season"))
    op.drop_table("competition")

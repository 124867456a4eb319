"""matchpad: the match pad's live record of a fixture, saved event by event

Revision ID: matchpad
Revises: corrections
"""

from alembic import op
import sqlalchemy as sa


revision = "matchpad"
down_revision = "prematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id"),
    )
    op.create_table(
        "live_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("live_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("victim_id", sa.Integer(), nullable=True),
        sa.Column("dice_roll_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["dice_roll_id"], ["dice_roll.id"]),
        sa.ForeignKeyConstraint(["live_id"], ["live_match.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"]),
        sa.ForeignKeyConstraint(["victim_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("live_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_live_event_live_id"), ["live_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("live_event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_event_live_id"))
    op.drop_table("live_event")
    op.drop_table("live_match")

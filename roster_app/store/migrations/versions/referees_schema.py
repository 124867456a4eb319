"""referees: the match sheet records when the ref left the pitch and any Get the Ref result

Revision ID: referees
Revises: 0001
"""

from alembic import op
import sqlalchemy as sa


revision = "referees"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("referee_match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("out_turn", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("get_the_ref", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("escaped", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("referee_match", schema=None) as batch_op:
        batch_op.drop_column("escaped")
        batch_op.drop_column("get_the_ref")
        batch_op.drop_column("out_turn")

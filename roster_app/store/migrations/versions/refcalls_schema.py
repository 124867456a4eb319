"""refcalls: the ref's calls on his match sheet (send-offs, warnings, fouls spotted or missed)

Revision ID: refcalls
Revises: rulesdata
"""

from alembic import op
import sqlalchemy as sa


revision = "refcalls"
down_revision = "rulesdata"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("referee_match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("calls", sa.JSON(), nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("referee_match", schema=None) as batch_op:
        batch_op.drop_column("calls")

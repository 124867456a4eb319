"""postgres: a row version on team and player, so a shared league refuses edits based on a stale row

Revision ID: postgres
Revises: referees
"""

from alembic import op
import sqlalchemy as sa


revision = "postgres"
down_revision = "referees"
branch_labels = None
depends_on = None

TABLES = ("team", "player")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("1")))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("version")

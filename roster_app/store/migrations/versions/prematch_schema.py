"""prematch: the pre-match sequence of a fixture (handicaps awarded, finished) and the Handicap Table

Revision ID: prematch
Revises: corrections
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "prematch"
down_revision = "corrections"
branch_labels = None
depends_on = None


def _bundled_handicap_table() -> dict:
    from roster_app.rules.ruleset import load_bundled

    return load_bundled().table("handicap_table")


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pre_match", sa.JSON(), nullable=False, server_default="{}"))
    # A league made before this revision has no Handicap Table: it gets the league default.
    bind = op.get_bind()
    has = bind.execute(sa.text("SELECT COUNT(*) FROM ruleset_table WHERE key = 'handicap_table'")).scalar()
    if not has:
        table = sa.table(
            "ruleset_table", sa.column("key", sa.String), sa.column("data", sa.JSON),
            sa.column("is_default", sa.Boolean), sa.column("updated_at", sa.DateTime(timezone=True)),
        )  # fmt: skip
        op.bulk_insert(table, [{"key": "handicap_table", "data": _bundled_handicap_table(), "is_default": True,
                                "updated_at": datetime.now(UTC)}])  # fmt: skip


def downgrade() -> None:
    op.execute("DELETE FROM ruleset_table WHERE key = 'handicap_table'")
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("pre_match")

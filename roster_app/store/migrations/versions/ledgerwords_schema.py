"""ledgerwords: a ledger row keeps its sentence with its parts, so each reader sees it in their language

`ledger_entry.words` (JSON as text, may be NULL): the sentence of roster_app/phrases/ledger.py and its parts
(roster_app/phrases). The English `reason` stays as it was: rows written before this revision show it.

Revision ID: ledgerwords
Revises: postmatchorder
"""

import sqlalchemy as sa
from alembic import op

revision = "ledgerwords"
down_revision = "postmatchorder"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a file stamped older than its tables (a hand-set alembic_version) may have the column already
    if "words" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("ledger_entry")}:
        op.add_column("ledger_entry", sa.Column("words", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ledger_entry") as batch:
        batch.drop_column("words")

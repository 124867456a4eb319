"""postmatchorder: every league gets a Post-match sequence table, the seed's order it was made with

The post-match steps follow the league's edition (LRB 5 and LRB 6 order winnings, fan factor and the MVP's
improvement rolls as their books do; the seed's purchases section closes the sequence in every edition). A league
made before stores no such table: it gets the seed's sequence as Dugout bundled it when this revision was written,
so nothing changes under a running league; the commissioner's switch to the edition's economy at a season's end
brings the edition's order (services/economy.py).

Revision ID: postmatchorder
Revises: leaguenight
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "postmatchorder"
down_revision = "leaguenight"
branch_labels = None
depends_on = None

# The table as Dugout bundled it for LRB 4.0 when this revision was written (a migration never reads today's files).
POST_MATCH = {
    "table": "post_match",
    "note": "The post-match sequence in its order, each step as the league's book words it. Seed 001 summarises it: 1. winnings, 2. Star Player points and the Star Player Table, 3. the Fan Factor Table, 4. purchases (4.1 contracts, with reserve affairs at the start of purchases; 4.2 transfers; 4.3 new players and staff), 5. the new team rating. The purchases section keeps the seed's places in every edition; the steps before it may come in the edition's order.",
    "source": {
        "from": "article",
        "where": "seed 001 (reserve teams, contracts, transfers): 'This is summarized below: 1. Work out each team's winnings. 2. Allocate Star Player points and roll on Star Player Table. 3. Roll on the Fan Factor Table. 4. Purchases ... 5. Work out new Team Rating.' (LRB 4.0's own post-match page was not found in a public source: christerk/ffb plays only LRB 6 / BB2016 and later post-game steps)",
    },
    "steps": [
        {"step": "winnings", "title": "1. Winnings"},
        {"step": "spp", "title": "2. Star Player Points and star player rolls"},
        {"step": "fan_factor", "title": "3. Fan factor"},
        {"step": "affairs", "title": "4.1 Reserve affairs and contracts"},
        {"step": "purchases", "title": "4.3 New players and staff"},
        {"step": "rating", "title": "5. New team rating"},
    ],
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
    has = bind.execute(sa.select(ruleset_table.c.key).where(ruleset_table.c.key == "post_match")).first()
    if has is None:
        op.bulk_insert(ruleset_table, [{"key": "post_match", "data": POST_MATCH, "is_default": True,
                                        "updated_at": datetime.now(UTC)}])  # fmt: skip


def downgrade() -> None:
    op.execute(ruleset_table.delete().where(ruleset_table.c.key == "post_match"))

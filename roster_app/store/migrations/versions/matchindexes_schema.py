"""matchindexes: a game's sheet found by its match, a team's games by their sides

`ix_referee_match_match_id`: a player's career joins his games to the refs' sheets; without it SQLite read every
sheet of the league for each career (a website of 2,300 players read them 2,300 times; issue 40).
`ix_match_home_team_id`, `ix_match_away_team_id`: a team's games (its timeline, its web page) without reading
every game of the league.

Revision ID: matchindexes
Revises: ledgerwords
"""

import sqlalchemy as sa
from alembic import op

revision = "matchindexes"
down_revision = "ledgerwords"
branch_labels = None
depends_on = None

INDEXES = (
    ("ix_referee_match_match_id", "referee_match", "match_id"),
    ("ix_match_home_team_id", "match", "home_team_id"),
    ("ix_match_away_team_id", "match", "away_team_id"),
)


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for name, table, column in INDEXES:
        # a file stamped older than its tables (a hand-set alembic_version) may have the index already
        if name not in {index["name"] for index in inspector.get_indexes(table)}:
            op.create_index(name, table, [column])


def downgrade() -> None:
    for name, table, _column in reversed(INDEXES):
        op.drop_index(name, table_name=table)

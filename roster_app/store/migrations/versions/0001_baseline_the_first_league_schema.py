"""baseline: the first league schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-29
"""

from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    
    op.create_table('league',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('ruleset_name', sa.String(), nullable=False),
    sa.Column('ruleset_key', sa.String(), nullable=False),
    sa.Column('current_season', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('notes', sa.String(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('referee',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('race', sa.String(), nullable=False),
    sa.Column('is_star', sa.Boolean(), nullable=False),
    sa.Column('is_sample', sa.Boolean(), nullable=False),
    sa.Column('ma', sa.Integer(), nullable=False),
    sa.Column('st', sa.Integer(), nullable=False),
    sa.Column('ag', sa.Integer(), nullable=False),
    sa.Column('av', sa.Integer(), nullable=False),
    sa.Column('skills', sa.JSON(), nullable=False),
    sa.Column('equipment', sa.JSON(), nullable=False),
    sa.Column('spp', sa.Integer(), nullable=False),
    sa.Column('rolls_taken', sa.Integer(), nullable=False),
    sa.Column('matches', sa.Integer(), nullable=False),
    sa.Column('awards', sa.Integer(), nullable=False),
    sa.Column('casualties', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('description', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('ruleset_table',
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.create_table('season',
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('number')
    )
    op.create_table('team',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('race', sa.String(), nullable=False),
    sa.Column('coach', sa.String(), nullable=False),
    sa.Column('treasury', sa.Integer(), nullable=False),
    sa.Column('fan_factor', sa.Integer(), nullable=False),
    sa.Column('rerolls', sa.Integer(), nullable=False),
    sa.Column('assistant_coaches', sa.Integer(), nullable=False),
    sa.Column('cheerleaders', sa.Integer(), nullable=False),
    sa.Column('apothecary', sa.Boolean(), nullable=False),
    sa.Column('reserves_approved', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('match',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('home_team_id', sa.Integer(), nullable=False),
    sa.Column('away_team_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('stage', sa.String(), nullable=False),
    sa.Column('home_score', sa.Integer(), nullable=False),
    sa.Column('away_score', sa.Integer(), nullable=False),
    sa.Column('home_casualties', sa.Integer(), nullable=False),
    sa.Column('away_casualties', sa.Integer(), nullable=False),
    sa.Column('gate', sa.Integer(), nullable=False),
    sa.Column('riot', sa.Boolean(), nullable=False),
    sa.Column('referee_id', sa.Integer(), nullable=True),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('post_match', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['away_team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['home_team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['referee_id'], ['referee.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_match_season'), ['season'], unique=False)

    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('race', sa.String(), nullable=False),
    sa.Column('position', sa.String(), nullable=False),
    sa.Column('ma', sa.Integer(), nullable=False),
    sa.Column('st', sa.Integer(), nullable=False),
    sa.Column('ag', sa.Integer(), nullable=False),
    sa.Column('av', sa.Integer(), nullable=False),
    sa.Column('skills', sa.JSON(), nullable=False),
    sa.Column('injuries', sa.JSON(), nullable=False),
    sa.Column('spp', sa.Integer(), nullable=False),
    sa.Column('rolls_taken', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.Column('cost', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('origin', sa.String(), nullable=False),
    sa.Column('joined_season', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_team_id'), ['team_id'], unique=False)

    op.create_table('reserve_side',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('coach_type', sa.String(), nullable=True),
    sa.Column('coach_bonus', sa.Integer(), nullable=False),
    sa.Column('promising', sa.Integer(), nullable=False),
    sa.Column('carried', sa.Integer(), nullable=False),
    sa.Column('hired_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('team_id')
    )
    op.create_table('match_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('touchdowns', sa.Integer(), nullable=False),
    sa.Column('completions', sa.Integer(), nullable=False),
    sa.Column('interceptions', sa.Integer(), nullable=False),
    sa.Column('casualties', sa.Integer(), nullable=False),
    sa.Column('mvp', sa.Boolean(), nullable=False),
    sa.Column('spp', sa.Integer(), nullable=False),
    sa.Column('injury', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('match_id', 'player_id')
    )
    with op.batch_alter_table('match_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_match_player_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_match_player_player_id'), ['player_id'], unique=False)

    op.create_table('referee_match',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('referee_id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('in_range', sa.JSON(), nullable=False),
    sa.Column('actions', sa.JSON(), nullable=False),
    sa.Column('riot', sa.Boolean(), nullable=False),
    sa.Column('turns_played', sa.Integer(), nullable=False),
    sa.Column('casualties', sa.Integer(), nullable=False),
    sa.Column('sent_off', sa.JSON(), nullable=False),
    sa.Column('state', sa.String(), nullable=False),
    sa.Column('out_for_match', sa.Boolean(), nullable=False),
    sa.Column('result', sa.String(), nullable=False),
    sa.Column('spp_gained', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.ForeignKeyConstraint(['referee_id'], ['referee.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('referee_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_referee_match_referee_id'), ['referee_id'], unique=False)

    op.create_table('transfer',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('seller_team_id', sa.Integer(), nullable=False),
    sa.Column('buyer_team_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('under_contract', sa.Boolean(), nullable=False),
    sa.Column('reaction_total', sa.Integer(), nullable=True),
    sa.Column('price', sa.Integer(), nullable=True),
    sa.Column('contract_seasons', sa.Integer(), nullable=False),
    sa.Column('ally', sa.Boolean(), nullable=False),
    sa.Column('notes', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('completed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['buyer_team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['seller_team_id'], ['team.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('transfer', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_transfer_player_id'), ['player_id'], unique=False)

    op.create_table('contract',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('signed_season', sa.Integer(), nullable=False),
    sa.Column('seasons', sa.Integer(), nullable=False),
    sa.Column('served', sa.Integer(), nullable=False),
    sa.Column('rolls_at_signing', sa.Integer(), nullable=False),
    sa.Column('cost', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('renewal', sa.Boolean(), nullable=False),
    sa.Column('transfer_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['transfer_id'], ['transfer.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('contract', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_contract_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_contract_team_id'), ['team_id'], unique=False)

    op.create_table('dice_roll',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('purpose', sa.String(), nullable=False),
    sa.Column('dice', sa.String(), nullable=False),
    sa.Column('faces', sa.JSON(), nullable=False),
    sa.Column('modifier', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('typed', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('referee_id', sa.Integer(), nullable=True),
    sa.Column('transfer_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['referee_id'], ['referee.id'], ),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['transfer_id'], ['transfer.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('ledger_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('amount', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('reason', sa.String(), nullable=False),
    sa.Column('season', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('contract_id', sa.Integer(), nullable=True),
    sa.Column('transfer_id', sa.Integer(), nullable=True),
    sa.Column('reverses_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['contract_id'], ['contract.id'], ),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['reverses_id'], ['ledger_entry.id'], ),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.ForeignKeyConstraint(['transfer_id'], ['transfer.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('ledger_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ledger_entry_team_id'), ['team_id'], unique=False)

    op.create_table('reserve_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('team_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('detail', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('dice_roll_id', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['dice_roll_id'], ['dice_roll.id'], ),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['team_id'], ['team.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('reserve_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reserve_event_team_id'), ['team_id'], unique=False)




def downgrade() -> None:
    
    with op.batch_alter_table('reserve_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reserve_event_team_id'))

    op.drop_table('reserve_event')
    with op.batch_alter_table('ledger_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ledger_entry_team_id'))

    op.drop_table('ledger_entry')
    op.drop_table('dice_roll')
    with op.batch_alter_table('contract', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_contract_team_id'))
        batch_op.drop_index(batch_op.f('ix_contract_player_id'))

    op.drop_table('contract')
    with op.batch_alter_table('transfer', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_transfer_player_id'))

    op.drop_table('transfer')
    with op.batch_alter_table('referee_match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_referee_match_referee_id'))

    op.drop_table('referee_match')
    with op.batch_alter_table('match_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_match_player_player_id'))
        batch_op.drop_index(batch_op.f('ix_match_player_match_id'))

    op.drop_table('match_player')
    op.drop_table('reserve_side')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_team_id'))

    op.drop_table('player')
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_match_season'))

    op.drop_table('match')
    op.drop_table('team')
    op.drop_table('season')
    op.drop_table('ruleset_table')
    op.drop_table('referee')
    op.drop_table('league')


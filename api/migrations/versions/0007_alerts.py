"""Alert rules, the snapshots they fired on (once per rule and snapshot) and every delivery attempt.

Revision ID: 0007_alerts
Revises: 0006_cancel_at_period_end
Create Date: 2026-12-02 04:00:00.000000
"""
import sqlalchemy as sa
from alembic import op

revision = '0007_alerts'
down_revision = '0006_cancel_at_period_end'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'alert_rules',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('ticker', sa.String(length=16), nullable=False),
        sa.Column('kind', sa.String(length=24), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('channels', sa.JSON(), nullable=False),
        sa.Column('webhook_url', sa.String(length=500), nullable=True),
        sa.Column('webhook_secret', sa.String(length=64), nullable=False),
        sa.Column('webhook_disabled_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('is_paused', sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column('state', sa.JSON(), nullable=False),
        sa.Column('state_ts', sa.DateTime(timezone=True), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_alert_rules_user_id', 'alert_rules', ['user_id'])
    op.create_index('ix_alert_rules_ticker_active', 'alert_rules', ['ticker', 'is_paused'])
    op.create_table(
        'alert_firings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('rule_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('ticker', sa.String(length=16), nullable=False),
        sa.Column('kind', sa.String(length=24), nullable=False),
        sa.Column('tier', sa.String(length=8), nullable=False),
        sa.Column('snapshot_ts', sa.DateTime(timezone=True), nullable=False),
        sa.Column('title', sa.String(length=200), nullable=False),
        sa.Column('message', sa.Text(), nullable=False),
        sa.Column('payload', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['rule_id'], ['alert_rules.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('rule_id', 'snapshot_ts', name='uq_alert_firings_rule_snapshot'),
    )
    op.create_index('ix_alert_firings_user_id_id', 'alert_firings', ['user_id', 'id'])
    op.create_table(
        'alert_deliveries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('firing_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('channel', sa.String(length=16), nullable=False),
        sa.Column('attempt', sa.Integer(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('detail', sa.String(length=500), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['firing_id'], ['alert_firings.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_alert_deliveries_firing_id', 'alert_deliveries', ['firing_id'])
    op.create_index('ix_alert_deliveries_user_id_id', 'alert_deliveries', ['user_id', 'id'])


def downgrade() -> None:
    op.drop_index('ix_alert_deliveries_user_id_id', table_name='alert_deliveries')
    op.drop_index('ix_alert_deliveries_firing_id', table_name='alert_deliveries')
    op.drop_table('alert_deliveries')
    op.drop_index('ix_alert_firings_user_id_id', table_name='alert_firings')
    op.drop_table('alert_firings')
    op.drop_index('ix_alert_rules_ticker_active', table_name='alert_rules')
    op.drop_index('ix_alert_rules_user_id', table_name='alert_rules')
    op.drop_table('alert_rules')

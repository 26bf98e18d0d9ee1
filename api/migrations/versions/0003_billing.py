"""Billing: referral codes, provider ids on subscriptions and invoices, processed events, purchases.

Revision ID: 0003_billing
Revises: 0002
Create Date: 2026-11-26 03:10:00.000000
"""
import sqlalchemy as sa
from alembic import op

revision = '0003_billing'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('referral', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('billing_customer_id', sa.String(length=120), nullable=True))
        batch_op.create_unique_constraint('uq_users_billing_customer_id', ['billing_customer_id'])

    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('provider_subscription_id', sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column('price_id', sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column('referral', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('provider_status', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('last_event_at', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint('uq_subscriptions_provider_subscription_id',
                                          ['provider_subscription_id'])

    with op.batch_alter_table('invoices', schema=None) as batch_op:
        batch_op.add_column(sa.Column('provider_invoice_id', sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column('description', sa.String(length=255), nullable=True))
        batch_op.create_unique_constraint('uq_invoices_provider_invoice_id', ['provider_invoice_id'])

    op.create_table('billing_events',
    sa.Column('id', sa.String(length=255), nullable=False),
    sa.Column('type', sa.String(length=80), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('created', sa.Integer(), nullable=False),
    sa.Column('processed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('purchases',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('checkout_session_id', sa.String(length=255), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('product_id', sa.String(length=120), nullable=False),
    sa.Column('price_id', sa.String(length=120), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=True),
    sa.Column('referral', sa.String(length=64), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('credits_granted', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('completed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('checkout_session_id')
    )
    with op.batch_alter_table('purchases', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_purchases_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('purchases', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_purchases_user_id'))
    op.drop_table('purchases')
    op.drop_table('billing_events')
    with op.batch_alter_table('invoices', schema=None) as batch_op:
        batch_op.drop_constraint('uq_invoices_provider_invoice_id', type_='unique')
        batch_op.drop_column('description')
        batch_op.drop_column('provider_invoice_id')
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.drop_constraint('uq_subscriptions_provider_subscription_id', type_='unique')
        batch_op.drop_column('last_event_at')
        batch_op.drop_column('provider_status')
        batch_op.drop_column('referral')
        batch_op.drop_column('price_id')
        batch_op.drop_column('provider_subscription_id')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint('uq_users_billing_customer_id', type_='unique')
        batch_op.drop_column('billing_customer_id')
        batch_op.drop_column('referral')

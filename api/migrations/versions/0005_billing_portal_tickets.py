"""Billing-portal links opened once: the ids of the links already used, kept until they expire.

Revision ID: 0005_billing_portal
Revises: 0004
Create Date: 2026-12-01 09:00:00.000000
"""
import sqlalchemy as sa
from alembic import op

revision = '0005_billing_portal'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('billing_portal_tickets',
    sa.Column('jti', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('jti')
    )
    with op.batch_alter_table('billing_portal_tickets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_billing_portal_tickets_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_billing_portal_tickets_expires_at'), ['expires_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('billing_portal_tickets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_billing_portal_tickets_expires_at'))
        batch_op.drop_index(batch_op.f('ix_billing_portal_tickets_user_id'))
    op.drop_table('billing_portal_tickets')

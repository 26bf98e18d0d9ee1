"""A plan cancelled at the end of its period: the cancellation flag and the period's end.

Revision ID: 0006_cancel_at_period_end
Revises: 0005_billing_portal
Create Date: 2026-12-02 09:00:00.000000
"""
import sqlalchemy as sa
from alembic import op

revision = '0006_cancel_at_period_end'
down_revision = '0005_billing_portal'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('cancel_at_period_end', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('current_period_end', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.drop_column('current_period_end')
        batch_op.drop_column('cancel_at_period_end')

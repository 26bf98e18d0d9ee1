"""The user's clock: how the app writes clock times (24h or 12h, app spec §9).

Revision ID: 0008_user_clock
Revises: 0007_alerts
Create Date: 2026-12-02 07:00:00.000000
"""
import sqlalchemy as sa
from alembic import op

revision = '0008_user_clock'
down_revision = '0007_alerts'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clock', sa.String(length=3), nullable=False, server_default='24h'))


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('clock')

"""Store every account e-mail in its one normalised form (NFKC, case-folded, IDNA domain).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26 00:50:00.000000

Addresses that do not parse, or whose normalised form already belongs to another account, are left as
they are (and named in the migration log) so the upgrade never merges or drops accounts.
"""
import logging

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def upgrade() -> None:
    from email_validator import EmailNotValidError

    from api.auth.schemas import normalize_email

    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, email FROM users ORDER BY id")).all()
    taken = {email for _id, email in rows}
    for user_id, email in rows:
        try:
            normal = normalize_email(email)
        except EmailNotValidError:
            log.warning("User %s: e-mail does not parse; left unchanged", user_id)
            continue
        if normal == email:
            continue
        if normal in taken:
            log.warning("User %s: normalised e-mail belongs to another account; left unchanged", user_id)
            continue
        conn.execute(sa.text("UPDATE users SET email = :email WHERE id = :id"), {"email": normal, "id": user_id})
        taken.discard(email)
        taken.add(normal)


def downgrade() -> None:
    pass  # the normalised forms stay valid addresses

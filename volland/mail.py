"""Outgoing mail, shared by the API and the workers. With ``VOLLAND_SMTP_HOST`` set, messages go through
that SMTP server; otherwise (the embedded default) each message is written to ``<var_dir>/outbox/`` as an
``.eml`` file and logged.

``send_mail`` delivers at once, in the calling thread. The API sends what must not delay or shape an
answer through ``api.mail.send_later`` (a job of the workers, ``jobs.mail.deliver``).
"""

from __future__ import annotations

import logging
import smtplib
import uuid
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from volland.settings import get_settings

log = logging.getLogger(__name__)


class MailError(Exception):
    pass


def build_message(to: str, subject: str, text: str, reply_to: str | None = None) -> EmailMessage:
    s = get_settings()
    msg = EmailMessage()
    msg["From"] = s.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=s.mail_from.rpartition("@")[2] or "volland.local")
    if reply_to:
        msg["Reply-To"] = reply_to
    msg.set_content(text)
    return msg


def send_mail(to: str, subject: str, text: str, reply_to: str | None = None) -> None:
    """Send one plain-text message; raises ``MailError`` when the SMTP server refuses or is unreachable."""
    s = get_settings()
    msg = build_message(to, subject, text, reply_to)
    if not s.smtp_host:
        outbox = s.var_dir / "outbox"
        outbox.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
        path = outbox / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        path.write_bytes(bytes(msg))
        log.info("Mail to %s (%s) written to %s", to, subject, path)
        return
    try:
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=10) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_username:
                smtp.login(s.smtp_username, s.smtp_password)
            smtp.send_message(msg)
    except (OSError, smtplib.SMTPException) as exc:
        raise MailError(f"Could not send mail through {s.smtp_host}:{s.smtp_port}: {exc}") from exc
    log.info("Mail to %s (%s) sent through %s:%s", to, subject, s.smtp_host, s.smtp_port)

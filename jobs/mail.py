"""Mail sent by the workers.

The API queues a message with ``api.mail.send_later`` and answers at once; the task below, on the
default queue (every worker listens to it), delivers it through ``volland.mail`` (SMTP, or the outbox
folder when no SMTP server is configured). A refused or unreachable server fails the job, and RQ tries it
again (three more times, after 10 s, 1 min and 5 min: ``api.mail.RETRY_INTERVALS``). Arguments are plain
values (recipient, subject, text, reply-to); new keyword arguments go last.
"""

from __future__ import annotations

import logging

log = logging.getLogger("jobs.mail")


def deliver(to: str, subject: str, text: str, reply_to: str | None = None) -> None:
    """Send one message now; raises ``volland.mail.MailError`` (the job fails and is retried)."""
    from volland.mail import send_mail

    send_mail(to, subject, text, reply_to)

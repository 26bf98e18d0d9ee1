"""Outgoing mail from the API: ``send_mail`` delivers now (``volland.mail``); ``send_later`` hands a message
to the workers so that no request waits on, or is timed by, the mail server.
"""

from __future__ import annotations

import logging
import uuid

from volland.mail import MailError, build_message, send_mail
from volland.settings import get_settings

__all__ = ["MailError", "build_message", "send_mail", "send_later"]

log = logging.getLogger(__name__)

# The workers' task; named, not imported: the API imports nothing of jobs/ but its queues.
DELIVER_TASK = "jobs.mail.deliver"
# Delivery attempts after the first, and the wait before each (seconds).
RETRY_INTERVALS = (10, 60, 300)


def send_later(to: str, subject: str, text: str, *, description: str, ttl_seconds: int,
               reply_to: str | None = None) -> str:
    """Queue one message for the workers (``jobs.mail.deliver`` on the default queue); returns ``"queued"``.

    ``description`` names the job in the workers' logs and the admin view instead of the message, which
    may carry a one-time link. The job waits in the queue at most ``ttl_seconds``; once delivered it is
    deleted with its arguments, and a failed one is kept ``ttl_seconds`` at most.

    When Redis is not configured or does not answer, the message is sent now, in the calling thread
    (``"sent"``, or ``"failed"`` after logging why): callers run this off the request path.
    """
    ttl = max(60, int(ttl_seconds))
    if get_settings().redis_url:
        try:
            from redis.exceptions import RedisError
            from rq import Retry

            from jobs import queues as q

            q.queue(q.DEFAULT, q.connection()).enqueue(
                DELIVER_TASK, to, subject, text, reply_to, job_id=f"{q.prefix()}-mail-{uuid.uuid4().hex}",
                description=description, ttl=ttl, result_ttl=0,
                failure_ttl=ttl, retry=Retry(max=len(RETRY_INTERVALS), interval=list(RETRY_INTERVALS)))
            return "queued"
        except (RedisError, OSError) as exc:
            log.warning("%s not queued (%s: %s); sending it now", description, exc.__class__.__name__, exc)
    try:
        send_mail(to, subject, text, reply_to)
        return "sent"
    except MailError:
        log.exception("%s could not be sent", description)
        return "failed"

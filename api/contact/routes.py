"""``/api/v1/contact``: the public contact form. Messages are stored first, then e-mailed to support."""

from __future__ import annotations

import logging

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.contact import schemas
from api.db import get_session
from api.extensions import limiter
from api.mail import MailError, send_mail
from api.models import ContactMessage
from volland.settings import get_settings

log = logging.getLogger(__name__)

blp = Blueprint("contact", __name__, url_prefix="/api/v1/contact", description="Contact form")


@blp.route("")
class Contact(MethodView):
    decorators = [limiter.limit(lambda: current_app.config["CONTACT_RATE_LIMIT"])]

    @blp.arguments(schemas.ContactSchema)
    @blp.response(201, schemas.ContactReplySchema)
    def post(self, body):
        """Send a message to the Volland team"""
        db = get_session()
        row = ContactMessage(name=body["name"], email=body["email"], subject=body["subject"],
                             message=body["message"], ip_address=(request.remote_addr or "")[:64] or None)
        db.add(row)
        db.commit()
        text = (f"Contact form message #{row.id}\nFrom: {row.name} <{row.email}>\nSubject: {row.subject}\n\n"
                f"{row.message}\n")
        try:
            send_mail(get_settings().contact_to, f"[Contact] {row.subject}", text, reply_to=row.email)
        except MailError:
            # Stored already; support sees it in the database even when mail is down.
            log.exception("Contact message %s stored but not e-mailed", row.id)
        return {"id": row.id, "message": "Thank you, your message has been sent. We will reply by e-mail."}

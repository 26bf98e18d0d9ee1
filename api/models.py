"""Account store tables (SQLAlchemy 2 declarative). Schema changes go through Alembic migrations."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, TypeDecorator,
                        UniqueConstraint, false)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class UTCDateTime(TypeDecorator):
    """Timezone-aware UTC datetimes on every backend (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)


class Base(DeclarativeBase):
    type_annotation_map = {datetime: UTCDateTime, dict[str, Any]: JSON, list[Any]: JSON}


ROLE_ADMIN = "Admin"
# The two clocks a user can choose (app spec §9).
CLOCK_24H = "24h"
CLOCK_12H = "12h"
CLOCKS = (CLOCK_24H, CLOCK_12H)
ROLE_USER = "User"


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    google_sub: Mapped[str | None] = mapped_column(String(255), unique=True, nullable=True)
    # The referral code (fp_ref) the user signed up with, and the payment provider's customer id.
    referral: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # How the app writes clock times for this user (app spec §9: "clock 24 h or 12 h"): '24h' or '12h'.
    clock: Mapped[str] = mapped_column(String(3), default=CLOCK_24H, server_default=CLOCK_24H)
    billing_customer_id: Mapped[str | None] = mapped_column(String(120), unique=True, nullable=True)
    roles: Mapped[list[Any]] = mapped_column(JSON, default=lambda: [ROLE_USER])
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    subscriptions: Mapped[list[Subscription]] = relationship(
        back_populates="user", cascade="all, delete-orphan", order_by="Subscription.id")

    @property
    def is_admin(self) -> bool:
        return ROLE_ADMIN in (self.roles or [])


class AuthSession(Base):
    """One signed-in device: a refresh-token family. Revoking it ends the session and its access tokens."""

    __tablename__ = "auth_sessions"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    revoked_reason: Mapped[str | None] = mapped_column(String(40), nullable=True)
    user_agent: Mapped[str | None] = mapped_column(String(255), nullable=True)
    ip_address: Mapped[str | None] = mapped_column(String(64), nullable=True)


class RefreshToken(Base):
    """A refresh token of a family; only its SHA-256 is stored. ``used_at`` is set when it is rotated."""

    __tablename__ = "refresh_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("auth_sessions.id", ondelete="CASCADE"), index=True)
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class PasswordResetToken(Base):
    __tablename__ = "password_reset_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class Subscription(Base):
    """A plan held by a user: ``kind`` regular (a tier) or api (a request pack)."""

    __tablename__ = "subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # regular | api
    product_id: Mapped[str] = mapped_column(String(120))
    name: Mapped[str] = mapped_column(String(120))  # tier id (live/30/3/basic) or pack name
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | incomplete | canceled
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Set for plans bought through a payment provider (None for plans granted from the CLI).
    provider_subscription_id: Mapped[str | None] = mapped_column(String(120), unique=True, nullable=True)
    price_id: Mapped[str | None] = mapped_column(String(120), nullable=True)
    referral: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The provider's status and the creation time (epoch seconds) of the last event applied: an older
    # event arriving late never overwrites a newer state.
    provider_status: Mapped[str | None] = mapped_column(String(32), nullable=True)
    last_event_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Cancelled at the end of the current period (the plan stays active until ``current_period_end``, and
    # the provider's deletion event then ends it); a resumed plan clears the flag.
    cancel_at_period_end: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    current_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    user: Mapped[User] = relationship(back_populates="subscriptions")


class BillingEvent(Base):
    """A payment-provider event already processed (its id): a redelivered event is acknowledged, not
    applied twice."""

    __tablename__ = "billing_events"

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    type: Mapped[str] = mapped_column(String(80))
    provider: Mapped[str] = mapped_column(String(16))
    created: Mapped[int] = mapped_column(Integer)  # the event's own time, epoch seconds
    processed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Purchase(Base):
    """One checkout: what was bought, by whom, with which referral code, and how it ended."""

    __tablename__ = "purchases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    checkout_session_id: Mapped[str] = mapped_column(String(255), unique=True)
    provider: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # regular | api
    mode: Mapped[str] = mapped_column(String(16))  # subscription | payment
    product_id: Mapped[str] = mapped_column(String(120))
    price_id: Mapped[str] = mapped_column(String(120))
    amount_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    referral: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | paying | complete | canceled
    credits_granted: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class BillingPortalTicket(Base):
    """A billing-portal link already opened (its ``jti``): each link opens the embedded portal once.
    Rows are only needed until the link expires and are deleted after that."""

    __tablename__ = "billing_portal_tickets"

    jti: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class ApiCreditAccount(Base):
    """Public data API credits. Charge with one conditional UPDATE (balance >= 1), never read-then-write."""

    __tablename__ = "api_credit_accounts"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    balance: Mapped[int] = mapped_column(Integer, default=0)


class Workspace(Base):
    __tablename__ = "workspaces"
    __table_args__ = (Index("ix_workspaces_user_order", "user_id", "order"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(120))
    state: Mapped[str] = mapped_column(String(16), default="ACTIVE")
    order: Mapped[int] = mapped_column("order", Integer, default=0)
    widgets: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class ApiKey(Base):
    """A public-API key. Only its SHA-256 is stored, plus the prefix and last characters for display."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    last_chars: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class ContactMessage(Base):
    __tablename__ = "contact_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    email: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(Text)
    ip_address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Invoice(Base):
    """Billing invoices, written from the provider's invoice.paid / invoice.payment_failed events."""

    __tablename__ = "invoices"
    __table_args__ = (UniqueConstraint("number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    number: Mapped[str] = mapped_column(String(64))
    amount_cents: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(3), default="usd")
    status: Mapped[str] = mapped_column(String(16), default="paid")
    pdf_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    provider_invoice_id: Mapped[str | None] = mapped_column(String(255), unique=True, nullable=True)
    description: Mapped[str | None] = mapped_column(String(255), nullable=True)


# ---------------------------------------------------------------- academy (LMS)

SECTION_DRAFT = "DRAFT"
SECTION_PUBLISHED = "PUBLISHED"
SECTION_ARCHIVED = "ARCHIVED"
SECTION_STATUSES = (SECTION_DRAFT, SECTION_PUBLISHED, SECTION_ARCHIVED)


class LmsGeneralInfo(Base):
    """The academy's title and introduction: one row (id 1)."""

    __tablename__ = "lms_general_info"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="Volland Academy")
    description: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class LmsSection(Base):
    """A section of the course. Learners see PUBLISHED sections only; new ones start as DRAFT."""

    __tablename__ = "lms_sections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    order: Mapped[int] = mapped_column("order", Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default=SECTION_DRAFT)
    # Identity of shipped seed content, so loading the course twice never duplicates it.
    seed_key: Mapped[str | None] = mapped_column(String(80), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    lessons: Mapped[list[LmsLesson]] = relationship(
        back_populates="section", cascade="all, delete-orphan", order_by="(LmsLesson.order, LmsLesson.id)")


class LmsLesson(Base):
    __tablename__ = "lms_lessons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("lms_sections.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text, default="")
    order: Mapped[int] = mapped_column("order", Integer, default=0)
    seed_key: Mapped[str | None] = mapped_column(String(80), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    section: Mapped[LmsSection] = relationship(back_populates="lessons")
    questions: Mapped[list[LmsQuestion]] = relationship(
        back_populates="lesson", cascade="all, delete-orphan", order_by="(LmsQuestion.order, LmsQuestion.id)")


class LmsQuestion(Base):
    """A quiz question. ``answers`` is a list of {id, text, isCorrect}; the flags never reach a learner
    before the learner has answered."""

    __tablename__ = "lms_questions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lesson_id: Mapped[int] = mapped_column(ForeignKey("lms_lessons.id", ondelete="CASCADE"), index=True)
    text: Mapped[str] = mapped_column(Text)
    explanation: Mapped[str] = mapped_column(Text, default="")
    points: Mapped[int] = mapped_column(Integer, default=1)
    order: Mapped[int] = mapped_column("order", Integer, default=0)
    answers: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    lesson: Mapped[LmsLesson] = relationship(back_populates="questions")


class LmsUserAnswer(Base):
    """A learner's one scored answer to a question (the first answer counts; it cannot be changed)."""

    __tablename__ = "lms_user_answers"
    __table_args__ = (UniqueConstraint("user_id", "question_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("lms_questions.id", ondelete="CASCADE"), index=True)
    lesson_id: Mapped[int] = mapped_column(ForeignKey("lms_lessons.id", ondelete="CASCADE"), index=True)
    answer_id: Mapped[int] = mapped_column(Integer)
    is_correct: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class LmsLessonProgress(Base):
    """A finished lesson of a learner (a row exists once the learner finished it)."""

    __tablename__ = "lms_lesson_progress"
    __table_args__ = (UniqueConstraint("user_id", "lesson_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    lesson_id: Mapped[int] = mapped_column(ForeignKey("lms_lessons.id", ondelete="CASCADE"), index=True)
    is_finished: Mapped[bool] = mapped_column(Boolean, default=False)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class NewsletterEnlistment(Base):
    """A user's newsletter opt-in; ``unsubscribed_at`` set means the user left the list."""

    __tablename__ = "newsletter_enlistments"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    enlisted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    unsubscribed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    source: Mapped[str] = mapped_column(String(16), default="settings")  # sign-up | settings


class ClientErrorGroup(Base):
    """Web-application error reports, one row per fingerprint (repeats only raise ``count``)."""

    __tablename__ = "client_error_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # crash | http500 | token401
    message: Mapped[str] = mapped_column(Text)
    route: Mapped[str] = mapped_column(String(500), default="")
    release: Mapped[str] = mapped_column(String(80), default="")
    stack: Mapped[str] = mapped_column(Text, default="")
    user_agent: Mapped[str] = mapped_column(String(300), default="")
    count: Mapped[int] = mapped_column(Integer, default=1)
    first_seen: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


# ---------------------------------------------------------------- alerts


class AlertRule(Base):
    """A subscriber's alert rule on one ticker (``api.alerts.rules`` defines the kinds and their params).

    ``state`` is the rule's hysteresis memory (the side of its threshold last seen, the paradigm or wall
    last seen) and ``state_ts`` the snapshot time it was taken from: an evaluation only moves it forward.
    """

    __tablename__ = "alert_rules"
    __table_args__ = (Index("ix_alert_rules_ticker_active", "ticker", "is_paused"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120), default="")
    ticker: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(24))
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    channels: Mapped[list[Any]] = mapped_column(JSON, default=lambda: ["app"])
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # The key that signs this rule's webhook bodies (HMAC-SHA256), shown to its owner only.
    webhook_secret: Mapped[str] = mapped_column(String(64))
    # Set when repeated failures switched the webhook off; editing the rule switches it on again.
    webhook_disabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    is_paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state_ts: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class AlertFiring(Base):
    """A rule that fired on one snapshot. The unique (rule, snapshot time) pair is the once-only guard:
    a retried job or a second worker evaluating the same snapshot cannot insert it again."""

    __tablename__ = "alert_firings"
    __table_args__ = (UniqueConstraint("rule_id", "snapshot_ts", name="uq_alert_firings_rule_snapshot"),
                      Index("ix_alert_firings_user_id_id", "user_id", "id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rule_id: Mapped[int] = mapped_column(ForeignKey("alert_rules.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    ticker: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(24))
    tier: Mapped[str] = mapped_column(String(8))
    snapshot_ts: Mapped[datetime] = mapped_column(UTCDateTime)
    title: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(Text)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class AlertDelivery(Base):
    """One delivery attempt of a firing on one channel (app, email or webhook), visible to its owner."""

    __tablename__ = "alert_deliveries"
    __table_args__ = (Index("ix_alert_deliveries_user_id_id", "user_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    firing_id: Mapped[int] = mapped_column(ForeignKey("alert_firings.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(16))
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    status: Mapped[str] = mapped_column(String(16))  # delivered | failed | skipped
    detail: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

"""``/api/v1/data/export``: exposures as a Parquet or Arrow IPC stream for quants.

Authenticated by the data token (bearer, any tier — cut at the tier's freshness) or by a public API key
(``X-API-KEY``, Live subscription; exports cost no credits). The body is streamed: each snapshot's rows
are written as they are read, so memory stays flat however long the range.

Columns: ``ts`` (timestamp, UTC), ``ticker``, ``greek``, ``strike``, ``call``, ``put``, ``total``
(dealer exposure in dollars, summed over expirations), ``price`` (underlying at the snapshot).

Limits (docs/security.md, "Export limits"): ``granularity=close`` (last snapshot of each session) spans
up to ``VOLLAND_EXPORT_CLOSE_MAX_DAYS`` days (default 366); ``granularity=snapshot`` (every published
snapshot) up to ``VOLLAND_EXPORT_MAX_DAYS`` days (default 5); a longer range answers 422 naming ``end``.
Each user runs at most ``VOLLAND_EXPORT_CONCURRENCY`` exports at once (default 2) and sends at most
``VOLLAND_EXPORT_RATE_LIMIT`` requests (default 10 per minute and 200 per day); either excess answers 429
with ``Retry-After``.
"""

from __future__ import annotations

import io
import logging
import uuid
from datetime import timedelta, timezone

import pyarrow as pa
from flask import Response, current_app, g, request, stream_with_context
from flask_smorest import Blueprint
from marshmallow import EXCLUDE, Schema, fields

from api.data import service as svc
from api.errors import ApiError, ErrorSchema, error_response
from api.extensions import _bearer_user_id, client_address, limiter

log = logging.getLogger("api.export")

blp = Blueprint("export", __name__, url_prefix="/api/v1/data/export",
                description="Exposure history as Parquet or Arrow IPC streams (quants)")

UTC = timezone.utc
# Seconds a caller is told to wait when all its export slots are taken.
BUSY_RETRY_AFTER_SECONDS = 30
SCHEMA = pa.schema([("ts", pa.timestamp("us", tz="UTC")), ("ticker", pa.string()), ("greek", pa.string()),
                    ("strike", pa.float64()), ("call", pa.float64()), ("put", pa.float64()),
                    ("total", pa.float64()), ("price", pa.float64())])
MEDIA = {"parquet": "application/vnd.apache.parquet", "arrow": "application/vnd.apache.arrow.stream"}


class ExportQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    ticker = fields.String(metadata={"example": "SPX"})
    start = fields.String(metadata={"description": "First session date yyyy-MM-dd", "example": "2026-01-02"})
    end = fields.String(metadata={"description": "Last session date yyyy-MM-dd (inclusive)", "example": "2026-01-02"})
    greeks = fields.String(metadata={"description": "Comma-separated greeks (default: all nine)",
                                     "example": "gamma,vanna,charm"})
    kind = fields.String(metadata={"description": "both (default), call or put", "example": "both"})
    format = fields.String(metadata={"description": "parquet (default) or arrow (IPC stream)", "example": "parquet"})
    granularity = fields.String(metadata={"description": "close (default) or snapshot", "example": "close"})


class _Sink(io.RawIOBase):
    """A write-only file that hands its bytes out as they are produced."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.pos = 0

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:  # type: ignore[override]
        self.chunks.append(bytes(b))
        self.pos += len(b)
        return len(b)

    def tell(self) -> int:
        return self.pos

    def drain(self) -> bytes:
        out = b"".join(self.chunks)
        self.chunks = []
        return out


def _tier() -> str:
    """Data token → its tier; API key → Live (required)."""
    if request.headers.get("X-API-KEY"):
        from api.public_api.service import has_live_subscription
        from api.security import user_for_api_key

        user = user_for_api_key(request.headers["X-API-KEY"])
        if user is None:
            raise ApiError(401, "invalid_api_key", "A valid API key is required in the X-API-KEY header.")
        if not has_live_subscription(user):
            raise ApiError(401, "live_subscription_required", "Exports by API key need a Volland Live subscription.")
        g.user_id = user.id
        return "live"
    from api.security import data_token_required

    holder: dict = {}

    @data_token_required
    def check():
        holder["tier"] = g.data_tier

    check()
    return holder["tier"]


def _api_key_user_id() -> int | None:
    """The owner of the request's API key (looked up once per request), else None."""
    if "export_api_user" not in g:
        from api.security import user_for_api_key

        user = user_for_api_key(request.headers.get("X-API-KEY"))
        g.export_api_user = user.id if user is not None else None
    return g.export_api_user


def export_rate_key() -> str:
    """Rate-limit key: the user of the data token or of the API key, else the client address."""
    user_id = _bearer_user_id()
    if user_id is None and request.headers.get("X-API-KEY"):
        found = _api_key_user_id()
        user_id = str(found) if found is not None else None
    return f"user:{user_id}" if user_id is not None else client_address()


_redis_clients: dict = {}


def _redis():
    from volland.settings import get_settings

    url = get_settings().redis_url
    client = _redis_clients.get(url)
    if client is None:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        _redis_clients[url] = client
    return client


def slot_key(user_id) -> str:
    from volland.settings import get_settings

    return f"{get_settings().jobs_prefix}:export:running:{user_id}"


class Slot:
    """One of the user's running-export slots: a member of a Redis sorted set scored by its expiry time.

    Expired members (a worker that died without releasing) are dropped on every acquire, so a lost slot
    frees itself after ``VOLLAND_EXPORT_SLOT_TTL_SECONDS``. Without Redis the cap is not enforced."""

    def __init__(self, user_id) -> None:
        self.key = slot_key(user_id)
        self.member = uuid.uuid4().hex
        self.held = False

    def acquire(self, cap: int, ttl: int) -> bool:
        import time

        now = time.time()
        try:
            r = _redis()
            pipe = r.pipeline()
            pipe.zremrangebyscore(self.key, "-inf", now)
            pipe.zadd(self.key, {self.member: now + ttl})
            pipe.zrank(self.key, self.member)
            pipe.zcard(self.key)
            pipe.expire(self.key, ttl)
            _, _, _, count, _ = pipe.execute()
        except Exception as exc:  # Redis down: answer rather than refuse every export
            log.warning("export concurrency cap unavailable (%s); not enforced", exc)
            return True
        if count > cap:
            try:
                r.zrem(self.key, self.member)
            except Exception:
                pass
            return False
        self.held = True
        return True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        try:
            _redis().zrem(self.key, self.member)
        except Exception as exc:
            log.warning("export slot not released (%s); it expires by itself", exc)


def plan(args: dict, ctx: svc.Ctx) -> dict:
    """Validate the export parameters and list the snapshots it covers."""
    ticker = svc.check_ticker(args.get("ticker"))
    fmt = svc.check_choice(args.get("format"), tuple(MEDIA), "format", default="parquet")
    gran = svc.check_choice(args.get("granularity"), ("close", "snapshot"), "granularity", default="close")
    kind = svc.check_choice(args.get("kind"), svc.KINDS, "kind", default="both")
    raw_greeks = args.get("greeks")
    greeks = [x.strip().lower() for x in raw_greeks.split(",") if x.strip()] if raw_greeks else list(svc.GREEKS)
    bad = [x for x in greeks if x not in svc.GREEKS]
    if bad or not greeks:
        raise svc.invalid("greeks", f"'greeks' must be a comma-separated list of: {', '.join(svc.GREEKS)}.")
    greeks = list(dict.fromkeys(greeks))
    if not args.get("start"):
        raise svc.invalid("start", "'start' is required (yyyy-MM-dd).")
    start = svc.parse_day(args.get("start"), "start")
    end = svc.parse_day(args.get("end"), "end") if args.get("end") else start
    if end < start:
        raise svc.invalid("end", "'end' must not be before 'start'.")
    from volland.settings import get_settings

    s = get_settings()
    limit = s.export_close_max_days if gran == "close" else s.export_max_days
    if (end - start).days + 1 > limit:
        raise svc.invalid("end", f"A {gran} export spans at most {limit} days per request "
                                 f"({(end - start).days + 1} asked); split the range.")
    r = svc.reader()
    snaps = []
    day = start
    while day <= end:
        times = [t for t in r.snapshot_times(ticker, day) if t <= ctx.cutoff]
        if times:
            chosen = times[-1:] if gran == "close" else times
            for t in chosen:
                ref = r.snapshot_at_or_before(ticker, t)
                if ref is not None and ref.ts == t:
                    snaps.append(ref)
        day += timedelta(days=1)
    if not snaps:
        raise ApiError(404, "no_data", f"No {ticker} snapshots were published from {start} to {end}.")
    return {"ticker": ticker, "format": fmt, "granularity": gran, "kind": kind, "greeks": greeks,
            "start": start, "end": end, "snaps": snaps}


def batches(p: dict):
    """One record batch per (snapshot, greek)."""
    r = svc.reader()
    for snap in p["snaps"]:
        try:
            price = svc.num(r.ticker_stats(snap).get("price"))
        except LookupError:
            price = None
        for greek in p["greeks"]:
            df = r.exposure(snap, greek, p["kind"], None)
            n = df.height
            if not n:
                continue
            yield pa.record_batch([
                pa.array([snap.ts] * n, type=SCHEMA.field("ts").type), pa.array([p["ticker"]] * n, pa.string()),
                pa.array([greek] * n, pa.string()), df["strike"].to_arrow().cast(pa.float64()),
                df["call"].to_arrow().cast(pa.float64()), df["put"].to_arrow().cast(pa.float64()),
                df["total"].to_arrow().cast(pa.float64()), pa.array([price] * n, pa.float64())], schema=SCHEMA)


def stream(p: dict):
    sink = _Sink()
    if p["format"] == "arrow":
        import pyarrow.ipc as ipc

        writer = ipc.new_stream(sink, SCHEMA)
        for b in batches(p):
            writer.write_batch(b)
            yield sink.drain()
        writer.close()
    else:
        import pyarrow.parquet as pq

        writer = pq.ParquetWriter(sink, SCHEMA, compression="zstd")
        for b in batches(p):
            writer.write_batch(b)
            chunk = sink.drain()
            if chunk:
                yield chunk
        writer.close()
    yield sink.drain()


def _guarded(p: dict, slot: Slot):
    try:
        yield from stream(p)
    finally:
        slot.release()


@blp.route("", methods=["GET"])
@blp.arguments(ExportQuery, location="query")
@blp.response(200, description="A Parquet file or an Arrow IPC stream (see the module notes for columns)")
@blp.alt_response(429, schema=ErrorSchema,
                  description="Too many export requests from this user in the rate window (rate_limited), or "
                              "too many of its exports running at once (export_busy)",
                  headers={"Retry-After": {"description": "Seconds to wait before trying again",
                                           "schema": {"type": "integer"}}})
@blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
@limiter.limit(lambda: current_app.config["EXPORT_RATE_LIMIT"], key_func=export_rate_key)
def export(args):
    """Stream exposures by strike for a ticker, date range and greek set (Parquet or Arrow IPC)

    Limits per request: `granularity=close` spans at most VOLLAND_EXPORT_CLOSE_MAX_DAYS days (default 366),
    `granularity=snapshot` at most VOLLAND_EXPORT_MAX_DAYS days (default 5), counting `start` and `end`; a
    longer range answers 422 naming `end`. Per user: at most VOLLAND_EXPORT_CONCURRENCY exports running at
    once (default 2) and VOLLAND_EXPORT_RATE_LIMIT requests (default 10 per minute, 200 per day); beyond
    either the answer is 429 with a Retry-After header.
    """
    from volland.settings import get_settings

    tier = _tier()
    p = plan(args, svc.make_ctx(tier))
    s = get_settings()
    slot = Slot(g.user_id)
    if not slot.acquire(max(1, s.export_concurrency), max(1, s.export_slot_ttl_seconds)):
        return error_response(429, "export_busy",
                              f"At most {s.export_concurrency} exports run at once per user; wait for one to "
                              "finish and try again.", {}, {"Retry-After": str(BUSY_RETRY_AFTER_SECONDS)})
    ext = "parquet" if p["format"] == "parquet" else "arrows"
    name = f"{p['ticker']}_{p['start']}_{p['end']}_{p['granularity']}.{ext}"
    resp = Response(stream_with_context(_guarded(p, slot)), mimetype=MEDIA[p["format"]])
    resp.call_on_close(slot.release)
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    resp.headers["X-Snapshots"] = str(len(p["snaps"]))
    return resp

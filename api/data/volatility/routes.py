"""Volatility routes: term structure, skew and IV rank with the expected move (methodology §4.17–§4.19)."""

from __future__ import annotations

from api.data.data_route import Cached, DataRequest, data_route
from api.data.schemas import LAST_MODIFIED as LM
from api.data.schemas import SnapshotQuery
from api.data.volatility import schemas as s
from api.data.volatility import service

_IV = {"unit": "implied volatility per 1.00 (0.15 = 15 %)", "conversions": []}

TERM_EXAMPLE = {
    "ticker": "SPX", "currentPrice": 5903.2, "iv30": 0.142,
    "points": [{"expiration": "2026-01-16", "days": 14, "forward": 5907.1, "atmIv": 0.138, "previousClose": 0.141,
                "weekAgo": 0.129}],
    "previousCloseAt": "2026-01-01T21:00:00Z", "weekAgoAt": "2025-12-24T18:00:00Z", "units": {"atmIv": _IV},
    "lastModified": LM}
SKEW_EXAMPLE = {
    "ticker": "SPX", "expiration": "2026-01-30", "expirations": ["2026-01-16", "2026-01-30"], "currentPrice": 5903.2,
    "forward": 5910.4, "atmIv": 0.141,
    "smile": [{"strike": 5800.0, "logMoneyness": -0.0188, "delta": -0.33, "iv": 0.158, "side": "P"}],
    "byExpiration": [{"expiration": "2026-01-30", "days": 28, "atmIv": 0.141, "call25Iv": 0.122, "put25Iv": 0.183,
                      "riskReversal": -6.1, "butterfly": 1.15}],
    "riskReversal30": -6.0, "butterfly30": 1.1,
    "history": [{"date": "2025-12-31", "riskReversal": -5.8, "butterfly": 1.0}], "units": {"iv": _IV},
    "lastModified": LM}
RANK_EXAMPLE = {
    "ticker": "SPX", "currentPrice": 5903.2, "iv30": 0.142, "ivRank": 38.5, "ivPercentile": 41.0, "low": 0.11,
    "high": 0.193, "sessions": 251, "windowStart": "2025-01-03",
    "history": [{"date": "2025-12-31", "iv30": 0.139}],
    "expectedMoves": [{"expiration": "2026-01-02", "days": 0, "strike": 5905.0, "call": 9.1, "put": 10.8,
                       "points": 19.9, "percent": 0.337}], "units": {"iv30": _IV}, "lastModified": LM}


@data_route("/volland-vol-term-structure", query=SnapshotQuery, answer=s.TermStructureAnswer, example=TERM_EXAMPLE,
            snapshot="ticker")
def term_structure(req: DataRequest):
    """At-the-money implied volatility by expiration on forward moneyness, with the same expirations at the
    previous close and five sessions back; live, or historical with ``date``"""
    snap = req.snap
    return Cached("vol-term", {"t": snap.ticker}, [snap.snapshot_id], lambda: service.term_structure(snap))


@data_route("/volland-vol-skew", query=s.SkewQuery, answer=s.SkewAnswer, example=SKEW_EXAMPLE, snapshot="ticker")
def skew(req: DataRequest):
    """The smile of one expiration against strike and delta, the 25-delta risk reversal and butterfly of every
    expiration, and the 30-day constant-maturity ones at each session close of the last 52 weeks"""
    snap = req.snap
    params = service.skew_params(req.args, snap)
    return Cached("vol-skew", params, [snap.snapshot_id], lambda: service.skew(snap, params))


@data_route("/volland-vol-iv-rank", query=SnapshotQuery, answer=s.IvRankAnswer, example=RANK_EXAMPLE,
            snapshot="ticker")
def iv_rank(req: DataRequest):
    """IV rank and percentile of the 30-day constant-maturity at-the-money IV over 52 weeks of session closes,
    and the at-the-money straddle (expected move) of every expiration"""
    snap = req.snap
    return Cached("vol-rank", {"t": snap.ticker}, [snap.snapshot_id], lambda: service.iv_rank(snap))

"""A simulated OPRA day as a DBN byte stream, generated one slice of feed time at a time.

``SimulatedDay(prints, tickers)`` lists ``contracts_per_ticker`` contracts per ticker (two expirations,
strikes around a random-walk underlying, calls and puts); ``header()`` is the stream's start (metadata,
one definition and one open-interest statistic per contract) and ``slices(seconds)`` yields the session's
``tcbbo`` records (DBN's CMBP-1 layout, written with NumPy in place) ``seconds`` of feed time at a time,
in time order, each print with a two-sided NBBO whose call–put mids satisfy parity with the underlying.
The day's prints follow a U-shaped intraday profile (busier at the open and the close); with
``minutes`` they are a burst spread evenly over the session's first minutes. Nothing holds more than one
slice.
"""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np

from domain import market_calendar as cal

NS = 1_000_000_000
# DBN's CMBP-1 record (80 bytes), every field the decoder reads.
CMBP1_FULL = np.dtype({
    "names": ["length", "rtype", "publisher_id", "instrument_id", "ts_event", "price", "size", "action", "side",
              "flags", "ts_recv", "ts_in_delta", "bid_px", "ask_px", "bid_sz", "ask_sz"],
    "formats": ["u1", "u1", "<u2", "<u4", "<u8", "<i8", "<u4", "S1", "S1", "u1", "<u8", "<i4", "<i8", "<i8", "<u4",
                "<u4"],
    "offsets": [0, 1, 2, 4, 8, 16, 24, 28, 29, 30, 32, 40, 48, 56, 64, 68], "itemsize": 80})


def ticker_names(n: int) -> list[str]:
    return [f"Q{i:03d}" for i in range(n)]


class SimulatedDay:
    def __init__(self, prints: int, tickers: int = 250, *, day: date = date(2025, 11, 21), strikes: int = 20,
                 seed: int = 11, minutes: int | None = None) -> None:
        self.prints, self.day, self.rng = int(prints), day, np.random.default_rng(seed)
        self.tickers = ticker_names(tickers)
        self.open, self.close = (int(t.timestamp()) * NS for t in cal.session(day))
        self.flat = minutes is not None          # a burst: the prints spread evenly over the first minutes
        if minutes is not None:
            self.close = min(self.close, self.open + int(minutes) * 60 * NS)
        exps = [day, day + timedelta(days=7)]
        self.spot0 = self.rng.uniform(20, 500, tickers).round(2)
        steps = np.maximum((self.spot0 * 0.05 / 5).round(0), 1.0)          # strike spacing, whole dollars
        rows = []
        for t in range(tickers):
            base = round(self.spot0[t] / steps[t]) * steps[t]
            for e in exps:
                for k in range(strikes):
                    strike = base + (k - strikes // 2) * steps[t]
                    for right in "CP":
                        if strike > 0:
                            rows.append((t, e, float(strike), right))
        self.contracts = rows
        self.ticker_of = np.array([r[0] for r in rows])
        self.strike = np.array([r[2] for r in rows])
        self.is_call = np.array([r[3] == "C" for r in rows])
        self.iid = np.arange(len(rows), dtype=np.int64) + 100_000
        # Each ticker's share of the day's prints (a few names carry most of the flow).
        w = 1.0 / np.arange(1, tickers + 1) ** 0.8
        self.ticker_weight = w / w.sum()
        self.by_ticker = [np.flatnonzero(self.ticker_of == t) for t in range(tickers)]
        self.spot = self.spot0.copy()

    def header(self) -> bytes:
        """Metadata, then a definition and the morning's open interest for every contract."""
        import databento_dbn as dbn

        from data.sources.samples import _osi

        start = self.open - 3600 * NS
        meta = dbn.Metadata("OPRA.PILLAR", start, dbn.SType.PARENT, dbn.SType.INSTRUMENT_ID, None,
                            symbols=["ALL_SYMBOLS"])
        out = [bytes(meta)]
        for (t, e, strike, right), iid in zip(self.contracts, self.iid.tolist()):
            exp_ns = int(cal.expiry_instant(e).timestamp()) * NS
            out.append(bytes(dbn.InstrumentDefMsg(
                publisher_id=1, instrument_id=iid, ts_event=start, ts_recv=start, min_price_increment=10**7,
                display_factor=10**9, raw_symbol=_osi(self.tickers[t], e, right, strike, True),
                asset=self.tickers[t], security_type="OOC",
                instrument_class=dbn.InstrumentClass.CALL if right == "C" else dbn.InstrumentClass.PUT,
                security_update_action=dbn.SecurityUpdateAction.ADD, expiration=exp_ns,
                strike_price=int(round(strike * 1e9)), underlying=self.tickers[t])))
        oi = self.rng.integers(100, 50_000, len(self.contracts))
        for iid, q in zip(self.iid.tolist(), oi.tolist()):
            out.append(bytes(dbn.StatMsg(
                publisher_id=1, instrument_id=iid, ts_event=start, ts_recv=start, ts_ref=start,
                price=dbn.UNDEF_PRICE, quantity=q, sequence=0, ts_in_delta=0, stat_type=dbn.StatType.OPEN_INTEREST,
                channel_id=0, update_action=dbn.StatUpdateAction.NEW, stat_flags=0)))
        return b"".join(out)

    def _count(self, a: int, b: int) -> int:
        """Prints between ``a`` and ``b`` (ns) under a U-shaped profile, so that the day sums to ``prints``."""
        span = self.close - self.open

        def cum(x):    # integral of 1 + 3(2u - 1)^2 over [0, u], normalised to 1 at u = 1
            u = (x - self.open) / span
            return u if self.flat else (u + ((2 * u - 1) ** 3 + 1) / 2) / 2

        return int(round(self.prints * cum(b))) - int(round(self.prints * cum(a)))

    def slices(self, seconds: float = 1.0):
        """(feed time at the slice's end in ns, the slice's tcbbo records as bytes), in time order."""
        step = int(seconds * NS)
        rng = self.rng
        for a in range(self.open, self.close, step):
            b = min(a + step, self.close)
            n = self._count(a, b)
            # The underlying moves a little each slice.
            self.spot *= np.exp(rng.normal(0.0, 0.0004 * np.sqrt(seconds), len(self.spot)))
            if n <= 0:
                yield b, b""
                continue
            ts = np.sort(rng.integers(a, b, n))
            tk = rng.choice(len(self.tickers), n, p=self.ticker_weight)
            pick = rng.random(n)
            con = np.array([self.by_ticker[t][int(u * len(self.by_ticker[t]))] for t, u in zip(tk.tolist(),
                                                                                             pick.tolist())])
            s, k, call = self.spot[self.ticker_of[con]], self.strike[con], self.is_call[con]
            time_value = s * 0.01 * np.exp(-((k - s) / (0.04 * s)) ** 2) + 0.05
            fair = np.where(call, np.maximum(s - k, 0.0), np.maximum(k - s, 0.0)) + time_value
            mid_c = np.maximum(np.round(fair * 100), 10)                      # cents
            bid, ask = mid_c - 5, mid_c + 5
            price = bid + rng.integers(0, 11, n)
            rec = np.zeros(n, CMBP1_FULL)
            rec["length"], rec["rtype"], rec["publisher_id"] = 20, 0xC2, 1
            rec["instrument_id"], rec["ts_event"], rec["ts_recv"] = self.iid[con], ts, ts + 1000
            rec["price"], rec["size"] = price.astype(np.int64) * 10**7, rng.integers(1, 21, n)
            rec["action"], rec["side"] = b"T", b"N"
            rec["bid_px"], rec["ask_px"] = bid.astype(np.int64) * 10**7, ask.astype(np.int64) * 10**7
            rec["bid_sz"], rec["ask_sz"] = 10, 10
            yield b, rec.tobytes()

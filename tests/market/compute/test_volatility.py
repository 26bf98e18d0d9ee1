"""The volatility rules of methodology §4.17–§4.19 on small hand-made chains: the forward's at-the-money
interpolation, the 25-delta wings, the constant maturity's variance interpolation and flat ends, the rank and
percentile, and the straddle of every expiration."""

from __future__ import annotations

import math
from datetime import date

import polars as pl
import pytest

from data.compute.volatility import (atm_iv, constant_maturity, expiration_table, rank_and_percentile, smile_of,
                                     straddles, wing_iv)
from engine import reference

DAY = date(2026, 1, 9)


def chain(expiration: date, t: float, strikes, iv_of, spot=100.0, rate=0.04, q=0.01) -> pl.DataFrame:
    rows = [{"expiration": expiration, "strike": float(k), "right": right, "t_years": t, "spot": spot, "rate": rate,
             "div_yield": q, "iv": iv_of(k)} for k in strikes for right in "CP"]
    return pl.DataFrame(rows)


def test_the_at_the_money_iv_is_read_on_the_forward_not_on_spot():
    # Forward = 100·e^{0.03·0.5} ≈ 101.51: between strikes 100 and 105, so both the put at 100 and the call at
    # 105 are out of the money there, and the interpolation is in ln(K/F).
    rows = chain(date(2026, 7, 10), 0.5, [90, 95, 100, 105, 110], lambda k: 0.20 + 0.001 * (100 - k))
    s = smile_of(rows)
    f = 100 * math.exp(0.03 * 0.5)
    assert s["forward"] == pytest.approx(f, rel=1e-15)
    assert list(zip(s["strike"].tolist(), s["is_call"].tolist())) == [(90, False), (95, False), (100, False),
                                                                      (105, True), (110, True)]
    x0, x1 = math.log(100 / f), math.log(105 / f)
    expected = 0.20 + (0.195 - 0.20) * (0 - x0) / (x1 - x0)
    assert atm_iv(s) == pytest.approx(expected, rel=1e-12)
    # A forward outside the strikes read has no at-the-money IV.
    assert atm_iv(smile_of(chain(date(2026, 7, 10), 0.5, [80, 85, 90], lambda k: 0.2))) is None


def test_the_wings_interpolate_in_delta_at_plus_and_minus_a_quarter():
    strikes = list(range(70, 131, 2))
    rows = chain(date(2026, 2, 6), 28 / 365, strikes, lambda k: 0.22 - 0.002 * (k - 100))
    s = smile_of(rows)
    for call, target in ((True, 0.25), (False, -0.25)):
        pts = sorted((reference.greeks(100, k, 28 / 365, 0.04, 0.01, 0.22 - 0.002 * (k - 100), call)["delta"],
                      0.22 - 0.002 * (k - 100)) for k in strikes if (k >= s["forward"]) is call)
        j = next(i for i, (d, _) in enumerate(pts) if d >= target)
        (d0, v0), (d1, v1) = pts[j - 1], pts[j]
        assert wing_iv(s, call) == pytest.approx(v0 + (v1 - v0) * (target - d0) / (d1 - d0), rel=1e-9)
    row = expiration_table(rows, DAY)[0]
    assert row["riskReversal"] == pytest.approx(100 * (row["call25Iv"] - row["put25Iv"]), rel=1e-12)
    assert row["riskReversal"] < 0 and row["days"] == 28


def test_constant_maturity_interpolates_total_variance_and_holds_the_ends_flat():
    table = [{"t_years": 1 / 365 / 2, "atmIv": 0.9}, {"t_years": 20 / 365, "atmIv": 0.2},
             {"t_years": 40 / 365, "atmIv": 0.3}]
    w = 0.2 ** 2 * 20 / 365 + (0.3 ** 2 * 40 / 365 - 0.2 ** 2 * 20 / 365) * 0.5
    # The same-day expiration (half a day) is not used; 30 days sits halfway between 20 and 40.
    assert constant_maturity(table) == pytest.approx(math.sqrt(w / (30 / 365)), rel=1e-12)
    assert constant_maturity(table, variance=False) == pytest.approx(0.25, rel=1e-12)
    assert constant_maturity(table[2:]) == 0.3 and constant_maturity(table[:2]) == 0.2
    assert constant_maturity(table[:1]) is None


def test_rank_and_percentile():
    assert rank_and_percentile(0.2, [0.1, 0.3, 0.2, 0.15]) == {"rank": pytest.approx(50.0), "percentile": 50.0,
                                                               "low": 0.1, "high": 0.3}
    assert rank_and_percentile(0.4, [0.1, 0.3])["rank"] == 100.0
    assert rank_and_percentile(0.2, [0.2, 0.2]) == {"rank": 0.0, "percentile": 0.0, "low": 0.2, "high": 0.2}
    assert rank_and_percentile(None, [0.2])["rank"] is None and rank_and_percentile(0.2, [])["percentile"] is None


def test_every_expiration_has_its_straddle_at_the_strike_nearest_spot():
    rows = pl.concat([chain(date(2026, 1, 16), 7 / 365, [95, 100, 105], lambda k: 0.2, spot=102.5),
                      chain(date(2026, 2, 20), 42 / 365, [90, 100, 110], lambda k: 0.25, spot=102.5)])
    out = straddles(rows, DAY)
    assert [(m["expiration"], m["strike"], m["days"]) for m in out] == [("2026-01-16", 100.0, 7),
                                                                       ("2026-02-20", 100.0, 42)]
    for m, (t, iv) in zip(out, ((7 / 365, 0.2), (42 / 365, 0.25))):
        points = sum(reference.price(102.5, 100, t, 0.04, 0.01, iv, c) for c in (True, False))
        assert m["points"] == pytest.approx(points, rel=1e-9)
        assert m["percent"] == pytest.approx(100 * points / 102.5, rel=1e-9)


def test_the_tables_of_several_snapshots_in_one_pass_are_each_snapshots_table():
    from datetime import UTC, datetime

    from data.compute.volatility import expiration_tables

    snaps = []
    for n, (day, shift) in enumerate(((date(2026, 1, 7), 0.0), (date(2026, 1, 8), 0.01), (DAY, -0.02))):
        parts = [chain(date(2026, 1, 9), 0.2 / 365, range(80, 121, 2), lambda k: 0.4)]
        for i, d in enumerate((3, 10, 24, 38, 66, 120)):
            parts.append(chain(date.fromordinal(day.toordinal() + d), d / 365, range(60, 141, 2),
                               lambda k, i=i, s=shift: 0.18 + s + 0.01 * i + 0.0015 * (100 - k), spot=100.0 + n))
        ts = datetime(day.year, day.month, day.day, 21, tzinfo=UTC)
        snaps.append((ts, day, pl.concat(parts).with_columns(ts=pl.lit(ts))))
    rows = pl.concat([r for _, _, r in snaps]).sample(fraction=1.0, shuffle=True, seed=5)
    days = {ts: day for ts, day, _ in snaps}
    got = expiration_tables(rows, days.get)
    assert set(got) == set(days)
    for ts, day, one in snaps:
        assert got[ts] == expiration_table(one, day)
        assert got[ts][1]["days"] == 3 and constant_maturity(got[ts], "atmIv") is not None


def test_the_closes_constant_maturity_reads_the_full_tables_figures():
    from datetime import UTC, datetime

    from data.compute.volatility import constant_maturity_closes

    snaps = []
    for n, (day, narrow) in enumerate(((date(2026, 1, 7), False), (date(2026, 1, 8), True), (DAY, False))):
        parts = [chain(date(2026, 1, 9), 0.2 / 365, range(80, 121, 2), lambda k: 0.4)]
        for i, d in enumerate((3, 10, 24, 38, 66, 120)):
            # On the second day the expirations either side of 30 days list only strikes near the money: an
            # at-the-money IV but no 25-delta wings, so the risk reversal is read further out.
            strikes = range(99, 102) if narrow and d in (24, 38) else range(60, 141, 2)
            parts.append(chain(date.fromordinal(day.toordinal() + d), d / 365, strikes,
                               lambda k, i=i, n=n: 0.18 + 0.01 * n + 0.01 * i + 0.0015 * (100 - k)))
        ts = datetime(day.year, day.month, day.day, 21, tzinfo=UTC)
        snaps.append((ts, day, pl.concat(parts).with_columns(ts=pl.lit(ts))))
    rows = pl.concat([r for _, _, r in snaps])
    days = {ts: day for ts, day, _ in snaps}
    for near in (1, 3):
        got = constant_maturity_closes(rows, days.get, near=near)
        for ts, day, one in snaps:
            table = expiration_table(one, day)
            assert got[ts] == {"iv30": constant_maturity(table, "atmIv"),
                               "riskReversal": constant_maturity(table, "riskReversal", variance=False),
                               "butterfly": constant_maturity(table, "butterfly", variance=False)}
            assert got[ts]["iv30"] is not None and got[ts]["riskReversal"] is not None
    # The narrow day really reads its risk reversal beyond the nearest expirations.
    narrow = expiration_table(snaps[1][2], snaps[1][1])
    assert [r["riskReversal"] is None for r in narrow if r["days"] in (24, 38)] == [True, True]

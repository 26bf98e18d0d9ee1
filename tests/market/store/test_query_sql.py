"""Golden tests of the generated SQL: the text is fixed and user input appears only in the parameters."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from data.store import sql

T = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)


def test_exposure_by_strike_golden():
    text, params = sql.build(sql.ExposureByStrike(("a.parquet",), "SPX", T, "gamma"))
    assert text == (
        "SELECT strike, coalesce(sum(gamma) FILTER (WHERE \"right\" = 'C'), 0.0) AS call, "
        "coalesce(sum(gamma) FILTER (WHERE \"right\" = 'P'), 0.0) AS put FROM read_parquet(?) "
        "WHERE ticker = ? AND ts = ? GROUP BY strike ORDER BY strike")
    assert params == [["a.parquet"], "SPX", T]


def test_exposure_by_strike_with_kind_and_expirations_golden():
    exps = (date(2026, 11, 20), date(2026, 11, 27))
    text, params = sql.build(sql.ExposureByStrike(("a.parquet",), "SPX", T, "vanna", "put", exps))
    assert text == (
        "SELECT strike, coalesce(sum(vanna) FILTER (WHERE \"right\" = 'C'), 0.0) AS call, "
        "coalesce(sum(vanna) FILTER (WHERE \"right\" = 'P'), 0.0) AS put FROM read_parquet(?) "
        "WHERE ticker = ? AND ts = ? AND \"right\" = 'P' AND list_contains(?, expiration) "
        "GROUP BY strike ORDER BY strike")
    assert params == [["a.parquet"], "SPX", T, list(exps)]


def test_daily_tickers_golden():
    text, params = sql.build(sql.DailyTickers(("d1.parquet", "d2.parquet")))
    assert text == "SELECT DISTINCT ticker FROM read_parquet(?) ORDER BY ticker"
    assert params == [["d1.parquet", "d2.parquet"]]


def test_snapshot_totals_golden():
    text, params = sql.build(sql.SnapshotTotals(("s.parquet",), T))
    assert text == ("SELECT coalesce(sum(total_trades), 0) AS total_trades, coalesce(sum(open_contracts), 0) AS "
                    "open_contracts FROM read_parquet(?) WHERE ts = ?")
    assert params == [["s.parquet"], T]


def test_candles_golden():
    text, params = sql.build(sql.Candles(("b.parquet",), "QQQ", T, T, 10))
    assert text == (
        "SELECT time_bucket(to_minutes(?::BIGINT), ts) AS ts, arg_min(open, ts) AS open, max(high) AS high, "
        "min(low) AS low, arg_max(close, ts) AS close FROM read_parquet(?) WHERE ticker = ? AND ts >= ? "
        "AND ts < ? GROUP BY 1 ORDER BY 1")
    assert params == [10, ["b.parquet"], "QQQ", T, T]


def test_level_series_golden():
    later = datetime(2026, 11, 20, 15, 5, tzinfo=UTC)
    text, params = sql.build(sql.LevelSeries(("s1.parquet", "s2.parquet"), "SPX", (T, later)))
    assert text == (
        "SELECT ts, price, zero_gamma, call_wall, put_wall, paradigm, target, lis_low, lis_high, has_0dte "
        "FROM read_parquet(?) WHERE ticker = ? AND list_contains(?, ts) ORDER BY ts")
    assert params == [["s1.parquet", "s2.parquet"], "SPX", [T, later]]


def test_iv_surface_golden():
    text, params = sql.build(sql.Surface(("e.parquet",), "SPX", T, "iv"))
    assert text == (
        "SELECT expiration, strike, avg(iv) FILTER (WHERE (\"right\" = 'C') = (strike >= spot)) AS value "
        "FROM read_parquet(?) WHERE ticker = ? AND ts = ? GROUP BY expiration, strike "
        "ORDER BY expiration, strike")
    assert params == [["e.parquet"], "SPX", T]


def test_stats_and_expirations_golden():
    assert sql.build(sql.TickerStats(("s",), "SPX", T)) == (
        "SELECT * FROM read_parquet(?) WHERE ticker = ? AND ts = ? LIMIT 1", [["s"], "SPX", T])
    assert sql.build(sql.Expirations(("e",), "SPX", T)) == (
        "SELECT DISTINCT expiration FROM read_parquet(?) WHERE ticker = ? AND ts = ? ORDER BY expiration",
        [["e"], "SPX", T])


@pytest.mark.parametrize("bad", ["gamma'", "GAMMA", "price", "delta) --", ""])
def test_identifiers_outside_the_vocabulary_are_refused(bad):
    with pytest.raises(ValueError):
        sql.build(sql.ExposureByStrike(("a",), "SPX", T, bad))
    with pytest.raises(ValueError):
        sql.build(sql.StrikeSeries(("a",), "SPX", (T,), bad))


def test_hostile_values_stay_parameters():
    hostile = "SPX'; DROP TABLE x; --"
    text, params = sql.build(sql.ExposureByStrike(("a",), hostile, T, "delta"))
    assert hostile not in text and hostile in params
    with pytest.raises(ValueError):
        sql.build(sql.Surface(("a",), "SPX", T, "iv", "both'"))
    with pytest.raises(ValueError):
        sql.build(sql.Candles(("a",), "SPX", T, T, 0))
    with pytest.raises(TypeError):
        sql.build(object())


T2 = datetime(2026, 11, 20, 15, 5, tzinfo=UTC)


def test_export_contract_rows_golden():
    q = sql.ExportRows(("a.parquet", "b.parquet"), "SPX", (T, T2), ("gamma", "charm"), "contract", "call",
                       expiration_from=date(2026, 11, 20), strike_max=6000.0)
    text, params = sql.build(q)
    assert text == (
        "SELECT ts, ticker, expiration, strike, \"right\", position, open_interest, volume, iv, t_years, spot, "
        "rate, div_yield, gamma, charm FROM read_parquet(?) WHERE ticker = ? AND ts BETWEEN ? AND ? "
        "AND ts IN (SELECT unnest(?::TIMESTAMPTZ[])) AND \"right\" = 'C' AND expiration >= ? AND strike <= ? "
        "ORDER BY ts, expiration, strike, \"right\"")
    assert params == [["a.parquet", "b.parquet"], "SPX", T, T2, [T, T2], date(2026, 11, 20), 6000.0]


def test_export_strike_rows_golden():
    text, params = sql.build(sql.ExportRows(("a.parquet",), "SPX", (T,), ("vanna",), "snapshot"))
    assert text == (
        "SELECT ts, ?::VARCHAR AS ticker, greek, strike, call, put, call + put AS total, price FROM "
        "(UNPIVOT (SELECT ts, strike, any_value(spot) AS price, "
        "coalesce(fsum(vanna::DOUBLE) FILTER (WHERE \"right\" = 'C'), 0.0) AS vanna_call, "
        "coalesce(fsum(vanna::DOUBLE) FILTER (WHERE \"right\" = 'P'), 0.0) AS vanna_put FROM read_parquet(?) "
        "WHERE ticker = ? AND ts BETWEEN ? AND ? AND ts IN (SELECT unnest(?::TIMESTAMPTZ[])) "
        "GROUP BY ts, strike ORDER BY ts, strike) ON (vanna_call, vanna_put) AS vanna "
        "INTO NAME greek VALUE call, put)")
    assert params == ["SPX", ["a.parquet"], "SPX", T, T, [T]]


def test_export_count_golden():
    rows = sql.ExportRows(("a.parquet",), "SPX", (T,), ("gamma", "rho"), "close", strike_min=10.0)
    assert sql.build(sql.ExportCount(rows)) == (
        "SELECT count(*) * 2 FROM (SELECT DISTINCT ts, strike FROM read_parquet(?) WHERE ticker = ? AND ts "
        "BETWEEN ? AND ? AND ts IN (SELECT unnest(?::TIMESTAMPTZ[])) AND strike >= ?)",
        [["a.parquet"], "SPX", T, T, [T], 10.0])
    contracts = sql.ExportRows(("a.parquet",), "SPX", (T,), ("gamma",), "contract")
    assert sql.build(sql.ExportCount(contracts))[0].startswith("SELECT count(*) FROM read_parquet(?) WHERE")


@pytest.mark.parametrize("field,value", [("greeks", ("gamma; DROP",)), ("greeks", ()), ("granularity", "hourly"),
                                         ("kind", "both'"), ("times", ())])
def test_export_identifiers_outside_the_vocabulary_are_refused(field, value):
    args = {"files": ("a",), "ticker": "SPX", "times": (T,), "greeks": ("gamma",), "granularity": "contract"}
    with pytest.raises(ValueError):
        sql.build(sql.ExportRows(**{**args, field: value}))


def test_session_matrix_golden():
    times = (T, datetime(2026, 11, 20, 15, 5, tzinfo=UTC))
    exps = (date(2026, 11, 20),)
    text, params = sql.build(sql.SessionMatrix(("a.parquet", "b.parquet"), "SPX", times, "charm", "call", exps,
                                               5800.0, 6200.0))
    assert text == (
        "SELECT ts, strike, coalesce(sum(charm) FILTER (WHERE \"right\" = 'C'), 0.0) AS call, "
        "coalesce(sum(charm) FILTER (WHERE \"right\" = 'P'), 0.0) AS put FROM read_parquet(?) "
        "WHERE ticker = ? AND ts BETWEEN ? AND ? AND list_contains(?, ts) AND strike BETWEEN ? AND ? "
        "AND \"right\" = 'C' "
        "AND list_contains(?, expiration) GROUP BY ts, strike ORDER BY ts, strike")
    assert params == [["a.parquet", "b.parquet"], "SPX", times[0], times[1], list(times), 5800.0, 6200.0, list(exps)]
    with pytest.raises(ValueError):
        sql.build(sql.SessionMatrix(("a",), "SPX", times, "gamma; --"))
    with pytest.raises(ValueError):
        sql.build(sql.SessionMatrix(("a",), "SPX", times, "gamma", "both'"))


def test_session_prices_golden():
    text, params = sql.build(sql.SessionPrices(("s.parquet",), "QQQ", (T,)))
    assert text == ("SELECT ts, price FROM read_parquet(?) WHERE ticker = ? AND ts BETWEEN ? AND ? "
                    "AND list_contains(?, ts) ORDER BY ts")
    assert params == [["s.parquet"], "QQQ", T, T, [T]]


def test_vol_rows_golden():
    later = datetime(2026, 11, 21, 21, 0, tzinfo=UTC)
    text, params = sql.build(sql.VolRows(("a.parquet", "b.parquet"), "SPX", (T, later)))
    assert text == ("SELECT ts, expiration, strike, \"right\", t_years, spot, rate, div_yield, iv FROM read_parquet(?) "
                    "WHERE ticker = ? AND ts BETWEEN ? AND ? AND list_contains(?, ts) AND t_years > 0 AND iv > 0 "
                    "ORDER BY ts, expiration, strike, \"right\"")
    assert params == [["a.parquet", "b.parquet"], "SPX", T, later, [T, later]]

"""Schema validation helpers: every bad row named, good rows cast to the schemas."""

from datetime import date, datetime, timezone

import pyarrow as pa
import pytest

from data.sources.schemas import (BAR_SCHEMA, CHAIN_SCHEMA, TRADE_SCHEMA, SchemaError, validate_bars, validate_chain,
                          validate_trades)

UTC = timezone.utc
TS = datetime(2026, 11, 19, 18, 45, tzinfo=UTC)


def _chain_rows(n=3):
    return [
        {"ticker": "SPY", "ts": TS, "expiration": date(2026, 11, 20), "strike": 600.0 + i, "right": "C",
         "bid": 1.0, "ask": 1.1, "last": None, "volume": 10, "open_interest": 100, "underlying_bid": 600.0,
         "underlying_ask": 600.02, "underlying_last": 600.01, "rate": 0.04, "div_yield": 0.012}
        for i in range(n)
    ]


def test_typed_chain_passes_unchanged():
    t = pa.Table.from_pylist(_chain_rows(), schema=pa.schema([f.with_nullable(True) for f in CHAIN_SCHEMA]))
    good, bad = validate_chain(t)
    assert bad == [] and good.schema.equals(CHAIN_SCHEMA) and good.num_rows == 3


def test_chain_rules_each_named():
    rows = _chain_rows(9)
    rows[0]["bid"], rows[0]["ask"] = 1.2, 1.1  # crossed
    rows[1]["strike"] = 0.0
    rows[2]["right"] = "call"
    rows[3]["volume"] = -1
    rows[4]["underlying_bid"] = rows[4]["underlying_ask"] = rows[4]["underlying_last"] = None
    rows[5]["expiration"] = date(2026, 11, 18)
    rows[6]["rate"] = 4.0  # percent, not a decimal
    rows[7]["ticker"] = ""
    rows[8] = dict(rows[8], strike=rows[6]["strike"])  # the same contract as row 6
    t = pa.Table.from_pylist(rows, schema=pa.schema([f.with_nullable(True) for f in CHAIN_SCHEMA]))
    good, bad = validate_chain(t, first_line=2)
    reasons = dict(bad)
    assert sorted(reasons) == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert "crossed" in reasons[2] and "strike" in reasons[3] and "C or P" in reasons[4]
    assert "volume" in reasons[5] and "underlying" in reasons[6] and "expiration" in reasons[7]
    assert "rate" in reasons[8] and "ticker" in reasons[9] and "duplicate" in reasons[10]
    assert good.num_rows == 0


def test_text_columns_are_parsed_and_line_numbers_given():
    t = pa.table({
        "ticker": ["QQQ", "QQQ"], "ts": ["2026-11-19T13:45:00-05:00", "2026-11-19 18:45:00"],
        "expiration": ["2026-11-20", "20261120"], "strike": ["500", "505"], "right": ["P", "P"],
        "bid": ["1", "2"], "ask": ["1.1", "2.1"], "volume": ["0", "3"], "open_interest": ["7", "8"],
        "underlying_last": ["501.5", "501.5"],
    })
    good, bad = validate_chain(t, line_numbers=[10, 12])
    assert bad == []
    assert good.column("ts").to_pylist() == [TS, TS]  # offset honoured; naive read as UTC
    assert good.column("expiration").to_pylist() == [date(2026, 11, 20)] * 2
    assert good.column("last").null_count == 2 and good.column("rate").null_count == 2


def test_missing_required_column_is_a_schema_error():
    with pytest.raises(SchemaError, match="bid"):
        validate_chain(pa.table({"ticker": ["SPY"]}).append_column("ask", pa.array([1.0])))


def test_trades_and_bars():
    trade = {"ts": TS, "ticker": "SPX", "expiration": date(2026, 11, 19), "strike": 6800.0, "right": "C",
             "price": 8.2, "size": 3, "bid": 8.1, "ask": 8.4, "condition": "single", "package_id": None,
             "underlying_price": 6801.0, "true_side": None}
    rows = [dict(trade), dict(trade, condition="block"), dict(trade, size=0), dict(trade, true_side=2),
            dict(trade, bid=9.0), dict(trade, true_side=-1, condition="spread", package_id=5)]
    good, bad = validate_trades(pa.Table.from_pylist(rows, schema=pa.schema([f.with_nullable(True)
                                                                              for f in TRADE_SCHEMA])))
    assert [n for n, _ in bad] == [2, 3, 4, 5]
    assert good.num_rows == 2 and good.schema.equals(TRADE_SCHEMA)
    bar = {"ticker": "SPY", "ts": TS, "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5, "volume": 3}
    good, bad = validate_bars(pa.Table.from_pylist([bar, dict(bar, high=1.2, close=1.5), dict(bar, low=-1.0)],
                                                   schema=pa.schema([f.with_nullable(True) for f in BAR_SCHEMA])))
    assert [n for n, _ in bad] == [2, 3] and good.schema.equals(BAR_SCHEMA)

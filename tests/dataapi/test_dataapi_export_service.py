"""The export's service (``api/export/service.py``) without HTTP: the parameters as ``ExportQuery`` loads
them, the rules between values, the plan read from the tiny store, the running-export slots and the
background export's view."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import pytest
from marshmallow import ValidationError

from api.data import service as svc
from api.errors import ApiError
from api.export import service
from api.export.schemas import ExportQuery
from data.store import export as data_export
from data.vocabulary import GREEKS

# After the close of the tiny store's last session (Friday 2026-01-09): every snapshot is visible.
AFTER = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
FRIDAY = date(2026, 1, 9)


def ctx(cutoff: datetime = AFTER) -> svc.Ctx:
    return svc.Ctx("live", cutoff, cutoff)


def load(**query) -> dict:
    """The query string as the routes' ``@blp.arguments(ExportQuery)`` hands it to the service."""
    return ExportQuery().load({"ticker": "SPX", "start": FRIDAY.isoformat(), **query})


def refused(call) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call()
    return caught.value


# ---------------------------------------------------------------- parse


def test_parse_answers_plain_values_a_job_can_keep():
    params = service.parse(load(ticker=" spx ", greeks="charm,gamma,charm", granularity="contract",
                                expiration_from="2026-01-09", strike_min="5800"), ctx())
    assert params == {"ticker": "SPX", "format": "parquet", "granularity": "contract", "kind": "both",
                      "greeks": ["charm", "gamma"], "start": "2026-01-09", "end": "2026-01-09",
                      "cutoff": AFTER.isoformat(), "expiration_from": "2026-01-09", "expiration_to": None,
                      "strike_min": 5800.0, "strike_max": None}
    assert json.loads(json.dumps(params)) == params
    # Without greeks, all nine in the vocabulary's order.
    assert service.parse(load(), ctx())["greeks"] == list(GREEKS)


def test_the_tickers_form_is_checked_by_its_field_and_the_store_decides_the_rest():
    with pytest.raises(ValidationError) as caught:
        load(ticker="S P X")
    form = "The ticker must be a symbol of letters and digits such as SPX."
    assert caught.value.messages == {"ticker": [form]}
    # Well formed, not carried by the store: the one store check, 422 unknown_ticker naming the field.
    error = refused(lambda: service.parse(load(ticker="zzzz"), ctx()))
    assert (error.status, error.code) == (422, "unknown_ticker")
    assert error.errors == {"ticker": ["Unknown ticker 'ZZZZ'."]}


@pytest.mark.parametrize(("query", "field", "message"), [
    ({"start": "2026-01-09", "end": "2026-01-08"}, "end", service.END_BEFORE_START),
    ({"expiration_from": "2026-01-16", "expiration_to": "2026-01-15"}, "expiration_to",
     service.EXPIRATIONS_REVERSED),
    ({"strike_min": "6000", "strike_max": "5999.5"}, "strike_max", service.STRIKES_REVERSED),
])
def test_a_rule_between_two_values_names_the_later_one(query, field, message):
    error = refused(lambda: service.parse(load(**query), ctx()))
    assert (error.status, error.code, error.message, error.errors) == (422, "validation_error", message,
                                                                        {field: [message]})


def test_equal_bounds_are_allowed():
    params = service.parse(load(end="2026-01-09", expiration_from="2026-01-16", expiration_to="2026-01-16",
                                strike_min="6000", strike_max="6000"), ctx())
    assert (params["start"], params["end"]) == ("2026-01-09", "2026-01-09")
    assert (params["expiration_from"], params["expiration_to"]) == ("2026-01-16", "2026-01-16")
    assert (params["strike_min"], params["strike_max"]) == (6000.0, 6000.0)


def test_the_range_counts_both_ends_against_the_configured_maximum(monkeypatch):
    monkeypatch.setenv("VOLLAND_EXPORT_MAX_DAYS", "3")
    assert service.parse(load(start="2026-01-07", end="2026-01-09"), ctx())["start"] == "2026-01-07"
    error = refused(lambda: service.parse(load(start="2026-01-06", end="2026-01-09"), ctx()))
    assert error.code == "validation_error" and error.errors == {"end": [service.max_days_message(3)]}


# ---------------------------------------------------------------- plan


def test_the_plan_covers_the_snapshots_published_up_to_the_cutoff():
    times = svc.reader().snapshot_times("SPX", FRIDAY)
    assert len(times) > 2
    every = service.plan(load(granularity="snapshot"), ctx())
    assert [d.day for d in every.plan.days] == [FRIDAY]
    assert list(every.plan.days[0].times) == times and every.plan.snapshots == len(times)
    middle = times[len(times) // 2]
    cut = service.plan(load(granularity="snapshot"), ctx(middle))
    assert list(cut.plan.days[0].times) == [t for t in times if t <= middle]
    assert cut.params["cutoff"] == middle.isoformat()
    # close: the last snapshot of each session, as of the cut-off.
    closes = service.plan(load(start="2026-01-05", end="2026-01-09", granularity="close"), ctx(middle))
    assert all(len(d.times) == 1 for d in closes.plan.days)
    assert closes.plan.days[-1].times == (middle,)
    sessions = [d for d in svc.reader().available_dates("SPX") if date(2026, 1, 5) <= d <= FRIDAY]
    assert len(sessions) > 1 and [d.day for d in closes.plan.days] == sessions


def test_the_rows_counted_are_the_rows_streamed():
    planned = service.plan(load(granularity="contract", greeks="gamma"), ctx())
    assert planned.rows > 0
    assert sum(batch.num_rows for batch in data_export.batches(planned.plan)) == planned.rows


def test_the_row_cap_points_a_streamed_export_to_a_background_one():
    rows = service.plan(load(greeks="gamma"), ctx()).rows
    assert service.plan(load(greeks="gamma"), ctx(), max_rows=rows).rows == rows
    streamed = refused(lambda: service.plan(load(greeks="gamma"), ctx(), max_rows=rows - 1))
    assert (streamed.status, streamed.code) == (422, "export_too_large")
    assert streamed.errors == {"rows": [streamed.message]} and f"{rows:,} rows" in streamed.message
    assert service.JOBS_ROUTE in streamed.message
    background = refused(lambda: service.plan(load(greeks="gamma"), ctx(), max_rows=rows - 1, to_job=False))
    assert service.JOBS_ROUTE not in background.message and "several background exports" in background.message


def test_a_range_without_snapshots_is_404():
    error = refused(lambda: service.plan(load(start="2026-01-10", end="2026-01-11"), ctx()))
    assert (error.status, error.code) == (404, "no_data")
    assert error.message == "No SPX snapshots were published from 2026-01-10 to 2026-01-11."


def test_the_file_name_names_ticker_range_granularity_and_format():
    query = load(start="2026-01-05", end="2026-01-09", granularity="snapshot", format="arrow")
    params = service.parse(query, ctx())
    assert service.file_name(params) == "SPX_2026-01-05_2026-01-09_snapshot.arrows"
    assert service.file_name({**params, "format": "parquet"}) == "SPX_2026-01-05_2026-01-09_snapshot.parquet"


# ---------------------------------------------------------------- running exports


def test_slots_cap_each_user_and_free_on_release():
    first, second = service.Slot(7), service.Slot(7)
    assert first.acquire(1, 60)
    assert not second.acquire(1, 60) and not second.held
    assert service.Slot(8).acquire(1, 60)            # another user's slots are its own
    second.release()                                 # a slot never held releases nothing
    assert not service.Slot(7).acquire(1, 60)
    first.release()
    assert second.acquire(1, 60)


def test_without_redis_the_cap_is_not_enforced(monkeypatch):
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:1/0")
    assert all(service.Slot(7).acquire(1, 60) for _ in range(3))


def test_an_export_holds_a_slot_until_its_body_is_sent(monkeypatch):
    monkeypatch.setenv("VOLLAND_EXPORT_CONCURRENCY", "1")
    planned, slot = service.open_stream(load(greeks="gamma"), ctx(), 7)
    assert planned.rows > 0 and slot.held
    busy = refused(lambda: service.open_stream(load(greeks="gamma"), ctx(), 7))
    assert (busy.status, busy.code, busy.headers) == (429, "export_busy",
                                                      {"Retry-After": str(service.BUSY_RETRY_AFTER_SECONDS)})
    body = b"".join(service.stream(planned, slot))
    assert body[:4] == b"PAR1" and not slot.held
    _, again = service.open_stream(load(greeks="gamma"), ctx(), 7)
    assert again.held


# ---------------------------------------------------------------- background exports


def state(**fields) -> dict:
    params = {"ticker": "SPX", "start": "2026-01-05", "end": "2026-01-09", "granularity": "contract",
              "format": "arrow", "greeks": ["gamma"]}
    return {"id": "abc", "status": "running", "params": json.dumps(params), "rows": "200",
            "rows_written": "50", "snapshots": "70", "bytes": "0", "created_at": "2026-01-10T12:00:00Z",
            "expires_at": "2026-01-11T12:00:00Z", **fields}


def test_the_job_view_reports_progress_and_links_the_file_once_finished():
    def url(export_id):
        return f"/files/{export_id}"

    running = service.job_view(state(started_at="2026-01-10T12:00:01Z"), url)
    assert (running["rows"], running["rowsWritten"], running["progress"]) == (200, 50, 0.25)
    assert running["download"] is None
    assert (running["ticker"], running["format"], running["greeks"], running["snapshots"]) == ("SPX", "arrow",
                                                                                              ["gamma"], 70)
    assert running["finishedAt"] is None and running["error"] is None
    done = service.job_view(state(status="finished", rows_written="190", bytes="1234"), url)
    assert (done["rowsWritten"], done["progress"], done["bytes"]) == (200, 1.0, 1234)
    assert done["download"] == "/files/abc"
    assert service.job_view(state(status="queued", rows="0", rows_written="0"), url)["progress"] == 0.0
    error = {"code": "export_failed", "status": 500, "message": "The export could not be written.",
             "errors": {}}
    failed = service.job_view(state(status="failed", error=json.dumps(error)), url)
    assert failed["error"] == error and failed["download"] is None

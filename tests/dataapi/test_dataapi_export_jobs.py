"""Background exports (``/api/v1/data/export/jobs``): submitted by the API, written by an RQ worker on the
real Redis (a ``SimpleWorker`` in burst mode in this process), downloaded by their owner only."""

from __future__ import annotations

import io
import os
import time

import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq
import pytest
import redis
from dataapi_helpers import assert_error_body, data_token

D = "/api/v1/data/export"
QUERY = "ticker=SPX&start=2026-01-08&end=2026-01-09&granularity=snapshot&greeks=gamma,charm"


def work() -> None:
    from rq import SimpleWorker

    from jobs import queues as q

    conn = q.connection()
    SimpleWorker([q.queue(q.DEFAULT, conn)], connection=conn).work(burst=True, with_scheduler=False)


def headers(app, user_id: int = 21) -> dict:
    return {"Authorization": f"Bearer {data_token(app, 'live', user_id=user_id)}"}


def exports_dir():
    from jobs.exports import exports_dir as folder

    return folder()


def test_a_background_export_is_written_by_a_worker_and_downloaded_by_its_owner(app, client):
    me = headers(app)
    resp = client.post(f"{D}/jobs?{QUERY}", headers=me)
    assert resp.status_code == 202, resp.get_data(as_text=True)
    job = resp.get_json()
    assert job["status"] == "queued" and job["rows"] > 0 and job["download"] is None and job["error"] is None
    assert resp.headers["Location"].endswith(f"/jobs/{job['id']}")
    not_yet = client.get(f"{D}/jobs/{job['id']}/file", headers=me)
    assert assert_error_body(not_yet, 409)["code"] == "export_not_ready"

    work()

    done = client.get(resp.headers["Location"], headers=me).get_json()
    assert done["status"] == "finished" and done["progress"] == 1.0 and done["rowsWritten"] == job["rows"]
    assert done["bytes"] > 0 and done["download"].endswith(f"/jobs/{job['id']}/file")
    file = client.get(done["download"], headers=me)
    assert file.status_code == 200 and file.mimetype == "application/vnd.apache.parquet"
    assert "attachment" in file.headers["Content-Disposition"]
    table = pq.read_table(io.BytesIO(file.get_data()))
    # The file holds exactly what the streamed export answers for the same parameters.
    streamed = pq.read_table(io.BytesIO(client.get(f"{D}?{QUERY}", headers=me).get_data()))
    assert table.num_rows == job["rows"] and table.equals(streamed)
    # Only the finished file is left in the exports folder (no partial file).
    assert sorted(p.name for p in exports_dir().iterdir()) == [f"{job['id']}.parquet"]
    listed = client.get(f"{D}/jobs", headers=me).get_json()
    assert [x["id"] for x in listed] == [job["id"]]


def test_another_user_cannot_see_or_download_an_export(app, client):
    job = client.post(f"{D}/jobs?{QUERY}&format=arrow", headers=headers(app, 31)).get_json()
    work()
    owner = client.get(f"{D}/jobs/{job['id']}/file", headers=headers(app, 31))
    assert owner.status_code == 200 and owner.mimetype == "application/vnd.apache.arrow.stream"
    assert ipc.open_stream(pa.py_buffer(owner.get_data())).read_all().num_rows == job["rows"]
    other = headers(app, 32)
    assert assert_error_body(client.get(f"{D}/jobs/{job['id']}", headers=other), 404)["code"] == "export_not_found"
    assert_error_body(client.get(f"{D}/jobs/{job['id']}/file", headers=other), 404)
    assert client.get(f"{D}/jobs", headers=other).get_json() == []
    assert_error_body(client.get(f"{D}/jobs/{job['id']}/file"), 401)


def test_an_api_key_submits_and_downloads_like_a_data_token(app, client, db_url):
    from test_dataapi_public_api import make_user

    key = {"X-API-KEY": make_user(db_url, tier="live")["key"]}
    job = client.post(f"{D}/jobs?{QUERY}", headers=key).get_json()
    work()
    assert client.get(f"{D}/jobs/{job['id']}/file", headers=key).status_code == 200


def test_exports_over_the_streaming_cap_go_to_a_job_and_jobs_have_their_own_cap(app, client, monkeypatch):
    me = headers(app)
    rows = int(client.get(f"{D}?{QUERY}", headers=me).headers["X-Rows"])
    monkeypatch.setenv("VOLLAND_EXPORT_MAX_ROWS", str(rows - 1))
    body = assert_error_body(client.get(f"{D}?{QUERY}", headers=me), 422)
    assert body["code"] == "export_too_large" and "/api/v1/data/export/jobs" in body["message"]
    assert "rows" in body["errors"]
    assert client.post(f"{D}/jobs?{QUERY}", headers=me).status_code == 202
    monkeypatch.setenv("VOLLAND_EXPORT_JOB_MAX_ROWS", str(rows - 1))
    assert assert_error_body(client.post(f"{D}/jobs?{QUERY}", headers=me), 422)["code"] == "export_too_large"
    # Invalid parameters are refused at submission, like the export's.
    assert "granularity" in assert_error_body(
        client.post(f"{D}/jobs?ticker=SPX&start=2026-01-09&granularity=weekly", headers=me), 422)["errors"]


def test_a_user_has_at_most_the_configured_number_of_jobs_queued(app, client, monkeypatch):
    monkeypatch.setenv("VOLLAND_EXPORT_JOBS_PER_USER", "2")
    me = headers(app, 41)
    for _ in range(2):
        assert client.post(f"{D}/jobs?{QUERY}", headers=me).status_code == 202
    third = client.post(f"{D}/jobs?{QUERY}", headers=me)
    assert assert_error_body(third, 429)["code"] == "export_jobs_busy"
    assert int(third.headers["Retry-After"]) > 0
    assert client.post(f"{D}/jobs?{QUERY}", headers=headers(app, 42)).status_code == 202   # per user
    work()
    assert client.post(f"{D}/jobs?{QUERY}", headers=me).status_code == 202   # finished ones do not count


def test_a_failed_job_leaves_nothing_half_written_and_reports_the_error_body(app, client, monkeypatch):
    from data.store import export as data_export

    real = data_export.batches

    def broken(p):
        for i, batch in enumerate(real(p)):
            if i == 1:
                raise OSError("disk full")
            yield batch

    monkeypatch.setattr(data_export, "BATCH_ROWS", 1000)   # several batches, so the failure is mid-file
    monkeypatch.setattr(data_export, "batches", broken)
    me = headers(app)
    job = client.post(f"{D}/jobs?{QUERY}", headers=me).get_json()
    work()
    state = client.get(f"{D}/jobs/{job['id']}", headers=me).get_json()
    assert state["status"] == "failed" and state["download"] is None
    assert set(state["error"]) == {"code", "status", "message", "errors"}
    assert state["error"]["code"] == "export_failed" and "OSError" in state["error"]["message"]
    assert 0 < state["rowsWritten"] < job["rows"]   # it did write before failing...
    assert list(exports_dir().iterdir()) == []   # ...and left nothing behind
    assert assert_error_body(client.get(f"{D}/jobs/{job['id']}/file", headers=me), 409)["code"] == "export_not_ready"


def test_a_job_whose_worker_was_lost_is_reported_failed_and_frees_its_place(app, client, monkeypatch):
    from jobs import exports as jobs_exports
    from jobs import queues as q

    monkeypatch.setenv("VOLLAND_EXPORT_JOBS_PER_USER", "1")
    me = headers(app, 51)
    job = client.post(f"{D}/jobs?{QUERY}", headers=me).get_json()
    conn = q.connection()
    conn.hset(jobs_exports.job_key(job["id"]), "status", "running")
    # The worker died and its job record is gone (RQ dropped it): the export cannot finish any more.
    from rq.job import Job

    Job.fetch(jobs_exports.rq_job_id(job["id"]), connection=conn).delete()
    state = client.get(f"{D}/jobs/{job['id']}", headers=me).get_json()
    assert state["status"] == "failed" and state["error"]["code"] == "export_failed"
    assert client.post(f"{D}/jobs?{QUERY}", headers=me).status_code == 202


def test_expired_files_are_removed_and_answer_410(app, client, monkeypatch):
    from jobs import exports as jobs_exports

    me = headers(app)
    job = client.post(f"{D}/jobs?{QUERY}", headers=me).get_json()
    work()
    path = jobs_exports.file_path(job["id"], "parquet")
    stray = exports_dir() / "0123.part"
    stray.write_bytes(b"partial")
    old = time.time() - 2 * 86_400
    os.utime(path, (old, old))
    os.utime(stray, (old, old))
    assert sorted(jobs_exports.collect()) == sorted([path.name, stray.name])
    assert assert_error_body(client.get(f"{D}/jobs/{job['id']}/file", headers=me), 410)["code"] == "export_expired"


def test_the_status_expires_with_the_file(app, client, monkeypatch):
    from jobs import exports as jobs_exports

    monkeypatch.setenv("VOLLAND_EXPORT_JOB_TTL_SECONDS", "120")
    job = client.post(f"{D}/jobs?{QUERY}", headers=headers(app)).get_json()
    ttl = redis.Redis.from_url("redis://127.0.0.1:6379/0").ttl(jobs_exports.job_key(job["id"]))
    assert 0 < ttl <= 120


@pytest.mark.parametrize("path", ["/jobs/nope", "/jobs/nope/file"])
def test_unknown_exports_answer_404(app, client, path):
    assert assert_error_body(client.get(f"{D}{path}", headers=headers(app)), 404)["code"] == "export_not_found"

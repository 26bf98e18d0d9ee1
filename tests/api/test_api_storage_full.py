"""A full disk answers 507 ``insufficient_storage`` with the one error body, not a generic 500.

The database cases are real: SQLite reaches its page limit (``PRAGMA max_page_count`` set to the file's
size, so the write fails with SQLITE_FULL, "database or disk is full", exactly as on a full disk), and
PostgreSQL answers SQLSTATE 53100 ``disk_full`` from the server (raised by a trigger, since filling a
server's disk is not possible in a test). The file case injects ENOSPC where the file is created
(``tempfile.mkstemp``), at the OS boundary.
"""

from __future__ import annotations

import errno

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from api.db import dispose_engine, get_engine
from api.errors import storage_full

EXPECTED = {"code": "insufficient_storage", "status": 507,
            "message": "The server has run out of storage space. Please try again later.", "errors": {}}

CHART = {"type": "CHART", "size": "S", "position": {"x": 0, "y": 0}, "name": "SPX gamma",
         "configuration": {"type": "exposure", "ticker": "spx", "greek": "gamma", "kind": "both",
                           "expirations": {"option": "THIS_WEEK"}, "isCumulative": False}}


def _big_workspace() -> dict:
    # 60 widgets (the most a workspace holds) of long names: more than the free space of the file's pages.
    return {"name": "Full", "widgets": [dict(CHART, name=f"Chart {i:02d} " + "x" * 100,
                                             position={"x": 0, "y": i}) for i in range(60)]}


@pytest.fixture
def full_database(db_url):
    """Make the account store refuse to grow, for the test's duration."""
    engine = get_engine(db_url)
    if engine.dialect.name == "sqlite":
        def limit(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            pages = cur.execute("PRAGMA page_count").fetchone()[0]
            cur.execute(f"PRAGMA max_page_count = {pages}")
            cur.close()

        dispose_engine(db_url)
        event.listen(engine, "connect", limit)
        yield
        event.remove(engine, "connect", limit)
        dispose_engine(db_url)
    else:
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE FUNCTION volland_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS "
                                 "$$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' "
                                 "USING ERRCODE = 'disk_full'; END $$"))
            conn.execute(sa.text("CREATE TRIGGER volland_test_disk_full BEFORE INSERT ON workspaces "
                                 "FOR EACH ROW EXECUTE FUNCTION volland_test_disk_full()"))
        yield
        with engine.begin() as conn:
            conn.execute(sa.text("DROP TRIGGER volland_test_disk_full ON workspaces"))
            conn.execute(sa.text("DROP FUNCTION volland_test_disk_full()"))


def test_a_full_database_answers_507(client, h, request):
    headers = h.bearer(h.signup(client)["accessToken"])
    request.getfixturevalue("full_database")
    resp = client.post("/api/v1/workspaces", json=_big_workspace(), headers=headers)
    assert resp.status_code == 507, resp.get_json()
    assert resp.get_json() == EXPECTED


def test_the_same_workspace_is_saved_when_there_is_room(client, h):
    """The control case: the request itself is valid."""
    headers = h.bearer(h.signup(client)["accessToken"])
    assert client.post("/api/v1/workspaces", json=_big_workspace(), headers=headers).status_code == 201


def test_no_space_for_a_file_answers_507(client, monkeypatch):
    from api import documents

    def no_space(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(documents, "render_pdf", lambda *_a: b"%PDF-1.4 tiny")
    monkeypatch.setattr(documents.tempfile, "mkstemp", no_space)
    resp = client.get("/docs/white-paper.pdf")
    assert resp.status_code == 507 and resp.get_json() == EXPECTED


def test_what_counts_as_storage_full():
    import sqlite3

    import psycopg.errors

    assert storage_full(OSError(errno.ENOSPC, "No space left on device"))
    assert storage_full(OSError(errno.EDQUOT, "Disk quota exceeded"))
    assert storage_full(sa.exc.OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full")))
    assert storage_full(sa.exc.OperationalError("INSERT", {}, psycopg.errors.DiskFull("could not extend file")))
    try:
        try:
            raise OSError(errno.ENOSPC, "No space left on device")
        except OSError as inner:
            raise RuntimeError("export failed") from inner
    except RuntimeError as outer:
        assert storage_full(outer)
    assert not storage_full(OSError(errno.EACCES, "Permission denied"))
    assert not storage_full(sa.exc.OperationalError("INSERT", {}, sqlite3.OperationalError("database is locked")))
    assert not storage_full(ValueError("database or disk is full"))  # only the database's own error counts

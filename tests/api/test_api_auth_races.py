"""Account rules under real concurrency: requests from several threads at once, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import sqlalchemy as sa

THREADS = 8


def _at_once(app, call) -> list:
    """Run ``call(client)`` from ``THREADS`` threads released together; returns the responses."""
    barrier = threading.Barrier(THREADS)
    results: list = [None] * THREADS

    def run(i: int) -> None:
        client = app.test_client()
        barrier.wait()
        try:
            results[i] = call(client)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    assert not [r for r in results if isinstance(r, BaseException)], results
    return results


def test_concurrent_api_key_creation_keeps_two_active(app, client, h, db_url):
    tokens = h.signup(client)
    headers = h.bearer(tokens["accessToken"])
    responses = _at_once(app, lambda c: c.post("/api/v1/api-keys", headers=headers))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201, 201] + [409] * (THREADS - 2), [r.get_json() for r in responses]
    for r in responses:
        if r.status_code == 409:
            h.assert_error(r, 409, "api_key_limit")
    from api.db import get_engine

    with get_engine(db_url).connect() as conn:
        active = conn.execute(sa.text("SELECT count(*) FROM api_keys WHERE revoked_at IS NULL")).scalar_one()
    assert active == 2
    assert len(client.get("/api/v1/api-keys", headers=headers).get_json()) == 2


def test_concurrent_logins_stay_within_the_session_limit(make_app, h, db_url):
    app = make_app(MAX_SESSIONS=2)
    client = app.test_client()
    tokens = h.signup(client)
    assert client.post("/api/v1/auth/logout", json={}, headers=h.bearer(tokens["accessToken"])).status_code == 204
    responses = _at_once(app, lambda c: h.login(c))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200, 200] + [409] * (THREADS - 2), [r.get_json() for r in responses]
    from api.db import get_engine

    with get_engine(db_url).connect() as conn:
        open_sessions = conn.execute(sa.text("SELECT count(*) FROM auth_sessions WHERE revoked_at IS NULL")).scalar_one()
    assert open_sessions == 2


def test_concurrent_refreshes_with_one_token_keep_the_session(app, client, h):
    """Tabs refreshing at once with the same refresh token all get the one new refresh token."""
    tokens = h.signup(client)
    body = {"refreshToken": tokens["refreshToken"]}
    responses = _at_once(app, lambda c: c.post("/api/v1/auth/refresh-token", json=body))
    assert [r.status_code for r in responses] == [200] * THREADS, [r.get_json() for r in responses]
    refreshed = {r.get_json()["refreshToken"] for r in responses}
    assert len(refreshed) == 1 and tokens["refreshToken"] not in refreshed
    for r in responses:
        assert client.get("/api/v1/users", headers=h.bearer(r.get_json()["accessToken"])).status_code == 200
    assert client.post("/api/v1/auth/refresh-token", json={"refreshToken": refreshed.pop()}).status_code == 200


def test_concurrent_workspace_creation_stops_at_the_limit(app, client, h, db_url):
    """One place left under the workspace limit: of eight concurrent creations, one succeeds."""
    from api.db import get_engine
    from api.workspaces.service import MAX_WORKSPACES

    tokens = h.signup(client)
    headers = h.bearer(tokens["accessToken"])
    with get_engine(db_url).begin() as conn:
        user_id = conn.execute(sa.text("SELECT id FROM users")).scalar_one()
        for i in range(MAX_WORKSPACES - 1):
            conn.execute(sa.text("INSERT INTO workspaces (user_id, name, state, \"order\", widgets, created_at, "
                                 "updated_at) VALUES (:u, :n, 'ACTIVE', :o, '[]', :t, :t)"),
                         {"u": user_id, "n": f"w{i}", "o": i, "t": "2026-11-27 12:00:00"})
    responses = _at_once(app, lambda c: c.post("/api/v1/workspaces", json={"name": "one more"}, headers=headers))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [409] * (THREADS - 1), [r.get_json() for r in responses]
    with get_engine(db_url).connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM workspaces")).scalar_one() == MAX_WORKSPACES

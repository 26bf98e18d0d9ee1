"""The store on S3-compatible object storage, against a real S3 server (moto's standalone server).

Publish, read and compact through ``s3://``; a writer killed before its manifest commit leaves nothing
visible and its objects are collected; the conditional manifest write refuses a concurrent writer; the
``volland store copy`` command moves a local store to the bucket.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import boto3
import pytest
from _store_data import exposure_rows, publish
from tests.servers import moto_s3, volland_command

from data.store.query import Reader
from data.store.parquet import GARBAGE_GRACE, ManifestConflict, Store, read_manifest, referenced_files
from data.store.files import ObjectFiles, open_files

HERE = Path(__file__).resolve().parent
ROOT_DIR = HERE.parents[2]
T0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
T1 = T0 + timedelta(minutes=5)
EXPS = [date(2026, 11, 20), date(2026, 11, 27)]
STRIKES = [90.0, 100.0, 110.0]
KEY_ID, SECRET = "volland-test", "volland-test-secret"


@pytest.fixture(scope="module")
def endpoint():
    with moto_s3() as url:
        yield url


@pytest.fixture()
def s3_env(endpoint, monkeypatch):
    monkeypatch.setenv("VOLLAND_STORE_ENDPOINT_URL", endpoint)
    monkeypatch.setenv("VOLLAND_STORE_REGION", "us-east-1")
    monkeypatch.setenv("VOLLAND_STORE_ACCESS_KEY_ID", KEY_ID)
    monkeypatch.setenv("VOLLAND_STORE_SECRET_ACCESS_KEY", SECRET)
    # Readers in these tests must see every commit at once.
    monkeypatch.setenv("VOLLAND_STORE_POLL_SECONDS", "0")
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    return {k: v for k, v in os.environ.items()}


@pytest.fixture()
def bucket(endpoint, s3_env) -> str:
    name = f"volland-{uuid.uuid4().hex[:12]}"
    _client(endpoint).create_bucket(Bucket=name)
    return name


@pytest.fixture()
def url(bucket) -> str:
    return f"s3://{bucket}/store"


def _client(endpoint):
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=KEY_ID,
                        aws_secret_access_key=SECRET)


def _keys(endpoint: str, bucket: str) -> set[str]:
    pages = _client(endpoint).get_paginator("list_objects_v2").paginate(Bucket=bucket)
    return {o["Key"] for p in pages for o in p.get("Contents", [])}


def _answers(root) -> dict:
    r = Reader(root)
    snap = r.latest_snapshot("SPX")
    return {"times": r.snapshot_times("SPX", date(2026, 11, 20)),
            "gamma": r.exposure(snap, "gamma").to_dicts(),
            "charm_puts": r.exposure(snap, "charm", "put").to_dicts(),
            "stats": r.ticker_stats(snap), "expirations": r.expirations(snap),
            "candles": r.candles("SPX", date(2026, 11, 20), 5).to_dicts(), "tickers": r.tickers("all")}


def test_publish_read_and_compact_on_object_store_match_a_local_folder(url, endpoint, bucket, tmp_path):
    local = tmp_path / "store"
    for root in (local, url):
        publish(root, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES)
        publish(root, T1, {"SPX": 101.0}, EXPS, STRIKES, marker=2.0, bars_from=T0)
    assert isinstance(Reader(url).files, ObjectFiles)
    assert _answers(url) == _answers(local)
    # DuckDB read s3:// through the registered filesystem and may never fetch an extension.
    from data.store.query import _process_connection

    con = _process_connection()
    assert "s3" in con.list_filesystems()
    assert con.execute("SELECT current_setting('autoinstall_known_extensions')").fetchone()[0] is False
    assert not con.execute("SELECT count(*) FROM duckdb_extensions() WHERE extension_name = 'httpfs' "
                           "AND loaded").fetchone()[0]
    assert _answers(url)["stats"]["total_trades"] == 200
    keys = _keys(endpoint, bucket)
    # Two numbered manifest commits, no manifest.json, no staging objects.
    assert sorted(k for k in keys if k.startswith("store/manifest/")) == [
        "store/manifest/000000000001.json", "store/manifest/000000000002.json"]
    assert not any(".staging" in k or k.endswith("manifest.json") for k in keys)
    assert {f"store/{p}" for p in referenced_files(read_manifest(url))} <= keys

    for root in (local, url):
        assert Store(root).compact_day(date(2026, 11, 20)) == 2
    assert _answers(url) == _answers(local)
    files = {e["files"]["exposures"] for e in read_manifest(url)["snapshots"]}
    assert len(files) == 1 and "-day-" in next(iter(files))


def test_reader_sees_a_new_commit_of_another_writer(url):
    publish(url, T0, {"SPX": 100.0}, EXPS, STRIKES)
    reader = Reader(url)
    assert reader.latest_snapshot("SPX").ts == T0
    publish(url, T1, {"SPX": 101.0}, EXPS, STRIKES)
    assert reader.latest_snapshot("SPX").ts == T1


KILLED_WRITER = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, sys.argv[2])
    from datetime import UTC, date, datetime
    from _store_data import exposure_rows
    from data.store.parquet import Store
    url = sys.argv[1]
    ts = datetime(2026, 11, 20, 14, 40, tzinfo=UTC)
    table = exposure_rows("SPX", ts, 100.0, [date(2026, 11, 27)], [100.0], 1.0)
    store = Store(url)
    with store.transaction() as txn:
        txn.write("exposures/2026-11-20/killed.parquet", table)
        # And an upload cut off half way (a multipart upload never completed).
        sink = store.files.fs.open(store.files.path("exposures/2026-11-20/half.parquet"), "wb",
                                   block_size=5 * 2**20)
        sink.write(os.urandom(6 * 2**20))
        sink.flush()
        os.kill(os.getpid(), signal.SIGKILL)
""")


def test_killed_publish_is_invisible_and_its_objects_are_collected(url, endpoint, bucket, s3_env):
    publish(url, T0, {"SPX": 100.0}, EXPS, STRIKES)
    before = _keys(endpoint, bucket)
    proc = subprocess.run([sys.executable, "-c", KILLED_WRITER, url, str(HERE)], cwd=ROOT_DIR,
                          env={**s3_env, "PYTHONPATH": str(ROOT_DIR)}, capture_output=True, timeout=120)
    assert proc.returncode == -9, proc.stderr.decode()[-2000:]
    orphan = "store/exposures/2026-11-20/killed.parquet"
    assert _keys(endpoint, bucket) == before | {orphan}
    uploads = _client(endpoint).list_multipart_uploads(Bucket=bucket).get("Uploads", [])
    assert [u["Key"] for u in uploads] == ["store/exposures/2026-11-20/half.parquet"]
    # Readers see the last complete snapshot only.
    r = Reader(url)
    assert r.snapshot_times("SPX", date(2026, 11, 20)) == [T0]
    assert "killed.parquet" not in str(read_manifest(url))

    # A commit within the grace period keeps the objects (they could be a live writer's) ...
    store = Store(url)
    store.collect_garbage()
    assert orphan in _keys(endpoint, bucket)
    # ... and one after it removes them, the superseded manifest commits and the unfinished upload.
    store.collect_garbage(datetime.now(UTC) + GARBAGE_GRACE + timedelta(minutes=1))
    keys = _keys(endpoint, bucket)
    assert orphan not in keys
    # Commits 1 and 2 were written before; the collecting commit (3) keeps only the one it replaced.
    assert sorted(k for k in keys if k.startswith("store/manifest/")) == [
        "store/manifest/000000000002.json", "store/manifest/000000000003.json"]
    assert not _client(endpoint).list_multipart_uploads(Bucket=bucket).get("Uploads")
    assert {f"store/{p}" for p in referenced_files(read_manifest(url))} <= keys
    assert Reader(url).exposure(Reader(url).latest_snapshot("SPX"), "gamma").height == len(STRIKES)


def test_conditional_manifest_write_refuses_a_concurrent_writer(url, endpoint, bucket):
    publish(url, T0, {"SPX": 100.0}, EXPS, STRIKES)
    slow = Store(url)
    with pytest.raises(ManifestConflict, match="another writer published manifest commit 2"):
        with slow.transaction() as txn:
            txn.write("exposures/2026-11-20/slow.parquet",
                      exposure_rows("AAPL", T1, 50.0, EXPS, STRIKES))
            txn.manifest["snapshots"].append({"id": "slow", "ts": "2026-11-20T14:40:00Z", "day": "2026-11-20",
                                              "kind": "intraday", "tickers": ["AAPL"], "zero_dte": [],
                                              "files": {"exposures": "exposures/2026-11-20/slow.parquet"}})
            # Another writer commits first, from the same manifest commit.
            publish(url, T1, {"SPX": 101.0}, EXPS, STRIKES)
    # The winner's snapshot is published, the loser's is not and its object is gone.
    r = Reader(url)
    assert r.snapshot_times("SPX", date(2026, 11, 20)) == [T0, T1]
    assert r.latest_snapshot("AAPL") is None
    assert "store/exposures/2026-11-20/slow.parquet" not in _keys(endpoint, bucket)
    assert read_manifest(url)["commit"] == 2


def test_published_objects_are_never_replaced(url):
    publish(url, T0, {"SPX": 100.0}, EXPS, STRIKES)
    rel = read_manifest(url)["snapshots"][0]["files"]["exposures"]
    with pytest.raises(FileExistsError, match="immutable"):
        with Store(url).transaction() as txn:
            txn.write(rel, exposure_rows("SPX", T0, 100.0, EXPS, STRIKES, marker=9.0))
    assert Reader(url).ticker_stats(Reader(url).latest_snapshot("SPX"))["total_trades"] == 100


def _volland(env, *args):
    return subprocess.run([*volland_command(), *args], env=env, capture_output=True, text=True, timeout=300,
                          cwd=ROOT_DIR)


def test_store_copy_moves_a_local_store_to_object_storage(url, tmp_path, s3_env):
    local = tmp_path / "store"
    publish(local, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES)
    publish(local, T1, {"SPX": 101.0}, EXPS, STRIKES, marker=2.0, bars_from=T0)
    env = {**s3_env, "VOLLAND_STORE_ROOT": str(local), "PYTHONPATH": str(ROOT_DIR)}
    done = _volland(env, "store", "copy", "--to", url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Copied ")
    assert _answers(url) == _answers(local)
    # The destination now holds a store: a second copy is refused with one line and exit code 2.
    again = _volland(env, "store", "copy", "--to", url)
    assert again.returncode == 2
    assert again.stderr.strip().count("\n") == 0 and "already holds a published store" in again.stderr
    back = tmp_path / "back"
    assert _volland(env, "store", "copy", "--from", url, "--to", str(back)).returncode == 0
    assert _answers(back) == _answers(local)


@pytest.mark.parametrize("args,message", [
    (("--to", "gs://bucket/store"), "is not a local folder or an s3:// URL"),
    (("--to", "s3:///store"), "names no bucket"),
    (("--from", "{empty}", "--to", "{dest}"), "No published store"),
])
def test_store_copy_refuses_bad_input(args, message, tmp_path, s3_env):
    args = tuple(a.format(empty=tmp_path / "empty", dest=tmp_path / "dest") for a in args)
    local = tmp_path / "store"
    publish(local, T0, {"SPX": 100.0}, EXPS, STRIKES)
    done = _volland({**s3_env, "VOLLAND_STORE_ROOT": str(local), "PYTHONPATH": str(ROOT_DIR)},
                    "store", "copy", *args)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and message in done.stderr, done.stderr


def test_local_folder_stays_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.delenv("VOLLAND_STORE_ROOT", raising=False)
    files = open_files()
    assert not files.remote and files.root == tmp_path / "var" / "store"
    publish(None, T0, {"SPX": 100.0}, EXPS, STRIKES)
    assert (tmp_path / "var" / "store" / "manifest.json").is_file()


def test_settings_keep_an_s3_root_as_given(monkeypatch):
    from volland.settings import get_settings

    monkeypatch.setenv("VOLLAND_STORE_ROOT", "s3://bucket/some/prefix")
    assert get_settings().store_path == "s3://bucket/some/prefix"
    files = open_files()
    assert (files.bucket, files.prefix) == ("bucket", "some/prefix")
    assert files.full("exposures/a.parquet") == "s3://bucket/some/prefix/exposures/a.parquet"


def test_without_conditional_writes_writers_take_a_lock_in_redis(url, endpoint, bucket, monkeypatch):
    import redis

    prefix = f"t-s3lock-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("VOLLAND_STORE_CONDITIONAL_WRITES", "0")
    monkeypatch.setenv("VOLLAND_JOBS_PREFIX", prefix)
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:6379/0")
    client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    lock_key = f"{prefix}:store-writer:{url}"
    publish(url, T0, {"SPX": 100.0}, EXPS, STRIKES)
    with Store(url).transaction():
        assert client.exists(lock_key)
    assert not client.exists(lock_key)
    # A commit that a writer without the lock put there meanwhile is not overwritten.
    with pytest.raises(ManifestConflict):
        with Store(url).transaction() as txn:
            txn.manifest["snapshots"] = []
            _client(endpoint).put_object(Bucket=bucket, Key="store/manifest/000000000003.json",
                                         Body=b'{"interloper":1}')
    assert not client.exists(lock_key)
    body = _client(endpoint).get_object(Bucket=bucket, Key="store/manifest/000000000003.json")["Body"].read()
    assert body == b'{"interloper":1}'

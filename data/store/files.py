"""Where the store's files live: a local folder (the embedded default) or an S3-compatible bucket.

:class:`data.store.parquet.Store` and :class:`data.store.query.Reader` do every file operation through one of the two
classes here, so the atomic-publish rules hold on both:

* ``LocalFiles``: files are staged under ``<root>/.staging`` and renamed into place, ``manifest.json`` is
  replaced by an atomic rename, one writer at a time holds an ``flock`` on ``<root>/.writer.lock``.
* ``ObjectFiles``: an object PUT is already all-or-nothing (a half-uploaded object is never listed), so
  data objects are written straight to their final, never reused, keys. The manifest is not one
  replaced object but a series ``manifest/<commit>.json``: a commit writes the next number with a
  conditional PUT (``If-None-Match: *``), which the server refuses when another writer took that number
  first (:class:`ManifestConflict`, nothing of the losing change is published). The highest number is
  the published manifest; a reader never sees a snapshot before its objects are complete.

S3 access goes through ``s3fs`` (endpoint, region and credentials from the settings). The reader's DuckDB
connection gets the same filesystem registered from Python, so ``read_parquet('s3://…')`` needs no DuckDB
extension (nothing is downloaded at run time).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

MANIFEST = "manifest.json"
MANIFEST_PREFIX = "manifest/"
# Zero-padded so that the lexicographic order of keys is the numeric order of commits.
COMMIT_DIGITS = 12
OBJECT_SCHEMES = ("s3://", "s3a://")
# Lifetime of the Redis writer lock used when the server has no conditional writes (renewed while held).
LOCK_SECONDS = 60


class ManifestConflict(RuntimeError):
    """Another writer published the same manifest commit first; nothing of this change is published."""


def is_object_url(raw: str) -> bool:
    return raw.startswith(OBJECT_SCHEMES)


def parse_object_url(raw: str) -> tuple[str, str]:
    """``s3://bucket/prefix`` → (bucket, prefix without slashes at either end)."""
    rest = raw.split("://", 1)[1]
    bucket, _, prefix = rest.partition("/")
    if not bucket:
        raise ValueError(f"Store root {raw!r} names no bucket; use s3://bucket/prefix.")
    return bucket, prefix.strip("/")


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class LocalFiles:
    """A store in a local folder (unchanged behaviour of the embedded default)."""

    remote = False

    def __init__(self, root: Path) -> None:
        self.root = root
        self.url = str(root)

    def full(self, rel: str) -> str:
        """The path DuckDB and pyarrow open for ``rel``."""
        return str(self.root / rel)

    @property
    def arrow_fs(self) -> None:
        return None

    def exists(self, rel: str) -> bool:
        return (self.root / rel).exists()

    def read_bytes(self, rel: str) -> bytes | None:
        try:
            return (self.root / rel).read_bytes()
        except FileNotFoundError:
            return None

    def delete(self, rel: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            (self.root / rel).unlink()

    @contextlib.contextmanager
    def writer_lock(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".writer.lock", "a+") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def read_manifest(self) -> dict[str, Any] | None:
        raw = self.read_bytes(MANIFEST)
        return None if raw is None else json.loads(raw)

    def manifest_key(self) -> tuple:
        try:
            st = os.stat(self.root / MANIFEST)
        except FileNotFoundError:
            return ("missing",)
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def publish_manifest(self, manifest: dict[str, Any]) -> None:
        staging = self.root / ".staging"
        staging.mkdir(parents=True, exist_ok=True)
        tmp = staging / f"manifest-{uuid.uuid4().hex}.json"
        with open(tmp, "w") as fh:
            json.dump(manifest, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, self.root / MANIFEST)
        _fsync_dir(self.root)


_S3_CLASS = None
INFO_CACHE_ENTRIES = 8192


def _s3_filesystem_class():
    """s3fs's filesystem, remembering the metadata of the store's immutable objects.

    DuckDB asks a registered filesystem for an object's size and time several times per query (ten
    HEAD requests for one exposure query, measured); published objects never change, so their first
    answer is kept. Manifest commits and the source record are asked afresh every time.
    """
    global _S3_CLASS
    if _S3_CLASS is None:
        import s3fs

        class StoreS3FileSystem(s3fs.S3FileSystem):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._immutable_info: dict[str, dict] = {}

            async def _info(self, path: str, bucket: Any = None, key: Any = None, refresh: bool = False,
                            version_id: Any = None) -> dict:
                name = self._strip_protocol(path)
                if refresh or version_id is not None or "/manifest/" in f"/{name}" \
                        or name.endswith("sources.json"):
                    return await super()._info(path, bucket, key, refresh=refresh, version_id=version_id)
                hit = self._immutable_info.get(name)
                if hit is None:
                    hit = await super()._info(path, bucket, key)
                    if len(self._immutable_info) >= INFO_CACHE_ENTRIES:
                        self._immutable_info.clear()
                    self._immutable_info[name] = hit
                return hit

        _S3_CLASS = StoreS3FileSystem
    return _S3_CLASS


class ObjectFiles:
    """A store under ``s3://bucket/prefix`` on any S3-compatible server."""

    remote = True

    def __init__(self, url: str, *, endpoint_url: str = "", region: str = "", access_key_id: str = "",
                 secret_access_key: str = "", session_token: str = "", poll_seconds: float = 1.0,
                 conditional_writes: bool = True, redis_url: str = "", lock_prefix: str = "volland") -> None:
        self.bucket, self.prefix = parse_object_url(url)
        self.url = f"s3://{self.bucket}/{self.prefix}".rstrip("/")
        self.poll_seconds = poll_seconds
        self.conditional_writes = conditional_writes
        self.redis_url = redis_url
        self.lock_name = f"{lock_prefix}:store-writer:{self.url}"
        client: dict[str, Any] = {}
        if region:
            client["region_name"] = region
        # Empty credentials: botocore's own chain (environment, shared files, instance role).
        self.fs = _s3_filesystem_class()(key=access_key_id or None, secret=secret_access_key or None,
                                    token=session_token or None, endpoint_url=endpoint_url or None,
                                    client_kwargs=client, use_listings_cache=False)
        self.config_key = (endpoint_url, region, access_key_id)
        self._poll_lock = threading.Lock()
        self._polled: tuple[float, tuple] | None = None

    # ------------------------------------------------------------ paths
    def key(self, rel: str) -> str:
        return f"{self.prefix}/{rel}" if self.prefix else rel

    def path(self, rel: str) -> str:
        """``bucket/key`` (the form s3fs and pyarrow take with an explicit filesystem)."""
        return f"{self.bucket}/{self.key(rel)}"

    def full(self, rel: str) -> str:
        return f"s3://{self.path(rel)}"

    @property
    def arrow_fs(self):
        return self.fs

    # ------------------------------------------------------------ objects
    def exists(self, rel: str) -> bool:
        return bool(self.fs.exists(self.path(rel)))

    def read_bytes(self, rel: str) -> bytes | None:
        try:
            return self.fs.cat_file(self.path(rel))
        except FileNotFoundError:
            return None

    def write_bytes(self, rel: str, data: bytes, *, create_only: bool = False) -> None:
        """One PUT; with ``create_only`` the server refuses to replace an existing object
        (``FileExistsError``)."""
        self.fs.pipe_file(self.path(rel), data, mode="create" if create_only else "overwrite")

    def delete(self, rel: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.fs.rm_file(self.path(rel))

    def delete_many(self, rels: list[str]) -> None:
        if rels:
            self.fs.rm([self.path(r) for r in rels])

    def listing(self, prefix: str, start_after: str = "") -> Iterator[tuple[str, datetime]]:
        """(relative path, last modified) of every object under ``prefix``, uncached."""
        token = None
        base = self.key("")
        while True:
            kw: dict[str, Any] = {"Bucket": self.bucket, "Prefix": self.key(prefix)}
            if start_after:
                kw["StartAfter"] = self.key(start_after)
            if token:
                kw["ContinuationToken"] = token
            page = self.fs.call_s3("list_objects_v2", **kw)
            for obj in page.get("Contents", []):
                yield obj["Key"][len(base):], obj["LastModified"]
            token = page.get("NextContinuationToken")
            if not page.get("IsTruncated") or not token:
                return

    def abort_stale_uploads(self, cutoff: datetime) -> int:
        """Abort multipart uploads started before ``cutoff`` (a writer killed mid-upload leaves them;
        they are invisible to readers but the server keeps their parts)."""
        page = self.fs.call_s3("list_multipart_uploads", Bucket=self.bucket, Prefix=self.key(""))
        n = 0
        for up in page.get("Uploads", []):
            if up["Initiated"] <= cutoff:
                with contextlib.suppress(Exception):
                    self.fs.call_s3("abort_multipart_upload", Bucket=self.bucket, Key=up["Key"],
                                    UploadId=up["UploadId"])
                    n += 1
        return n

    # ------------------------------------------------------------ manifest
    @contextlib.contextmanager
    def writer_lock(self) -> Iterator[None]:
        if self.conditional_writes:
            # No lock: the conditional PUT of the next manifest commit refuses a concurrent writer.
            yield
            return
        # A server without conditional writes: writers take turns through a lock in Redis, renewed
        # while held (a killed writer's lock expires after LOCK_SECONDS).
        from volland.redis_client import redis_client

        client = redis_client(self.redis_url, "lock")
        lock = client.lock(self.lock_name, timeout=LOCK_SECONDS, blocking_timeout=None)
        lock.acquire()
        stop = threading.Event()

        def renew() -> None:
            while not stop.wait(LOCK_SECONDS / 3):
                with contextlib.suppress(Exception):
                    lock.extend(LOCK_SECONDS, replace_ttl=True)

        keeper = threading.Thread(target=renew, name="store-writer-lock", daemon=True)
        keeper.start()
        try:
            yield
        finally:
            stop.set()
            keeper.join()
            with contextlib.suppress(Exception):
                lock.release()

    def manifest_commits(self, start_after: str = "") -> list[tuple[str, datetime]]:
        return [(rel, ts) for rel, ts in self.listing(MANIFEST_PREFIX, start_after)
                if rel.endswith(".json")]

    def _latest_manifest_rel(self) -> str | None:
        commits = self.manifest_commits()
        return commits[-1][0] if commits else None

    def read_manifest(self) -> dict[str, Any] | None:
        rel = self._latest_manifest_rel()
        if rel is None:
            return None
        raw = self.read_bytes(rel)
        # A commit deleted between the listing and the read was superseded: read the newer one.
        return json.loads(raw) if raw is not None else self.read_manifest()

    def manifest_key(self) -> tuple:
        """The latest commit's key, listed at most once per ``poll_seconds`` (a listing is a request)."""
        now = time.monotonic()
        polled = self._polled
        if polled is not None and now - polled[0] < self.poll_seconds:
            return polled[1]
        with self._poll_lock:
            after = polled[1][0] if polled is not None and polled[1][0] else ""
            newer = self.manifest_commits(start_after=after) if after else self.manifest_commits()
            key = (newer[-1][0],) if newer else ((after,) if after else ("missing",))
            self._polled = (time.monotonic(), key)
            return key

    def publish_manifest(self, manifest: dict[str, Any]) -> None:
        commit = int(manifest.get("commit", 0)) + 1
        manifest["commit"] = commit
        body = json.dumps(manifest, separators=(",", ":")).encode()
        rel = f"{MANIFEST_PREFIX}{commit:0{COMMIT_DIGITS}d}.json"
        try:
            if not self.conditional_writes and self.exists(rel):
                # Under the Redis lock, a commit already there was written by a writer without it.
                raise FileExistsError(rel)
            self.write_bytes(rel, body, create_only=self.conditional_writes)
        except FileExistsError:
            manifest["commit"] = commit - 1
            raise ManifestConflict(
                f"another writer published manifest commit {commit} of {self.url} first; "
                "nothing of this change was published") from None

    # ------------------------------------------------------------ Parquet
    def write_table(self, rel: str, table: pa.Table, **options: Any) -> None:
        if not self.conditional_writes and self.exists(rel):
            raise FileExistsError(rel)
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, **options)
        self.write_bytes(rel, sink.getvalue().to_pybytes(), create_only=self.conditional_writes)


def open_files(root: str | os.PathLike[str] | None = None) -> LocalFiles | ObjectFiles:
    """The store's files for ``root`` (default: ``VOLLAND_STORE_ROOT`` or ``<var>/store``)."""
    from volland.settings import get_settings

    s = get_settings()
    raw = str(root) if root is not None else str(s.store_path)
    if raw.startswith("file://"):
        raw = raw[len("file://"):]
    if is_object_url(raw):
        return _object_files(raw, s)
    if "://" in raw:
        raise ValueError(f"Store root {raw!r} is not a local folder or an s3:// URL.")
    return LocalFiles(Path(raw))


_OBJECT_CACHE: dict[tuple, ObjectFiles] = {}
_OBJECT_LOCK = threading.Lock()


def _object_files(url: str, s) -> ObjectFiles:
    # One handle per root and configuration, so the manifest poll and the s3fs session are shared.
    key = (url, s.store_endpoint_url, s.store_region, s.store_access_key_id, s.store_secret_access_key,
           s.store_session_token, s.store_poll_seconds, s.store_conditional_writes, s.redis_url, s.jobs_prefix)
    with _OBJECT_LOCK:
        hit = _OBJECT_CACHE.get(key)
        if hit is None:
            hit = ObjectFiles(url, endpoint_url=s.store_endpoint_url, region=s.store_region,
                              access_key_id=s.store_access_key_id, secret_access_key=s.store_secret_access_key,
                              session_token=s.store_session_token, poll_seconds=s.store_poll_seconds,
                              conditional_writes=s.store_conditional_writes, redis_url=s.redis_url,
                              lock_prefix=s.jobs_prefix)
            _OBJECT_CACHE[key] = hit
        return hit

"""A local stand-in for Databento's live subscription gateway (the Raw API), for tests and the offline demo.

It speaks the wire protocol the vendor's own client (``databento.Live``) speaks, read from that
package's ``live/gateway.py`` and ``live/protocol.py``:

1. on connection the gateway sends ``lsg_version=…\\n`` and a CRAM challenge ``cram=<token>\\n``;
2. the client answers ``auth=<sha256("<token>|<key>")>-<last 5 characters of the key>|dataset=…|
   encoding=dbn|ts_out=0|compression=none|heartbeat_interval_s=…|client=…\\n``; a wrong answer gets
   ``success=0|error=…\\n`` and the connection is closed, a right one ``success=1|session_id=…\\n``;
3. the client sends one line per subscription (``schema=…|stype_in=…|symbols=…|start=…|…``), then
   ``start_session=0\\n``;
4. the gateway sends the DBN stream: the metadata header, then the records.

What it replays is a recording (decoded ``databento-dbn`` records, in the order given). Definitions and
statistics are always sent first (the morning's); the other records are filtered by the subscribed
schemas, by parent symbol (``SPY.OPT``: the OSI root of the instrument's definition) and by ``start``
(records with ``ts_event`` at or after it; a start older than ``replay_horizon_ns`` is served from the
horizon, and the metadata's ``start`` says so). With a heartbeat interval asked for, an idle connection
gets heartbeat system records.

Scripted faults, per connection number (0 for the first): ``drop_after`` closes the connection after
that many records, ``silent_after`` stops sending (no heartbeat either) after that many records while
keeping the connection open. Duplicates, out-of-order and late records are in the recording itself.
"""

from __future__ import annotations

import hashlib
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field

OPRA = "OPRA.PILLAR"
SCHEMA_OF_RTYPE = {"instrument-def": "definition", "statistics": "statistics", "tcbbo": "tcbbo",
                   "mbp-1": "mbp-1", "cmbp-1": "cmbp-1", "cbbo-1s": "cbbo-1s", "cbbo-1m": "cbbo-1m"}


def cram_reply(challenge: str, key: str) -> str:
    """The answer a client with ``key`` owes to ``challenge``."""
    return hashlib.sha256(f"{challenge}|{key}".encode()).hexdigest() + "-" + key[-5:]


def _fields(line: str) -> dict[str, str]:
    return {k: v for k, _, v in (t.partition("=") for t in line.strip().split("|"))}


@dataclass
class Session:
    """What one connection asked for and got (the tests read it)."""

    number: int
    authenticated: bool = False
    auth: dict = field(default_factory=dict)
    subscriptions: list[dict] = field(default_factory=list)
    started: bool = False
    sent: int = 0
    heartbeats: int = 0
    start: int | None = None
    served_from: int | None = None


class DatabentoGateway:
    """A threaded TCP server on ``host:port`` (``port=0``: a free one, see ``.port``)."""

    def __init__(self, records: list, *, key: str, dataset: str = OPRA, host: str = "127.0.0.1", port: int = 0,
                 drop_after: dict[int, int] | None = None, silent_after: dict[int, int] | None = None,
                 replay_horizon_ns: int | None = None, chunk_records: int = 256, hold_open: bool = False) -> None:
        import databento_dbn as dbn

        self.records = list(records)
        self.key = key
        self.dataset = dataset
        self.drop_after = drop_after or {}
        self.silent_after = silent_after or {}
        self.replay_horizon_ns = replay_horizon_ns
        self.chunk_records = chunk_records
        self.hold_open = hold_open
        self.sessions: list[Session] = []
        self._roots: dict[int, str] = {}
        for r in self.records:
            if str(r.rtype) == "instrument-def":
                self._roots[int(r.instrument_id)] = str(r.raw_symbol)[:6].strip()
        self._dbn = dbn
        self._sock = socket.create_server((host, port))
        self.host, self.port = self._sock.getsockname()[:2]
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    # ------------------------------------------------------------ lifecycle

    def start(self) -> DatabentoGateway:
        t = threading.Thread(target=self._accept, name="databento-standin", daemon=True)
        t.start()
        self._threads.append(t)
        return self

    def stop(self) -> None:
        self._stop.set()
        try:
            self._sock.close()
        except OSError:
            pass
        for t in self._threads:
            t.join(timeout=5)

    def __enter__(self) -> DatabentoGateway:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _accept(self) -> None:
        self._sock.settimeout(0.2)
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                session = Session(len(self.sessions))
                self.sessions.append(session)
            t = threading.Thread(target=self._serve, args=(conn, session), daemon=True)
            t.start()
            self._threads.append(t)

    # ------------------------------------------------------------ one connection

    def _serve(self, conn: socket.socket, session: Session) -> None:
        try:
            with conn:
                conn.settimeout(10)
                reader = conn.makefile("rb")
                challenge = secrets.token_urlsafe(24)
                conn.sendall(b"lsg_version=0.0.0-standin\n" + f"cram={challenge}\n".encode())
                auth = _fields(reader.readline().decode())
                session.auth = auth
                if auth.get("auth") != cram_reply(challenge, self.key) or auth.get("dataset") != self.dataset:
                    why = "Unknown dataset." if auth.get("dataset") != self.dataset else "Authentication failed."
                    conn.sendall(f"success=0|error={why}\n".encode())
                    return
                session.authenticated = True
                conn.sendall(f"success=1|session_id={1000 + session.number}\n".encode())
                while True:
                    line = reader.readline().decode()
                    if not line:
                        return
                    f = _fields(line)
                    if "start_session" in f:
                        break
                    session.subscriptions.append(f)
                session.started = True
                self._stream(conn, session, int(auth.get("heartbeat_interval_s") or 0))
        except OSError:
            return

    def _wanted(self, session: Session):
        schemas = {s["schema"] for s in session.subscriptions}
        parents = set()
        for s in session.subscriptions:
            parents.update(p.strip() for p in s.get("symbols", "").split(",") if p.strip())
        starts = [int(s["start"]) for s in session.subscriptions if s.get("start") not in (None, "")]
        start = min(starts) if starts else None
        session.start = start
        served = start
        if start is not None and self.replay_horizon_ns is not None and start < self.replay_horizon_ns:
            served = self.replay_horizon_ns
        session.served_from = served
        all_symbols = "ALL_SYMBOLS" in parents
        head, body = [], []
        for r in self.records:
            schema = SCHEMA_OF_RTYPE.get(str(r.rtype))
            if schema not in schemas:
                continue
            root = self._roots.get(int(r.instrument_id))
            if not all_symbols and f"{root}.OPT" not in parents:
                continue
            if schema in ("definition", "statistics"):
                head.append(r)
            elif served is None or int(r.ts_event) >= served:
                body.append(r)
        return schemas, sorted(parents), served, head + body

    def _stream(self, conn: socket.socket, session: Session, heartbeat_s: int) -> None:
        dbn = self._dbn
        schemas, parents, served, recs = self._wanted(session)
        schema = dbn.Schema.from_str(next(iter(schemas))) if len(schemas) == 1 else None
        meta = dbn.Metadata(self.dataset, served or 0, dbn.SType.PARENT, dbn.SType.INSTRUMENT_ID, schema,
                            symbols=parents)
        conn.sendall(bytes(meta))
        drop = self.drop_after.get(session.number)
        silent = self.silent_after.get(session.number)
        buf, n = [], 0
        for r in recs:
            if self._stop.is_set():
                return
            if drop is not None and n >= drop:
                conn.sendall(b"".join(buf))
                session.sent = n
                conn.shutdown(socket.SHUT_RDWR)   # the connection drops mid-session
                return
            if silent is not None and n >= silent:
                conn.sendall(b"".join(buf))
                session.sent = n
                while not self._stop.is_set():     # open, but nothing more: not even a heartbeat
                    if self._closed_by_peer(conn, 0.2):
                        return
                return
            buf.append(bytes(r))
            n += 1
            if len(buf) >= self.chunk_records:
                conn.sendall(b"".join(buf))
                buf = []
        if buf:
            conn.sendall(b"".join(buf))
        session.sent = n
        if not self.hold_open:
            return
        last = time.monotonic()
        while not self._stop.is_set():
            if self._closed_by_peer(conn, 0.2):
                return
            if heartbeat_s and time.monotonic() - last >= heartbeat_s:
                hb = dbn.SystemMsg(ts_event=time.time_ns(), msg="Heartbeat", code=dbn.SystemCode.HEARTBEAT)
                conn.sendall(bytes(hb))
                session.heartbeats += 1
                last = time.monotonic()

    @staticmethod
    def _closed_by_peer(conn: socket.socket, wait: float) -> bool:
        conn.settimeout(wait)
        try:
            data = conn.recv(4096)
        except TimeoutError:
            return False
        except OSError:
            return True
        return data == b""


__all__ = ["DatabentoGateway", "Session", "cram_reply", "OPRA", "main"]


def main(argv: list[str] | None = None) -> int:
    """Serve a recording of the synthetic market for an offline trial of ``VOLLAND_SOURCE=databento-live``:
    ``python -m data.sources.standins.databento_gateway --day 2025-11-21 --tickers SPY --port 13000``, then
    start Volland with ``VOLLAND_DATABENTO_GATEWAY=127.0.0.1 VOLLAND_DATABENTO_PORT=13000
    VOLLAND_DATABENTO_KEY=<the --key given>``."""
    import argparse
    from datetime import date, datetime

    from data.sources import samples
    from domain import market_calendar as cal

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--day", default="2025-11-21", help="the session recorded (New York date)")
    ap.add_argument("--until", default=None, help="record up to this New York time (HH:MM; default the close)")
    ap.add_argument("--tickers", default="SPY", help="comma-separated tickers")
    ap.add_argument("--port", type=int, default=13000)
    ap.add_argument("--key", default="db-standin-key-0000000000000ABCDE")
    args = ap.parse_args(argv)
    day = date.fromisoformat(args.day)
    if cal.session(day) is None:
        print(f"{day.isoformat()} has no session on the exchange calendar.")
        return 2
    until = None
    if args.until:
        until = datetime.combine(day, datetime.strptime(args.until, "%H:%M").time(), tzinfo=cal.NY)
    tickers = [t.strip().upper() for t in args.tickers.split(",") if t.strip()]
    mkt = samples.market(7, tickers)
    prints, _quotes, oi = samples.day_flow(mkt, tickers, day, until=until)
    recs = samples.opra_records(prints, oi)
    recording = [*recs["definition"], *recs["statistics"], *recs["tcbbo"]]
    gw = DatabentoGateway(recording, key=args.key, port=args.port, hold_open=True).start()
    print(f"Databento gateway stand-in on {gw.host}:{gw.port}: {len(recs['tcbbo']):,} prints of "
          f"{', '.join(tickers)} on {day.isoformat()}; key {args.key}. Stop with Ctrl-C.", flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        gw.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Local stand-ins for Massive's options feed: the WebSocket stream and the few REST calls, for tests and the
offline demo.

Both speak what the vendor's own client (the ``massive`` package) speaks, read from that package's
``websocket/__init__.py`` and ``rest/``:

**WebSocket** (``ws://host:port/options``; the client's URL is ``ws[s]://<feed host>/<market>``). Every
message is a JSON array:

1. on connection the server sends ``[{"ev": "status", "status": "connected", ...}]``;
2. the client sends ``{"action": "auth", "params": "<key>"}``; a wrong key gets ``status`` ``auth_failed``
   and the connection is closed, the right one ``auth_success``;
3. the client sends ``{"action": "subscribe", "params": "T.O:SPY251121C00680000,Q.O:…"}`` (``T`` trades,
   ``Q`` quotes, one topic per contract, or ``T.*``); each topic is answered with a ``success`` status;
4. the server sends event arrays: trades ``{"ev": "T", "sym", "x", "p", "s", "c": [conditions], "t": SIP
   time in Unix milliseconds, "q": sequence number}`` and quotes ``{"ev": "Q", "sym", "bx", "bp", "bs",
   "ax", "ap", "as", "t", "q"}``.

What it streams is a recording (event dicts, in the order given: duplicates, out-of-order and late
events are in the recording itself), filtered by the subscribed topics. A live feed has no replay: each
connection starts where the previous one stopped, or at ``start_at[n]`` (the event index where
connection ``n``, 0 for the first, starts: what lies between was missed). Scripted faults per
connection: ``drop_after`` aborts the connection (no close frame) after that many events,
``silent_after`` stops sending (the connection stays open and answers pings) after that many events.
At the end of the recording the connection is closed normally (``hold_open``: kept open, silent).

**REST** (``http://host:port``, the client's ``base``; ``Authorization: Bearer <key>``, else 401):

* ``GET /v3/snapshot/options/{underlying}``: every contract of the underlying with its ``details``
  (``ticker``, ``contract_type``, ``expiration_date``, ``strike_price``) and ``open_interest``;
* ``GET /v3/trades/{options ticker}`` and ``GET /v3/quotes/{options ticker}`` with ``timestamp.gte``,
  ``.gt``, ``.lte``, ``.lt`` (nanoseconds), ``limit``, ``order``: the history, in ``sip_timestamp``
  order, paginated with ``next_url``.

The history is the recording without its duplicates, in time order (what the vendor stores), or the
``history`` given. ``history_error`` (status, message) makes every trades/quotes call fail (a plan that
does not include the history, an outage), so a gap cannot be filled.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from data.sources.cboe_delayed import ROOT_ALIASES

def split_occ(symbol: str) -> tuple[str, str, date, float, str] | None:
    """(root, underlying, expiration, strike, right) of an OCC options ticker ``O:SPY251121C00680000``."""
    s = symbol[2:] if symbol.startswith("O:") else symbol
    if len(s) < 16:
        return None
    root, ymd, right, strike = s[:-15], s[-15:-9], s[-9], s[-8:]
    if right not in "CP" or not ymd.isdigit() or not strike.isdigit():
        return None
    try:
        exp = date(2000 + int(ymd[:2]), int(ymd[2:4]), int(ymd[4:]))
    except ValueError:
        return None
    return root, ROOT_ALIASES.get(root, root), exp, int(strike) / 1000.0, right


def _identity(ev: dict) -> tuple:
    if ev["ev"] == "T":
        return ("T", ev["sym"], ev["t"], ev.get("q"), ev["p"], ev["s"])
    return ("Q", ev["sym"], ev["t"], ev.get("q"), ev.get("bp"), ev.get("ap"))


def clean_history(events: list[dict]) -> list[dict]:
    """The recording as the vendor stores it: each event once, in (time, sequence) order."""
    seen, out = set(), []
    for ev in events:
        if ev.get("ev") not in ("T", "Q"):
            continue
        k = _identity(ev)
        if k not in seen:
            seen.add(k)
            out.append(ev)
    return sorted(out, key=lambda e: (e["t"], e.get("q") or 0))


def save_recording(path, events: list[dict], open_interest: dict[str, int]) -> None:
    """A recording as a file: one JSON document per line, the open interest first (``{"ev": "OI", "oi":
    {ticker: contracts}}``), then the events in the order they are sent."""
    from pathlib import Path

    with Path(path).open("w", encoding="utf-8") as fh:
        fh.write(json.dumps({"ev": "OI", "oi": open_interest}) + "\n")
        for ev in events:
            fh.write(json.dumps(ev) + "\n")


def load_recording(path) -> tuple[list[dict], dict[str, int]]:
    """The events and the open interest of a recording written by ``save_recording``."""
    from pathlib import Path

    events, oi = [], {}
    with Path(path).open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            if doc.get("ev") == "OI":
                oi.update(doc["oi"])
            else:
                events.append(doc)
    return events, oi


@dataclass
class WsSession:
    """What one WebSocket connection asked for and got (the tests read it)."""

    number: int
    authenticated: bool = False
    subscriptions: list[str] = field(default_factory=list)
    first: int | None = None       # index of the first recording event considered
    sent: int = 0


class MassiveStandin:
    """The WebSocket server and the REST server on 127.0.0.1 (port 0: a free one, see ``.ws_port``,
    ``.rest_port``)."""

    def __init__(self, events: list[dict], *, key: str, open_interest: dict[str, int] | None = None,
                 history: list[dict] | None = None, start_at: dict[int, int] | None = None,
                 drop_after: dict[int, int] | None = None, silent_after: dict[int, int] | None = None,
                 history_error: tuple[int, str] | None = None, hold_open: bool = False, batch_events: int = 200,
                 page_limit: int = 1000, host: str = "127.0.0.1", ws_port: int = 0,
                 rest_port: int = 0) -> None:
        self.events = list(events)
        self.key = key
        self.open_interest = dict(open_interest or {})
        self.history = clean_history(self.events) if history is None else list(history)
        self.start_at = start_at or {}
        self.drop_after = drop_after or {}
        self.silent_after = silent_after or {}
        self.history_error = history_error
        self.hold_open = hold_open
        self.batch_events = batch_events
        self.page_limit = page_limit
        self.host = host
        self.sessions: list[WsSession] = []
        self.requests: list[tuple[str, dict]] = []
        self.cursor = 0
        self._by_symbol: dict[str, list[dict]] = {}
        for ev in self.history:
            self._by_symbol.setdefault(ev["sym"], []).append(ev)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ws_server = None
        self._http: ThreadingHTTPServer | None = None
        self.ws_port = ws_port
        self.rest_port = rest_port

    # ------------------------------------------------------------ addresses

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.ws_port}"

    @property
    def rest_url(self) -> str:
        return f"http://{self.host}:{self.rest_port}"

    # ------------------------------------------------------------ WebSocket

    async def _handle(self, ws) -> None:
        sess = WsSession(len(self.sessions))
        self.sessions.append(sess)
        n = sess.number
        await ws.send(json.dumps([{"ev": "status", "status": "connected", "message": "Connected Successfully"}]))
        try:
            msg = json.loads(await ws.recv())
        except Exception:   # the client went away
            return
        if msg.get("action") != "auth" or msg.get("params") != self.key:
            await ws.send(json.dumps([{"ev": "status", "status": "auth_failed",
                                       "message": "authentication failed"}]))
            await ws.close()
            return
        sess.authenticated = True
        await ws.send(json.dumps([{"ev": "status", "status": "auth_success", "message": "authenticated"}]))
        try:
            msg = json.loads(await ws.recv())
        except Exception:
            return
        if msg.get("action") != "subscribe":
            await ws.close()
            return
        topics = [t.strip() for t in str(msg.get("params", "")).split(",") if t.strip()]
        sess.subscriptions = topics
        await ws.send(json.dumps([{"ev": "status", "status": "success", "message": f"subscribed to: {t}"}
                                  for t in topics]))
        everything = {t.split(".", 1)[0] for t in topics if t.endswith(".*")}
        wanted = set(topics)
        i = self.start_at.get(n, self.cursor)
        sess.first = i
        drop, silent = self.drop_after.get(n), self.silent_after.get(n)
        batch: list[dict] = []
        while i < len(self.events):
            limit = min(x for x in (drop, silent, 10**18) if x is not None)
            if sess.sent >= limit:
                break
            ev = self.events[i]
            i += 1
            self.cursor = i
            if ev["ev"] != "status" and ev["ev"] not in everything and f"{ev['ev']}.{ev['sym']}" not in wanted:
                continue
            batch.append(ev)
            sess.sent += 1
            if len(batch) >= self.batch_events or sess.sent >= limit:
                await ws.send(json.dumps(batch))
                batch = []
                await asyncio.sleep(0)
        if batch:
            await ws.send(json.dumps(batch))
        if drop is not None and sess.sent >= drop:
            ws.transport.abort()          # a dropped connection: no close frame
            return
        if (silent is not None and sess.sent >= silent) or self.hold_open:
            await ws.wait_closed()
            return
        await ws.close()

    # ------------------------------------------------------------ REST

    def _snapshot(self, underlying: str) -> list[dict]:
        symbols = set(self.open_interest) | set(self._by_symbol)
        out = []
        for sym in sorted(symbols):
            parts = split_occ(sym)
            if parts is None or parts[1] != underlying:
                continue
            _root, und, exp, strike, right = parts
            out.append({"details": {"ticker": sym, "contract_type": "call" if right == "C" else "put",
                                    "exercise_style": "european" if und in ("SPX", "NDX", "RUT", "VIX")
                                    else "american", "expiration_date": exp.isoformat(),
                                    "shares_per_contract": 100, "strike_price": strike},
                        "open_interest": self.open_interest.get(sym, 0),
                        "underlying_asset": {"ticker": underlying}})
        return out

    def _history(self, kind: str, sym: str, q: dict) -> list[dict]:
        def bound(name):
            v = q.get(f"timestamp.{name}")
            return int(v) if v is not None else None

        gte, gt, lte, lt = bound("gte"), bound("gt"), bound("lte"), bound("lt")
        out = []
        for ev in self._by_symbol.get(sym, ()):
            if ev["ev"] != kind:
                continue
            ns = int(ev["t"]) * 1_000_000
            if (gte is not None and ns < gte) or (gt is not None and ns <= gt) or \
                    (lte is not None and ns > lte) or (lt is not None and ns >= lt):
                continue
            if kind == "T":
                out.append({"conditions": ev.get("c") or [], "exchange": ev.get("x"), "price": ev["p"],
                            "sequence_number": ev.get("q"), "sip_timestamp": ns, "participant_timestamp": ns - 500,
                            "size": ev["s"]})
            else:
                out.append({"ask_exchange": ev.get("ax"), "ask_price": ev.get("ap"), "ask_size": ev.get("as"),
                            "bid_exchange": ev.get("bx"), "bid_price": ev.get("bp"), "bid_size": ev.get("bs"),
                            "sequence_number": ev.get("q"), "sip_timestamp": ns, "participant_timestamp": ns - 500})
        if q.get("order") == "desc":
            out.reverse()
        return out

    def _make_handler(self):
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):   # quiet
                pass

            def _send(self, status: int, doc: dict) -> None:
                body = json.dumps(doc).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):   # noqa: N802 - the server's interface
                url = urlparse(self.path)
                q = {k: v[-1] for k, v in parse_qs(url.query).items()}
                standin.requests.append((url.path, q))
                if self.headers.get("Authorization") != f"Bearer {standin.key}":
                    self._send(401, {"status": "ERROR", "request_id": "standin", "error": "Unknown API Key"})
                    return
                parts = url.path.strip("/").split("/")
                if len(parts) == 4 and parts[:3] == ["v3", "snapshot", "options"]:
                    rows = standin._snapshot(parts[3].removeprefix("I:"))
                elif len(parts) == 3 and parts[0] == "v3" and parts[1] in ("trades", "quotes"):
                    if standin.history_error is not None:
                        status, message = standin.history_error
                        self._send(status, {"status": "NOT_AUTHORIZED" if status == 403 else "ERROR",
                                            "request_id": "standin", "message": message})
                        return
                    rows = standin._history("T" if parts[1] == "trades" else "Q", parts[2], q)
                else:
                    self._send(404, {"status": "NOT_FOUND", "request_id": "standin", "message": "Not found"})
                    return
                limit = min(int(q.get("limit", standin.page_limit)), standin.page_limit)
                start = int(q.get("cursor", 0))
                page = rows[start:start + limit]
                doc = {"status": "OK", "request_id": "standin", "results": page}
                if start + limit < len(rows):
                    rest = {k: v for k, v in q.items() if k != "cursor"}
                    query = "&".join(f"{k}={v}" for k, v in {**rest, "cursor": start + limit}.items())
                    doc["next_url"] = f"{standin.rest_url}{url.path}?{query}"
                self._send(200, doc)

        return Handler

    # ------------------------------------------------------------ lifecycle

    def start(self) -> MassiveStandin:
        from websockets.asyncio.server import serve

        ready = threading.Event()

        async def main():
            self._ws_server = await serve(self._handle, self.host, self.ws_port, ping_interval=None)
            self.ws_port = self._ws_server.sockets[0].getsockname()[1]
            ready.set()
            await self._ws_server.serve_forever()

        def run():
            self._loop = asyncio.new_event_loop()
            try:
                self._loop.run_until_complete(main())
            except asyncio.CancelledError:
                pass
            finally:
                self._loop.close()

        self._thread = threading.Thread(target=run, name="massive-ws-standin", daemon=True)
        self._thread.start()
        ready.wait(10)
        self._http = ThreadingHTTPServer((self.host, self.rest_port), self._make_handler())
        self._http.daemon_threads = True
        self.rest_port = self._http.server_address[1]
        threading.Thread(target=self._http.serve_forever, name="massive-rest-standin", daemon=True).start()
        return self

    def stop(self) -> None:
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
        if self._loop is not None and self._ws_server is not None:
            self._loop.call_soon_threadsafe(self._ws_server.close)
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> MassiveStandin:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


__all__ = ["MassiveStandin", "WsSession", "clean_history", "split_occ", "save_recording", "load_recording",
           "main"]


def main(argv: list[str] | None = None) -> int:
    """Serve a recording of the synthetic market for an offline trial of ``VOLLAND_SOURCE=massive-live``:
    ``python -m data.sources.standins.massive_ws --day 2025-11-21 --tickers SPY --ws-port 8765 --rest-port
    8766``, then start Volland with ``VOLLAND_MASSIVE_WS_URL=ws://127.0.0.1:8765
    VOLLAND_MASSIVE_REST_URL=http://127.0.0.1:8766 VOLLAND_MASSIVE_KEY=<the --key given>``."""
    import argparse
    import time
    from datetime import datetime

    from data.sources import samples
    from domain import market_calendar as cal

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--day", default="2025-11-21", help="the session recorded (New York date)")
    ap.add_argument("--until", default=None,
                    help="record up to this New York time (HH:MM; default the close)")
    ap.add_argument("--tickers", default="SPY", help="comma-separated tickers")
    ap.add_argument("--ws-port", type=int, default=8765)
    ap.add_argument("--rest-port", type=int, default=8766)
    ap.add_argument("--key", default="ms-standin-key-0000000000ABCDE")
    args = ap.parse_args(argv)
    day = date.fromisoformat(args.day)
    if cal.session(day) is None:
        print(f"{day.isoformat()} has no session on the exchange calendar.")
        return 2
    until = None
    if args.until:
        until = datetime.combine(day, datetime.strptime(args.until, "%H:%M").time(), tzinfo=cal.NY)
    tickers = [t.strip().upper() for t in args.tickers.split(",") if t.strip()]
    prints, quotes, oi = samples.day_flow(samples.market(7, tickers), tickers, day, until=until)
    events, open_interest = samples.massive_events(prints, quotes, oi)
    sd = MassiveStandin(events, key=args.key, open_interest=open_interest, hold_open=True,
                        ws_port=args.ws_port, rest_port=args.rest_port).start()
    print(f"Massive stand-in: WebSocket {sd.ws_url}, REST {sd.rest_url}: {prints.height:,} prints and "
          f"{quotes.height:,} quotes of {', '.join(tickers)} on {day.isoformat()}; key {args.key}. "
          "Stop with Ctrl-C.", flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        sd.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env bash
# A second backend for the browser tests, fed by the live trade feed instead of the demo store: a fresh
# VOLLAND_VAR_DIR, the feed spec's user, the Databento gateway stand-in replaying a recorded morning of SPY
# (the synthetic market written as OPRA DBN records), `volland feed`'s consumer streaming it through the real
# `databento.Live` client into the store until 11:58 of the recording (which runs to 12:00), then `volland serve` on that store.
#   usage: e2e/feed-server.sh PORT
set -euo pipefail

PORT="${1:-8766}"
WEB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$WEB_DIR/.." && pwd)"
PY="$ROOT/.venv/bin/python"
VOLLAND="$ROOT/.venv/bin/volland"
[ -x "$VOLLAND" ] || { echo "e2e: $VOLLAND is missing; run 'make install' first." >&2; exit 2; }

VAR_DIR="$(mktemp -d "${TMPDIR:-/tmp}/volland-e2e-feed-XXXXXX")"
GATEWAY_PID=""
cleanup() { [ -n "$GATEWAY_PID" ] && kill "$GATEWAY_PID" 2>/dev/null; rm -rf "$VAR_DIR"; }
trap cleanup EXIT

# The session recorded: the last one the exchange calendar closed before today.
DAY="$("$PY" -c 'from datetime import date, timedelta
from domain import market_calendar as cal
d = date.today() - timedelta(days=1)
while cal.session(d) is None: d -= timedelta(days=1)
print(d.isoformat())')"
GATEWAY_PORT=$((14000 + PORT % 1000))

export VOLLAND_VAR_DIR="$VAR_DIR"
export VOLLAND_DATABASE_URL="sqlite:///$VAR_DIR/volland.sqlite3"
export VOLLAND_STORE_ROOT="$VAR_DIR/store"
export VOLLAND_WEB_DIST="$WEB_DIR/dist"
export VOLLAND_PUBLIC_URL="http://127.0.0.1:$PORT"
export VOLLAND_SECRET_KEY="e2e-only-secret-key-0123456789abcdef-0123456789"
export VOLLAND_JOBS_PREFIX="volland-e2e-feed-$PORT-$$"
export VOLLAND_MAX_SESSIONS=1000
export VOLLAND_LOGIN_RATE_LIMIT="10000 per minute"
export VOLLAND_ARGON2_TIME_COST=1
export VOLLAND_ARGON2_MEMORY_KIB=1024
export VOLLAND_ARGON2_PARALLELISM=1
export VOLLAND_BILLING_PROVIDER=embedded
export VOLLAND_REPLAY_CLOCK=0
export VOLLAND_SOURCE=databento-live
export VOLLAND_SOURCE_TICKERS=SPY
export VOLLAND_DATABENTO_KEY="db-standin-key-0000000000000ABCDE"
export VOLLAND_DATABENTO_GATEWAY=127.0.0.1
export VOLLAND_DATABENTO_PORT="$GATEWAY_PORT"

"$VOLLAND" db upgrade >&2
# Keep in sync with e2e/users.ts (feed).
"$VOLLAND" users create --email feed@e2e.volland.test --password "E2e-password-1" --first-name Fen --tier live --exists-ok >&2

"$PY" -m data.sources.standins.databento_gateway --day "$DAY" --tickers SPY --until 12:00 --port "$GATEWAY_PORT" \
  --key "$VOLLAND_DATABENTO_KEY" >&2 &
GATEWAY_PID=$!
for _ in $(seq 1 120); do
  (echo > "/dev/tcp/127.0.0.1/$GATEWAY_PORT") 2>/dev/null && break
  sleep 0.5
done
echo "e2e: streaming SPY of $DAY from the gateway stand-in on port $GATEWAY_PORT" >&2
timeout 300 "$PY" -c "
from datetime import date, datetime, time
from domain import market_calendar as cal
from jobs import feed
feed.run(until=datetime.combine(date.fromisoformat('$DAY'), time(11, 58), tzinfo=cal.NY))
" >&2
kill "$GATEWAY_PID" 2>/dev/null || true
GATEWAY_PID=""

echo "e2e: serving the fed store on http://127.0.0.1:$PORT" >&2
"$VOLLAND" serve --host 127.0.0.1 --port "$PORT" --workers 1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; cleanup' EXIT INT TERM
wait "$SERVER_PID"

#!/usr/bin/env bash
# Starts the real backend for the browser tests: a fresh temporary VOLLAND_VAR_DIR, the account
# database migrated, the demo users of e2e/users.ts created, the tiny demo store built, and the
# production web build served by `volland serve` on the given port (Playwright's webServer runs this
# and stops it afterwards).
#   usage: e2e/server.sh PORT
set -euo pipefail

PORT="${1:-8765}"
WEB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$WEB_DIR/.." && pwd)"
VOLLAND="$ROOT/.venv/bin/volland"
[ -x "$VOLLAND" ] || { echo "e2e: $VOLLAND is missing; run 'make install' first." >&2; exit 2; }

VAR_DIR="$(mktemp -d "${TMPDIR:-/tmp}/volland-e2e-XXXXXX")"
cleanup() { rm -rf "$VAR_DIR"; }
trap cleanup EXIT

export VOLLAND_VAR_DIR="$VAR_DIR"
export VOLLAND_DATABASE_URL="sqlite:///$VAR_DIR/volland.sqlite3"
export VOLLAND_STORE_ROOT="$VAR_DIR/store"
export VOLLAND_WEB_DIST="$WEB_DIR/dist"
export VOLLAND_PUBLIC_URL="http://127.0.0.1:$PORT"
export VOLLAND_SECRET_KEY="e2e-only-secret-key-0123456789abcdef-0123456789"
export VOLLAND_JOBS_PREFIX="volland-e2e-$PORT-$$"
# Browser tests sign the same demo users in from several pages: lift the session cap and the
# per-minute limits that protect production, and keep password hashing cheap.
export VOLLAND_MAX_SESSIONS=1000
export VOLLAND_LOGIN_RATE_LIMIT="10000 per minute"
export VOLLAND_SIGNUP_RATE_LIMIT="10000 per minute"
export VOLLAND_RESET_RATE_LIMIT="10000 per minute"
export VOLLAND_CONTACT_RATE_LIMIT="10000 per minute"
export VOLLAND_ARGON2_TIME_COST=1
export VOLLAND_ARGON2_MEMORY_KIB=1024
export VOLLAND_ARGON2_PARALLELISM=1
# Plans are bought through the embedded provider's local checkout (test payments), chosen explicitly as
# `make run` does; without a choice and without a Stripe key nothing can be bought.
export VOLLAND_BILLING_PROVIDER=embedded
# Outside links are shown only when configured: the browser tests configure them (reserved .test names).
export VOLLAND_LINK_COMMUNITY="https://community.volland.test/join"
export VOLLAND_LINK_VIDEO="https://video.volland.test/channel"
export VOLLAND_LINK_NEWSLETTER="https://newsletter.volland.test/"
export VOLLAND_LINK_SOCIAL="https://social.volland.test/volland"
export VOLLAND_LINK_PARTNER="https://partner.volland.test/"
export VOLLAND_LINK_PARTNER_SECOND="https://charts.volland.test/"
export VOLLAND_LINK_PARTNER_SECOND_NAME="Charting partner"
export VOLLAND_SUPPORT_EMAIL="support@volland.test"

# The production build: rebuilt when missing or older than any source file (CI builds it beforehand).
if [ "${E2E_SKIP_BUILD:-0}" != "1" ]; then
  if [ ! -f "$WEB_DIR/dist/index.html" ] || [ -n "$(find "$WEB_DIR/src" "$WEB_DIR/index.html" "$WEB_DIR/vite.config.ts" -newer "$WEB_DIR/dist/index.html" -print -quit)" ]; then
    echo "e2e: building the web app" >&2
    (cd "$WEB_DIR" && npm run build --silent) >&2
  fi
fi

"$VOLLAND" db upgrade >&2

# Keep in sync with e2e/users.ts.
PASSWORD="E2e-password-1"
"$VOLLAND" users create --email live@e2e.volland.test --password "$PASSWORD" --first-name Lena --tier live --credits 100 --exists-ok >&2
"$VOLLAND" users create --email basic@e2e.volland.test --password "$PASSWORD" --first-name Bruno --tier basic --exists-ok >&2
"$VOLLAND" users create --email admin@e2e.volland.test --password "$PASSWORD" --first-name Ada --admin --tier live --exists-ok >&2
"$VOLLAND" users create --email nosub@e2e.volland.test --password "$PASSWORD" --first-name Nora --exists-ok >&2
"$VOLLAND" users create --email charts@e2e.volland.test --password "$PASSWORD" --first-name Chloe --tier live --exists-ok >&2
"$VOLLAND" users create --email charts-basic@e2e.volland.test --password "$PASSWORD" --first-name Carl --tier basic --exists-ok >&2
"$VOLLAND" users create --email surfaces@e2e.volland.test --password "$PASSWORD" --first-name Sofia --tier live --exists-ok >&2
"$VOLLAND" users create --email gallery@e2e.volland.test --password "$PASSWORD" --first-name Gus --tier live --exists-ok >&2
"$VOLLAND" users create --email learner@e2e.volland.test --password "$PASSWORD" --first-name Leo --tier live --exists-ok >&2
"$VOLLAND" users create --email student@e2e.volland.test --password "$PASSWORD" --first-name Stella --tier live --exists-ok >&2
"$VOLLAND" users create --email defects@e2e.volland.test --password "$PASSWORD" --first-name Dora --tier live --exists-ok >&2
# The freshness spec's subscribers, one per tier.
"$VOLLAND" users create --email fresh-live@e2e.volland.test --password "$PASSWORD" --first-name Lior --tier live --exists-ok >&2
"$VOLLAND" users create --email fresh-30@e2e.volland.test --password "$PASSWORD" --first-name Tamsin --tier 30 --exists-ok >&2
"$VOLLAND" users create --email fresh-3@e2e.volland.test --password "$PASSWORD" --first-name Trey --tier 3 --exists-ok >&2
"$VOLLAND" users create --email fresh-basic@e2e.volland.test --password "$PASSWORD" --first-name Bea --tier basic --exists-ok >&2
"$VOLLAND" users create --email explained@e2e.volland.test --password "$PASSWORD" --first-name Elsa --tier live --exists-ok >&2
"$VOLLAND" users create --email keylevels@e2e.volland.test --password "$PASSWORD" --first-name Kira --tier live --exists-ok >&2
"$VOLLAND" users create --email heatmap@e2e.volland.test --password "$PASSWORD" --first-name Hana --tier live --exists-ok >&2
"$VOLLAND" users create --email flow@e2e.volland.test --password "$PASSWORD" --first-name Flo --tier live --exists-ok >&2
"$VOLLAND" users create --email levels@e2e.volland.test --password "$PASSWORD" --first-name Paz --tier live --exists-ok >&2
# The phone spec's subscribers, one per tier.
"$VOLLAND" users create --email phone-live@e2e.volland.test --password "$PASSWORD" --first-name Pia --tier live --exists-ok >&2
"$VOLLAND" users create --email phone-30@e2e.volland.test --password "$PASSWORD" --first-name Paz --tier 30 --exists-ok >&2
"$VOLLAND" users create --email phone-3@e2e.volland.test --password "$PASSWORD" --first-name Pip --tier 3 --exists-ok >&2
"$VOLLAND" users create --email phone-basic@e2e.volland.test --password "$PASSWORD" --first-name Pola --tier basic --exists-ok >&2
"$VOLLAND" users create --email compare@e2e.volland.test --password "$PASSWORD" --first-name Cora --tier live --exists-ok >&2
# The replay and export spec's own subscriber.
"$VOLLAND" users create --email replay@e2e.volland.test --password "$PASSWORD" --first-name Rhea --tier live --exists-ok >&2
# The volatility spec's own subscriber.
"$VOLLAND" users create --email volatility@e2e.volland.test --password "$PASSWORD" --first-name Vera --tier live --exists-ok >&2
# The alerts spec's own subscriber.
"$VOLLAND" users create --email alerts@e2e.volland.test --password "$PASSWORD" --first-name Alma --tier live --exists-ok >&2
"$VOLLAND" users create --email clock@e2e.volland.test --password "$PASSWORD" --first-name Cleo --tier live --exists-ok >&2
"$VOLLAND" academy seed >&2

# Market data: the tiny demo store (skipped only while the command does not exist yet).
if "$VOLLAND" --help 2>/dev/null | grep -qE '^\s+demo\b'; then
  "$VOLLAND" demo --profile tiny >&2
else
  echo "e2e: 'volland demo' is not available; starting without market data" >&2
fi

echo "e2e: serving on http://127.0.0.1:$PORT (VOLLAND_VAR_DIR=$VAR_DIR)" >&2
# Not exec: the trap removes the temporary directory when the server stops.
"$VOLLAND" serve --host 127.0.0.1 --port "$PORT" --workers 2 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; cleanup' EXIT INT TERM
wait "$SERVER_PID"

#!/usr/bin/env bash
# npm test — everything: types, unit and data-layer tests, the API suite over HTTP against the built
# app on the embedded database (and on the PostgreSQL server named by DATABASE_URL, when set), two
# app instances through pgbouncer and nginx (when DATABASE_URL is set and both are installed),
# then the Playwright walk in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
step() { printf '\n\033[1m== %s\033[0m (%s s)\n' "$*" "$((SECONDS - START))"; }

# Every suite's output also goes to a log, so the run ends with one total line.
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
run() { "$@" 2>&1 | tee -a "$LOG"; }

# one core each: the type check and the linter side by side, their outputs shown one after the other
step "Typecheck (Node $(node -v), $(command -v node)) and lint (ESLint: types, hooks, Next, layering)"
TSC_OUT=$(mktemp)
npx tsc --noEmit -p . > "$TSC_OUT" 2>&1 &
TSC_PID=$!
lint_status=0
run npx eslint . --max-warnings 0 || lint_status=$?
tsc_status=0
wait "$TSC_PID" || tsc_status=$?
cat "$TSC_OUT" | tee -a "$LOG"
rm -f "$TSC_OUT"
if [ "$tsc_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "Controllo dei tipi (uscita $tsc_status) o lint (uscita $lint_status) non superati" >&2
  exit 1
fi

step "Unit and data-layer tests (vitest)"
run npx vitest run

step "Build (next build)"
run npx next build

if [ -n "${DATABASE_URL:-}" ]; then
  # the PostgreSQL run below has every file; on PGlite, the files of what the embedded database changes (vitest.api.config.ts)
  step "API integration tests on the embedded database (PGlite: what it changes; every file runs on PostgreSQL next)"
  API_SUBSET=1 TEST_DB=pglite run npx vitest run -c vitest.api.config.ts
else
  step "API integration tests on the embedded database (PGlite)"
  TEST_DB=pglite run npx vitest run -c vitest.api.config.ts
fi

if [ -n "${DATABASE_URL:-}" ]; then
  step "API integration tests on the PostgreSQL server (DATABASE_URL)"
  TEST_DB=postgres run npx vitest run -c vitest.api.config.ts
fi

step "Two instances, one database (pgbouncer in transaction mode, nginx round-robin)"
missing=""
[ -n "${DATABASE_URL:-}" ] || missing="$missing DATABASE_URL"
for tool in pgbouncer nginx; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing="$missing $tool"
done
if [ -z "$missing" ]; then
  run npx vitest run -c vitest.scale.config.ts
else
  echo "Saltato: mancano$missing (servono un server PostgreSQL in DATABASE_URL e i pacchetti Debian pgbouncer e nginx: 'apt-get install pgbouncer nginx')"
fi

step "Browser tests (Playwright, Chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium non trovato in ${CHROMIUM_PATH:-/usr/bin/chromium}: installarlo con 'apt-get install chromium'" >&2
  exit 1
fi
NODE_OPTIONS=--conditions=react-server run npx playwright test

# vitest: "Tests  N passed (N)"; Playwright: "N passed (12.3s)". Colour codes stripped first.
passed=$(sed 's/\x1b\[[0-9;]*m//g' "$LOG" | awk '/^ *Tests +[0-9]+ passed/ {n += $2} /^ +[0-9]+ passed \(/ {n += $1} END {print n+0}')
printf '\nnpm test took %s s\n' "$((SECONDS - START))"
printf 'summary: %s passed, 0 failed\n' "$passed"

#!/usr/bin/env bash
# npm test — everything: types, unit and data-layer tests, the API suite over HTTP against the built
# app on the embedded database (and on the PostgreSQL server named by DATABASE_URL, when set),
# then the Playwright walk in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Typecheck"
npx tsc --noEmit -p .

step "Unit and data-layer tests (vitest)"
npx vitest run

step "Build (next build)"
npx next build

step "API integration tests on the embedded database (PGlite)"
TEST_DB=pglite npx vitest run -c vitest.api.config.ts

if [ -n "${DATABASE_URL:-}" ]; then
  step "API integration tests on the PostgreSQL server (DATABASE_URL)"
  TEST_DB=postgres npx vitest run -c vitest.api.config.ts
fi

step "Browser tests (Playwright, Chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium non trovato in ${CHROMIUM_PATH:-/usr/bin/chromium}: installarlo con 'apt-get install chromium'" >&2
  exit 1
fi
npx playwright test

#!/usr/bin/env bash
# npm test: every test. Installs what is missing, builds, checks lint and generated code, starts the
# local infrastructure (and stops it again if it was not running), then runs unit, service, e2e and
# browser tests. The last line is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/prereqs.sh
use_node_24
ensure_node_modules

echo "==> building"
npm run --silent build
echo "==> lint and typecheck"
npm run --silent lint
npm run --silent typecheck

ensure_chromium

trap stop_started_infra EXIT
start_infra

summary="${AURA_CACHE_DIR:-$HOME/.cache/aura}/run/test/summary.txt"
rm -f "$summary"
status=0
node scripts/test/run-tests.mjs || status=$?
trap - EXIT
stop_started_infra
# The closing line comes last, after the infrastructure has stopped.
if [[ -f "$summary" ]]; then cat "$summary"; else echo "0 passed, 1 failed"; fi
exit "$status"

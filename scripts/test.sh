#!/usr/bin/env bash
# npm test: every test. Installs what is missing, builds, checks lint and generated code, starts the
# local infrastructure (and stops it again if it was not running), then runs unit, service, e2e and
# browser tests. The last line is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/prereqs.sh
require_node
ensure_node_modules

echo "==> building"
npm run --silent build
echo "==> lint and typecheck"
npm run --silent lint
npm run --silent typecheck

if ! command -v chromium >/dev/null 2>&1; then
  echo "==> installing Debian's chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

infra_was_running=0
if bash deploy/local/status.sh --quiet; then infra_was_running=1; fi
cleanup() { if [[ $infra_was_running == 0 ]]; then bash deploy/local/down.sh || true; fi; }
trap cleanup EXIT
echo "==> infrastructure (deploy/local)"
bash deploy/local/up.sh

summary="${AURA_CACHE_DIR:-$HOME/.cache/aura}/run/test/summary.txt"
rm -f "$summary"
status=0
node scripts/test/run-tests.mjs || status=$?
trap - EXIT
cleanup
# The closing line comes last, after the infrastructure has stopped.
if [[ -f "$summary" ]]; then cat "$summary"; else echo "0 passed, 1 failed"; fi
exit "$status"

#!/usr/bin/env bash
# npm run screenshots: every screen of the web app at 390×844 and 1366×850, as PNG files, in one
# command. Builds what the test stack runs, makes sure Chromium and the local infrastructure are there,
# then runs the browser spec that walks every screen (web/test/browser/screens.browser-spec.ts) on a
# test stack of its own, saving each screen. Prints where the screenshots are.
#   AURA_SCREENSHOTS_DIR   where to write them (default: $AURA_CACHE_DIR/run/screenshots, outside git)
#   AURA_TEST_SLOT         the test stack's slot (ports and databases), as for npm test
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/prereqs.sh
use_node_24
ensure_node_modules

out="${AURA_SCREENSHOTS_DIR:-${AURA_CACHE_DIR:-$HOME/.cache/aura}/run/screenshots}"
rm -rf "$out"
mkdir -p "$out"

echo "==> building"
npm run --silent build

ensure_chromium

trap stop_started_infra EXIT
start_infra

status=0
AURA_SCREENSHOTS_DIR="$out" node scripts/test/run-tests.mjs browser -- \
  --testPathPatterns 'web/test/browser/screens\.browser-spec' || status=$?

count=$(find "$out" -name '*.png' | wc -l)
echo ""
echo "screenshots: $count PNG files in $out"
exit "$status"

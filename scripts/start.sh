#!/usr/bin/env bash
# npm start: install what is missing, build, start infrastructure, every service and the gateway,
# seed demo data, and stop everything on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/prereqs.sh
use_node_24

ensure_node_modules
echo "==> building"
npm run --silent build
echo "==> starting infrastructure (deploy/local)"
bash deploy/local/up.sh
exec node scripts/run.mjs

#!/usr/bin/env bash
# Runs a command on Node 24, fetched into the cache when the machine's node is older (lib/node.sh):
#   bash scripts/node24.sh node scripts/bench/run.mjs ledger-tips
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/node.sh
source "$(dirname "$0")/lib/node.sh"
use_node_24 >&2
exec "$@"

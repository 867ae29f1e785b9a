# Shared by scripts/start.sh, scripts/test.sh and scripts/screenshots.sh.
# shellcheck source-path=SCRIPTDIR source=node.sh
source "$(dirname "${BASH_SOURCE[0]}")/node.sh"

# Installs npm packages when node_modules is missing or older than package-lock.json.
# `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (@swc/core-darwin-*,
# @bufbuild/buf-win32-*...) out of the lock file it writes and then `npm ci` refuses that same lock.
# `npm install` follows the lock as it is and leaves it unchanged.
ensure_node_modules() {
  if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
    echo "==> installing npm packages"
    npm install --no-audit --no-fund
  fi
}

# Debian's chromium, for the browser tests and the screenshots.
ensure_chromium() {
  if ! command -v chromium >/dev/null 2>&1; then
    echo "==> installing Debian's chromium"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
}

# Starts the local infrastructure; `stop_started_infra` stops it again only if this script started it.
start_infra() {
  infra_was_running=0
  if bash deploy/local/status.sh --quiet; then infra_was_running=1; fi
  echo "==> infrastructure (deploy/local)"
  bash deploy/local/up.sh
}
stop_started_infra() { if [[ ${infra_was_running:-1} == 0 ]]; then bash deploy/local/down.sh || true; fi; }

# Shared by scripts/start.sh and scripts/test.sh.

require_node() {
  if ! command -v node >/dev/null 2>&1; then
    echo "Aura needs Node.js 20 or newer: apt-get install -y nodejs npm" >&2
    exit 1
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if (( major < 20 )); then
    echo "Aura needs Node.js 20 or newer (found $(node --version))" >&2
    exit 1
  fi
}

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

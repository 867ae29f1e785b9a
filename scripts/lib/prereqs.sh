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

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

# npm ci when node_modules is missing or older than package-lock.json.
ensure_node_modules() {
  if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
    echo "==> installing npm packages"
    npm ci --no-audit --no-fund
  fi
}

# Node.js for Aura's scripts (sourced by scripts/lib/prereqs.sh and deploy/local/lib.sh).
#
# Aura runs on Node 24, the current LTS line. `use_node_24` keeps a machine's node when it is 24 or
# newer; otherwise it installs the pinned Node 24 binary from the npm registry's `node-linux-<arch>`
# package (npm checks the package's integrity) into the cache, once per machine, and puts it first on
# PATH for the calling script and everything it starts, npm and npx included (their `#!/usr/bin/env
# node` then finds it). The machine's own node and npm are only needed to fetch it.

AURA_NODE_VERSION=24.22.3

use_node_24() {
  local major=0
  if command -v node >/dev/null 2>&1; then major=$(node -p 'process.versions.node.split(".")[0]'); fi
  ((major >= 24)) && return 0
  if ! command -v npm >/dev/null 2>&1; then
    echo "Aura needs node and npm to fetch Node.js $AURA_NODE_VERSION: apt-get install -y nodejs npm" >&2
    exit 1
  fi
  local arch
  case $(uname -m) in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "Aura needs Node.js 24 and has no npm package of it for $(uname -m): install it yourself" >&2
      exit 1
      ;;
  esac
  local home="${AURA_CACHE_DIR:-$HOME/.cache/aura}/node/v$AURA_NODE_VERSION-linux-$arch"
  if [[ ! -x $home/bin/node ]]; then
    echo "==> installing Node.js $AURA_NODE_VERSION (npm package node-linux-$arch) into $home"
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$AURA_NODE_VERSION" >/dev/null)
    mkdir -p "$tmp/node"
    tar xzf "$tmp/node-linux-$arch-$AURA_NODE_VERSION.tgz" -C "$tmp/node" --strip-components=1 package/bin/node
    mkdir -p "$(dirname "$home")"
    # Another script may have finished the same install meanwhile: keep whichever landed first.
    mv -T "$tmp/node" "$home" 2>/dev/null || [[ -x $home/bin/node ]]
    rm -rf "$tmp"
  fi
  export PATH="$home/bin:$PATH"
  echo "==> using Node.js $(node --version) from $home (the machine's node is older)"
}

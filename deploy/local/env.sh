# shellcheck shell=bash
# Sourced by deploy/local/*.sh (and by anyone who wants the local variables in a shell):
#   source deploy/local/env.sh
# Sets the cache layout and exports every non-empty variable of deploy/aura.env that is not already set
# in the environment (the environment wins, as in scripts/lib/env.mjs). A quoted value loses its quotes.

AURA_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export AURA_REPO_ROOT

__aura_load_env_file() {
  local line key value
  while IFS= read -r line || [[ -n $line ]]; do
    [[ $line =~ ^[[:space:]]*([A-Z0-9_]+)=(.*)$ ]] || continue
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    # "a value with spaces" (or 'one'): without the quotes, as a shell or dotenv reads it
    if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then value=${BASH_REMATCH[1]}; fi
    [[ -n $value ]] || continue        # empty defaults mean "unset"
    [[ -z ${!key+set} ]] || continue   # already set in the environment: keep it
    export "$key=$value"
  done <"$1"
}
__aura_load_env_file "$AURA_REPO_ROOT/deploy/aura.env"
unset -f __aura_load_env_file

# Everything deploy/local installs or writes lives outside the clone.
export AURA_CACHE_DIR="${AURA_CACHE_DIR:-$HOME/.cache/aura}"
export AURA_BIN_DIR="$AURA_CACHE_DIR/bin"    # versitygw, stripe-mock (SecantusDB: secantus/)
export AURA_DATA_DIR="$AURA_CACHE_DIR/data"  # server data: remove it (after down.sh) to reset
export AURA_RUN_DIR="$AURA_CACHE_DIR/run"    # pid files, logs, generated server configs

#!/usr/bin/env bash
# Stops the servers that up.sh started, and only those: the pids in $AURA_RUN_DIR/*.pid whose command
# line still matches the server (never by process name). Waits for each to exit (SIGKILL after a timeout).
# Data stays in $AURA_DATA_DIR; remove that directory after down.sh to reset.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

take_lock
declare -A PIDS=()
stopped=()
for ((i = ${#AURA_SERVERS[@]} - 1; i >= 0; i--)); do
  name=${AURA_SERVERS[i]}
  if pid=$(server_pid "$name"); then
    log "stopping $name (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    PIDS[$name]=$pid
  else
    rm -f "$(pid_file "$name")" # stale
  fi
done
for ((i = ${#AURA_SERVERS[@]} - 1; i >= 0; i--)); do
  name=${AURA_SERVERS[i]}
  [[ -n ${PIDS[$name]:-} ]] || continue
  if [[ $name == kafka ]]; then timeout=60; else timeout=15; fi
  stop_pid "${PIDS[$name]}" "$timeout" # already signalled: waits, then SIGKILL if needed
  rm -f "$(pid_file "$name")"
  stopped+=("$name")
done
if ((${#stopped[@]} == 0)); then
  log "nothing was running"
else
  log "stopped: ${stopped[*]}"
fi

#!/usr/bin/env bash
# One line per local server: running (pid, RSS, address) or not. Exit 0 when every server that up.sh
# starts is running and answers its readiness probe, 1 otherwise. --quiet: exit code only.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

quiet=0
case ${1:-} in
  -q | --quiet) quiet=1 ;;
  '') ;;
  *) die "usage: status.sh [--quiet]" ;;
esac

status=0
for name in "${AURA_SERVERS[@]}"; do
  if pid=$(server_pid "$name"); then
    if probe "$name"; then
      state=running
    else
      state='not ready'
      status=1
    fi
    detail="pid $pid, $(rss_mb "$pid"), $(server_url "$name")"
  else
    state=stopped
    status=1
    detail=''
    for port in $(server_ports "$name"); do
      if owner=$(port_owner "$port"); then
        detail="port $port is taken by $owner, not started by deploy/local"
        break
      fi
    done
  fi
  ((quiet)) || printf '%-12s %-10s %s\n' "$name" "$state" "$detail"
done
if ((!quiet)) && [[ ${AURA_INFRA:-local} == testcontainers ]]; then
  log "note: AURA_INFRA=testcontainers, so up.sh starts none of these"
fi
exit "$status"

# shellcheck shell=bash
# The tools the chart checks need, installed from package registries and cached outside the clone
# (like deploy/local's servers): sourced by deploy/tools/check-chart.sh.
#
#   helm               go install of helm.sh/helm/v3 (Go module proxy), built with the ldflags of helm's
#                      own Makefile so that `helm version` and the Kubernetes version it assumes are
#                      right -> $AURA_CACHE_DIR/bin/helm, stamp $AURA_CACHE_DIR/bin/.helm.version
#   kubernetes-validate  PyPI package that ships the Kubernetes JSON schemas inside it (offline) ->
#                      a venv in $AURA_CACHE_DIR/venv/kubernetes-validate-<version>
#   check-jsonschema   PyPI package that ships the Compose Specification's JSON schema (vendor.compose-spec)
#                      -> a venv in $AURA_CACHE_DIR/venv/check-jsonschema-<version>
#   aura-promql-check  deploy/tools/promql: Prometheus' PromQL parser (Go module, pinned with its go.sum)
#                      built with go build -> $AURA_CACHE_DIR/bin/aura-promql-check, stamped with the
#                      hash of that folder's files (a change rebuilds it)
#
# First run: helm compiles for about 4 minutes on 2 cores, the PromQL checker about 1, the venvs under a
# minute together.
# Every later run finds both by their version stamps and costs nothing.

# shellcheck source-path=SCRIPTDIR source=../local/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/../local/env.sh"

# shellcheck disable=SC2034 # (read by check-chart.sh)
{
  HELM_VERSION=v3.21.4
  # The Kubernetes version helm assumes (Capabilities.KubeVersion, lint's deprecation rules) and the
  # schemas the rendered chart is validated against. helm's Makefile derives it from its client-go.
  KUBE_VERSION_MAJOR=1
  KUBE_VERSION_MINOR=36
  KUBERNETES_VALIDATE_VERSION=1.37.0
  CHECK_JSONSCHEMA_VERSION=0.39.0
}

HELM_BIN="$AURA_BIN_DIR/helm"
KUBE_VALIDATE_VENV="$AURA_CACHE_DIR/venv/kubernetes-validate-$KUBERNETES_VALIDATE_VERSION"
CHECK_JSONSCHEMA_VENV="$AURA_CACHE_DIR/venv/check-jsonschema-$CHECK_JSONSCHEMA_VERSION"
# shellcheck disable=SC2034 # (read by check-chart.sh)
PROMQL_CHECK_BIN="$AURA_BIN_DIR/aura-promql-check"
# shellcheck disable=SC2034 # (read by check-chart.sh)
CHECK_JSONSCHEMA_BIN="$CHECK_JSONSCHEMA_VENV/bin/check-jsonschema"

tools_log() { printf 'chart-tools: %s\n' "$*" >&2; }
tools_die() {
  printf 'chart-tools: %s\n' "$*" >&2
  exit 1
}

ensure_helm() {
  local stamp="$AURA_BIN_DIR/.helm.version" blog
  if [[ -x $HELM_BIN && -f $stamp && $(<"$stamp") == "$HELM_VERSION" ]]; then return 0; fi
  command -v go >/dev/null 2>&1 || tools_die "Go is required to build helm: install Go 1.26 or newer"
  mkdir -p "$AURA_BIN_DIR" "$AURA_RUN_DIR"
  blog="$AURA_RUN_DIR/install-helm.log"
  tools_log "building helm $HELM_VERSION with go install (first time only: several minutes on 2 cores; log: $blog)"
  local ldflags="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
  local pkg
  for pkg in pkg/chartutil pkg/lint/rules; do
    ldflags+=" -X helm.sh/helm/v3/$pkg.k8sVersionMajor=$KUBE_VERSION_MAJOR"
    ldflags+=" -X helm.sh/helm/v3/$pkg.k8sVersionMinor=$KUBE_VERSION_MINOR"
  done
  GOBIN="$AURA_BIN_DIR" CGO_ENABLED=0 go install -ldflags "$ldflags" "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" \
    >>"$blog" 2>&1 || tools_die "go install helm.sh/helm/v3/cmd/helm@$HELM_VERSION failed, see $blog"
  "$HELM_BIN" version --short 2>/dev/null | grep -q "^$HELM_VERSION" ||
    tools_die "the helm binary does not report $HELM_VERSION ($("$HELM_BIN" version --short 2>&1))"
  echo "$HELM_VERSION" >"$stamp"
}

# A PyPI package in a venv of its own: pip_tool <venv> <requirement>. The stamp is written last: an
# interrupted install is redone, never half-used.
pip_tool() {
  local venv=$1 requirement=$2 stamp="$1/.installed"
  [[ -f $stamp ]] && return 0
  mkdir -p "$AURA_RUN_DIR" "$(dirname "$venv")"
  local vlog="$AURA_RUN_DIR/install-${requirement%%=*}.log"
  tools_log "installing $requirement from PyPI (first time only; log: $vlog)"
  rm -rf "$venv"
  # Debian's python3 makes venvs only with python3-venv (ensurepip): install both as deploy/local does
  # its packages, when running as root.
  if ! python3 -c 'import ensurepip' >/dev/null 2>&1 && ((EUID == 0)) && command -v apt-get >/dev/null 2>&1; then
    tools_log "apt-get install -y python3 python3-venv (log: $vlog)"
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3 python3-venv; } >>"$vlog" 2>&1 ||
      tools_die "apt-get install -y python3-venv failed, see $vlog"
  fi
  command -v python3 >/dev/null 2>&1 || tools_die "python3 (with venv) is required for $requirement"
  { python3 -m venv "$venv" && "$venv/bin/pip" install --disable-pip-version-check -q "$requirement"; } \
    >>"$vlog" 2>&1 || {
    rm -rf "$venv"
    tools_die "installing $requirement failed, see $vlog (Debian: apt-get install -y python3-venv)"
  }
  touch "$stamp"
}

ensure_kubernetes_validate() { pip_tool "$KUBE_VALIDATE_VENV" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"; }
ensure_check_jsonschema() { pip_tool "$CHECK_JSONSCHEMA_VENV" "check-jsonschema==$CHECK_JSONSCHEMA_VERSION"; }

ensure_promql_check() {
  local dir stamp hash blog
  dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/promql" && pwd)"
  stamp="$AURA_BIN_DIR/.aura-promql-check.version"
  hash=$(cat "$dir/go.mod" "$dir/go.sum" "$dir/main.go" | sha256sum | cut -c1-16)
  if [[ -x $PROMQL_CHECK_BIN && -f $stamp && $(<"$stamp") == "$hash" ]]; then return 0; fi
  command -v go >/dev/null 2>&1 || tools_die "Go is required to build the PromQL checker: install Go 1.26 or newer"
  mkdir -p "$AURA_BIN_DIR" "$AURA_RUN_DIR"
  blog="$AURA_RUN_DIR/install-aura-promql-check.log"
  tools_log "building the PromQL checker (Prometheus' parser; first time only: about a minute; log: $blog)"
  (cd "$dir" && CGO_ENABLED=0 go build -buildvcs=false -o "$PROMQL_CHECK_BIN" .) >>"$blog" 2>&1 ||
    tools_die "building deploy/tools/promql failed, see $blog"
  echo "$hash" >"$stamp"
}

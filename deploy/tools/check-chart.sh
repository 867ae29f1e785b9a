#!/usr/bin/env bash
# The Helm chart's checks, offline:
#   1. helm lint --strict charts/aura, with the default values and with each charts/aura/ci/*.yaml
#   2. helm template with each of them, every manifest validated strictly against the Kubernetes JSON
#      schemas of kubernetes-validate (PyPI; ServiceMonitors get a structural check, see
#      validate-manifests.py)
#   3. a release without its required secrets must fail to render
#   4. the rendering of ci/example-values.yaml must equal the committed charts/aura/rendered/example.yaml
#   5. docker-compose.yml against the Compose Specification's JSON schema (check-jsonschema's copy)
#   6. every PromQL expression of the Grafana dashboards and alert rules parsed by Prometheus' parser
#
#   bash deploy/tools/check-chart.sh            run the checks (the `chart` tier of scripts/test/run-tests.mjs)
#   bash deploy/tools/check-chart.sh --update   rewrite charts/aura/rendered/example.yaml first
#
# helm, kubernetes-validate, check-jsonschema and the PromQL checker are installed on first use and cached (deploy/tools/chart-tools.sh):
# the first run builds helm (several minutes), later runs take a few seconds.
# Last line: "chart: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=chart-tools.sh
source deploy/tools/chart-tools.sh

CHART=charts/aura
EXAMPLE="$CHART/rendered/example.yaml"
KUBE_VERSION="$KUBE_VERSION_MAJOR.$KUBE_VERSION_MINOR.0"
update=0
[[ ${1:-} == --update ]] && update=1

started=$SECONDS
ensure_helm
ensure_kubernetes_validate
ensure_check_jsonschema
ensure_promql_check
installed=$((SECONDS - started))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # description command...
  local description=$1 out="$work/out.txt"
  shift
  if "$@" >"$out" 2>&1; then
    passed=$((passed + 1))
    echo "ok   $description"
  else
    failed=$((failed + 1))
    echo "FAIL $description"
    sed 's/^/     /' "$out"
  fi
}

template() { # values-file|- output
  local args=(template aura "$CHART" --namespace aura)
  [[ $1 == - ]] || args+=(-f "$1")
  "$HELM_BIN" "${args[@]}" >"$2"
}

lint_and_validate() { # label values-file|-
  local label=$1 values=$2 rendered="$work/$1.yaml" lint=(lint --strict "$CHART")
  [[ $values == - ]] || lint+=(-f "$values")
  check "helm lint --strict ($label)" "$HELM_BIN" "${lint[@]}"
  if template "$values" "$rendered" 2>"$work/template-error.txt"; then
    check "helm template ($label) validates against Kubernetes $KUBE_VERSION schemas" \
      "$KUBE_VALIDATE_VENV/bin/python" deploy/tools/validate-manifests.py "$KUBE_VERSION" "$rendered"
  else
    # shellcheck disable=SC2016 # ($1 is sh's argument)
    check "helm template ($label)" sh -c 'cat "$1"; exit 1' sh "$work/template-error.txt"
  fi
}

echo "==> chart checks: $CHART (helm $HELM_VERSION, kubernetes-validate $KUBERNETES_VALIDATE_VERSION)"
lint_and_validate defaults -
for values in "$CHART"/ci/*.yaml; do
  lint_and_validate "$(basename "$values" .yaml)" "$values"
done

# Without an existing Secret and without the values production needs, rendering must refuse.
refuses_without_secrets() {
  ! "$HELM_BIN" template aura "$CHART" --set secrets.existingSecret= >"$work/refused.txt" 2>&1 &&
    grep -q 'secrets.values.S3_ACCESS_KEY is required' "$work/refused.txt"
}
check "helm template refuses a release without its required secrets" refuses_without_secrets

if ((update)); then
  mkdir -p "$(dirname "$EXAMPLE")"
  template "$CHART/ci/example-values.yaml" "$EXAMPLE"
  echo "     wrote $EXAMPLE"
fi
example_matches() {
  template "$CHART/ci/example-values.yaml" "$work/example.yaml" &&
    diff -u "$EXAMPLE" "$work/example.yaml"
}
check "$EXAMPLE is the rendering of ci/example-values.yaml (else: bash deploy/tools/check-chart.sh --update)" \
  example_matches

check "docker-compose.yml validates against the Compose Specification schema" \
  "$CHECK_JSONSCHEMA_BIN" --builtin-schema vendor.compose-spec docker-compose.yml

promql_parses() {
  "$KUBE_VALIDATE_VENV/bin/python" deploy/tools/promql-exprs.py "$CHART" >"$work/exprs.txt" &&
    [[ -s $work/exprs.txt ]] && "$PROMQL_CHECK_BIN" <"$work/exprs.txt"
}
check "every PromQL expression of the dashboards and alert rules parses (Prometheus' parser)" promql_parses

echo "chart checks took $((SECONDS - started)) s (installing tools: $installed s)"
echo "chart: $passed passed, $failed failed"
((failed == 0))

"""Validates rendered Kubernetes manifests offline (run by deploy/tools/check-chart.sh with the venv's
python, where the PyPI package kubernetes-validate ships the Kubernetes JSON schemas).

    validate-manifests.py <kubernetes-version> <file>...

Every resource of a built-in kind is validated strictly (unknown fields are errors) against the
schemas of that Kubernetes version; a kind without a schema fails, except the Prometheus Operator's
ServiceMonitor (a CRD, no schema in the package), which gets the checks below instead: its selector
must match a Service of the same files and its endpoints must name ports of that Service.
"""

import sys

import kubernetes_validate.utils as kv
import yaml

CRD_CHECKS = {("monitoring.coreos.com/v1", "ServiceMonitor")}


def name_of(resource):
    return f"{resource.get('kind')}/{resource.get('metadata', {}).get('name')}"


def check_service_monitor(monitor, services):
    errors = []
    spec = monitor.get("spec") or {}
    wanted = ((spec.get("selector") or {}).get("matchLabels")) or {}
    if not wanted:
        return ["spec.selector.matchLabels is empty"]
    matches = [s for s in services if wanted.items() <= ((s["metadata"].get("labels")) or {}).items()]
    if len(matches) != 1:
        return [f"spec.selector matches {len(matches)} Services, expected 1"]
    ports = {p.get("name") for p in matches[0]["spec"].get("ports", [])}
    endpoints = spec.get("endpoints") or []
    if not endpoints:
        errors.append("spec.endpoints is empty")
    for endpoint in endpoints:
        unknown = set(endpoint) - {"port", "path", "interval", "scrapeTimeout", "scheme", "honorLabels", "relabelings"}
        if unknown:
            errors.append(f"endpoint has fields this check does not know: {sorted(unknown)}")
        if endpoint.get("port") not in ports:
            errors.append(f"endpoint port {endpoint.get('port')!r} is not a port of {name_of(matches[0])}")
        if not str(endpoint.get("path", "/metrics")).startswith("/"):
            errors.append("endpoint path must start with /")
        for relabeling in endpoint.get("relabelings") or []:
            if not isinstance(relabeling, dict) or not relabeling.get("targetLabel"):
                errors.append(f"relabeling without targetLabel: {relabeling!r}")
    return errors


def main():
    version, files = sys.argv[1], sys.argv[2:]
    failures = 0
    counted = {}
    for file in files:
        with open(file) as handle:
            resources = [r for r in yaml.safe_load_all(handle) if r]
        services = [r for r in resources if r.get("kind") == "Service"]
        for resource in resources:
            kind = (resource.get("apiVersion"), resource.get("kind"))
            counted[kind[1]] = counted.get(kind[1], 0) + 1
            if kind in CRD_CHECKS:
                errors = check_service_monitor(resource, services)
            else:
                try:
                    kv.validate(resource, version, strict=True)
                    errors = []
                except kv.ValidationError as error:
                    path = ".".join(str(item) for item in error.path)
                    errors = [f"{path}: {error.message}"]
                except kv.SchemaNotFoundError as error:
                    errors = [error.message]
            for error in errors:
                failures += 1
                print(f"ERROR {file}: {name_of(resource)}: {error}")
    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(counted.items()))
    print(f"validate-manifests: Kubernetes {version}, {len(files)} file(s): {summary or 'no resources'}")
    if not counted:
        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

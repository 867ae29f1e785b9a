"""Prints every PromQL expression of the Grafana dashboards (charts/aura/dashboards/*.json: the panels'
targets) and alert rules (charts/aura/alerts/*.yaml: the queries' model.expr), one per line, for
aura-promql-check (deploy/tools/check-chart.sh). Run with a python that has PyYAML (the
kubernetes-validate venv)."""

import glob
import json
import sys

import yaml

CHART = sys.argv[1] if len(sys.argv) > 1 else "charts/aura"
expressions = []
for path in sorted(glob.glob(f"{CHART}/dashboards/*.json")):
    with open(path) as handle:
        dashboard = json.load(handle)
    for panel in dashboard.get("panels", []):
        expressions += [target["expr"] for target in panel.get("targets", []) if target.get("expr")]
for path in sorted(glob.glob(f"{CHART}/alerts/*.yaml")):
    with open(path) as handle:
        document = yaml.safe_load(handle)
    for group in document.get("groups", []):
        for rule in group.get("rules", []):
            for query in rule.get("data", []):
                if query.get("datasourceUid") != "__expr__":
                    expressions.append(query["model"]["expr"])
for expression in expressions:
    print(" ".join(expression.split()))

// aura-promql-check: parses PromQL expressions, one per line on stdin, with Prometheus' own parser
// (github.com/prometheus/prometheus/promql/parser, pinned in go.mod). deploy/tools/check-chart.sh feeds
// it every query of the Grafana dashboards and alert rules; Grafana's $__rate_interval and friends
// become 5m first. Exit code 1 when an expression does not parse.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/prometheus/prometheus/promql/parser"
)

var grafanaVariable = regexp.MustCompile(`\$__(rate_interval|interval|range)`)

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	bad, count := 0, 0
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" {
			continue
		}
		count++
		if _, err := parser.ParseExpr(grafanaVariable.ReplaceAllString(line, "5m")); err != nil {
			bad++
			fmt.Printf("does not parse: %s\n    %v\n", line, err)
		}
	}
	fmt.Printf("aura-promql-check: %d expressions, %d do not parse\n", count, bad)
	if bad > 0 {
		os.Exit(1)
	}
}

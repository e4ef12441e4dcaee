//go:build ignore

// gen_scenarios writes scenarios.go from the scenario files beside it; go
// generate ./examples runs it and TestScenariosCurrent checks its output.
package main

import "github.com/trainscale/trainscale/internal/gen"

func main() {
	gen.Main("scenarios.go", func() ([]byte, error) { return gen.Scenarios(".") })
}

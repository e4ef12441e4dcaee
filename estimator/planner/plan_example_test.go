package planner_test

import (
	"bytes"
	"fmt"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

// The article's team, with a capital budget of USD 25 million and a 1 MW
// site: the planner buys the DGX-1 (Volta) cluster the estimate sizes, which
// fits both; the 7-day deadline is what binds.
func ExampleMake() {
	data, _ := examples.Read("article-2017")
	set := func(s string) estimator.Override { o, _ := estimator.ParseOverride(s); return o }
	s, err := estimator.Decode(bytes.NewReader(data), set("plan.capex_budget=25e6"), set("plan.power_kw=1000"))
	if err != nil {
		panic(err)
	}
	res, err := planner.Make(s, planner.Options{AsOf: "2026-12-01"})
	if err != nil {
		panic(err)
	}
	c := res.Cheapest
	fmt.Println(c.Option, c.Count.Value, "systems")
	fmt.Println(present.Format(c.Capex.Value, c.Capex.Unit, s.Units, estimator.English), "capex;", present.Format(c.Power.Value, c.Power.Unit, s.Units, estimator.English))
	fmt.Println(c.Why.EN)
	// Output:
	// buy-dgx-1-v100 143 systems
	// USD 23,127,000 capex; 790.79 kW
	// Deadline per run binds: 0% of it left
}

package estimator_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

// tenCars is a small scenario: a team of 10 training ResNet-50 on a small
// fleet's data.
const tenCars = `{
  "schema": "trainscale/v1",
  "name": "Ten cars",
  "units": "binary",
  "fleet": {"cars": 10, "hours_per_day": 8, "days_per_year": 260, "tb_per_hour": 1},
  "preprocessing": {"source_fps": 30, "sampled_fps": 1, "compression_ratio": 70},
  "training": {"epochs": 50, "scaling": "linear"},
  "workloads": [{"id": "resnet-50", "mb_per_s": 28}],
  "systems": [{"id": "dgx-1-v100", "gpus": 8, "speedup": 2.5}],
  "team": {"members": 10, "concurrent_jobs": 2, "target_days": 7},
  "host": {"ram_factor_low": 2, "ram_factor_high": 3},
  "growth": {"factor": 1, "exponent": 2}
}`

// builtin decodes one of the scenarios that ship with trainscale.
func builtin(name string, overrides ...estimator.Override) *estimator.Scenario {
	data, _ := examples.Read(name)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	if err != nil {
		panic(err)
	}
	return s
}

// A team of 10 training ResNet-50 on a small fleet's data: how many DGX-1 (Volta)?
func Example() {
	s, err := estimator.Decode(strings.NewReader(tenCars))
	if err != nil {
		fmt.Println(err)
		return
	}
	est, err := estimator.Run(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range []string{"data.processed", "team.resnet-50.systems.dgx-1-v100", "team.resnet-50.systems_to_buy.dgx-1-v100"} {
		q, _ := est.Get(id)
		fmt.Printf("%s = %s\n", q.Label.EN, present.Format(q.Value, q.Unit, s.Units, estimator.English))
	}
	// Output:
	// Data after preprocessing = 9.9 TB
	// resnet-50: dgx-1-v100 systems for the team = 3.07
	// resnet-50: dgx-1-v100 systems to buy (rounded up) = 4
}

// Decode reports every problem of a file at once, each a FieldError naming the
// field and the rule it breaks.
func ExampleDecode() {
	bad := strings.NewReplacer(
		`"cars": 10`, `"cars": -3`,
		`"target_days": 7`, `"target_days": "a week"`,
		`"epochs": 50`, `"epochs": 50, "epoch": 5`,
	).Replace(tenCars)
	_, err := estimator.Decode(strings.NewReader(bad))
	fmt.Println("invalid input:", estimator.IsInvalidInput(err))
	var problems estimator.Errors
	if errors.As(err, &problems) {
		for _, e := range problems {
			var fe *estimator.FieldError
			if errors.As(e, &fe) {
				fmt.Printf("%s: %s\n", fe.Path, fe.Rule.EN)
			}
		}
	}
	// Output:
	// invalid input: true
	// training.epoch: unknown field (known: epochs, scaling)
	// team.target_days: must be a number
	// fleet.cars: must be > 0
}

// Run estimates a scenario: here the 2017 article's, which sized a team's
// Inception-v3 work at 356 DGX-1 (Pascal) systems.
func ExampleRun() {
	est, err := estimator.Run(builtin("article-2017"))
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := est.Get("team.inception-v3.systems.dgx-1-p100")
	fmt.Printf("%s: %.0f\n", q.Label.EN, q.Value)
	fmt.Println("from", q.Formula)
	// Output:
	// Inception-v3: DGX-1 (Pascal) systems for the team: 356
	// from train.inception-v3.gpu_time.dgx-1-p100 / systems[0].gpus / (team.target_days * DAY) * team.concurrent_jobs
}

// Substituted puts the numbers into a quantity's formula, in base units, so
// a reader can redo it by hand.
func ExampleEstimate_Substituted() {
	est, err := estimator.Run(builtin("article-2017"))
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := est.Get("data.processed")
	fmt.Println(q.Formula)
	fmt.Println(est.Substituted(q))
	// Output:
	// data.raw * data.reduction
	// 2.28698e+17 B * 0.0005 ratio
}

// A Calculation lays the quantities out once; Set then changes one input in
// place, checked as Decode would check it, and Estimate costs only the
// arithmetic. The page does this on every keystroke.
func ExampleCalculation_Set() {
	s := builtin("article-2017")
	c, err := estimator.Prepare(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cars := range []string{"100", "50", "-1"} {
		if _, err := c.Set(estimator.Override{Path: "fleet.cars", Value: cars}); err != nil {
			fmt.Println(err)
			continue
		}
		est, err := c.Estimate()
		if err != nil {
			fmt.Println(err)
			return
		}
		q, _ := est.Get("data.processed")
		fmt.Printf("%s cars: %s\n", cars, present.Format(q.Value, q.Unit, s.Units, estimator.English))
	}
	// Output:
	// 100 cars: 104 TB
	// 50 cars: 52 TB
	// fleet.cars: must be > 0, got -1
}

// RunUncertainty samples the scenario's ranges: here the fleet's size, from
// 80 to 150 cars with 100 the likeliest, set as --set would set it. A seed
// makes the run repeatable.
func ExampleRunUncertainty() {
	s, err := estimator.Decode(strings.NewReader(tenCars), estimator.Override{Path: "fleet.cars", Value: `{"low": 80, "likely": 100, "high": 150}`})
	if err != nil {
		fmt.Println(err)
		return
	}
	u, err := estimator.RunUncertainty(s, 2000, 1, 1) // 2000 samples, seed 1, one worker
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("sampled:", u.Ranged)
	for _, q := range u.Quantities {
		if q.ID == "team.resnet-50.systems.dgx-1-v100" {
			fmt.Printf("%s: P10 %.1f, P50 %.1f, P90 %.1f\n", q.Label.EN, q.P10, q.P50, q.P90)
		}
	}
	// Output:
	// sampled: [fleet.cars]
	// resnet-50: dgx-1-v100 systems for the team: P10 28.2, P50 33.3, P90 40.1
}

// Compare puts estimates side by side, one column each, as the article's
// Table 1 does: a row per quantity id, shown in the first column's units.
func ExampleCompare() {
	var ests []*estimator.Estimate
	names := []string{"article-2017", "realistic-2017"}
	for _, name := range names {
		est, err := estimator.Run(builtin(name))
		if err != nil {
			fmt.Println(err)
			return
		}
		ests = append(ests, est)
	}
	c := present.Compare(names, ests)
	fmt.Println(strings.Join(c.Columns, " | "))
	for _, r := range c.Quantities {
		if r.ID == "data.processed" || r.ID == "team.inception-v3.systems.dgx-1-p100" {
			fmt.Printf("%s: %s | %s\n", r.Label.EN, r.Format(0, c.Units, estimator.English), r.Format(1, c.Units, estimator.English))
		}
	}
	// Output:
	// article-2017 | realistic-2017
	// Data after preprocessing: 104 TB | 32,462 TB
	// Inception-v3: DGX-1 (Pascal) systems for the team: 355.88 | 111,083
}

// ParseExpr reads a quantity's formula (Quantity.Expr) into a tree a surface
// can walk, or evaluate from its inputs.
func ExampleParseExpr() {
	e, err := estimator.ParseExpr("ceil({train.gpu_time} / ({team.target_days} * DAY))")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Op, e.Args[0].Op, e.Args[0].Args[0].Name)
	inputs := map[string]float64{"train.gpu_time": 30 * estimator.Day, "team.target_days": 7, "DAY": estimator.Day}
	v, err := e.Eval(func(name string) (float64, bool) {
		v, ok := inputs[name]
		return v, ok
	})
	fmt.Println(v, err)
	// Output:
	// ceil / train.gpu_time
	// 5 <nil>
}

package estimator_test

import (
	"fmt"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// A team of 10 training ResNet-50 on a small fleet's data: how many DGX-1 (Volta)?
func Example() {
	scenario := `{
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
	s, err := estimator.Decode(strings.NewReader(scenario))
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
		fmt.Printf("%s = %s\n", q.Label, estimator.Format(q.Value, q.Unit, s.Units))
	}
	// Output:
	// Data after preprocessing = 9.9 TB
	// resnet-50: dgx-1-v100 systems for the team = 3.07
	// resnet-50: dgx-1-v100 systems to buy (rounded up) = 4
}

package present_test

import (
	"fmt"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

// Explain shows a quantity's formula, then the formula with the numbers put
// in, then the result.
func ExampleExplain() {
	est, err := estimator.Run(builtin("article-2017"))
	if err != nil {
		fmt.Println(err)
		return
	}
	text, err := present.Explain(est, "data.processed", estimator.English)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(text)
	// Output:
	// data.processed: Data after preprocessing
	//   = data.raw * data.reduction
	//   = 2.28698e+17 B * 0.0005 ratio
	//   = 1.143492093e+14 B (104 TB)
	//   source: Grzywaczewski, Training AI for Self-Driving Vehicles: the Challenge of Scale, NVIDIA Developer Blog, 2017
}

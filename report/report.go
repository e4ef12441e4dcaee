// Package report holds what every report adapter draws from: the estimate and,
// when asked for, its uncertainty, its sensitivity and the scenarios it is
// compared with. The adapters below it (xlsx, html, pdf) each own one outside
// library; none of them computes a number.
package report

import (
	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report/chart"
)

// Bundle is one report's content.
type Bundle struct {
	Estimate    *estimator.Estimate
	Uncertainty *estimator.Uncertainty // nil: no uncertainty section
	Sensitivity *estimator.Sensitivity // nil: no tornado
	Comparison  *estimator.Comparison  // nil: no scenarios side by side
	Charts      []chart.Spec
	Lang        string // "en" or "ja"
	Date        string // printed on the report, YYYY-MM-DD; fixed by the caller so output is reproducible
}

package report

import (
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

// accuracy sets the published figures, and the user's measurements when
// given, beside the models with the scenario's factors.
func (b *Bundle) accuracy(measurements []hardware.Measurement) error {
	h := b.Estimate.Scenario.Factors.Resolve() // the defaults without a factors section
	var f tool.Factors
	if b.Estimate.Scenario.Factors != nil {
		f = tool.Factors{Values: &h, Source: "the scenario's factors section"}
	}
	acc, err := tool.Accuracy(tool.AccuracyRequest{Factors: f})
	if err != nil {
		return err
	}
	b.Accuracy = acc.Accuracy
	if measurements == nil {
		return nil
	}
	fit, err := tool.FitAccuracy(tool.FitAccuracyRequest{Measurements: measurements, After: f})
	if err != nil {
		return err
	}
	b.Fit = fit.Fit
	return nil
}

// AccuracyWord is a heading or column name of the accuracy tables
// (tool.AccuracyWords) in the bundle's language. The lead says so when the
// scenario's own factors run the models.
func (b *Bundle) AccuracyWord(key string) string {
	w := tool.AccuracyWords[key].In(b.Lang)
	if key == "lead" && b.Estimate.Scenario.Factors != nil {
		sep := " " // Japanese sentences follow one another without a space
		if b.Lang == "ja" {
			sep = ""
		}
		w += sep + tool.AccuracyWords["lead.factors"].In(b.Lang)
	}
	return w
}

// AccuracyTable is the published figures' error by group in the bundle's
// language, the header first (tool.AccuracyTable).
func (b *Bundle) AccuracyTable() [][]string { return tool.AccuracyTable(b.Accuracy, b.Lang) }

// AccuracyPoints are the published figures one by one in the bundle's
// language, the header first (tool.AccuracyPointTable).
func (b *Bundle) AccuracyPoints() [][]string { return tool.AccuracyPointTable(b.Accuracy, b.Lang) }

// FitTables are the user's measurements before and after the fit and their
// error by group in the bundle's language, each with its header first;
// nil without measurements.
func (b *Bundle) FitTables() (points, groups [][]string) {
	if b.Fit == nil {
		return nil, nil
	}
	return tool.FitTable(b.Fit, b.Lang), tool.FitGroupTable(b.Fit, b.Lang)
}

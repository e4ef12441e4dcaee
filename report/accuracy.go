package report

import (
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/internal/chart"
)

// accuracy sets the published figures of the kind of training the
// scenario does (both kinds for a scenario that does both), and the user's
// measurements when given, beside the models with the scenario's factors:
// an LLM's proposal need not weigh the models on CIFAR-10, and says where
// the rest are (trainscale accuracy).
func (b *Bundle) accuracy(measurements []hardware.Measurement) error {
	s := b.Estimate.Scenario
	h := s.Factors.Resolve() // the defaults without a factors section
	var f tool.Factors
	if s.Factors != nil {
		f = tool.Factors{Values: &h, Source: "the scenario's factors section"}
	}
	switch cnn, transformer := chart.Trains(s); {
	case cnn && !transformer:
		b.AccuracyKind = tool.KindCNN
	case transformer && !cnn:
		b.AccuracyKind = tool.KindTransformer
	}
	acc, err := tool.Accuracy(tool.AccuracyRequest{Factors: f, Kind: b.AccuracyKind})
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
// (tool.AccuracyWords) in the bundle's language. The lead says which kind
// of figure the appendix keeps, and so when the scenario's own factors run
// the models.
func (b *Bundle) AccuracyWord(key string) string {
	lead := key == "lead"
	if lead && b.AccuracyKind != "" {
		key = "lead." + b.AccuracyKind
	}
	w := tool.AccuracyWords[key].In(b.Lang)
	if lead && b.Estimate.Scenario.Factors != nil {
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

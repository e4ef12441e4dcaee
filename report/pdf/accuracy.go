package pdf

import "github.com/trainscale/trainscale/estimator/tool"

// accuracy is the appendix: the published figures' error by group, every
// figure one by one and, when the scenario's factors were fitted to the
// user's own measurements, those before and after the fit. The tables come
// formatted from the bundle.
func (d *doc) accuracy() {
	b := d.b
	if b.Accuracy == nil {
		return
	}
	d.heading(b.AccuracyWord("title"), true)
	d.para(b.AccuracyWord("lead"), bodySize)
	groups := b.AccuracyTable()
	d.table(groups[0], groups[1:], []float64{.2, .4, .12, .14, .14}, map[int]bool{2: true, 3: true, 4: true}, 7.5)
	d.subheading(b.AccuracyWord("points.title"))
	points := b.AccuracyPoints()
	right := map[int]bool{}
	for i := range points[0] {
		right[i] = tool.AccuracyPointNumber(i)
	}
	// 6.5 pt in columns wide enough for a Japanese group name and "421.3 TFLOP/s" on A4
	d.table(points[0], points[1:], []float64{.03, .22, .10, .11, .05, .06, .15, .09, .085, .105}, right, 6.5)
	fitPoints, fitGroups := b.FitTables()
	if fitPoints == nil {
		return
	}
	d.subheading(b.AccuracyWord("fit.title"))
	d.para(b.AccuracyWord("fit.lead"), 8)
	numbers := map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true}
	d.table(fitPoints[0], fitPoints[1:], []float64{.3, .1, .1, .1, .1, .1, .1, .1}, numbers, 7)
	d.table(fitGroups[0], fitGroups[1:], []float64{.16, .26, .08, .125, .125, .125, .125}, map[int]bool{2: true, 3: true, 4: true, 5: true, 6: true}, 7)
}

package pdf

// accuracy is the appendix: the published figures' error by group and, when
// the scenario's factors were fitted to the user's own measurements, those
// before and after the fit. The tables come formatted from the bundle.
func (d *doc) accuracy() {
	b := d.b
	if b.Accuracy == nil {
		return
	}
	d.heading(b.AccuracyWord("title"), true)
	d.para(b.AccuracyWord("lead"), bodySize)
	groups := b.AccuracyTable()
	d.table(groups[0], groups[1:], []float64{.2, .4, .12, .14, .14}, map[int]bool{2: true, 3: true, 4: true}, 7.5)
	points, fitGroups := b.FitTables()
	if points == nil {
		return
	}
	d.subheading(b.AccuracyWord("fit.title"))
	d.para(b.AccuracyWord("fit.lead"), 8)
	numbers := map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true}
	d.table(points[0], points[1:], []float64{.3, .1, .1, .1, .1, .1, .1, .1}, numbers, 7)
	d.table(fitGroups[0], fitGroups[1:], []float64{.16, .26, .08, .125, .125, .125, .125}, map[int]bool{2: true, 3: true, 4: true, 5: true, 6: true}, 7)
}

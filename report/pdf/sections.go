package pdf

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/chart"
)

// cover is the first page: the title and the ask.
func (d *doc) cover() {
	p := d.pdf
	p.AddPage()
	s := d.b.Estimate.Scenario
	p.SetY(margin + 20)
	d.setFont("B", 22)
	p.SetTextColor(0x2f, 0x5b, 0xb7)
	for _, l := range d.wrap(d.t("proposal.title"), d.width()) {
		p.SetX(margin)
		p.CellFormat(d.width(), 10, d.tr(l), "", 1, "L", false, 0, "")
	}
	p.SetTextColor(0x1d, 0x24, 0x33)
	p.Ln(3)
	d.setFont("", 13)
	for _, l := range d.wrap(d.name(), d.width()) {
		p.SetX(margin)
		p.CellFormat(d.width(), 6.5, d.tr(l), "", 1, "L", false, 0, "")
	}
	d.setFont("", 10)
	p.SetX(margin)
	p.CellFormat(d.width(), 6, d.tr(d.t("date")+": "+d.b.Date), "", 1, "L", false, 0, "")
	p.Ln(10)

	d.subheading(d.t("ask"))
	a := d.answer
	var when string
	if s.IsProject() {
		when = s.Project.Describe().In(d.b.Lang)
	} else {
		when = d.tf("ask.when.v", s.Team.TargetDays, s.Team.Members, s.Team.JobsWords().In(d.lang))
	}
	headline, basis := d.b.AnswerHeadline(a)
	if a.Buy == nil {
		d.para(headline, bodySize)
		d.askTable(a)
		d.answerText(10)
		d.table(nil, [][]string{{d.t("ask.when"), when}}, []float64{.35, .65}, nil, 10)
		return
	}
	d.setFont("B", 14)
	for _, l := range d.wrap(headline, d.width()) {
		p.SetX(margin)
		p.CellFormat(d.width(), 7.5, d.tr(l), "", 1, "L", false, 0, "")
	}
	d.para(basis, bodySize)
	d.askTable(a)
	d.answerText(10)
	p.Ln(2)
	var rows [][]string
	for _, id := range estimator.Headline(d.b.Estimate) {
		if key, ok := askCaptions[id]; ok {
			rows = append(rows, []string{d.t(key), d.show(id)})
		}
	}
	rows = append(rows, []string{d.t("ask.when"), when})
	d.table(nil, rows, []float64{.55, .45}, map[int]bool{1: true}, 10)
}

// askTable is the answer's table (report.Bundle.AnswerTable): the point
// estimate beside its P10, P50 and P90, or each workload on each system.
func (d *doc) askTable(a *present.Answer) {
	rows, numbers := d.b.AnswerTable(a)
	cols := len(rows[0])
	// Words take what four narrow number columns leave, or most of the width beside one.
	text := .28
	if cols-numbers == 1 {
		text = .4
	}
	if numbers == 2 {
		text = .46
	}
	widths, right := make([]float64, cols), map[int]bool{}
	for i := range widths {
		if i < numbers {
			widths[i] = text / float64(numbers)
			continue
		}
		widths[i], right[i] = (1-text)/float64(cols-numbers), true
	}
	size := 9.5
	if cols-numbers > 3 {
		size = 8.5 // four amounts of money side by side fit their columns
	}
	d.table(rows[0], rows[1:], widths, right, size)
}

// answerText prints the answer's sentences (report.Bundle.AnswerText), which
// the cover and the risks page share.
func (d *doc) answerText(size float64) {
	for _, line := range d.b.AnswerText(d.answer) {
		d.para(line, size)
	}
}

// askCaptions word the headline figures a budget request asks for beside the
// answer's table, by id; which figures are headline, and their order, is
// estimator.Headline's.
var askCaptions = map[string]string{
	"cost.opex_per_year": "ask.opex", "cost.cloud_per_year": "ask.cloud", "cost.break_even_utilisation": "ask.breakeven",
}

// executive is the summary a reader of one page takes away.
func (d *doc) executive() {
	d.heading(d.t("executive"), true)
	s := d.b.Estimate.Scenario
	var bullets []string
	switch {
	case s.Fleet != nil:
		bullets = append(bullets, d.tf("exec.data", d.show("data.raw"), d.show("data.processed")))
	case s.Dataset != nil:
		bullets = append(bullets, d.tf("exec.dataset", d.show("data.processed")))
	}
	sysIdx := 0
	if m := s.Money; m != nil {
		sysIdx = slices.IndexFunc(s.Systems, func(sys estimator.System) bool { return sys.ID == m.System })
	}
	sys := s.Systems[sysIdx]
	for _, w := range s.Workloads {
		bullets = append(bullets, d.tf("exec.systems", w.Name(), d.show("team."+w.ID+".systems_to_buy."+sys.ID), sys.Name()))
	}
	if g := s.Growth; g != nil && g.Factor > 1 {
		bullets = append(bullets, d.tf("exec.growth", g.Factor, d.show(fmt.Sprintf("growth.compute_factor_n%d", int(g.Factor)))))
	}
	if u, sens := d.b.Uncertainty, d.b.Sensitivity; u != nil && sens != nil {
		for _, q := range u.Quantities {
			if q.ID == sens.Target {
				bullets = append(bullets, d.tf("exec.range", q.Label.In(d.lang), d.format(q.P10, q.Unit), d.format(q.P90, q.Unit)))
			}
		}
		if len(sens.Swings) > 0 {
			sw := sens.Swings[0]
			bullets = append(bullets, d.tf("exec.top", d.fieldLabel(sw.Path)+" ("+sw.Path+")", d.format(math.Min(sw.Low, sw.High), sens.Unit), d.format(math.Max(sw.Low, sw.High), sens.Unit)))
		}
	}
	d.setFont("", bodySize+0.5)
	for _, bl := range bullets {
		lines := d.wrap(bl, d.width()-6)
		for i, l := range lines {
			d.ensure(lineH + 0.5)
			d.pdf.SetX(margin)
			mark := ""
			if i == 0 {
				mark = "-"
			}
			d.pdf.CellFormat(6, lineH+0.5, mark, "", 0, "L", false, 0, "")
			d.pdf.CellFormat(d.width()-6, lineH+0.5, d.tr(l), "", 1, "L", false, 0, "")
		}
		d.pdf.Ln(1.5)
	}
	if s.Notes != "" {
		d.pdf.Ln(2)
		d.subheading(d.t("notes"))
		d.para(s.Notes, 9)
	}
}

// assumptions lists the scenario's numbers and units system with their
// labels and units (the estimator's fields table), ranges and sources.
func (d *doc) assumptions() {
	d.heading(d.t("assumptions"), true)
	s := d.b.Estimate.Scenario
	var rows [][]string
	for _, in := range estimator.InputSpecs(s) {
		if in.IsText && in.Path != "units" {
			continue // ids, names and notes: the other sections show them
		}
		value, unit := in.Text, ""
		if !in.IsText {
			value, unit = estimator.InputNumber(in.Number), in.Field.UnitIn(d.lang, s.Currency())
		}
		src := in.Source
		if r := in.Range; r != nil {
			rng := estimator.InputNumber(r.Low) + " - " + estimator.InputNumber(r.High)
			if r.Median != 0 || r.P90 != 0 {
				rng = d.t("median") + " " + estimator.InputNumber(r.Median) + ", P90 " + estimator.InputNumber(r.P90)
			}
			src = strings.TrimSpace("[" + rng + "] " + src)
		}
		rows = append(rows, []string{in.Path + "\n" + in.Field.Label.In(d.lang), value, unit, src})
	}
	d.table([]string{d.t("input"), d.t("value"), d.t("unit"), d.t("source")}, rows, []float64{.28, .12, .16, .44}, map[int]bool{1: true}, 7.5)
}

// results are the estimate's tables as the article lays them out.
func (d *doc) results() {
	d.heading(d.t("results"), true)
	for _, sec := range present.Summarize(d.b.Estimate, d.lang).Sections {
		if len(sec.Rows) == 0 {
			continue
		}
		d.subheading(sec.Title)
		if len(sec.Rows) == 1 && len(sec.Rows[0]) == 1 { // a section that is one sentence (the whole-run ranges') reads as one
			d.para(sec.Rows[0][0], 9)
			continue
		}
		cols := len(sec.Rows[0])
		widths := make([]float64, cols)
		right := map[int]bool{}
		for i := range widths {
			widths[i] = 1 / float64(cols)
			if i > 0 {
				right[i] = true
			}
		}
		if cols == 2 {
			widths[0], widths[1] = .7, .3
		}
		var rows [][]string
		for _, r := range sec.Rows[1:] {
			if len(r) == 1 { // a note spans the table
				r = append(r, make([]string, cols-1)...)
			}
			rows = append(rows, r)
		}
		size := 8.0
		if cols > 6 {
			size = 6.5
		}
		d.table(sec.Rows[0], rows, widths, right, size)
	}
}

// charts draws every chart but the risk ones, which the risks section shows.
func (d *doc) charts() {
	d.heading(d.t("charts"), true)
	for _, sp := range d.b.Charts {
		if sp.ID == chart.UncertaintyRanges || sp.ID == chart.TornadoChart {
			continue
		}
		d.chart(sp)
	}
}

// costs lists the money, energy and CO2 quantities with their formulas.
func (d *doc) costs() {
	d.heading(d.t("costs"), true)
	if d.b.Estimate.Scenario.Money == nil {
		d.para(d.t("no.money"), bodySize)
		return
	}
	// The committee reads the amounts here, so a whole run's range stands
	// beside each, and the sentence on how far published runs came from
	// the model under them; without a range the column is left out.
	note := d.b.WholeRunNote()
	head, widths, right := []string{d.t("cost.table.item"), d.t("cost.table.amount"), d.t("formula")}, []float64{.4, .2, .4}, map[int]bool{1: true}
	if note != "" {
		head, widths, right = slices.Insert(head, 2, d.t("band")), []float64{.3, .16, .24, .3}, map[int]bool{1: true, 2: true}
	}
	var rows [][]string
	for _, q := range d.b.Estimate.Quantities() {
		group, _, _ := strings.Cut(q.ID, ".")
		if group == "cost" || group == "energy" || group == "co2" {
			row := []string{q.Label.In(d.lang), d.format(q.Value, q.Unit), q.Formula}
			if note != "" {
				row = slices.Insert(row, 2, d.b.Band(q))
			}
			rows = append(rows, row)
		}
	}
	d.table(head, rows, widths, right, 7.5)
	if note != "" {
		d.para(note, 8.5)
	}
}

// risks are the P10-P90 ranges and the tornado.
func (d *doc) risks() {
	d.heading(d.t("risks"), true)
	d.para(d.t("risk.text"), bodySize)
	d.answerText(bodySize)
	u := d.b.Uncertainty
	if u == nil {
		d.para(d.t("no.uncertainty"), bodySize)
	} else {
		d.para(d.tf("samples", u.Samples, u.Seed), 8)
		var rows [][]string
		for _, q := range u.Quantities {
			rows = append(rows, append([]string{q.Label.In(d.lang)}, d.b.ShowRow(q.Unit, q.P10, q.P50, q.P90)...))
		}
		d.table([]string{d.t("quantity"), d.t("p10"), d.t("p50"), d.t("p90")}, rows, []float64{.46, .18, .18, .18}, map[int]bool{1: true, 2: true, 3: true}, 7.5)
	}
	for _, sp := range d.b.Charts {
		if sp.ID == chart.UncertaintyRanges || sp.ID == chart.TornadoChart {
			d.chart(sp)
		}
	}
	if sens := d.b.Sensitivity; sens != nil && len(sens.Swings) > 0 {
		d.subheading(d.t("sensitivity") + ": " + sens.Label.In(d.lang))
		var rows [][]string
		for _, sw := range sens.Swings {
			rows = append(rows, []string{sw.Path + "\n" + d.fieldLabel(sw.Path),
				estimator.InputNumber(sw.InputLow) + " - " + estimator.InputNumber(sw.InputHigh),
				d.format(sw.Low, sens.Unit), d.format(sw.High, sens.Unit), sw.WhyIn(d.lang)})
		}
		d.table([]string{d.t("input"), d.t("low") + " - " + d.t("high"), d.t("tornado.low"), d.t("tornado.high"), d.t("source")},
			rows, []float64{.2, .14, .15, .15, .36}, map[int]bool{2: true, 3: true}, 7)
	}
}

// method says how the figures were made and lists every source.
func (d *doc) method() {
	d.heading(d.t("method"), true)
	d.para(d.t("method.text"), bodySize)
	d.subheading(d.t("sources"))
	seen := map[string]bool{}
	var rows [][]string
	for _, q := range d.b.Estimate.Quantities() {
		if src := q.Source.In(d.lang); src != "" && !seen[src] {
			seen[src] = true
			rows = append(rows, []string{src})
		}
	}
	s := d.b.Estimate.Scenario
	paths := make([]string, 0, len(s.Sources))
	for p := range s.Sources {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		rows = append(rows, []string{p + ": " + s.Sources[p]})
	}
	d.table(nil, rows, []float64{1}, nil, 7.5)
	d.setFont("", 8)
	d.pdf.SetX(margin)
	d.pdf.CellFormat(d.width(), 4, d.tr(d.t("generated")+" · "+d.b.Date), "", 1, "L", false, 0, "")
}

// num prints a scenario input as given, with -0 as 0: the estimator's Format
// prints quantities, not the inputs' own numbers.
// fieldLabel is a scenario input's label in the reader's language, the path
// where the fields table has none.
func (d *doc) fieldLabel(path string) string {
	if f, ok := estimator.FieldOf(path); ok {
		return f.Label.In(d.lang)
	}
	return path
}

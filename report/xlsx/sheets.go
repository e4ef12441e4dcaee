package xlsx

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

const article = "A. Grzywaczewski, \"Training AI for Self-Driving Vehicles: the Challenge of Scale\", NVIDIA Developer Blog, 2017"

func (wb *workbook) cover() {
	sh := wb.tab(sheetCover)
	wb.widths(sh, 22, 110)
	wb.text(sh, 1, 1, wb.t("xlsx.title"))
	wb.style(sh, 1, 1, stTitle)
	tab := func(key string) any { return wb.tab(key) }
	lines := [][2]string{
		{wb.t("scenario"), wb.scenarioName()},
		{wb.t("date"), wb.b.Date},
		{wb.t("notes"), wb.s.Notes},
		{"", ""},
		{wb.t("xlsx.what"), wb.tf("xlsx.what.v", article)},
		{wb.t("xlsx.how"), wb.tf("xlsx.how.1", tab(sheetAssumptions), tab(sheetCatalog))},
		{"", wb.tf("xlsx.how.2", tab(sheetData), tab(sheetTraining), tab(sheetTeam), tab(sheetScaling), tab(sheetMemory), tab(sheetStorage), tab(sheetCost), tab(sheetCharts))},
		{"", wb.t("xlsx.how.3")},
		{"", wb.t("xlsx.how.4")},
		{"", wb.tf("xlsx.how.5", tab(sheetScenarios), tab(sheetUncertainty))},
		{wb.t("xlsx.colours"), wb.t("xlsx.colours.v")},
		{wb.t("xlsx.units"), wb.t("xlsx.units.v")},
		{wb.t("xlsx.names"), wb.t("xlsx.names.v")},
		{wb.t("xlsx.made"), wb.t("xlsx.made.v")},
	}
	row := 3
	for _, l := range lines {
		wb.text(sh, 1, row, l[0])
		wb.style(sh, 1, row, stHeader)
		if l[0] == "" {
			wb.style(sh, 1, row, stValue)
		}
		wb.text(sh, 2, row, l[1])
		wb.style(sh, 2, row, stWrap)
		row++
	}
	row++
	wb.text(sh, 1, row, wb.t("xlsx.sheets"))
	wb.style(sh, 1, row, stHeading)
	row++
	for _, key := range Sheets[1:] {
		wb.text(sh, 1, row, wb.tab(key))
		wb.text(sh, 2, row, wb.t("xlsx.about."+key))
		row++
	}
}

// assumptions lists every input the scenario sets, then the unit constants.
func (wb *workbook) assumptions() {
	sh := wb.tab(sheetAssumptions)
	wb.widths(sh, 34, 18, 14, 30, 24, 30, 30, 32)
	wb.text(sh, 1, 1, sh+": "+wb.scenarioName())
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, wb.t("xlsx.assumptions.note"))
	wb.style(sh, 1, 2, stNote)
	wb.rerunLine(sh, 3)
	row := 4
	header := wb.ts("input", "value", "unit", "xlsx.rule", "xlsx.range", "xlsx.name", "source", "xlsx.path")
	if len(wb.rerunOrder) > 0 {
		header = append(header, wb.t("xlsx.rerun.col"))
	}
	wb.header(sh, row, header...)
	section := ""
	for _, in := range inputs(wb.s) {
		if head, _, _ := strings.Cut(in.Path, "."); head != section {
			section = head
			row += 2
			wb.text(sh, 1, row, wb.section(head))
			wb.style(sh, 1, row, stHeading)
		}
		row++
		wb.input(sh, row, in)
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.constants"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, wb.ts("xlsx.constant", "value", "unit", "", "", "xlsx.name", "xlsx.meaning")...)
	binary, decimal := estimator.Constants(estimator.Binary), estimator.Constants(estimator.Decimal)
	units, _ := wb.name("units")
	for _, c := range constantOrder {
		row++
		name := constantName(c)
		wb.text(sh, 1, row, c)
		if binary[c] == decimal[c] {
			wb.number(sh, 2, row, binary[c])
		} else {
			wb.formula(sh, 2, row, fmt.Sprintf(`IF(%s="%s",%s,%s)`, units, estimator.Binary, num(binary[c]), num(decimal[c])))
		}
		unit := "B"
		if c == "DAY" || c == "HOUR" {
			unit = "s"
		}
		wb.text(sh, 3, row, unit)
		wb.text(sh, 6, row, name)
		wb.text(sh, 7, row, wb.t("xlsx.const."+c))
		wb.define(name, sh, 2, row)
	}
}

// section is the heading of the inputs under a path's first part
// ("workloads[2]" -> "workloads 3"), in the workbook's language.
func (wb *workbook) section(head string) string {
	name, index, listed := strings.Cut(strings.TrimSuffix(head, "]"), "[")
	if key := "xlsx.section." + name; wb.t(key) != key {
		name = wb.t(key)
	} // else a part of the format added later: its own name until it has words
	if i, err := strconv.Atoi(index); listed && err == nil {
		return name + " " + strconv.Itoa(i+1) // workloads[0]: Workloads 1
	}
	return name
}

// ts is the words of several keys, for a header.
func (wb *workbook) ts(keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		if k != "" {
			out[i] = wb.t(k)
		}
	}
	return out
}

// input writes one input row: its value in a named, validated cell, its
// label and unit in the workbook's language, and the path --set takes.
func (wb *workbook) input(sh string, row int, in estimator.InputSpec) {
	name, _ := wb.name(in.Path)
	wb.wrapped(sh, 1, row, in.Field.Label.In(wb.b.Lang))
	wb.text(sh, 8, row, in.Path)
	var notes []string
	if in.IsText {
		wb.text(sh, 2, row, in.Text)
		if wb.textRead(in.Path) {
			wb.style(sh, 2, row, stInputText)
		} else {
			wb.style(sh, 2, row, stFixedText)
		}
	} else {
		wb.number(sh, 2, row, in.Number)
		base := stInput
		if !wb.read[in.Path] {
			base = stModelInput
			notes = append(notes, wb.t("xlsx.unread"))
		}
		if in.Money {
			wb.style(sh, 2, row, base+"-money:"+wb.currency())
		} else {
			wb.style(sh, 2, row, base)
		}
	}
	if !in.IsText {
		wb.wrapped(sh, 3, row, in.Field.UnitIn(wb.b.Lang, wb.currency()))
	}
	var rules []string
	for _, r := range in.Rules {
		rules = append(rules, estimator.DescribeRule(r, wb.b.Lang))
	}
	wb.wrapped(sh, 4, row, in.Field.RuleText(wb.b.Lang))
	if d := in.Range; d != nil {
		r := wb.rangeText(*d)
		wb.wrapped(sh, 5, row, r)
		note := wb.tf("xlsx.ranged.likely", r)
		if d.Lognormal() {
			note = wb.tf("xlsx.ranged.median", r)
		}
		if d.Why != "" {
			note += " " + wb.tf("xlsx.why", d.Why)
		}
		notes = append([]string{note}, notes...)
	}
	wb.text(sh, 6, row, name)
	wb.wrapped(sh, 7, row, in.Source)
	wb.rerunCell(sh, 9, row, in.Path)
	if wb.rerun[in.Path] {
		notes = append(notes, wb.t("xlsx.rerun.note"))
	}
	if len(notes) > 0 {
		wb.comment(sh, 2, row, strings.Join(notes, "\n"))
	}
	wb.define(name, sh, 2, row)
	wb.validate(sh, row, in, rules)
}

// textRead says whether a text input changes any formula: the units do.
func (wb *workbook) textRead(path string) bool { return path == "units" }

func (wb *workbook) currency() string { return wb.s.Currency() }

// rangeText says a range in words: "low 1, likely 1, high 3.24".
func (wb *workbook) rangeText(d estimator.Dist) string {
	if d.Lognormal() {
		return wb.tf("xlsx.lognormal", num(d.Median), num(d.P90))
	}
	return wb.tf("xlsx.triangular", num(d.Low), num(d.Likely), num(d.High))
}

// validate refuses values the field's own rules forbid; rules relating
// several fields are checked by trainscale, not by the cell.
func (wb *workbook) validate(sh string, row int, in estimator.InputSpec, rules []string) {
	if len(in.Rules) == 0 {
		return
	}
	c := cellName(2, row)
	dv := excelize.NewDataValidation(false)
	dv.Sqref = c
	if in.IsText {
		var opts []string
		for _, r := range in.Rules {
			if list, ok := strings.CutPrefix(r, "oneof="); ok {
				opts = strings.Split(list, "|")
			}
		}
		if opts == nil {
			return // ids: the scenario's own names
		}
		wb.check(dv.SetDropList(opts))
	} else {
		conds := []string{"ISNUMBER(" + c + ")"}
		for _, r := range in.Rules {
			name, arg, _ := strings.Cut(r, "=")
			switch name {
			case "gt0":
				conds = append(conds, c+">0")
			case "ge":
				conds = append(conds, c+">="+arg)
			case "le", "max":
				conds = append(conds, c+"<="+arg)
			case "int":
				conds = append(conds, c+"=INT("+c+")")
			}
		}
		dv.Type = "custom"
		dv.Formula1 = xmlEscaper.Replace("AND(" + strings.Join(conds, ",") + ")")
	}
	dv.SetError(excelize.DataValidationErrorStyleStop, wb.t("xlsx.invalid"), clean(in.Path+" "+strings.Join(rules, "; ")))
	wb.check(wb.f.AddDataValidation(sh, dv))
}

// xmlEscaper escapes a validation formula as excelize expects it.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// catalog lists the catalog figures the formulas read, as editable inputs.
func (wb *workbook) catalog() {
	sh := wb.tab(sheetCatalog)
	wb.widths(sh, 40, 18, 8, 12, 8, 28, 40, 34, 10)
	wb.text(sh, 1, 1, wb.t("xlsx.catalog.title"))
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, wb.t("xlsx.catalog.note"))
	wb.style(sh, 1, 2, stNote)
	wb.rerunLine(sh, 3)
	row := 4
	header := wb.ts("xlsx.fact", "value", "unit", "xlsx.shown", "xlsx.in", "xlsx.label", "xlsx.name", "source", "xlsx.asof")
	if slices.ContainsFunc(wb.rerunOrder, func(p string) bool { return strings.HasPrefix(p, "catalog.") }) {
		header = append(header, wb.t("xlsx.rerun.col"))
	}
	wb.header(sh, row, header...)
	n := 0
	for _, f := range estimator.CatalogFacts() {
		name, ok := wb.name(f.Path)
		if !ok {
			continue
		}
		row++
		n++
		wb.text(sh, 1, row, f.Path)
		wb.number(sh, 2, row, f.Value)
		wb.style(sh, 2, row, shownIn(valueStyle(stInput, f.Unit), present.Choose(f.Unit, wb.s.Units, f.Value, present.Article, estimator.English), f.Value))
		wb.text(sh, 3, row, f.Unit.In(wb.b.Lang))
		wb.shown(sh, 4, row, name, f.Unit, f.Value)
		wb.wrapped(sh, 6, row, f.Label.In(wb.b.Lang))
		wb.text(sh, 7, row, name)
		wb.wrapped(sh, 8, row, f.Source)
		wb.text(sh, 9, row, f.AsOf)
		wb.rerunCell(sh, 10, row, f.Path)
		if wb.rerun[f.Path] {
			wb.comment(sh, 2, row, wb.t("xlsx.rerun.note"))
		}
		wb.define(name, sh, 2, row)
		dv := excelize.NewDataValidation(false)
		dv.Sqref = cellName(2, row)
		dv.Type = "custom"
		dv.Formula1 = xmlEscaper.Replace("AND(ISNUMBER(" + cellName(2, row) + ")," + cellName(2, row) + ">=0)")
		dv.SetError(excelize.DataValidationErrorStyleStop, wb.t("xlsx.invalid"), wb.t("xlsx.catalog.rule"))
		wb.check(wb.f.AddDataValidation(sh, dv))
	}
	if n == 0 {
		wb.text(sh, 1, row+1, wb.t("xlsx.catalog.none"))
		wb.style(sh, 1, row+1, stNote)
	}
	wb.fitTables(sh, row+3)
}

func (wb *workbook) header(sh string, row int, cols ...string) {
	for i, c := range cols {
		wb.text(sh, i+1, row, c)
	}
	wb.styleRange(sh, 1, row, len(cols), row, stHeader)
	l := wb.sheetLayout(sh)
	l.headers = append(l.headers, row)
}

// shown writes a value converted for reading, and its unit, in two cells:
// the display unit is the one present.Format prints v in (Article style),
// its divisor a formula over the unit constants, so the cell follows the
// units input and the value's own cell. Units shown as they are (counts,
// ratios, flags, money) get no second cell.
func (wb *workbook) shown(sh string, col, row int, name string, u estimator.Unit, v float64) {
	d := present.Choose(u, wb.s.Units, v, present.Article, estimator.English)
	if d.Divisor == "" || isPercent(d) { // the value's own cell shows it so
		return
	}
	e, err := estimator.ParseExpr(d.Divisor)
	if err != nil {
		wb.check(fmt.Errorf("xlsx: display divisor of %s: %w", name, err))
		return
	}
	div, err := Formula(e, wb.name)
	if err != nil {
		wb.check(fmt.Errorf("xlsx: display divisor of %s: %w", name, err))
		return
	}
	if strings.ContainsAny(div, "*/+-^") {
		div = "(" + div + ")" // a year is 365*DAY, and x/365*DAY is not x/(365*DAY)
	}
	wb.formula(sh, col, row, name+"/"+div)
	wb.style(sh, col, row, stShown+":"+strconv.Itoa(d.Digits))
	wb.text(sh, col+1, row, d.Suffix(wb.b.Lang))
}

// shownFormat is the number format of a value shown for reading, to the
// decimals of its display ("shown:1"); the article tables' plain "shown"
// cells keep two.
func shownFormat(decimals string) string {
	n, err := strconv.Atoi(decimals)
	if err != nil {
		n = 2
	}
	if n == 0 {
		return "#,##0"
	}
	return "#,##0." + strings.Repeat("0", n)
}

// quantitySheets writes each result sheet: the article's tables first, then
// every quantity of the sheet, one per row.
func (wb *workbook) quantitySheets() {
	bySheet := map[string][]estimator.Quantity{}
	for _, q := range wb.est.Quantities() {
		bySheet[sheetOf(q.ID)] = append(bySheet[sheetOf(q.ID)], q)
	}
	for _, key := range []string{sheetData, sheetTraining, sheetTeam, sheetScaling, sheetMemory, sheetStorage, sheetCost} {
		sh := wb.tab(key)
		// The label and the formula wrap, so the sheet prints one page
		// wide at a legible scale.
		wb.widths(sh, 32, 30, 18, 8, 12, 8, 40, 7)
		wb.text(sh, 1, 1, sh+": "+wb.scenarioName())
		wb.style(sh, 1, 1, stTitle)
		wb.text(sh, 1, 2, wb.t("xlsx.intro."+key))
		wb.style(sh, 1, 2, stNote)
		if len(bySheet[key]) > 0 { // a sheet of results, not a note that it has none
			wb.rerunLine(sh, 3)
		}
		row := 4
		for _, t := range wb.tables(key) {
			row = wb.table(sh, row, t) + 2
		}
		qs := bySheet[key]
		if len(qs) == 0 {
			wb.text(sh, 1, row, wb.emptyNote(key))
			wb.style(sh, 1, row, stNote)
			continue
		}
		wb.text(sh, 1, row, wb.t("xlsx.every"))
		wb.style(sh, 1, row, stHeading)
		head := wb.ts("quantity", "id", "value", "unit", "xlsx.shown", "xlsx.in", "formula", "source")
		// A sheet showing a whole run's figures gives their range too, with
		// the sentence that stands beside a run's GPU-hours and cost.
		banded := slices.ContainsFunc(qs, estimator.Quantity.HasBand)
		if banded {
			row++
			wb.wrappedAcross(sh, 1, len(head)+2, row, estimator.WholeRunNote().In(wb.b.Lang))
			wb.style(sh, 1, row, stNoteWrap)
			head = append(head, wb.ts("xlsx.band.p10", "xlsx.band.p90")...)
		}
		row++
		wb.header(sh, row, head...)
		if banded {
			for i, p := range []string{"p10", "p90"} {
				wb.comment(sh, bandCol+i, row, wb.tf("xlsx.band.note", wb.t(p)))
			}
		}
		for _, q := range qs {
			row++
			wb.quantity(sh, row, q)
		}
	}
}

// bandCol is the column of a quantity's whole-run P10, P90 beside it:
// after its source, so the columns before keep their places on every sheet.
const bandCol = 9

// emptyNote says why a sheet (one of Sheets) lists no quantity.
func (wb *workbook) emptyNote(key string) string {
	switch key {
	case sheetScaling, sheetMemory, sheetCost:
		return wb.t("xlsx.empty." + key)
	}
	return wb.t("xlsx.empty")
}

// quantity writes one quantity row: its label in the workbook's language
// and its id, then its value in the cell that carries its defined name, the
// value shown for reading, its formula in words (wrapped) and the key of
// its source on the Sources sheet.
func (wb *workbook) quantity(sh string, row int, q estimator.Quantity) {
	name, _ := wb.name(q.ID)
	display := present.Choose(q.Unit, wb.s.Units, q.Value, present.Article, estimator.English)
	wb.wrapped(sh, 1, row, q.Label.In(wb.b.Lang))
	wb.text(sh, 2, row, q.ID)
	if f, ok := wb.lookups[q.ID]; ok {
		wb.formula(sh, 3, row, f)
		wb.style(sh, 3, row, shownIn(valueStyle(stValue, q.Unit), display, q.Value))
		how := "xlsx.jobs.looked"
		if strings.HasPrefix(q.ID, "team.") {
			how = "xlsx.jobs.walked"
		}
		wb.wrapped(sh, 7, row, wb.tf(how, wb.tab(sheetJobs), q.Formula))
	} else if q.Expr != "" {
		f, ok := wb.formulaOf(q)
		if !ok {
			return
		}
		wb.formula(sh, 3, row, f)
		wb.style(sh, 3, row, shownIn(valueStyle(stValue, q.Unit), display, q.Value))
		wb.wrapped(sh, 7, row, q.Formula)
	} else {
		wb.number(sh, 3, row, q.Value)
		wb.style(sh, 3, row, shownIn(valueStyle(stModelled, q.Unit), display, q.Value))
		wb.comment(sh, 3, row, wb.t("xlsx.model.note"))
		wb.wrapped(sh, 7, row, wb.tf("xlsx.model", q.Formula))
	}
	wb.text(sh, 4, row, q.Unit.In(wb.b.Lang))
	wb.shown(sh, 5, row, name, q.Unit, q.Value)
	wb.text(sh, 8, row, wb.sourceKeys[q.Source.EN])
	wb.define(name, sh, 3, row)
	if q.HasBand() {
		for i, v := range []float64{q.P10, q.P90} {
			wb.number(sh, bandCol+i, row, v)
			wb.style(sh, bandCol+i, row, shownIn(valueStyle(stComputed, q.Unit), display, max(q.P10, q.P90)))
		}
	}
}

// sourceKeys numbers the quantities' sources in the order the estimate
// first cites them: the quantity sheets print "S1", the Sources sheet the
// full text, so a long citation repeated on every row does not widen them.
func sourceKeys(est *estimator.Estimate) (map[string]string, []string) {
	keys := map[string]string{}
	var order []string
	for _, q := range est.Quantities() {
		if _, ok := keys[q.Source.EN]; !ok {
			order = append(order, q.Source.EN)
			keys[q.Source.EN] = "S" + strconv.Itoa(len(order))
		}
	}
	return keys, order
}

// growthColumns is about the most systems a table of the data's growth
// shows side by side: more would widen the sheet beyond its quantity list.
const growthColumns = 6

// transformerTables are the transformer workloads' plan on each system, in
// two tables of a few columns each: the model's work and layout, then its
// memory, utilisation and the job they give (in one, the sheet printed at a
// third of its size).
func (wb *workbook) transformerTables(c func(string) string, years string) []table {
	s := wb.s
	pair := func(group, name, w, sys string) string { return group + "." + w + "." + name + "." + sys }
	layout := table{title: wb.t("xlsx.tt.title"), header: wb.ts("network", "system", "xlsx.tt.tokens", "xlsx.tt.flops", "xlsx.tt.tp", "xlsx.tt.pp", "xlsx.tt.dp")}
	job := table{title: wb.t("xlsx.tt.job"), header: wb.ts("network", "system", "xlsx.mem.gb", "xlsx.fits", "xlsx.tt.mfu", "xlsx.tt.rate", "xlsx.gpus.job", "xlsx.onejob")}
	for _, w := range s.Workloads {
		if w.Transformer == nil {
			continue
		}
		for _, sys := range s.Systems {
			p := func(group, name string) tcell { return tcell{id: pair(group, name, w.ID, sys.ID)} }
			names := []tcell{{text: w.Name()}, {text: sys.ID}}
			layout.rows = append(layout.rows, append(slices.Clone(names), tcell{id: "train." + w.ID + ".tokens"}, tcell{id: "train." + w.ID + ".flops"},
				p("train", "tp"), p("train", "pp"), p("train", "dp")))
			job.rows = append(job.rows, append(slices.Clone(names), tcell{id: pair("train", "memory_per_gpu", w.ID, sys.ID), div: c("GB")},
				tcell{id: pair("train", "fits", w.ID, sys.ID), style: stFlag}, tcell{id: pair("train", "mfu", w.ID, sys.ID), style: stPercent},
				p("train", "tokens_per_s"), p("team", "gpus_per_job"), tcell{id: pair("train", "job_time", w.ID, sys.ID), div: years}))
		}
	}
	if len(layout.rows) == 0 {
		return nil
	}
	return []table{layout, job}
}

// tcell is one cell of an article table: text, or a quantity's value shown
// through a formula over its defined name.
type tcell struct {
	text  string
	id    string // the quantity shown
	div   string // divisor for reading, a formula over the unit constants; "" for none
	style string
}

type table struct {
	title  string
	header []string
	rows   [][]tcell
}

// table writes t from row on and returns its last row.
func (wb *workbook) table(sh string, row int, t table) int {
	wb.text(sh, 1, row, t.title)
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, t.header...)
	for _, cells := range t.rows {
		row++
		for i, c := range cells {
			col := i + 1
			if c.id == "" {
				wb.text(sh, col, row, c.text)
				continue
			}
			name, ok := wb.name(c.id)
			if _, has := wb.est.Get(c.id); !ok || !has {
				wb.text(sh, col, row, "-")
				continue
			}
			f := name
			if c.div != "" {
				f += "/" + c.div
			}
			wb.formula(sh, col, row, f)
			st := c.style
			if st == "" {
				st = stShown
				if q, _ := wb.est.Get(c.id); c.div == "" {
					// An undivided value reads as the core shows it (a
					// run's FLOPs as 3.79E+25); a count grouped in full
					// can outgrow a formula's usual width, and its column
					// holds all of it.
					d := present.Choose(q.Unit, wb.s.Units, q.Value, present.Article, estimator.English)
					st = shownIn(stShown, d, q.Value)
					if d.Notation == present.Fixed {
						wb.needs(sh, col, row, max(needFormula, groupedWidth(q.Value, 2)))
					}
				}
			}
			wb.style(sh, col, row, st)
		}
	}
	return row
}

// tables are the article's tables of a sheet, laid out as present.Summarize
// lays them out.
func (wb *workbook) tables(key string) []table {
	s := wb.s
	c := func(name string) string { n, _ := wb.name(name); return n }
	years := "(365*" + c("DAY") + ")"
	pair := func(group, name, w, sys string) string { return group + "." + w + "." + name + "." + sys }
	var out []table
	switch key {
	case sheetData:
		if s.GrowthFactor() < 1 {
			return nil
		}
		// The workloads' systems across, as many workloads to a table as
		// fit growthColumns: all pairs side by side would print a wide
		// scenario's sheet too small to read.
		type pair struct{ w, sys int }
		var pairs []pair
		for wi := range s.Workloads {
			for si := range s.Systems {
				pairs = append(pairs, pair{wi, si})
			}
		}
		for len(pairs) > 0 {
			n := len(s.Systems) * max(1, growthColumns/len(s.Systems))
			part := pairs[:min(n, len(pairs))]
			pairs = pairs[len(part):]
			t := table{title: wb.t("xlsx.growth.title"), header: wb.ts("xlsx.datax", "xlsx.computex")}
			for _, p := range part {
				w, sys := s.Workloads[p.w], s.Systems[p.sys]
				t.header = append(t.header, w.Name()+" / "+sys.Name())
			}
			for n := 1; n <= s.GrowthFactor(); n++ {
				r := []tcell{{text: fmt.Sprint(n)}, {id: fmt.Sprintf("growth.compute_factor_n%d", n)}}
				for _, p := range part {
					r = append(r, tcell{id: fmt.Sprintf("growth.%s.systems_n%d.%s", s.Workloads[p.w].ID, n, s.Systems[p.sys].ID)})
				}
				t.rows = append(t.rows, r)
			}
			out = append(out, t)
		}
	case sheetTraining:
		modelled := s.Scaling() == "modelled"
		t := table{title: wb.t("xlsx.train.title"), header: wb.ts("network", "system", "xlsx.gpu1", "xlsx.system1")}
		if modelled {
			t.header = append(t.header, wb.ts("xlsx.gpus.job", "xlsx.efficiency", "xlsx.onejob")...)
		}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				r := []tcell{{text: w.Name()}, {text: sys.ID},
					{id: pair("train", "gpu_time", w.ID, sys.ID), div: years}, {id: pair("train", "system_time", w.ID, sys.ID), div: years}}
				if modelled {
					r = append(r, tcell{id: pair("team", "gpus_per_job", w.ID, sys.ID)},
						tcell{id: pair("scale", "efficiency", w.ID, sys.ID), style: stPercent},
						tcell{id: pair("train", "job_time", w.ID, sys.ID), div: years})
				}
				t.rows = append(t.rows, r)
			}
		}
		out = append(out, t)
		out = append(out, wb.transformerTables(c, years)...)
	case sheetTeam:
		t := table{title: wb.t("systems.table"), header: wb.ts("network", "system", "systems", "to.buy", "xlsx.per.member", "xlsx.node.reads", "xlsx.meets")}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				t.rows = append(t.rows, []tcell{{text: w.Name()}, {text: sys.ID},
					{id: pair("team", "systems", w.ID, sys.ID)}, {id: pair("team", "systems_to_buy", w.ID, sys.ID), style: stValue},
					{id: pair("team", "systems_per_member", w.ID, sys.ID)}, {id: pair("storage", "node_read_rate", w.ID, sys.ID), div: c("MB")},
					{id: pair("team", "meets_target", w.ID, sys.ID), style: stFlag}})
			}
		}
		out = append(out, t)
	case sheetMemory:
		t := table{title: wb.t("xlsx.mem.title"), header: wb.ts("network", "system", "xlsx.mem.gb", "xlsx.fits")}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				if _, ok := wb.est.Get(pair("memory", "per_gpu", w.ID, sys.ID)); ok {
					t.rows = append(t.rows, []tcell{{text: w.Name()}, {text: sys.ID},
						{id: pair("memory", "per_gpu", w.ID, sys.ID), div: c("GB")}, {id: pair("memory", "fits", w.ID, sys.ID), style: stFlag}})
				}
			}
		}
		if len(t.rows) > 0 {
			out = append(out, t)
		}
	case sheetStorage:
		// Storage, then host: in one table of nine columns the sheet
		// printed wider than its quantity list.
		storage := table{title: wb.t("xlsx.storage.title"), header: wb.ts("system", "xlsx.ssd", "xlsx.dataset.fits", "xlsx.shared.reads")}
		host := table{title: wb.t("xlsx.host.title"), header: wb.ts("system", "xlsx.gpu.mem", "xlsx.ram.low", "xlsx.ram.high", "xlsx.ram.installed", "xlsx.ram.ok")}
		for _, sys := range s.Systems {
			id := func(name string) string { return name + "." + sys.ID }
			storage.rows = append(storage.rows, []tcell{{text: sys.ID},
				{id: id("storage.local_ssd"), div: c("TB")}, {id: id("storage.dataset_fits_local"), style: stFlag},
				{id: id("storage.shared_read_per_run"), div: c("TB")}})
			host.rows = append(host.rows, []tcell{{text: sys.ID}, {id: id("host.gpu_memory"), div: c("GB")},
				{id: id("host.ram_low"), div: c("GB")}, {id: id("host.ram_high"), div: c("GB")},
				{id: id("host.ram_installed"), div: c("GB")}, {id: id("host.ram_ok"), style: stFlag}})
		}
		out = append(out, storage, host)
	case sheetCost:
		if s.Money == nil || s.Growth == nil || s.Growth.Years == nil {
			return nil
		}
		money := "money:" + wb.currency()
		t := table{title: wb.t("xlsx.plan.title"), header: wb.ts("xlsx.year", "xlsx.datax", "systems", "ask.capex", "xlsx.opex")}
		for y := 1; y <= int(*s.Growth.Years); y++ {
			yearID := func(name string) string { return fmt.Sprintf("growth.y%d.%s", y, name) }
			t.rows = append(t.rows, []tcell{{text: fmt.Sprint(y)}, {id: yearID("data_factor")}, {id: yearID("systems"), style: stValue},
				{id: yearID("capex"), style: money}, {id: yearID("opex"), style: money}})
		}
		out = append(out, t)
	}
	return out
}

// inputLabel is the written label of an input path, in the workbook's
// language; the path itself for one the fields table does not know.
func (wb *workbook) inputLabel(path string) string {
	if f, ok := estimator.FieldOf(path); ok {
		return f.Label.In(wb.b.Lang)
	}
	return path
}

// num writes a number the way a formula or a note reads it.
func num(v float64) string { return trimFloat(v) }

// scenarios is Table 1: the compared scenarios side by side, as values.
func (wb *workbook) scenarios() {
	sh := wb.tab(sheetScenarios)
	wb.widths(sh, 58, 38, 10, 22, 22, 22, 22, 22, 22)
	wb.text(sh, 1, 1, wb.t("xlsx.scenarios.title"))
	wb.style(sh, 1, 1, stTitle)
	c := wb.b.Comparison
	if c == nil {
		wb.text(sh, 1, 2, wb.t("xlsx.scenarios.none"))
		wb.style(sh, 1, 2, stNote)
		return
	}
	wb.text(sh, 1, 2, wb.tf("xlsx.scenarios.note", wb.tab(sheetAssumptions), string(c.Units)))
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.text(sh, 1, row, wb.t("differing"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append(wb.ts("input", "xlsx.path", ""), c.Columns...)...)
	for _, in := range c.Inputs {
		row++
		wb.text(sh, 1, row, wb.inputLabel(in.Path))
		wb.text(sh, 2, row, in.Path)
		for i, v := range in.Values {
			col := 4 + i
			switch {
			case !v.Set:
				wb.text(sh, col, row, "-")
			case v.Text != "":
				wb.text(sh, col, row, v.Text)
			default:
				wb.number(sh, col, row, v.Number)
				wb.style(sh, col, row, stComputed)
			}
		}
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.results.printed"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append(wb.ts("quantity", "id", ""), c.Columns...)...)
	var headline []present.QuantityRow
	for _, q := range c.Quantities {
		if q.Headline {
			headline = append(headline, q)
		}
	}
	for _, q := range headline {
		row++
		wb.text(sh, 1, row, q.Label.In(wb.b.Lang))
		wb.text(sh, 2, row, q.ID)
		for i, v := range q.Values {
			text := "-"
			if v != nil {
				text = present.Format(*v, q.Units[i], c.Units, wb.b.Lang)
			}
			wb.text(sh, 4+i, row, text)
		}
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.results.base"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append(wb.ts("quantity", "id", "unit"), c.Columns...)...)
	for _, q := range headline {
		row++
		wb.text(sh, 1, row, q.Label.In(wb.b.Lang))
		wb.text(sh, 2, row, q.ID)
		wb.text(sh, 3, row, q.Unit.In(wb.b.Lang))
		for i, v := range q.Values {
			if v == nil {
				wb.text(sh, 4+i, row, "-")
				continue
			}
			wb.number(sh, 4+i, row, *v)
			wb.style(sh, 4+i, row, shownIn(valueStyle(stComputed, q.Units[i]), present.Choose(q.Units[i], c.Units, *v, present.Article, estimator.English), *v))
		}
	}
}

// uncertainty writes the Monte Carlo percentiles and the tornado as values.
func (wb *workbook) uncertainty() {
	sh := wb.tab(sheetUncertainty)
	wb.widths(sh, 58, 34, 10, 20, 20, 20, 20, 20, 14)
	wb.text(sh, 1, 1, sh)
	wb.style(sh, 1, 1, stTitle)
	u := wb.b.Uncertainty
	if u == nil {
		wb.text(sh, 1, 2, wb.t("xlsx.unc.none"))
		wb.style(sh, 1, 2, stNote)
		return
	}
	wb.text(sh, 1, 2, wb.tf("xlsx.unc.note", u.Samples, u.Seed, wb.tab(sheetAssumptions)))
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.text(sh, 1, row, wb.t("xlsx.unc.ranged"))
	wb.style(sh, 1, row, stHeading)
	ranges := estimator.RangesOf(wb.s) // the default model errors too
	for _, p := range u.Ranged {
		row++
		wb.text(sh, 1, row, wb.inputLabel(p))
		wb.text(sh, 2, row, p)
		if d, ok := ranges[p]; ok {
			wb.text(sh, 4, row, wb.rangeText(d))
			wb.style(sh, 4, row, stNote) // runs on over the empty cells beside it
			wb.wrappedAcross(sh, 7, 9, row, d.WhyIn(wb.b.Lang))
		}
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.unc.pct"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, wb.ts("quantity", "id", "unit", "p10", "p50", "p90", "xlsx.p10.shown", "xlsx.p50.shown", "xlsx.p90.shown")...)
	for _, q := range u.Quantities {
		row++
		wb.text(sh, 1, row, q.Label.In(wb.b.Lang))
		wb.text(sh, 2, row, q.ID)
		wb.text(sh, 3, row, q.Unit.In(wb.b.Lang))
		// One display for the row: "200 days" beside "1.2 years" reads
		// as a smaller spread than it is.
		d := present.ChooseColumn(q.Unit, wb.s.Units, []float64{q.P10, q.P50, q.P90}, present.Article)
		for i, v := range []float64{q.P10, q.P50, q.P90} {
			wb.number(sh, 4+i, row, v)
			wb.style(sh, 4+i, row, shownIn(valueStyle(stComputed, q.Unit), d, max(-q.P10, q.P10, q.P90)))
			wb.text(sh, 7+i, row, d.Format(v, wb.b.Lang))
		}
	}
	t := wb.b.Sensitivity
	if t == nil {
		return
	}
	row += 2
	wb.text(sh, 1, row, wb.tf("xlsx.tornado.title", t.Label.In(wb.b.Lang), t.Target))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.text(sh, 1, row, wb.t("xlsx.tornado.base"))
	wb.number(sh, 4, row, t.Base)
	wb.style(sh, 4, row, valueStyle(stComputed, t.Unit))
	wb.text(sh, 5, row, present.Format(t.Base, t.Unit, wb.s.Units, wb.b.Lang))
	row++
	wb.header(sh, row, wb.ts("input", "xlsx.path", "unit", "xlsx.input.low", "xlsx.input.high", "low", "high", "swing", "xlsx.elasticity")...)
	for _, sw := range t.Swings {
		row++
		wb.text(sh, 1, row, wb.inputLabel(sw.Path))
		wb.text(sh, 2, row, sw.Path)
		wb.text(sh, 3, row, t.Unit.In(wb.b.Lang))
		for i, v := range []float64{sw.InputLow, sw.InputHigh, sw.Low, sw.High, sw.Swing, sw.Elasticity} {
			wb.number(sh, 4+i, row, v)
			st := stComputed
			if i >= 2 && i <= 4 {
				st = valueStyle(stComputed, t.Unit)
			}
			wb.style(sh, 4+i, row, st)
		}
	}
}

// sources lists where inputs, methods and catalog figures come from.
func (wb *workbook) sources() {
	sh := wb.tab(sheetSources)
	wb.widths(sh, 44, 120, 14)
	wb.text(sh, 1, 1, sh)
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, wb.tf("xlsx.method", article))
	row := 4
	wb.text(sh, 1, row, wb.t("xlsx.sources.inputs"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, wb.ts("xlsx.path", "source")...)
	paths := make([]string, 0, len(wb.s.Sources))
	for p := range wb.s.Sources {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		row++
		wb.text(sh, 1, row, p)
		wb.text(sh, 2, row, wb.s.Sources[p])
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.sources.methods"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, wb.ts("xlsx.groups", "source", "xlsx.key")...)
	groups := map[string][]string{}
	written := map[string]string{} // each source in the workbook's language
	for _, q := range wb.est.Quantities() {
		// The ids' first part, as a pattern of ids: "data.*".
		g, _, _ := strings.Cut(q.ID, ".")
		g += ".*"
		if list := groups[q.Source.EN]; len(list) == 0 || list[len(list)-1] != g {
			groups[q.Source.EN] = append(list, g)
		}
		written[q.Source.EN] = q.Source.In(wb.b.Lang)
	}
	for _, src := range wb.sourceOrder {
		row++
		wb.text(sh, 1, row, strings.Join(dedupe(groups[src]), ", "))
		wb.text(sh, 2, row, written[src])
		wb.text(sh, 3, row, wb.sourceKeys[src])
	}
	row += 2
	wb.text(sh, 1, row, wb.t("xlsx.sources.catalog"))
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, wb.ts("xlsx.fact", "source", "xlsx.asof")...)
	for _, f := range estimator.CatalogFacts() {
		if _, ok := wb.name(f.Path); ok {
			row++
			wb.text(sh, 1, row, f.Path)
			wb.text(sh, 2, row, f.Source)
			wb.text(sh, 3, row, f.AsOf)
		}
	}
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// formulaOf is q's expression as a spreadsheet formula over the workbook's
// names; a quantity whose expression will not translate is the workbook's
// error (wb.check), and false.
func (wb *workbook) formulaOf(q estimator.Quantity) (string, bool) {
	e, err := estimator.ParseExpr(q.Expr)
	if err == nil {
		var f string
		if f, err = Formula(e, wb.name); err == nil {
			return f, true
		}
	}
	wb.check(fmt.Errorf("xlsx: %s: %w", q.ID, err))
	return "", false
}

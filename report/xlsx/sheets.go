package xlsx

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
)

const article = "A. Grzywaczewski, \"Training AI for Self-Driving Vehicles: the Challenge of Scale\", NVIDIA Developer Blog, 2017"

// modelNote is the comment on every value a hardware model computed.
const modelNote = "Computed by trainscale's model (estimator/hardware); not a formula. Editing the inputs does not change it: change the scenario and run trainscale again."

func (wb *workbook) cover() {
	sh := sheetCover
	wb.widths(sh, 22, 110)
	wb.text(sh, 1, 1, "trainscale: deep-learning compute plan")
	wb.style(sh, 1, 1, stTitle)
	lines := [][2]string{
		{"Scenario", wb.scenarioName()},
		{"Date", wb.b.Date},
		{"Notes", wb.s.Notes},
		{"", ""},
		{"What this is", "The compute estimate of trainscale for this scenario, after NVIDIA's 2017 method (" + article + "): how much data the fleet collects, how long one training run takes, how many systems the team needs, what they cost, with every derived number a live formula."},
		{"How to use it", "1. Change a yellow cell on the Assumptions sheet (or a catalog figure on the Catalog sheet): every formula recomputes."},
		{"", "2. Read the results on Data volume, Training time, Team and cluster, Scaling, Memory, Storage and host and Cost; Charts draws them."},
		{"", "3. Each result row shows its formula in words, its source, and its defined name, which other formulas use: =team_inception_v3_systems_dgx_1_p100 is the number of systems."},
		{"", "4. Grey values come from trainscale's hardware models (throughput, scaling, memory), not from formulas: to change them, change the scenario and run trainscale again."},
		{"", "5. Scenarios and Uncertainty hold values trainscale computed when it wrote this file; they do not recompute."},
		{"Colours", "Yellow: an input the formulas read. Grey: a value or input of trainscale's models. White: a formula."},
		{"Units", "Values are in base units (bytes, seconds, bytes per second, watts, joules, kilograms, the currency); the 'shown as' columns convert them for reading. TB, GB, MB and KB follow the units input (binary: TB = 2^40 B; decimal: TB = 10^12 B)."},
		{"Defined names", "Inputs are named after their scenario path, results after their id, catalog facts after their path, with '.', '-', '[' and ']' turned into '_' (workloads[0].mb_per_s is workloads_0__mb_per_s); unit constants are u_TB, u_GB, u_MB, u_KB, u_DAY and u_HOUR."},
		{"Made by", "trainscale, from the scenario file; run 'trainscale xlsx' to write it again."},
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
	wb.text(sh, 1, row, "Sheets")
	wb.style(sh, 1, row, stHeading)
	row++
	for _, s := range [][2]string{
		{sheetAssumptions, "every input of the scenario, the unit constants"},
		{sheetCatalog, "the hardware catalog figures the formulas read"},
		{sheetData, "data collected, reduced, and its growth"},
		{sheetTraining, "time of one training run per network and system"},
		{sheetTeam, "systems the team needs (the article's table)"},
		{sheetScaling, "modelled speed-up and efficiency of data-parallel jobs"},
		{sheetMemory, "training memory per GPU"},
		{sheetStorage, "local cache, storage reads, GPU and host memory"},
		{sheetCost, "capital and operating expense, cloud, energy, CO2, the yearly plan"},
		{sheetScenarios, "Table 1: this scenario beside others (values)"},
		{sheetUncertainty, "P10, P50, P90 and the tornado (values)"},
		{sheetCharts, "native charts over the result cells"},
		{sheetSources, "where each input, method and catalog figure comes from"},
	} {
		wb.text(sh, 1, row, s[0])
		wb.text(sh, 2, row, s[1])
		row++
	}
}

// assumptions lists every input the scenario sets, then the unit constants.
func (wb *workbook) assumptions() {
	sh := sheetAssumptions
	wb.widths(sh, 34, 18, 12, 22, 22, 30, 30, 32)
	wb.text(sh, 1, 1, "Assumptions: "+wb.scenarioName())
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, "Yellow cells are yours to change; every result recomputes. Grey inputs are read by no formula here (trainscale's hardware models use them, or another input takes their place). A cell with a red corner holds a range's likely value; its comment gives the range.")
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.header(sh, row, "input", "value", "unit", "rule", "range", "defined name", "source", "scenario path")
	section := ""
	for _, in := range inputs(wb.s) {
		if head, _, _ := strings.Cut(in.Path, "."); head != section {
			section = head
			row += 2
			wb.text(sh, 1, row, strings.TrimRightFunc(head, func(r rune) bool { return r == ']' || r == '[' || r >= '0' && r <= '9' }))
			wb.style(sh, 1, row, stHeading)
		}
		row++
		wb.input(sh, row, in)
	}
	row += 2
	wb.text(sh, 1, row, "Unit constants (from the units input)")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, "constant", "value", "unit", "", "", "defined name", "meaning")
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
		wb.text(sh, 7, row, constantMeaning[c])
		wb.define(name, sh, 2, row)
	}
}

var constantMeaning = map[string]string{
	"TB": "bytes in a terabyte", "GB": "bytes in a gigabyte", "MB": "bytes in a megabyte", "KB": "bytes in a kilobyte",
	"DAY": "seconds in a day", "HOUR": "seconds in an hour",
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
			notes = append(notes, "No formula in this workbook reads this input: trainscale's hardware models use it, or another input takes its place. To change its effect, change the scenario and run trainscale again.")
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
		rules = append(rules, estimator.DescribeRule(r))
	}
	wb.wrapped(sh, 4, row, in.Field.RuleText())
	if d := in.Range; d != nil {
		r := rangeText(*d)
		wb.wrapped(sh, 5, row, r)
		note := "Given as a range: " + r + "; the cell holds the "
		if d.Lognormal() {
			note += "median."
		} else {
			note += "likely value."
		}
		if d.Why != "" {
			note += " Why: " + d.Why
		}
		notes = append([]string{note}, notes...)
	}
	wb.text(sh, 6, row, name)
	wb.wrapped(sh, 7, row, in.Source)
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
func rangeText(d estimator.Dist) string {
	if d.Lognormal() {
		return "lognormal: median " + num(d.Median) + ", P90 " + num(d.P90)
	}
	return "low " + num(d.Low) + ", likely " + num(d.Likely) + ", high " + num(d.High)
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
			case "le":
				conds = append(conds, c+"<="+arg)
			case "int":
				conds = append(conds, c+"=INT("+c+")")
			}
		}
		dv.Type = "custom"
		dv.Formula1 = xmlEscaper.Replace("AND(" + strings.Join(conds, ",") + ")")
	}
	dv.SetError(excelize.DataValidationErrorStyleStop, "trainscale: not a valid value", clean(in.Path+" "+strings.Join(rules, "; ")))
	wb.check(wb.f.AddDataValidation(sh, dv))
}

// xmlEscaper escapes a validation formula as excelize expects it.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// catalog lists the catalog figures the formulas read, as editable inputs.
func (wb *workbook) catalog() {
	sh := sheetCatalog
	wb.widths(sh, 40, 18, 8, 12, 8, 28, 40, 34, 10)
	wb.text(sh, 1, 1, "Catalog: the hardware figures the formulas read")
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, "From trainscale's hardware catalog (trainscale catalog lists all of it). Change a yellow figure and the formulas that read it recompute; the models' own use of the catalog does not change.")
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.header(sh, row, "fact", "value", "unit", "shown as", "in", "label", "defined name", "source", "as of")
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
		wb.style(sh, 2, row, valueStyle(stInput, f.Unit))
		wb.text(sh, 3, row, string(f.Unit))
		wb.shown(sh, 4, row, name, f.Unit, f.Value)
		wb.wrapped(sh, 6, row, f.Label)
		wb.text(sh, 7, row, name)
		wb.wrapped(sh, 8, row, f.Source)
		wb.text(sh, 9, row, f.AsOf)
		wb.define(name, sh, 2, row)
		dv := excelize.NewDataValidation(false)
		dv.Sqref = cellName(2, row)
		dv.Type = "custom"
		dv.Formula1 = xmlEscaper.Replace("AND(ISNUMBER(" + cellName(2, row) + ")," + cellName(2, row) + ">=0)")
		dv.SetError(excelize.DataValidationErrorStyleStop, "trainscale: not a valid value", "a catalog figure must be a number >= 0")
		wb.check(wb.f.AddDataValidation(sh, dv))
	}
	if n == 0 {
		wb.text(sh, 1, row+1, "This scenario states every hardware figure itself: no formula reads the catalog.")
		wb.style(sh, 1, row+1, stNote)
	}
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
// the display unit is the one estimator.Format prints v in (Article style),
// its divisor a formula over the unit constants, so the cell follows the
// units input and the value's own cell. Units shown as they are (counts,
// ratios, flags, money) get no second cell.
func (wb *workbook) shown(sh string, col, row int, name string, u estimator.Unit, v float64) {
	d := estimator.Choose(u, wb.s.Units, v, estimator.Article)
	if d.Divisor == "" {
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
	intro := map[string]string{
		sheetData:     "Data the fleet collects in a year and what preprocessing keeps of it; the compute the team needs as the data grows.",
		sheetTraining: "One training run of each network: on one GPU, on one system, and on the GPUs a job needs to meet the target.",
		sheetTeam:     "Systems the team needs so that its concurrent jobs each finish within the target (the article's table).",
		sheetScaling:  "Speed-up and efficiency of data-parallel training from trainscale's scaling model.",
		sheetMemory:   "Training memory per GPU from trainscale's memory model, and whether it fits.",
		sheetStorage:  "Whether the processed dataset fits each system's local cache, the storage reads it causes, and GPU and host memory.",
		sheetCost:     "What the plan costs: buying, running, renting instead; its energy and CO2; the yearly plan.",
	}
	for _, sh := range []string{sheetData, sheetTraining, sheetTeam, sheetScaling, sheetMemory, sheetStorage, sheetCost} {
		// The label and the formula wrap, so the sheet prints one page
		// wide at a legible scale.
		wb.widths(sh, 32, 30, 18, 8, 12, 8, 40, 7)
		wb.text(sh, 1, 1, sh+": "+wb.scenarioName())
		wb.style(sh, 1, 1, stTitle)
		wb.text(sh, 1, 2, intro[sh])
		wb.style(sh, 1, 2, stNote)
		row := 4
		for _, t := range wb.tables(sh) {
			row = wb.table(sh, row, t) + 2
		}
		qs := bySheet[sh]
		if len(qs) == 0 {
			wb.text(sh, 1, row, wb.emptyNote(sh))
			wb.style(sh, 1, row, stNote)
			continue
		}
		wb.text(sh, 1, row, "Every quantity on this sheet")
		wb.style(sh, 1, row, stHeading)
		row++
		wb.header(sh, row, "quantity", "id", "value", "unit", "shown as", "in", "formula", "source")
		for _, q := range qs {
			row++
			wb.quantity(sh, row, q)
		}
	}
}

func (wb *workbook) emptyNote(sh string) string {
	switch sh {
	case sheetScaling:
		return "This scenario scales linearly (training.scaling linear): n GPUs are n times as fast, so there is no scaling model to show."
	case sheetMemory:
		return "No workload names a catalog model, so there is no memory model to show."
	case sheetCost:
		return "This scenario has no money section; add one to price the plan."
	}
	return "Nothing for this scenario."
}

// quantity writes one quantity row: its label in the workbook's language
// and its id, then its value in the cell that carries its defined name, the
// value shown for reading, its formula in words (wrapped) and the key of
// its source on the Sources sheet.
func (wb *workbook) quantity(sh string, row int, q estimator.Quantity) {
	name, _ := wb.name(q.ID)
	wb.wrapped(sh, 1, row, q.LabelIn(wb.b.Lang))
	wb.text(sh, 2, row, q.ID)
	if q.Expr != "" {
		e, err := estimator.ParseExpr(q.Expr)
		if err != nil {
			wb.check(fmt.Errorf("xlsx: %s: %w", q.ID, err))
			return
		}
		f, err := Formula(e, wb.name)
		if err != nil {
			wb.check(fmt.Errorf("xlsx: %s: %w", q.ID, err))
			return
		}
		wb.formula(sh, 3, row, f)
		wb.style(sh, 3, row, valueStyle(stValue, q.Unit))
		wb.wrapped(sh, 7, row, q.Formula)
	} else {
		wb.number(sh, 3, row, q.Value)
		wb.style(sh, 3, row, valueStyle(stModelled, q.Unit))
		wb.comment(sh, 3, row, modelNote)
		wb.wrapped(sh, 7, row, "model: "+q.Formula)
	}
	wb.text(sh, 4, row, string(q.Unit))
	wb.shown(sh, 5, row, name, q.Unit, q.Value)
	wb.text(sh, 8, row, wb.sourceKeys[q.Source])
	wb.define(name, sh, 3, row)
}

// sourceKeys numbers the quantities' sources in the order the estimate
// first cites them: the quantity sheets print "S1", the Sources sheet the
// full text, so a long citation repeated on every row does not widen them.
func sourceKeys(est *estimator.Estimate) (map[string]string, []string) {
	keys := map[string]string{}
	var order []string
	for _, q := range est.Quantities() {
		if _, ok := keys[q.Source]; !ok {
			order = append(order, q.Source)
			keys[q.Source] = "S" + strconv.Itoa(len(order))
		}
	}
	return keys, order
}

// transformerTable is the transformer workloads' plan on each system: the
// model's layout, memory and utilisation, and the job they give.
func transformerTable(s *estimator.Scenario, c func(string) string, years string) table {
	pair := func(group, name, w, sys string) string { return group + "." + w + "." + name + "." + sys }
	t := table{title: "Transformer training", header: []string{"network", "system", "tokens", "FLOPs", "TP", "PP", "DP",
		"memory per GPU, GB", "fits", "MFU", "tokens/s per GPU", "GPUs per job", "one job"}}
	for _, w := range s.Workloads {
		if w.Transformer == nil {
			continue
		}
		for _, sys := range s.Systems {
			p := func(group, name string) tcell { return tcell{id: pair(group, name, w.ID, sys.ID)} }
			r := []tcell{{text: labelOr(w.Label, w.ID)}, {text: sys.ID}, {id: "train." + w.ID + ".tokens"}, {id: "train." + w.ID + ".flops"},
				p("train", "tp"), p("train", "pp"), p("train", "dp"), {id: pair("train", "memory_per_gpu", w.ID, sys.ID), div: c("GB")},
				{id: pair("train", "fits", w.ID, sys.ID), style: stFlag}, {id: pair("train", "mfu", w.ID, sys.ID), style: stPercent},
				p("train", "tokens_per_s"), p("team", "gpus_per_job"), {id: pair("train", "job_time", w.ID, sys.ID), div: years}}
			t.rows = append(t.rows, r)
		}
	}
	return t
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
				if v, _ := wb.est.Get(c.id); c.div == "" {
					// An undivided count can outgrow a formula's usual
					// width (a run's FLOPs): its column holds all of it.
					wb.needs(sh, col, row, max(needFormula, groupedWidth(v.Value, 2)))
				}
			}
			wb.style(sh, col, row, st)
		}
	}
	return row
}

// tables are the article's tables of a sheet, laid out as estimator.Summarize
// lays them out.
func (wb *workbook) tables(sh string) []table {
	s := wb.s
	c := func(name string) string { n, _ := wb.name(name); return n }
	years := "(365*" + c("DAY") + ")"
	pair := func(group, name, w, sys string) string { return group + "." + w + "." + name + "." + sys }
	var out []table
	switch sh {
	case sheetData:
		if s.Growth.Factor < 1 {
			return nil
		}
		// One table per workload, its systems across: all pairs side by
		// side would print a wide scenario's sheet too small to read.
		for _, w := range s.Workloads {
			t := table{title: "Systems when the data grows (compute grows as data^exponent): " + labelOr(w.Label, w.ID), header: []string{"data x", "compute x"}}
			for _, sys := range s.Systems {
				t.header = append(t.header, labelOr(sys.Label, sys.ID))
			}
			for n := 1; n <= int(s.Growth.Factor); n++ {
				r := []tcell{{text: fmt.Sprint(n)}, {id: fmt.Sprintf("growth.compute_factor_n%d", n)}}
				for _, sys := range s.Systems {
					r = append(r, tcell{id: fmt.Sprintf("growth.%s.systems_n%d.%s", w.ID, n, sys.ID)})
				}
				t.rows = append(t.rows, r)
			}
			out = append(out, t)
		}
	case sheetTraining:
		modelled := s.Training.Scaling == "modelled"
		t := table{title: "Time to train one run, in years", header: []string{"network", "system", "1 GPU", "1 system"}}
		if modelled {
			t.header = append(t.header, "GPUs per job", "efficiency", "one job")
		}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				r := []tcell{{text: labelOr(w.Label, w.ID)}, {text: sys.ID},
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
		if tt := transformerTable(s, c, years); len(tt.rows) > 0 {
			out = append(out, tt)
		}
	case sheetTeam:
		t := table{title: "Systems for the team", header: []string{"network", "system", "systems", "to buy", "per member", "node reads, MB/s", "meets the target"}}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				t.rows = append(t.rows, []tcell{{text: labelOr(w.Label, w.ID)}, {text: sys.ID},
					{id: pair("team", "systems", w.ID, sys.ID)}, {id: pair("team", "systems_to_buy", w.ID, sys.ID), style: stValue},
					{id: pair("team", "systems_per_member", w.ID, sys.ID)}, {id: pair("storage", "node_read_rate", w.ID, sys.ID), div: c("MB")},
					{id: pair("team", "meets_target", w.ID, sys.ID), style: stFlag}})
			}
		}
		out = append(out, t)
	case sheetMemory:
		t := table{title: "GPU memory of one training step", header: []string{"network", "system", "memory per GPU, GB", "fits"}}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				if _, ok := wb.est.Get(pair("memory", "per_gpu", w.ID, sys.ID)); ok {
					t.rows = append(t.rows, []tcell{{text: labelOr(w.Label, w.ID)}, {text: sys.ID},
						{id: pair("memory", "per_gpu", w.ID, sys.ID), div: c("GB")}, {id: pair("memory", "fits", w.ID, sys.ID), style: stFlag}})
				}
			}
		}
		if len(t.rows) > 0 {
			out = append(out, t)
		}
	case sheetStorage:
		t := table{title: "Storage and host per system", header: []string{"system", "local SSD, TB", "dataset fits", "shared reads per run, TB",
			"GPU memory, GB", "RAM wanted low, GB", "RAM wanted high, GB", "RAM installed, GB", "RAM enough"}}
		for _, sys := range s.Systems {
			id := func(name string) string { return name + "." + sys.ID }
			t.rows = append(t.rows, []tcell{{text: sys.ID},
				{id: id("storage.local_ssd"), div: c("TB")}, {id: id("storage.dataset_fits_local"), style: stFlag},
				{id: id("storage.shared_read_per_run"), div: c("TB")}, {id: id("host.gpu_memory"), div: c("GB")},
				{id: id("host.ram_low"), div: c("GB")}, {id: id("host.ram_high"), div: c("GB")},
				{id: id("host.ram_installed"), div: c("GB")}, {id: id("host.ram_ok"), style: stFlag}})
		}
		out = append(out, t)
	case sheetCost:
		if s.Money == nil || s.Growth.Years == nil {
			return nil
		}
		money := "money:" + wb.currency()
		t := table{title: "Yearly plan", header: []string{"year", "data x", "systems", "capital expense", "operating expense"}}
		for y := 1; y <= int(*s.Growth.Years); y++ {
			yearID := func(name string) string { return fmt.Sprintf("growth.y%d.%s", y, name) }
			t.rows = append(t.rows, []tcell{{text: fmt.Sprint(y)}, {id: yearID("data_factor")}, {id: yearID("systems"), style: stValue},
				{id: yearID("capex"), style: money}, {id: yearID("opex"), style: money}})
		}
		out = append(out, t)
	}
	return out
}

func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// num writes a number the way a formula or a note reads it.
func num(v float64) string { return trimFloat(v) }

// scenarios is Table 1: the compared scenarios side by side, as values.
func (wb *workbook) scenarios() {
	sh := sheetScenarios
	wb.widths(sh, 58, 38, 10, 22, 22, 22, 22, 22, 22)
	wb.text(sh, 1, 1, "Scenarios side by side (Table 1)")
	wb.style(sh, 1, 1, stTitle)
	c := wb.b.Comparison
	if c == nil {
		wb.text(sh, 1, 2, "No scenarios were compared: run trainscale xlsx with --compare NAME|FILE to set others beside this one.")
		wb.style(sh, 1, 2, stNote)
		return
	}
	wb.text(sh, 1, 2, "Values computed by trainscale when it wrote this file, not formulas: they do not follow the Assumptions sheet. Units as the first scenario's ("+string(c.Units)+").")
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.text(sh, 1, row, "Inputs that differ")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append([]string{"input", "", ""}, c.Columns...)...)
	for _, in := range c.Inputs {
		row++
		wb.text(sh, 1, row, in.Path)
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
	wb.text(sh, 1, row, "Results, as trainscale prints them")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append([]string{"quantity", "id", ""}, c.Columns...)...)
	var headline []estimator.QuantityRow
	for _, q := range c.Quantities {
		if q.Headline {
			headline = append(headline, q)
		}
	}
	for _, q := range headline {
		row++
		wb.text(sh, 1, row, q.Label)
		wb.text(sh, 2, row, q.ID)
		for i := range q.Values {
			wb.text(sh, 4+i, row, q.Format(i, c.Units))
		}
	}
	row += 2
	wb.text(sh, 1, row, "Results in base units")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, append([]string{"quantity", "id", "unit"}, c.Columns...)...)
	for _, q := range headline {
		row++
		wb.text(sh, 1, row, q.Label)
		wb.text(sh, 2, row, q.ID)
		wb.text(sh, 3, row, string(q.Unit))
		for i, v := range q.Values {
			if v == nil {
				wb.text(sh, 4+i, row, "-")
				continue
			}
			wb.number(sh, 4+i, row, *v)
			wb.style(sh, 4+i, row, valueStyle(stComputed, q.Units[i]))
		}
	}
}

// uncertainty writes the Monte Carlo percentiles and the tornado as values.
func (wb *workbook) uncertainty() {
	sh := sheetUncertainty
	wb.widths(sh, 58, 42, 10, 20, 20, 20, 20, 20, 14)
	wb.text(sh, 1, 1, "Uncertainty")
	wb.style(sh, 1, 1, stTitle)
	u := wb.b.Uncertainty
	if u == nil {
		note := "No uncertainty section: the scenario gives no input as a range, or the workbook was written with --samples 0."
		wb.text(sh, 1, 2, note)
		wb.style(sh, 1, 2, stNote)
		return
	}
	wb.text(sh, 1, 2, fmt.Sprintf("Computed by trainscale, %d samples, seed %d: values, not formulas (they do not follow the Assumptions sheet). Each ranged input is drawn independently; every other input stays as given.", u.Samples, u.Seed))
	wb.style(sh, 1, 2, stNote)
	row := 4
	wb.text(sh, 1, row, "Ranged inputs")
	wb.style(sh, 1, row, stHeading)
	for _, p := range u.Ranged {
		row++
		wb.text(sh, 1, row, p)
		if d, ok := wb.s.Ranges[p]; ok {
			wb.text(sh, 2, row, rangeText(d))
			wb.text(sh, 4, row, d.Why)
		}
	}
	row += 2
	wb.text(sh, 1, row, "P10, P50 and P90")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, "quantity", "id", "unit", "P10", "P50", "P90", "P10 as printed", "P50 as printed", "P90 as printed")
	for _, q := range u.Quantities {
		row++
		wb.text(sh, 1, row, q.Label)
		wb.text(sh, 2, row, q.ID)
		wb.text(sh, 3, row, string(q.Unit))
		for i, v := range []float64{q.P10, q.P50, q.P90} {
			wb.number(sh, 4+i, row, v)
			wb.style(sh, 4+i, row, valueStyle(stComputed, q.Unit))
			wb.text(sh, 7+i, row, estimator.Format(v, q.Unit, wb.s.Units))
		}
	}
	t := wb.b.Sensitivity
	if t == nil {
		return
	}
	row += 2
	wb.text(sh, 1, row, "Tornado: "+t.Label+" ("+t.Target+"), each ranged input from its low to its high")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.text(sh, 1, row, "with every input at its likely value")
	wb.number(sh, 4, row, t.Base)
	wb.style(sh, 4, row, valueStyle(stComputed, t.Unit))
	wb.text(sh, 5, row, estimator.Format(t.Base, t.Unit, wb.s.Units))
	row++
	wb.header(sh, row, "input", "why", "unit", "input low", "input high", "at low", "at high", "swing", "elasticity")
	for _, sw := range t.Swings {
		row++
		wb.text(sh, 1, row, sw.Path)
		wb.text(sh, 2, row, sw.Why)
		wb.text(sh, 3, row, string(t.Unit))
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
	sh := sheetSources
	wb.widths(sh, 44, 120, 14)
	wb.text(sh, 1, 1, "Sources")
	wb.style(sh, 1, 1, stTitle)
	wb.text(sh, 1, 2, "Method: "+article)
	row := 4
	wb.text(sh, 1, row, "Inputs (the scenario's sources)")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, "input", "source")
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
	wb.text(sh, 1, row, "Methods (the quantities' sources)")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, "quantities", "source", "key")
	groups := map[string][]string{}
	for _, q := range wb.est.Quantities() {
		g, _, _ := strings.Cut(q.ID, ".")
		if list := groups[q.Source]; len(list) == 0 || list[len(list)-1] != g {
			groups[q.Source] = append(list, g)
		}
	}
	for _, src := range wb.sourceOrder {
		row++
		wb.text(sh, 1, row, strings.Join(dedupe(groups[src]), ", "))
		wb.text(sh, 2, row, src)
		wb.text(sh, 3, row, wb.sourceKeys[src])
	}
	row += 2
	wb.text(sh, 1, row, "Catalog figures the formulas read")
	wb.style(sh, 1, row, stHeading)
	row++
	wb.header(sh, row, "fact", "source", "as of")
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

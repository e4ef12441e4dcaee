// Package html writes trainscale's report as one self-contained HTML file:
// the estimate's tables (assumptions with their sources, every quantity with
// its formula, the scenarios side by side, the uncertainty) and its charts,
// drawn by echarts with the options package internal/echarts builds.
//
// The file loads nothing: the echarts script is inlined from Options (the
// caller reads it from the npm package pinned in package-lock.json), no
// remote asset is referenced, and every chart has a stable element id, so
// the same bundle gives the same bytes. Without the script the page says so
// at the top and keeps every table, with each chart's data in a table of its
// own. Every string from the scenario is escaped: by html/template
// in the page, and by echarts.Option inside the chart scripts.
package html

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/echarts"
	"github.com/trainscale/trainscale/report"
)

// Options says what the page is written with.
type Options struct {
	// EChartsJS is the echarts script, inlined into the page (the CLI
	// gives internal/echartsjs's build, the page's export the same file).
	// Empty: the charts are not drawn and the page says so.
	EChartsJS []byte
}

// Write writes the bundle's report as one HTML document to w.
func Write(w io.Writer, b *report.Bundle, opt Options) error {
	if b == nil || b.Estimate == nil {
		return errors.New("html: no estimate to report")
	}
	if bytes.Contains(bytes.ToLower(opt.EChartsJS), []byte("</script")) {
		return errors.New("html: the echarts script contains \"</script\" and cannot be inlined")
	}
	p, err := newPage(b, len(opt.EChartsJS) > 0)
	if err != nil {
		return err
	}
	p = printable(reflect.ValueOf(p)).Interface().(*page)
	var buf bytes.Buffer
	buf.Grow(len(opt.EChartsJS) + 256<<10)
	if err := pageTemplate.ExecuteTemplate(&buf, "top", p); err != nil {
		return err
	}
	if len(opt.EChartsJS) > 0 {
		buf.WriteString("<script>")
		buf.Write(opt.EChartsJS)
		buf.WriteString("\n</script>\n")
	}
	if err := pageTemplate.ExecuteTemplate(&buf, "bottom", p); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// printable returns a copy of v, the page or a part of it, with every
// string in it made printable (estimator.PrintableLines; a line break stays
// one, which HTML lays out as a space). Every string the template prints is
// in the page, so one pass covers a field added later as well. The copy is
// deep because the page shares the bundle's slices, which the workbook and
// the PDF then read as they were. template.JS (a chart's option, made
// printable by internal/echarts) and template.HTML are types of their own
// and stay as they are; the page holds no interface values.
func printable(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		if v.Type() == reflect.TypeFor[string]() {
			return reflect.ValueOf(estimator.PrintableLines(v.String(), "\n"))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			c := reflect.New(v.Type().Elem())
			c.Elem().Set(printable(v.Elem()))
			return c
		}
	case reflect.Slice:
		if !v.IsNil() {
			c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			for i := range v.Len() {
				c.Index(i).Set(printable(v.Index(i)))
			}
			return c
		}
	case reflect.Map:
		if !v.IsNil() {
			c := reflect.MakeMapWithSize(v.Type(), v.Len())
			for it := v.MapRange(); it.Next(); {
				c.SetMapIndex(it.Key(), printable(it.Value()))
			}
			return c
		}
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(printable(v.Field(i)))
			}
		}
		return c
	}
	return v
}

type page struct {
	Lang                            estimator.Lang
	Title, Name, Date, Units, Notes string
	Charted                         bool
	Answer                          answer
	Summary                         present.Summary
	Figures                         []figure
	Assumptions                     []assumption
	Results                         []result
	Comparison                      *comparison
	Uncertainty                     *uncertainty
	Sensitivity                     *sensitivity
	Plan                            *planView
	Accuracy                        *accuracy
}

// accuracy is the "How accurate is this?" section: the bundle's tables,
// each with its header first and the columns from Numbers on numbers.
type accuracy struct {
	Title, Lead       string
	Groups            grid
	PointsTitle       string
	Points            grid // every published figure
	FitTitle, FitLead string
	FitPoints         *grid // nil without the user's measurements
	FitGroups         *grid
}

type grid struct {
	Rows    [][]string
	Numbers int
	Number  func(col int) bool // which columns hold numbers, where not those from Numbers on
	Class   string             // the table's class, for a rule of its own
}

// IsNumber says whether column col holds numbers, to be aligned as such.
func (g grid) IsNumber(col int) bool {
	if g.Number != nil {
		return g.Number(col)
	}
	return col >= g.Numbers
}

// answer is what the report leads with: report.Bundle's answer, worded.
type answer struct {
	Headline, Basis string
	Table           [][]string // header first
	Numbers         int        // the columns from this one on hold numbers
	Text            []string
}

type figure struct {
	Lang                  estimator.Lang
	Charted               bool
	N                     int
	ID, Elem, Title, Note string
	Empty                 bool
	Option                template.JS
	Data                  table
}

type table struct {
	Head []string
	Rows [][]string
}

type assumption struct{ Path, Label, Value, Range, Source string }

// result is one quantity's row; Band is its whole-run range (report.Bundle.Band),
// P10 and P90 its ends as numbers, "" where it has none.
type result struct{ ID, Label, Value, Raw, Band, P10, P90, Formula, Source string }

type comparison struct {
	Columns []string
	Inputs  []compRow
	Rows    []compRow
}

type compRow struct {
	ID, Label string
	Values    []string
}

type uncertainty struct {
	Samples int // "samples" formats both with %d
	Seed    uint64
	Ranged  []string
	Rows    []spreadRow
}

type spreadRow struct {
	ID, Label string
	P         []string // P10, P50, P90 in one display
}

type sensitivity struct {
	Label, Target, Base string
	Rows                []swingRow
}

type swingRow struct{ Path, Why, InputLow, InputHigh, Low, High, Elasticity string }

func newPage(b *report.Bundle, charted bool) (*page, error) {
	a, err := b.Answer()
	if err != nil {
		return nil, err
	}
	est := b.Estimate
	s := est.Scenario
	us := s.Units
	lang := b.Lang
	if lang == "" {
		lang = "en"
	}
	name := s.Name
	if name == "" {
		name = chart.Text(lang, "escaped.name")
	}
	p := &page{Lang: lang, Title: chart.Text(lang, "report.title"), Name: name, Date: b.Date,
		Units: chart.Text(lang, "unit.system."+string(us)), Notes: s.Notes, Charted: charted,
		Summary: present.Summarize(est, lang)}
	p.Answer.Headline, p.Answer.Basis = b.AnswerHeadline(a)
	p.Answer.Table, p.Answer.Numbers = b.AnswerTable(a)
	p.Answer.Text = b.AnswerText(a)
	show := func(v float64, u estimator.Unit) string { return present.Format(v, u, us, lang) }
	for i, sp := range b.Charts {
		f, err := newFigure(sp, i+1, lang, charted)
		if err != nil {
			return nil, err
		}
		p.Figures = append(p.Figures, f)
	}
	if p.Plan, err = newPlan(b, len(b.Charts)+1, lang, charted); err != nil {
		return nil, err
	}
	p.Assumptions = assumptions(s, lang)
	for _, q := range est.Quantities() {
		r := result{ID: q.ID, Label: q.Label.In(lang), Value: show(q.Value, q.Unit),
			Raw: strconv.FormatFloat(q.Value, 'g', -1, 64), Band: b.Band(q), Formula: q.Formula, Source: q.Source.In(lang)}
		if r.Band != "" {
			r.P10, r.P90 = strconv.FormatFloat(q.P10, 'g', -1, 64), strconv.FormatFloat(q.P90, 'g', -1, 64)
		}
		p.Results = append(p.Results, r)
	}
	if c := b.Comparison; c != nil {
		cv := &comparison{Columns: c.Columns}
		for _, in := range c.Inputs {
			r := compRow{ID: in.Path}
			for _, v := range in.Values {
				r.Values = append(r.Values, v.String())
			}
			cv.Inputs = append(cv.Inputs, r)
		}
		for _, q := range c.Headline() {
			r := compRow{ID: q.ID, Label: q.Label.In(lang)}
			for i := range c.Columns {
				r.Values = append(r.Values, q.Format(i, c.Units, lang))
			}
			cv.Rows = append(cv.Rows, r)
		}
		p.Comparison = cv
	}
	if u := b.Uncertainty; u != nil {
		uv := &uncertainty{Samples: u.Samples, Seed: u.Seed, Ranged: u.Ranged}
		for _, q := range u.Quantities {
			uv.Rows = append(uv.Rows, spreadRow{ID: q.ID, Label: q.Label.In(lang), P: b.ShowRow(q.Unit, q.P10, q.P50, q.P90)})
		}
		p.Uncertainty = uv
	}
	if sens := b.Sensitivity; sens != nil && len(sens.Swings) > 0 {
		sv := &sensitivity{Label: sens.Label.In(lang), Target: sens.Target, Base: show(sens.Base, sens.Unit)}
		for _, sw := range sens.Swings {
			sv.Rows = append(sv.Rows, swingRow{Path: sw.Path, Why: sw.WhyIn(lang),
				InputLow: estimator.InputNumber(sw.InputLow), InputHigh: estimator.InputNumber(sw.InputHigh),
				Low: show(sw.Low, sens.Unit), High: show(sw.High, sens.Unit),
				Elasticity: strconv.FormatFloat(sw.Elasticity, 'f', 2, 64)})
		}
		p.Sensitivity = sv
	}
	if b.Accuracy != nil {
		p.Accuracy = &accuracy{Title: b.AccuracyWord("title"), Lead: b.AccuracyWord("lead"), Groups: grid{Rows: b.AccuracyTable(), Numbers: 2},
			PointsTitle: b.AccuracyWord("points.title"), Points: grid{Rows: b.AccuracyPoints(), Number: tool.AccuracyPointNumber, Class: "points"}}
		if points, groups := b.FitTables(); points != nil {
			p.Accuracy.FitTitle, p.Accuracy.FitLead = b.AccuracyWord("fit.title"), b.AccuracyWord("fit.lead")
			p.Accuracy.FitPoints, p.Accuracy.FitGroups = &grid{Rows: points, Numbers: 1}, &grid{Rows: groups, Numbers: 2}
		}
	}
	return p, nil
}

// newFigure is chart sp as figure n, its echarts option made where the page
// draws charts.
func newFigure(sp chart.Spec, n int, lang estimator.Lang, charted bool) (figure, error) {
	f := figure{Lang: lang, Charted: charted, N: n, ID: sp.ID, Elem: echarts.ElementID(sp), Title: sp.Title, Note: sp.Note, Empty: sp.Empty(), Data: chartTable(sp, lang)}
	if charted && !f.Empty {
		o, err := echarts.Option(sp, lang)
		if err != nil {
			return figure{}, err
		}
		f.Option = template.JS(o) // script-safe as echarts.Option writes it
	}
	return f, nil
}

// assumptions lists the scenario's inputs: its numbers, the choices that
// name things, their labels in lang, ranges and sources.
func assumptions(s *estimator.Scenario, lang estimator.Lang) []assumption {
	values := map[string]string{}
	for path, v := range estimator.InputValues(s) {
		values[path] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	values["units"] = string(s.Units)
	if s.Training != nil {
		values["training.scaling"] = s.Training.Scaling
	}
	for i, w := range s.Workloads {
		p := fmt.Sprintf("workloads[%d].", i)
		values[p+"id"] = w.ID
		for k, v := range map[string]string{"model": w.Model, "precision": w.Precision, "optimizer": w.Optimizer} {
			if v != "" {
				values[p+k] = v
			}
		}
	}
	for i, sys := range s.Systems {
		p := fmt.Sprintf("systems[%d].", i)
		values[p+"id"] = sys.ID
		for k, v := range map[string]string{"catalog": sys.Catalog, "gpu": sys.GPU, "cpu": sys.CPU} {
			if v != "" {
				values[p+k] = v
			}
		}
	}
	if m := s.Money; m != nil {
		values["money.workload"], values["money.system"] = m.Workload, m.System
		if m.Currency != "" {
			values["money.currency"] = m.Currency
		}
		if m.CloudGPU != "" {
			values["money.cloud_gpu"] = m.CloudGPU
		}
	}
	paths := make([]string, 0, len(values))
	for p := range values {
		paths = append(paths, p)
	}
	report.SortPaths(paths)
	out := make([]assumption, 0, len(paths))
	for _, p := range paths {
		a := assumption{Path: p, Value: values[p], Source: s.Sources[p]}
		if f, ok := estimator.FieldOf(p); ok {
			a.Label = f.Label.In(lang)
		}
		if d, ok := s.Ranges[p]; ok {
			a.Range = rangeText(d, lang)
		}
		out = append(out, a)
	}
	return out
}

// rangeText shows a ranged input as the scenario file gives it.
func rangeText(d estimator.Dist, lang estimator.Lang) string {
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	var t string
	if d.Median != 0 || d.P90 != 0 {
		t = chart.Text(lang, "median") + " " + g(d.Median) + ", P90 " + g(d.P90)
	} else {
		t = g(d.Low) + " / " + g(d.Likely) + " / " + g(d.High)
	}
	if d.Why != "" {
		t += ": " + d.Why
	}
	return t
}

// chartTable is a chart's data as a table: what the page shows where the
// chart cannot be drawn, and what a reader can copy.
func chartTable(sp chart.Spec, lang estimator.Lang) table {
	num := func(a chart.Axis, v float64) string {
		return strings.TrimSpace(strconv.FormatFloat(roundSig(a.Show(v)), 'g', -1, 64) + " " + a.Suffix)
	}
	var t table
	switch sp.Kind {
	case chart.Range:
		t.Head = []string{sp.X.Name(), chart.Text(lang, "p10"), chart.Text(lang, "p50"), chart.Text(lang, "p90")}
		for _, se := range sp.Series {
			for i := range se.Y {
				t.Rows = append(t.Rows, []string{sp.X.Categories[i], num(sp.Y, se.Low[i]), num(sp.Y, se.Y[i]), num(sp.Y, se.High[i])})
			}
		}
	case chart.Scatter:
		// Each point is one thing (a plan), named; both axes are measures.
		t.Head = []string{chart.Text(lang, "chart.data"), sp.X.Name(), sp.Y.Name()}
		for _, se := range sp.Series {
			for i := range se.Y {
				name := se.Name
				if i < len(se.Names) {
					name += ": " + se.Names[i]
				}
				t.Rows = append(t.Rows, []string{name, num(sp.X, se.X[i]), num(sp.Y, se.Y[i])})
			}
		}
	case chart.Tornado:
		t.Head = []string{sp.Y.Name(), chart.Text(lang, "tornado.low"), chart.Text(lang, "tornado.high")}
		for _, se := range sp.Series {
			for i := range se.Low {
				t.Rows = append(t.Rows, []string{sp.Y.Categories[i], num(sp.X, se.Low[i]), num(sp.X, se.High[i])})
			}
		}
	default:
		t.Head = []string{""}
		if sp.X.Categories != nil {
			t.Head[0] = sp.X.Name()
			for _, se := range sp.Series {
				t.Head = append(t.Head, se.Name)
			}
			for i, c := range sp.X.Categories {
				row := []string{c}
				for _, se := range sp.Series {
					row = append(row, num(sp.Y, se.Y[i]))
				}
				t.Rows = append(t.Rows, row)
			}
			break
		}
		t.Head = []string{chart.Text(lang, "chart.data"), sp.X.Name(), sp.Y.Name()}
		for _, se := range sp.Series {
			for i := range se.Y {
				// A line's x is a count (GPUs, n-fold data), kept whole: 16384, not 16380.
				x := strings.TrimSpace(strconv.FormatFloat(sp.X.Show(se.X[i]), 'g', -1, 64) + " " + sp.X.Suffix)
				t.Rows = append(t.Rows, []string{se.Name, x, num(sp.Y, se.Y[i])})
			}
		}
	}
	return t
}

// roundSig keeps four significant digits for the chart tables.
func roundSig(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"t": func(lang estimator.Lang, key string) string { return chart.Text(lang, key) },
	"tf": func(lang estimator.Lang, key string, a ...any) string {
		return fmt.Sprintf(chart.Text(lang, key), a...)
	},
	"inc": func(i int) int { return i + 1 },
	"id":  idHTML,
	"num": numeric,
}).Parse(pageHTML))

// idHTML shows a quantity id or scenario path whole: each dot-separated part
// stays on one line (a hyphen inside "resnet-50" is no place to break), and a
// long id may break only after a dot.
func idHTML(id string) template.HTML {
	var b strings.Builder
	parts := strings.SplitAfter(id, ".")
	for i, part := range parts {
		if i > 0 {
			b.WriteString("<wbr>")
		}
		b.WriteString(`<span class="seg">`)
		b.WriteString(template.HTMLEscapeString(part))
		b.WriteString(`</span>`)
	}
	return template.HTML(b.String())
}

// numeric reports whether a table cell shows a number ("356", "-0.5",
// "9.1 years", "USD 21,307,000"), which reads right-aligned.
func numeric(cell string) bool {
	if code, rest, ok := strings.Cut(cell, " "); ok && len(code) == 3 && strings.ToUpper(code) == code && !strings.ContainsAny(code, "0123456789") {
		cell = rest // a currency code before the amount
	}
	cell = strings.TrimPrefix(cell, "-")
	return cell != "" && cell[0] >= '0' && cell[0] <= '9'
}

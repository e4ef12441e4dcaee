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
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
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

type page struct {
	Lang, Title, Name, Date, Units, Notes string
	Charted                               bool
	Summary                               estimator.Summary
	Figures                               []figure
	Assumptions                           []assumption
	Results                               []result
	Comparison                            *comparison
	Uncertainty                           *uncertainty
	Sensitivity                           *sensitivity
}

type figure struct {
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

type assumption struct{ Path, Value, Range, Source string }

type result struct{ ID, Label, Value, Raw, Formula, Source string }

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
	Samples, Seed string
	Ranged        []string
	Rows          []spreadRow
}

type spreadRow struct{ ID, Label, P10, P50, P90 string }

type sensitivity struct {
	Label, Target, Base string
	Rows                []swingRow
}

type swingRow struct{ Path, Why, InputLow, InputHigh, Low, High, Elasticity string }

func newPage(b *report.Bundle, charted bool) (*page, error) {
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
		Summary: estimator.Summarize(est)}
	for i, sp := range b.Charts {
		f := figure{N: i + 1, ID: sp.ID, Elem: echarts.ElementID(sp), Title: sp.Title, Note: sp.Note, Empty: sp.Empty(), Data: chartTable(sp, lang)}
		if charted && !f.Empty {
			o, err := echarts.Option(sp, lang)
			if err != nil {
				return nil, err
			}
			f.Option = template.JS(o) // script-safe as echarts.Option writes it
		}
		p.Figures = append(p.Figures, f)
	}
	p.Assumptions = assumptions(s)
	for _, q := range est.Quantities() {
		p.Results = append(p.Results, result{ID: q.ID, Label: q.Label, Value: estimator.Format(q.Value, q.Unit, us),
			Raw: strconv.FormatFloat(q.Value, 'g', -1, 64), Formula: q.Formula, Source: q.Source})
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
			r := compRow{ID: q.ID, Label: q.Label}
			for i := range c.Columns {
				r.Values = append(r.Values, q.Format(i, c.Units))
			}
			cv.Rows = append(cv.Rows, r)
		}
		p.Comparison = cv
	}
	if u := b.Uncertainty; u != nil {
		uv := &uncertainty{Samples: strconv.Itoa(u.Samples), Seed: strconv.FormatUint(u.Seed, 10), Ranged: u.Ranged}
		for _, q := range u.Quantities {
			uv.Rows = append(uv.Rows, spreadRow{ID: q.ID, Label: q.Label,
				P10: estimator.Format(q.P10, q.Unit, us), P50: estimator.Format(q.P50, q.Unit, us), P90: estimator.Format(q.P90, q.Unit, us)})
		}
		p.Uncertainty = uv
	}
	if sens := b.Sensitivity; sens != nil && len(sens.Swings) > 0 {
		sv := &sensitivity{Label: sens.Label, Target: sens.Target, Base: estimator.Format(sens.Base, sens.Unit, us)}
		for _, sw := range sens.Swings {
			sv.Rows = append(sv.Rows, swingRow{Path: sw.Path, Why: sw.Why,
				InputLow: strconv.FormatFloat(sw.InputLow, 'g', -1, 64), InputHigh: strconv.FormatFloat(sw.InputHigh, 'g', -1, 64),
				Low: estimator.Format(sw.Low, sens.Unit, us), High: estimator.Format(sw.High, sens.Unit, us),
				Elasticity: strconv.FormatFloat(sw.Elasticity, 'f', 2, 64)})
		}
		p.Sensitivity = sv
	}
	return p, nil
}

// assumptions lists the scenario's inputs: its numbers, the choices that
// name things, their ranges and sources.
func assumptions(s *estimator.Scenario) []assumption {
	values := map[string]string{}
	for path, v := range estimator.InputValues(s) {
		values[path] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	values["units"] = string(s.Units)
	values["training.scaling"] = s.Training.Scaling
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
		if d, ok := s.Ranges[p]; ok {
			a.Range = rangeText(d)
		}
		out = append(out, a)
	}
	return out
}

// rangeText shows a ranged input as the scenario file gives it.
func rangeText(d estimator.Dist) string {
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	var t string
	if d.Median != 0 || d.P90 != 0 {
		t = "median " + g(d.Median) + ", P90 " + g(d.P90)
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
func chartTable(sp chart.Spec, lang string) table {
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
	"t": func(lang, key string) string { return chart.Text(lang, key) },
	"tf": func(lang, key string, a ...any) string {
		return fmt.Sprintf(chart.Text(lang, key), a...)
	},
	"inc": func(i int) int { return i + 1 },
}).Parse(pageHTML))

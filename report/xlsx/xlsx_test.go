package xlsx_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/quickloop"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// cliBundle is the default workbook: the article, compared with the other
// Table 1 scenarios, with uncertainty and charts, as trainscale xlsx writes it.
func cliBundle(t testing.TB, samples int) *report.Bundle {
	t.Helper()
	return cliBundleIn(t, samples, "en")
}

// cliBundleIn is cliBundle in lang: trainscale xlsx --lang.
func cliBundleIn(t testing.TB, samples int, lang estimator.Lang) *report.Bundle {
	t.Helper()
	opt := report.Options{Samples: samples, Seed: 1, Date: testDate, Lang: lang}
	for _, name := range []string{"realistic-2017", "modern-2026"} {
		opt.Compared = append(opt.Compared, name)
		opt.Compare = append(opt.Compare, mustEstimate(t, name))
	}
	b, err := report.Build(mustEstimate(t, examples.Default), opt)
	require.NoError(t, err)
	return b
}

func TestSheetsInOrder(t *testing.T) {
	f := open(t, write(t, fullBundle(t, examples.Default)))
	assert.Equal(t, xlsx.Sheets, f.GetSheetList())
	assert.Equal(t, []string{"Cover", "Assumptions", "Catalog", "Data volume", "Training time", "Team and cluster", "Job sizes", "Scaling",
		"Memory", "Storage and host", "Cost", "Scenarios", "Uncertainty", "Plan", "Charts", "Sources"}, xlsx.Sheets)
}

// Every input, constant, catalog fact and quantity has its named cell: a
// value for inputs, catalog facts and modelled quantities, a formula for the
// rest, and for the modelled quantities a job ladder gives.
func TestEveryCellIsNamed(t *testing.T) {
	for _, name := range quickloop.Examples() {
		t.Run(name, func(t *testing.T) {
			e := mustEstimate(t, name)
			f := open(t, write(t, &report.Bundle{Estimate: e, Date: testDate}))
			cells, names := cellOf(f), xlsx.Names(e)
			assert.Len(t, cells, len(names), "one defined name per named cell")
			value := func(ref string) (string, string) {
				at, ok := cells[names[ref]]
				require.True(t, ok, "%s: no cell named %q", ref, names[ref])
				v, err := f.GetCellValue(at[0], at[1])
				require.NoError(t, err)
				formula, err := f.GetCellFormula(at[0], at[1])
				require.NoError(t, err)
				return v, formula
			}
			for _, in := range estimator.InputSpecs(e.Scenario) {
				if in.Path == "schema" || in.Path == "name" || in.Path == "notes" {
					continue // text on the cover
				}
				v, formula := value(in.Path)
				assert.Empty(t, formula, in.Path)
				if in.IsText {
					assert.Equal(t, in.Text, v, in.Path)
				} else {
					assertSame(t, in.Number, v, in.Path)
				}
			}
			laddered := map[string]bool{}
			for _, l := range e.JobLadders() {
				laddered["team."+l.Workload+".gpus_per_job."+l.System] = true
				for _, name := range []string{"tp", "pp", "dp", "memory_per_gpu", "fits", "mfu", "ep", "cp", "interleave", "micro_batch", "zero", "recompute",
					"memory.weights", "memory.gradients", "memory.optimizer", "memory.activations", "memory.workspace"} {
					laddered["train."+l.Workload+"."+name+"."+l.System] = true
				}
			}
			for _, q := range e.Quantities() {
				v, formula := value(q.ID)
				if q.Expr == "" && !laddered[q.ID] {
					assert.Empty(t, formula, q.ID)
					assertSame(t, q.Value, v, q.ID)
				} else {
					assert.NotEmpty(t, formula, q.ID)
				}
			}
			for _, c := range []string{"TB", "GB", "MB", "KB", "DAY", "HOUR"} {
				value(c)
			}
		})
	}
}

// assertSame checks a value cell against the number written into it
// (excelize reads it back to 15 significant digits).
func assertSame(t *testing.T, want float64, text, msg string) {
	t.Helper()
	got, err := strconv.ParseFloat(text, 64)
	require.NoError(t, err, msg)
	assert.InDelta(t, want, got, 1e-14*math.Abs(want), msg)
}

func TestArticleNames(t *testing.T) {
	names := xlsx.Names(mustEstimate(t, examples.Default))
	for ref, want := range map[string]string{
		"fleet.cars":                           "fleet_cars",
		"training.epochs":                      "training_epochs",
		"workloads[0].mb_per_s":                "workloads_0__mb_per_s",
		"team.target_days":                     "team_target_days",
		"team.inception-v3.systems.dgx-1-p100": "team_inception_v3_systems_dgx_1_p100",
		"catalog.systems.dgx-1-p100.local_ssd": "catalog_systems_dgx_1_p100_local_ssd",
		"TB":                                   "u_TB",
		"DAY":                                  "u_DAY",
	} {
		assert.Equal(t, want, names[ref], ref)
	}
}

// Ids that differ only in '-' and '_' get names that differ, and the
// workbook still computes what the core does.
func TestNameCollisions(t *testing.T) {
	e := mustEstimate(t, examples.Default, estimator.Override{Path: "workloads[1].id", Value: `"alex_net"`},
		estimator.Override{Path: "workloads[0].id", Value: `"alex-net"`}, estimator.Override{Path: "money.workload", Value: `"alex-net"`})
	names := xlsx.Names(e)
	assert.Equal(t, "team_alex_net_systems_dgx_1_p100", names["team.alex-net.systems.dgx-1-p100"])
	assert.Equal(t, "team_alex_net_systems_dgx_1_p100_2", names["team.alex_net.systems.dgx-1-p100"])
	f := open(t, write(t, &report.Bundle{Estimate: e}))
	checked, bad, _ := compareCells(e, cellOf(f), func(sheet, cell string) (string, error) {
		return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
	})
	assert.Empty(t, bad)
	assert.Equal(t, len(e.Quantities()), checked)
}

// No formula cell of any sheet evaluates to an error: each is a number, or
// empty text (a line that says a change needs a new run, before a change).
func TestNoErrorValues(t *testing.T) {
	for _, name := range quickloop.Examples() {
		f := open(t, write(t, fullBundle(t, name)))
		n := 0
		for _, sh := range f.GetSheetList() {
			rows, err := f.GetRows(sh)
			require.NoError(t, err)
			for i, r := range rows {
				for j := range r {
					c, _ := excelize.CoordinatesToCellName(j+1, i+1)
					formula, _ := f.GetCellFormula(sh, c)
					if formula == "" {
						continue
					}
					n++
					v, err := f.CalcCellValue(sh, c, excelize.Options{RawCellValue: true})
					assert.NoError(t, err, "%s %s!%s", name, sh, c)
					if v == "" && (strings.HasSuffix(formula, `,"")`) || formula == "trainscale_rerun") {
						continue
					}
					_, perr := strconv.ParseFloat(v, 64)
					assert.NoError(t, perr, "%s %s!%s = %q", name, sh, c, v)
				}
			}
		}
		assert.Greater(t, n, 50, name)
	}
}

// User text is text, whatever it starts with.
func TestUserTextIsNeverAFormula(t *testing.T) {
	hostile := map[string]string{
		"name":                 "=1+1",
		"notes":                "+cmd|' /C calc'!A0\n@SUM(1)\u0001 and a control character",
		"workloads[0].label":   `=HYPERLINK("http://example.com","click")`,
		"systems[0].label":     "-2+3",
		"sources.fleet.cars":   "@evil()",
		"sources.team.members": "=EVIL()",
	}
	var ov []estimator.Override
	for path, text := range hostile {
		v, err := json.Marshal(text)
		require.NoError(t, err)
		ov = append(ov, estimator.Override{Path: path, Value: string(v)})
	}
	e := mustEstimate(t, examples.Default, ov...)
	b, err := report.Build(e, report.Options{Samples: 200, Seed: 1, Date: testDate})
	require.NoError(t, err)
	f := open(t, write(t, b))
	texts := map[string]bool{}
	for _, sh := range f.GetSheetList() {
		rows, err := f.GetRows(sh)
		require.NoError(t, err)
		for i, r := range rows {
			for j, v := range r {
				c, _ := excelize.CoordinatesToCellName(j+1, i+1)
				formula, err := f.GetCellFormula(sh, c)
				require.NoError(t, err)
				for _, bad := range []string{"1+1", "cmd", "SUM(1)", "HYPERLINK", "2+3", "evil", "EVIL"} {
					assert.NotContains(t, formula, bad, "%s!%s", sh, c)
				}
				if formula == "" {
					texts[v] = true
				}
			}
		}
	}
	assert.True(t, texts["=1+1"], "the name, as text")
	assert.True(t, texts["+cmd|' /C calc'!A0\n@SUM(1)\\x01 and a control character"], "the notes, as text, the control character escaped and the line break kept")
	assert.True(t, texts[hostile["workloads[0].label"]])
	assert.True(t, texts["-2+3"])
	assert.True(t, texts["@evil()"])
	assert.True(t, texts["=EVIL()"])
}

// The same bundle gives the same bytes, and so does the same scenario.
func TestDeterministic(t *testing.T) {
	b := cliBundle(t, 500)
	first := write(t, b)
	assert.Equal(t, first, write(t, b), "the same bundle twice")
	assert.Equal(t, first, write(t, cliBundle(t, 500)), "the same scenario twice")
	jobs := fullBundle(t, "av-world-model-2026")
	assert.Equal(t, write(t, jobs), write(t, jobs), "a workbook with job ladders")
	other := *b
	other.Date = "2027-01-01"
	assert.NotEqual(t, first, write(t, &other), "the date is in the file")
	props, err := open(t, first).GetDocProps()
	require.NoError(t, err)
	assert.Equal(t, testDate+"T00:00:00Z", props.Created)
	assert.Equal(t, testDate+"T00:00:00Z", props.Modified)
}

// The default workbook stays small: a size, not a time (BenchmarkWrite
// measures the time).
func TestSize(t *testing.T) {
	data := write(t, cliBundle(t, 2000))
	t.Logf("default workbook: %d bytes", len(data))
	assert.Less(t, len(data), 300_000)
}

func TestDataValidation(t *testing.T) {
	e := mustEstimate(t, examples.Default)
	f := open(t, write(t, &report.Bundle{Estimate: e}))
	cells, names := cellOf(f), xlsx.Names(e)
	dvs, err := f.GetDataValidations("Assumptions")
	require.NoError(t, err)
	byCell := map[string]*excelize.DataValidation{}
	for _, dv := range dvs {
		byCell[dv.Sqref] = dv
	}
	for path, want := range map[string]string{
		"fleet.cars":          "AND(ISNUMBER(B%d),B%d=INT(B%d),B%d>0,B%d<=100000000)",
		"fleet.hours_per_day": "AND(ISNUMBER(B%d),B%d>0,B%d<=24)",
		"money.pue":           "AND(ISNUMBER(B%d),B%d>=1,B%d<=5)",
	} {
		at := cells[names[path]]
		dv := byCell[at[1]]
		require.NotNil(t, dv, path)
		row, _ := strconv.Atoi(strings.TrimLeft(at[1], "B"))
		args := make([]any, strings.Count(want, "%d"))
		for i := range args {
			args[i] = row
		}
		assert.Equal(t, "custom", dv.Type, path)
		assert.Equal(t, fmt.Sprintf(want, args...), dv.Formula1, path)
		assert.Contains(t, *dv.Error, path, "the message names the field")
	}
	units := byCell[cells["units"][1]]
	require.NotNil(t, units)
	assert.Equal(t, "list", units.Type)
	assert.Equal(t, `"binary,decimal"`, units.Formula1)
}

func TestComments(t *testing.T) {
	e := mustEstimate(t, "modern-2026")
	f := open(t, write(t, &report.Bundle{Estimate: e}))
	cells, names := cellOf(f), xlsx.Names(e)
	comments := map[string]string{}
	for _, sh := range xlsx.Sheets {
		cs, err := f.GetComments(sh)
		require.NoError(t, err)
		for _, c := range cs {
			text := c.Text
			for _, p := range c.Paragraph {
				text += p.Text
			}
			comments[sh+"!"+c.Cell] = text
		}
	}
	at := func(ref string) string { c := cells[names[ref]]; return c[0] + "!" + c[1] }
	price := comments[at("systems[0].price")]
	assert.Contains(t, price, "low 300000, likely 400000, high 500000")
	assert.Contains(t, price, "NVIDIA publishes no DGX H100 list price")
	assert.Contains(t, comments[at("train.resnet-50.gpu_rate.dgx-h100")], "Computed by trainscale's model (estimator/hardware); not a formula")
	q, _ := e.Get("train.resnet-50.gpu_rate.dgx-h100")
	c := cells[names[q.ID]]
	formula, _ := f.GetCellFormula(c[0], c[1])
	assert.Empty(t, formula)
}

// An input no formula reads says so: the batch sets the modelled throughput.
func TestModelInputs(t *testing.T) {
	e := mustEstimate(t, "vgg16-titan-x")
	f := open(t, write(t, &report.Bundle{Estimate: e}))
	at := cellOf(f)[xlsx.Names(e)["workloads[0].batch"]]
	cs, err := f.GetComments(at[0])
	require.NoError(t, err)
	found := false
	for _, c := range cs {
		if c.Cell == at[1] {
			found = true
			text := c.Text
			for _, p := range c.Paragraph {
				text += p.Text
			}
			assert.Contains(t, text, "No formula in this workbook reads this input")
		}
	}
	assert.True(t, found)
}

func TestMoneyCellsShowTheCurrency(t *testing.T) {
	for name, currency := range map[string]string{examples.Default: "USD", "modern-2026": "USD"} {
		e := mustEstimate(t, name, estimator.Override{Path: "money.currency", Value: `"EUR"`}, estimator.Override{Path: "money.per_usd", Value: "0.9"})
		f := open(t, write(t, &report.Bundle{Estimate: e}))
		cells, names := cellOf(f), xlsx.Names(e)
		for _, ref := range []string{"cost.capex", "cost.tco", "money.price_per_kwh"} {
			at := cells[names[ref]]
			id, err := f.GetCellStyle(at[0], at[1])
			require.NoError(t, err)
			st, err := f.GetStyle(id)
			require.NoError(t, err)
			require.NotNil(t, st.CustomNumFmt, ref)
			assert.Contains(t, *st.CustomNumFmt, `"EUR `, "%s %s", name, ref)
		}
		_ = currency
	}
}

// The charts are native: one drawing part per chart, a log axis where the
// data spans decades.
func TestCharts(t *testing.T) {
	b := fullBundle(t, examples.Default)
	drawn := 0
	for _, sp := range b.Charts {
		if !sp.Empty() {
			drawn++
		}
	}
	for _, tc := range []struct {
		name   string
		bundle *report.Bundle
		charts int
	}{
		{"chart specs", b, drawn},
		{"from the quantities", &report.Bundle{Estimate: b.Estimate}, 5}, // systems, scaling, cost, plan, growth
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := write(t, tc.bundle)
			z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			require.NoError(t, err)
			charts, logAxes := 0, 0
			for _, file := range z.File {
				if !strings.HasPrefix(file.Name, "xl/charts/chart") {
					continue
				}
				charts++
				r, err := file.Open()
				require.NoError(t, err)
				data, err := io.ReadAll(r)
				require.NoError(t, err)
				if bytes.Contains(data, []byte(`logBase val="10"`)) {
					logAxes++
				}
			}
			assert.Equal(t, tc.charts, charts)
			assert.Positive(t, logAxes)
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	bundle := cliBundle(b, 2000)
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := xlsx.Write(&buf, bundle); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size), "bytes")
}

// A quantity's "shown as" cell reads in the unit present.Format prints it
// in, through a formula over the unit constants: the article's 9.1 years in
// years, its 104 TB in TB.
func TestShownAsFormat(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	f := open(t, write(t, fullBundle(t, examples.Default)))
	at := cellOf(f)
	for _, tc := range []struct{ id, name, unit string }{
		{"train.inception-v3.gpu_time", "train_inception_v3_gpu_time", "years"},
		{"data.processed", "data_processed", "TB"},
		{"energy.per_year", "energy_per_year", "GWh"},
	} {
		cell := at[tc.name]
		require.NotEmpty(t, cell[0], tc.name)
		col, row, err := excelize.CellNameToCoordinates(cell[1])
		require.NoError(t, err)
		shownCell, _ := excelize.CoordinatesToCellName(col+2, row)
		unitCell, _ := excelize.CoordinatesToCellName(col+3, row)
		unit, err := f.GetCellValue(cell[0], unitCell)
		require.NoError(t, err)
		assert.Equal(t, tc.unit, unit, tc.id)
		got, err := f.CalcCellValue(cell[0], shownCell)
		require.NoError(t, err, tc.id)
		q, _ := est.Get(tc.id)
		v, err := strconv.ParseFloat(got, 64)
		require.NoError(t, err, tc.id)
		want := present.Choose(q.Unit, est.Scenario.Units, q.Value, present.Article, estimator.English).Show(q.Value)
		assert.InEpsilon(t, want, v, 1e-12, tc.id)
	}
}

// issue 25: the workbook shows a scenario's control and bidirectional
// characters escaped, as every surface does (estimator.Printable), in its
// cells and everywhere else in the file (comments, chart titles, properties).
func TestControlAndBidiCharactersAreEscaped(t *testing.T) {
	data, err := os.ReadFile("../../testdata/hostile/files/r2-control-labels.json")
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	e, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(e, report.Options{Samples: 200, Seed: 1, Date: testDate})
	require.NoError(t, err)
	doc := write(t, b)
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	require.NoError(t, err)
	for _, part := range zr.File {
		r, err := part.Open()
		require.NoError(t, err)
		xml, err := io.ReadAll(r)
		require.NoError(t, err)
		// XML's own whitespace aside.
		assert.False(t, bytes.ContainsFunc(xml, func(r rune) bool { return !strings.ContainsRune("\t\n\r", r) && estimator.Unprintable(r) }),
			"%s holds a control or bidi character", part.Name)
	}
	texts := map[string]bool{}
	f := open(t, doc)
	for _, sh := range f.GetSheetList() {
		rows, err := f.GetRows(sh)
		require.NoError(t, err)
		for _, r := range rows {
			for _, v := range r {
				texts[v] = true
			}
		}
	}
	assert.True(t, texts[`wl \x1b]0;x\a \u202eRLO\u202c \u2066LRI\u2067RLI\u2068FSI\u2069PDI c1\u0085\u009b nul\x00 del\x7f`], "the workload's label, escaped")
	assert.True(t, texts[`notes \x1b]0;x\a \u202eRLO\u202c \u2066LRI\u2067RLI\u2068FSI\u2069PDI c1\u0085\u009b nul\x00 del\x7f`+"\nsecond line"], "the notes, escaped, the line break kept")
}

// A whole run's quantities carry their P10 and P90 as values beside the
// row, under a header whose comment says they are not live formulas, and
// the sentence on how published runs came in stands above the table.
func TestWholeRunBandColumns(t *testing.T) {
	b := fullBundle(t, "llama-3-405b")
	f := open(t, write(t, b))
	at := cellOf(f)["cost_own"]
	require.Equal(t, "Cost", at[0])
	col, row, err := excelize.CellNameToCoordinates(at[1])
	require.NoError(t, err)
	require.Equal(t, 3, col)
	q, _ := b.Estimate.Get("cost.own")
	for i, want := range []float64{q.P10, q.P90} {
		v, err := f.GetCellValue("Cost", cellAt(9+i, row))
		require.NoError(t, err)
		got, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err)
		assert.InDelta(t, want, got, 1e-6*want)
		f, _ := f.GetCellFormula("Cost", cellAt(9+i, row))
		assert.Empty(t, f, "a value, not a formula")
	}
	comments, err := f.GetComments("Cost")
	require.NoError(t, err)
	var notes []string
	for _, c := range comments {
		notes = append(notes, c.Text)
	}
	assert.Contains(t, strings.Join(notes, "\n"), "not a live formula")
	rows, err := f.GetRows("Cost")
	require.NoError(t, err)
	var text []string
	for _, r := range rows {
		text = append(text, strings.Join(r, "\t"))
	}
	all := strings.Join(text, "\n")
	assert.Contains(t, all, estimator.WholeRunNote().EN)
	assert.Contains(t, all, "P10, whole run\tP90, whole run")
}

func cellAt(col, row int) string { c, _ := excelize.CoordinatesToCellName(col, row); return c }

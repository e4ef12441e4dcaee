package html_test

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/echartsjs"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/html"
)

const xss = "<script>alert(1)</script>"

// bundle builds a report of a built-in scenario, compared with another, with
// a small Monte Carlo run; rename replaces the scenario's name (and the first
// workload's label) when not empty.
func bundle(t testing.TB, scenario string, lang estimator.Lang, rename string) *report.Bundle {
	t.Helper()
	data, ok := examples.Read(scenario)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	if rename != "" {
		s.Name = rename
		s.Workloads[0].Label = rename
	}
	est, err := estimator.Run(s)
	require.NoError(t, err)
	data, _ = examples.Read("modern-2026")
	other, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	oe, err := estimator.Run(other)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Samples: 2000, Seed: 1, Lang: lang, Date: "2026-11-30",
		Compared: []string{"modern-2026"}, Compare: []*estimator.Estimate{oe}})
	require.NoError(t, err)
	return b
}

func write(t testing.TB, b *report.Bundle, js []byte) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, html.Write(&buf, b, html.Options{EChartsJS: js}))
	return buf.String()
}

func TestUserStringsAreEscaped(t *testing.T) {
	out := write(t, bundle(t, "article-2017", "en", xss), echartsjs.JS)
	assert.NotContains(t, out, xss)
	assert.NotContains(t, out, "alert(1)</script")
	assert.Contains(t, out, "&lt;script&gt;alert(1)&lt;/script&gt;")
	// Inside the chart options the label is a JSON string with < and > escaped.
	assert.Contains(t, out, `\u003cscript\u003ealert(1)\u003c/script\u003e`)
	// Only our own scripts: the inlined echarts and the drawing script.
	assert.Equal(t, 2, strings.Count(out, "<script>"))
	assert.Equal(t, 2, strings.Count(out, "</script>"))
}

func TestOutputIsDeterministic(t *testing.T) {
	js := echartsjs.JS
	for _, lang := range estimator.Langs() {
		a := write(t, bundle(t, "modern-2026", lang, ""), js)
		b := write(t, bundle(t, "modern-2026", lang, ""), js)
		assert.True(t, a == b, "two runs of %s differ", lang)
	}
}

func TestLoadsNothing(t *testing.T) {
	js := echartsjs.JS
	out := write(t, bundle(t, "article-2017", "en", ""), js)
	require.Contains(t, out, "<script>"+string(js))
	out = strings.Replace(out, string(js), "", 1) // the library itself mentions tags
	// No element of ours fetches anything: no src or href but the page's own
	// anchors, no go-echarts preset assets host.
	for _, re := range []string{`<script[^>]+src=`, `<link[^>]+href=`, `<img`, `<iframe`, `go-echarts-assets`} {
		assert.False(t, regexp.MustCompile(re).MatchString(out), re)
	}
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(out, -1) {
		assert.True(t, strings.HasPrefix(m[1], "#"), m[1])
	}
	for _, id := range chart.IDs() {
		if id != chart.Memory { // a transformer's
			assert.Contains(t, out, `id="figure-`+id+`"`)
		}
	}
}

func TestWithoutEChartsTheTablesStay(t *testing.T) {
	out := write(t, bundle(t, "article-2017", "en", ""), nil)
	assert.Contains(t, out, `id="no-echarts"`)
	assert.Contains(t, out, chart.Text("en", "no.echarts"))
	assert.NotContains(t, out, "<script")
	// The article's figures are all there, with their ids.
	for _, want := range []string{`data-quantity="team.inception-v3.systems.dgx-1-p100"`, "356", "104 TB", "9.1 years", "USD 23,127,000"} {
		assert.Contains(t, out, want)
	}
	assert.Contains(t, out, `<table class="chart-data">`)
}

func TestTablesCarryTheEstimate(t *testing.T) {
	b := bundle(t, "article-2017", "en", "")
	out := write(t, b, nil)
	for _, q := range b.Estimate.Quantities() {
		assert.Contains(t, out, `data-quantity="`+q.ID+`"`)
	}
	for _, want := range []string{
		"article, assumption 1: a fleet of 100 data-collection cars", // a source
		"fleet.cars", "money.cloud_per_gpu_hour", // assumptions
		"{train.inception-v3.gpu_time.dgx-1-p100}"[1:20], // a formula's inputs
		"modern-2026", "Inputs that differ", // scenarios side by side
		"P10", "preprocessing.reduction", // uncertainty and tornado
	} {
		assert.Contains(t, out, want)
	}
}

func TestTheAnswerComesFirst(t *testing.T) {
	for _, tc := range []struct {
		lang     estimator.Lang
		headline string
	}{
		{"en", "Buy 143 DGX-1 (Volta) systems to train Inception-v3."},
		{"ja", "Inception-v3 の学習のため DGX-1 (Volta) を 143 台購入します。"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			b := bundle(t, "article-2017", tc.lang, "")
			out := write(t, b, nil)
			answer := strings.Index(out, `id="answer"`)
			require.Positive(t, answer)
			assert.Less(t, answer, strings.Index(out, `id="summary"`))
			assert.Less(t, answer, strings.Index(out, `class="notes"`))
			assert.Contains(t, out, tc.headline)
			a, err := b.Answer()
			require.NoError(t, err)
			for _, line := range b.AnswerText(a) {
				assert.Contains(t, out, template.HTMLEscapeString(line))
			}
			tco, _ := b.Estimate.Get("cost.tco")
			assert.Contains(t, out, `<td class="label">`+template.HTMLEscapeString(tco.Label.In(tc.lang))+`<small class="id">`, "the quantity's label in the reader's language")
			assert.Contains(t, out, `<span class="seg">train.</span><wbr><span class="seg">resnet-50.</span>`, "ids break only after a dot")
		})
	}
}

func TestJapanese(t *testing.T) {
	out := write(t, bundle(t, "article-2017", "ja", ""), echartsjs.JS)
	assert.Contains(t, out, `<html lang="ja">`)
	for _, key := range []string{"report.title", "assumptions", "growth.title", "cost.power"} {
		assert.Contains(t, out, chart.Text("ja", key), key)
	}
}

func BenchmarkWrite(b *testing.B) {
	bd := bundle(b, "article-2017", "en", "")
	js := echartsjs.JS
	var buf bytes.Buffer
	b.ResetTimer()
	for b.Loop() {
		buf.Reset()
		if err := html.Write(&buf, bd, html.Options{EChartsJS: js}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// issue 25: control and bidirectional characters in a scenario's text show
// escaped (estimator.Printable) in the page and in its charts' options,
// and the bundle the page was made from stays as it was: the workbook and
// the PDF are made from it after the page.
func TestControlAndBidiCharactersPrintEscaped(t *testing.T) {
	const hostile = "x\x1b]0;pwned\a\u202eRLO\u2066\u2069\u0085\x00"
	const escaped = `x\x1b]0;pwned\a\u202eRLO\u2066\u2069\u0085\x00`
	b := bundle(t, "article-2017", "en", hostile)
	columns := append([]string(nil), b.Comparison.Columns...)
	out := write(t, b, echartsjs.JS)
	page := strings.Replace(out, string(echartsjs.JS), "", 1)
	assert.False(t, strings.ContainsFunc(page, func(r rune) bool { return r != '\n' && estimator.Unprintable(r) }), "a control or bidi character reached the page")
	assert.Contains(t, page, `<span class="scenario-name">`+escaped+`</span>`)
	assert.Contains(t, page, `<td class="label">`+escaped)
	assert.Contains(t, page, strings.ReplaceAll(escaped, `\`, `\\`), "a chart's option, as a JSON string")
	assert.Equal(t, hostile, b.Estimate.Scenario.Name)
	assert.Equal(t, columns, b.Comparison.Columns, "the bundle's slices are not the page's")
	assert.Contains(t, columns, hostile)
}

// issue 26: the report carries the charts its scenario's question needs
// (chart.Carries), numbered in turn, and an appendix of its kind of model.
func TestTheReportCarriesWhatItsScenarioIsAbout(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		without  []string
		lead     string
	}{
		{"llama-3-405b", []string{chart.ComputeGrowth, chart.CPUvsGPU, chart.CostBreakdown}, "The CNN figures are left out here"}, // a project: no years of cost
		{"av-world-model-2026", []string{chart.CPUvsGPU}, "The CNN figures are left out here"},
		{"article-2017", []string{chart.Memory}, "The transformer runs are left out here"},
	} {
		out := write(t, bundle(t, tc.scenario, "en", ""), nil)
		n := 0
		for _, id := range chart.IDs() {
			has := strings.Contains(out, `id="figure-`+id+`"`)
			assert.Equal(t, !slices.Contains(tc.without, id), has, "%s: %s", tc.scenario, id)
			if has {
				n++
			}
		}
		assert.Contains(t, out, fmt.Sprintf("<h3>Figure %d: ", n), tc.scenario)
		assert.NotContains(t, out, fmt.Sprintf("<h3>Figure %d: ", n+2), tc.scenario) // n+1 is the plan's frontier
		assert.Contains(t, out, tc.lead, tc.scenario)
	}
}

// A whole run's figures show their model-error range beside the value, in
// the summary and in the table of every quantity, and the sentence on how
// published runs compared stands once, in the report's language.
func TestWholeRunRanges(t *testing.T) {
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		b := bundle(t, "llama-3-405b", lang, "")
		page := write(t, b, nil)
		q, _ := b.Estimate.Get("project.llama-3-405b.gpu_hours.dgx-h100")
		band := b.Band(q)
		require.NotEmpty(t, band, lang)
		assert.Contains(t, page, `<small class="band" data-p10="2.9792993271891832e&#43;07" data-p90="5.388390916230853e&#43;07">`+band+`</small>`, lang)
		assert.Contains(t, page, "("+band+")", lang) // the summary's "value (P10–P90)"
		note := template.HTMLEscapeString(estimator.WholeRunNote().In(lang))
		assert.Equal(t, 1, strings.Count(page, note), lang)
		assert.Contains(t, page, `<p class="band-note">`+note+`</p>`, lang)
	}
	assert.NotContains(t, write(t, bundle(t, "article-2017", "en", ""), nil), `class="band`)
}

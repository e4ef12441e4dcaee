package main

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/echartsjs"
)

func TestReportWritesAllThree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	out, errOut, code := trainscale(t, "", "report", "-o", dir, "--date", "2026-11-30", "--samples", "500")
	require.Equal(t, 0, code, errOut)
	for _, name := range []string{"plan.xlsx", "report.html", "proposal.pdf"} {
		st, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err, name)
		assert.Greater(t, st.Size(), int64(1000), name)
		assert.Contains(t, out, name)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	assert.NotContains(t, string(page), `id="no-echarts"`)
	assert.Contains(t, string(page), `id="chart-scaling"`)
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 3, "no temporary files left")

	// The same input gives the same bytes.
	again := filepath.Join(t.TempDir(), "again")
	_, errOut, code = trainscale(t, "", "report", "-o", again, "--date", "2026-11-30", "--samples", "500")
	require.Equal(t, 0, code, errOut)
	for _, name := range []string{"report.html", "proposal.pdf"} {
		a, _ := os.ReadFile(filepath.Join(dir, name))
		b, _ := os.ReadFile(filepath.Join(again, name))
		assert.True(t, string(a) == string(b), "%s differs between runs", name)
	}
}

func TestReportFailureLeavesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	_, errOut, code := trainscale(t, "", "report", "-o", dir, "--lang", "ja", "--font", filepath.Join(t.TempDir(), "missing.ttf"), "--samples", "0")
	assert.Equal(t, 2, code, "a missing font is bad input")
	assert.Contains(t, errOut, "missing.ttf")
	_, err := os.Stat(dir)
	assert.True(t, os.IsNotExist(err), "the output directory was not made")

	out := filepath.Join(t.TempDir(), "p.pdf")
	_, errOut, code = trainscale(t, "", "pdf", "-o", out, "--paper", "a3")
	assert.Equal(t, 2, code, errOut)
	_, err = os.Stat(out)
	assert.True(t, os.IsNotExist(err))
}

// issue 25: report -o DIR wrote plan.xlsx and report.html, then found
// proposal.pdf a directory, and its hint offered -o -, which report refuses.
func TestReportFailureLeavesEveryOutputAsItWas(t *testing.T) {
	dir := t.TempDir()
	old := writeOld(t, dir, "plan.xlsx", "report.html")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "proposal.pdf", "y"), 0o755))
	before := entries(t, dir)
	out, errOut, code := trainscale(t, "", "report", "-o", dir, "--samples", "0", "--date", "2026-11-30")
	assert.Equal(t, 2, code, errOut)
	assert.Empty(t, out, "nothing written")
	assert.Contains(t, errOut, "proposal.pdf is a directory: report writes a file of that name there; move it, or name another -o DIR")
	assert.NotContains(t, errOut, "standard output", "report takes no -o -")
	assertOld(t, dir, old)
	assert.Equal(t, before, entries(t, dir), "no temporary file left")

	// calibrate --out takes no - either.
	lab, _ := filepath.Abs("../../report/reporttest/lab.csv")
	_, errOut, code = trainscale(t, "", "calibrate", "--measurements", lab, "--out", dir)
	assert.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, "is a directory: name a file\n")
}

// The report inlines the echarts build the binary carries, with no npm: the
// test binary runs in this package's directory, which has no node_modules.
// --echarts PATH replaces it, and must name a file that exists.
func TestHTMLInlinesTheBuiltInEchartsOrTheOneGiven(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.html")
	_, errOut, code := trainscale(t, "", "html", "-o", out, "--samples", "0", "--date", "2026-11-30")
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.NotContains(t, string(page), `id="no-echarts"`)
	assert.Contains(t, string(page), string(echartsjs.JS))
	assert.Contains(t, string(page), `data-quantity="team.inception-v3.systems.dgx-1-p100"`)

	own := filepath.Join(t.TempDir(), "own-echarts.js")
	require.NoError(t, os.WriteFile(own, []byte("var echarts = { own: true };"), 0o644))
	_, errOut, code = trainscale(t, "", "html", "-o", out, "--samples", "0", "--echarts", own)
	require.Equal(t, 0, code, errOut)
	page, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(page), "var echarts = { own: true };")
	assert.NotContains(t, string(page), string(echartsjs.JS[:200]), "the built-in build is not inlined too")

	_, errOut, code = trainscale(t, "", "html", "-o", out, "--echarts", filepath.Join(t.TempDir(), "nope.js"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "nope.js")
}

func TestHTMLEscapesTheScenarioName(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.html")
	_, errOut, code := trainscale(t, "", "html", "-o", out, "--samples", "0", "--set", `name="<script>alert(1)</script>"`, "--compare", "modern-2026")
	require.Equal(t, 0, code, errOut)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.NotContains(t, string(page), "<script>alert(1)</script>")
	assert.Contains(t, string(page), "&lt;script&gt;alert(1)&lt;/script&gt;")
}

// The binary carries IPAex Gothic and the echarts script, and with them the
// licences they must carry.
func TestLicensesPrintsWhatTheBinaryCarries(t *testing.T) {
	out, errOut, code := trainscale(t, "", "licenses")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "IPA Font License Agreement v1.0")
	assert.Contains(t, out, "Apache ECharts. Copyright 2017-2024 The Apache Software Foundation")
}

// The Japanese PDF needs no font installed: the CLI carries IPAex Gothic.
func TestPDFJapanese(t *testing.T) {
	out := filepath.Join(t.TempDir(), "ja.pdf")
	_, errOut, code := trainscale(t, "", "pdf", "-o", out, "--lang", "ja", "--samples", "0", "--paper", "letter")
	require.Equal(t, 0, code, errOut)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "%PDF-"))
}

// calibrate --measurements lab.csv --out fitted.json, then a proposal with
// those factors shows the points before and after the fit.
func TestReportShowsTheFit(t *testing.T) {
	lab, _ := filepath.Abs("../../report/reporttest/lab.csv")
	fitted := filepath.Join(t.TempDir(), "fitted.json")
	_, errOut, code := trainscale(t, "", "calibrate", "--measurements", lab, "--out", fitted)
	require.Equal(t, 0, code, errOut)

	out, errOut, code := trainscale(t, "", "calibrate", "--measurements", lab, "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "fit.1,\"resnet-50 on a100-sxm4-80gb, mixed precision, batch 256\",resnet-50,a100-sxm4-80gb,mixed,256,2470,")

	page := filepath.Join(t.TempDir(), "report.html")
	_, errOut, code = trainscale(t, "", "html", "-o", page, "--samples", "0", "--factors", fitted, "--measurements", lab)
	require.Equal(t, 0, code, errOut)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<h3>Your measurements before and after the fit</h3>")
	assert.Contains(t, string(html), `<tr><td>resnet-50 on a100-sxm4-80gb, mixed precision, batch 256</td><td class="num">2,470/s</td><td class="num">2,722/s</td><td class="num">1.102</td><td class="num">10.2%</td>`)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--measurements", lab}, "--measurements: the scenario has no factors section"},
		{[]string{"--factors", lab}, "lab.csv: "},
		{[]string{"--factors", fitted, "--measurements", fitted}, "fitted.json:1: the header must be model,device,precision,batch,images_per_s"},
	} {
		_, errOut, code = trainscale(t, "", append([]string{"pdf", "-o", filepath.Join(t.TempDir(), "p.pdf"), "--samples", "0"}, tc.args...)...)
		assert.NotEqual(t, 0, code, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
	_, errOut, code = trainscale(t, "", "calibrate", "--format", "csv")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--format csv needs --measurements")
}

// issue 26: --set edits the user's scenario alone. It was applied to the
// Table 1 scenarios too, so a transformer's model set on llama-3-405b
// failed on article-2017, which has no transformer.
func TestReportSetsEditTheUsersScenarioAlone(t *testing.T) {
	dir := t.TempDir()
	llama70b := []string{"--scenario", "llama-3-405b", "--set", "workloads[0].transformer.model=llama-3.1-70b", "--samples", "0", "--date", "2026-11-30"}
	formats := []string{"pdf", "html", "xlsx"}
	if testing.Short() {
		formats = formats[1:2] // the three read the set alike; the full run renders each
	}
	for _, cmd := range formats {
		out := filepath.Join(dir, "70b."+cmd)
		_, errOut, code := trainscale(t, "", append([]string{cmd, "-o", out}, llama70b...)...)
		require.Equal(t, 0, code, "%s: %s", cmd, errOut)
		assert.Empty(t, errOut, cmd)
	}
	// Beside any scenario but the article, no comparison unless asked.
	page := readFile(t, filepath.Join(dir, "70b.html"))
	assert.True(t, strings.Contains(page, "Llama 3.1 70B"), "the set reached the report")
	assert.False(t, strings.Contains(page, `id="comparison"`), "a comparison section")
	assert.False(t, strings.Contains(page, `href="#comparison"`), "a comparison in the contents")

	// Asked, the compared scenario is as published: fleet.cars=50 edits the
	// article alone, and modern-2026's column keeps its 100 cars.
	out := filepath.Join(dir, "asked.html")
	_, errOut, code := trainscale(t, "", "html", "-o", out, "--samples", "0", "--set", "fleet.cars=50", "--compare", "modern-2026")
	require.Equal(t, 0, code, errOut)
	page = readFile(t, out)
	assert.True(t, regexp.MustCompile(`<tr data-input="fleet.cars"><td class="id">.*?</td><td class="num">50</td><td class="num">100</td></tr>`).MatchString(page),
		"fleet.cars reads 50 beside modern-2026's 100")

	// The same for the page's exports and a file given to --compare.
	out = filepath.Join(dir, "file.html")
	_, errOut, code = trainscale(t, "", "html", "-o", out, "--samples", "0", "--scenario", "llama-3-405b", "--set", "workloads[0].transformer.model=llama-3.1-70b",
		"--compare", "../../examples/av-world-model-2026.json")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.Contains(readFile(t, out), `<th class="num">../../examples/av-world-model-2026.json</th>`), "the file's column")
}

// The article's report sets its Table 1 beside it unless told otherwise,
// edited or not; another scenario's sets nothing.
func TestReportComparesTheArticleWithTable1(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		args    []string
		columns []string // the comparison's columns; nil: no comparison section
	}{
		{"article", nil, []string{"NVIDIA 2017: 100 data cars to DGX-1 systems", "realistic-2017", "modern-2026"}},
		{"article edited", []string{"--set", "fleet.cars=50"}, []string{"NVIDIA 2017: 100 data cars to DGX-1 systems", "realistic-2017", "modern-2026"}},
		{"article as a file", []string{"../../examples/article-2017.json"}, []string{"NVIDIA 2017: 100 data cars to DGX-1 systems", "article-2017", "realistic-2017", "modern-2026"}},
		{"article renamed", []string{"--set", `name="ours"`}, nil},
		{"modern-2026", []string{"--scenario", "modern-2026"}, nil},
		{"realistic-2017", []string{"--scenario", "realistic-2017"}, nil},
		{"asked", []string{"--scenario", "modern-2026", "--compare", "article-2017"}, []string{"The article's fleet and team on 2026 hardware (DGX H100, H200, B200)", "article-2017"}},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".html")
		_, errOut, code := trainscale(t, "", append([]string{"html", "-o", out, "--samples", "0", "--date", "2026-11-30"}, tc.args...)...)
		require.Equal(t, 0, code, "%s: %s", tc.name, errOut)
		page := readFile(t, out)
		if tc.columns == nil {
			assert.False(t, strings.Contains(page, `id="comparison"`), "%s: a comparison section", tc.name)
			continue
		}
		section := page[strings.Index(page, `<section id="comparison">`):]
		section = section[:strings.Index(section, "</thead>")]
		var got []string
		for _, m := range regexp.MustCompile(`<th class="num">([^<]*)</th>`).FindAllStringSubmatch(section, -1) {
			got = append(got, html.UnescapeString(m[1]))
		}
		assert.Equal(t, tc.columns, got, tc.name)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

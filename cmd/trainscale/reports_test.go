package main

import (
	"os"
	"path/filepath"
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
	assert.Contains(t, string(html), `<tr><td>resnet-50 on a100-sxm4-80gb, mixed precision, batch 256</td><td class="num">2470/s</td><td class="num">2722/s</td><td class="num">1.102</td><td class="num">10.2%</td>`)

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

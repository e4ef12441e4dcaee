package pdf_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/internal/residue"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/pdf"
)

// fitted is the default scenario's proposal with the factors
// ../testdata/fitted.json and the measurements they were fitted to, as
// `trainscale pdf --factors --measurements` writes it.
func fitted(t *testing.T, lang string) *report.Bundle {
	t.Helper()
	f, err := os.Open("../testdata/fitted.json")
	require.NoError(t, err)
	defer f.Close()
	factors, err := estimator.DecodeFactors(f)
	require.NoError(t, err)
	lab, err := os.Open("../testdata/lab.csv")
	require.NoError(t, err)
	defer lab.Close()
	pts, err := tool.ParseMeasurementsCSV(lab, "lab.csv")
	require.NoError(t, err)
	est := bundle(t, examples.Default, lang, "").Estimate
	est.Scenario.Factors = factors
	est, err = estimator.Run(est.Scenario)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Lang: lang, Date: "2026-11-30", Measurements: pts})
	require.NoError(t, err)
	return b
}

func TestTheAppendixShowsTheAccuracyTables(t *testing.T) {
	t.Parallel()
	b := fitted(t, "en")
	out := text(t, write(t, b, pdf.Options{}))
	assert.Contains(t, out, "How accurate is this?")
	assert.Regexp(t, `all\s+all points\s+`+strconv.Itoa(len(b.Accuracy.Rows))+`\s+\d+\.\d%\s+\d+\.\d%`, out)
	assert.Contains(t, out, "Your measurements before and after the fit")
	assert.Regexp(t, `resnet-50 on a100-sxm4-80gb, mixed\s+2470/s\s+2722/s\s+1\.102\s+10\.2%\s+2470/s\s+1\.000\s+0\.0%`, out)
	assert.Regexp(t, `all\s+all points\s+3\s+10\.2%\s+49\.8%\s+0\.0%\s+0\.0%`, out)
}

func TestTheJapaneseAppendixHasNoEnglish(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	b := fitted(t, "ja")
	path := filepath.Join(t.TempDir(), "ja.pdf")
	require.NoError(t, os.WriteFile(path, write(t, b, pdf.Options{Font: jafont.TTF}), 0o644))
	raw, err := exec.Command("pdftotext", path, "-").Output()
	require.NoError(t, err)
	out := string(raw)
	assert.Contains(t, out, "どれほど正確か")
	assert.Contains(t, out, "手元の測定値: フィットの前と後")
	assert.Contains(t, out, "resnet-50、a100-sxm4-80gb、混合精度、")
	var lines []string
	for _, l := range residue.For(b.Estimate).English(out) {
		lines = append(lines, l.String())
	}
	assert.Empty(t, lines)
}

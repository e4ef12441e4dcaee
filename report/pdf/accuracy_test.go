package pdf_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/internal/residue"
	"github.com/trainscale/trainscale/report/pdf"
	"github.com/trainscale/trainscale/report/reporttest"
)

func TestTheAppendixShowsTheAccuracyTables(t *testing.T) {
	t.Parallel()
	b := reporttest.Fitted(t, "en", "2026-11-30")
	out := text(t, write(t, b, pdf.Options{}))
	assert.Contains(t, out, "How accurate is this?")
	assert.Regexp(t, `all\s+all points\s+`+strconv.Itoa(len(b.Accuracy.Rows))+`\s+\d+\.\d%\s+\d+\.\d%`, out)
	// Every figure follows, one row each: the article's AlexNet on one P100 first.
	assert.Contains(t, out, "Every published figure")
	first := b.AccuracyPoints()[1] // as these factors predict it
	assert.Regexp(t, `\n\s*1\s+alexnet on p100-sxm2, FP32, batch\s+157\.3 MB/s\s+`+regexp.QuoteMeta(first[3])+`\s+`+regexp.QuoteMeta(first[4])+`\s+`+
		regexp.QuoteMeta(first[5])+`\s+AlexNet \(ImageNet\)\s+Pascal\s+1 device\s+calibration`, out)
	// The article trains CNNs: the last figure is a CNN's, the transformer
	// runs are left to trainscale accuracy.
	last := b.AccuracyPoints()[len(b.Accuracy.Rows)]
	assert.Regexp(t, `\n\s*`+strconv.Itoa(len(b.Accuracy.Rows))+`\s+`+regexp.QuoteMeta(strings.Fields(last[1])[0])+`\s`, out, "the last figure")
	assert.NotRegexp(t, `\s(nemo|llama|gpt)-\S+ on `, out, "no transformer run")
	assert.Regexp(t, strings.ReplaceAll("The transformer runs are left out here: trainscale accuracy lists every figure", " ", `\s+`), out)
	assert.Contains(t, out, "Your measurements before and after the fit")
	assert.Regexp(t, `resnet-50 on a100-sxm4-80gb, mixed\s+2,470/s\s+2,722/s\s+1\.102\s+10\.2%\s+2,470/s\s+1\.000\s+0\.0%`, out)
	assert.Regexp(t, `all\s+all points\s+3\s+10\.2%\s+49\.8%\s+0\.0%\s+0\.0%`, out)
}

func TestTheJapaneseAppendixHasNoEnglish(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	b := reporttest.Fitted(t, "ja", "2026-11-30")
	path := filepath.Join(t.TempDir(), "ja.pdf")
	require.NoError(t, os.WriteFile(path, write(t, b, pdf.Options{Font: jafont.TTF}), 0o644))
	raw, err := exec.Command("pdftotext", path, "-").Output()
	require.NoError(t, err)
	out := string(raw)
	assert.Contains(t, out, "どれほど正確か")
	assert.Contains(t, out, "手元の測定値: フィットの前と後")
	assert.Contains(t, out, "resnet-50、a100-sxm4-80gb、混合精度、")
	assert.Contains(t, out, "すべての公表値")
	assert.Contains(t, out, "alexnet、p100-sxm2、FP32、")
	assert.Contains(t, out, "に対する高速化率")
	var lines []string
	for _, l := range residue.For(b.Estimate).English(out) {
		lines = append(lines, l.String())
	}
	assert.Empty(t, lines)
}

package pdf_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/internal/residue"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/pdf"
)

// The Japanese proposal has no English left: every line's words of three or
// more Latin letters are the scenario's own text, ids, formulas, units, the
// catalog's names or the names residue allows. It is checked the way a reader
// gets it, pdftotext over the written file, for the scenarios issue 13 names,
// each compared with the article's Table 1 as the CLI does.
func TestJapaneseProposalHasNoEnglish(t *testing.T) {
	t.Parallel()
	need(t, "pdftotext")
	var table1 []*estimator.Estimate
	for _, name := range report.Table1 {
		table1 = append(table1, bundle(t, name, "en", "").Estimate)
	}
	for _, name := range residue.Checked() {
		est := bundle(t, name, "ja", "").Estimate
		b, err := report.Build(est, report.Options{Samples: 2000, Seed: 1, Lang: "ja", Date: "2026-11-30", Compared: report.Table1, Compare: table1})
		require.NoError(t, err)
		path := filepath.Join(t.TempDir(), name+".pdf")
		require.NoError(t, os.WriteFile(path, write(t, b, pdf.Options{Font: jafont.TTF}), 0o644))
		out, err := exec.Command("pdftotext", path, "-").Output()
		require.NoError(t, err)
		left := residue.For(est, table1...).English(string(out))
		var lines []string
		for _, l := range left {
			lines = append(lines, l.String())
		}
		assert.Empty(t, lines, "%s: lines with English:\n%s", name, strings.Join(lines, "\n"))
		ja, all := japaneseLines(string(out))
		t.Logf("%s: Japanese on %d of %d lines", name, ja, all)
	}
}

// japaneseLines counts the non-empty lines and those with kana or kanji.
func japaneseLines(text string) (ja, all int) {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		all++
		if strings.ContainsFunc(l, residue.Japanese) {
			ja++
		}
	}
	return ja, all
}

package xlsx_test

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/report"
)

// Every zip entry carries the same valid date, 1980-01-01 00:00 (excelize
// left it at the invalid 1980-00-00).
func TestZipEntriesDated(t *testing.T) {
	data := write(t, cliBundle(t, 500))
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	require.NotEmpty(t, z.File)
	for _, f := range z.File {
		assert.Equal(t, uint16(0x21), f.ModifiedDate, f.Name)
		assert.Equal(t, uint16(0), f.ModifiedTime, f.Name)
		assert.Equal(t, time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC), f.Modified.UTC(), f.Name)
	}
}

// Each sheet prints one page wide, landscape when it is wide, the header of
// a table longer than a page on every page, with panes frozen under the
// first header (the Charts sheet: its labels only, not across its charts),
// and its columns wide enough for a formula's number.
func TestPrintSetup(t *testing.T) {
	f := open(t, write(t, cliBundle(t, 500)))
	titles, areas := map[string]string{}, map[string]string{}
	for _, dn := range f.GetDefinedName() {
		switch dn.Name {
		case "_xlnm.Print_Titles":
			titles[dn.Scope] = dn.RefersTo
		case "_xlnm.Print_Area":
			areas[dn.Scope] = dn.RefersTo
		}
	}
	assert.Equal(t, map[string]string{
		"Assumptions": "'Assumptions'!$4:$4", // the inputs' header, not the constants'
		"Data volume": "'Data volume'!$18:$18",
		"Cost":        "'Cost'!$13:$13",
		"Scenarios":   "'Scenarios'!$57:$57",
		"Sources":     "'Sources'!$5:$5",
	}, titles)
	assert.Equal(t, "'Cost'!$A$1:$H$55", areas["Cost"])
	assert.Equal(t, "'Cover'!$A$1:$B$31", areas["Cover"])
	assert.NotContains(t, areas, "Charts", "the spreadsheet finds the charts itself")
	for _, tc := range []struct {
		sheet       string
		orientation string
		frozenRows  int
		frozenCols  int
	}{
		{"Cover", "landscape", 0, 0},
		{"Assumptions", "landscape", 4, 1},
		{"Catalog", "landscape", 4, 1},
		{"Data volume", "landscape", 5, 1},
		{"Training time", "landscape", 5, 1},
		{"Team and cluster", "landscape", 5, 1},
		{"Scaling", "portrait", 0, 0}, // empty: the article scales linearly
		{"Memory", "portrait", 0, 0},
		{"Storage and host", "landscape", 5, 1},
		{"Cost", "landscape", 5, 1},
		{"Scenarios", "landscape", 5, 1},
		{"Uncertainty", "landscape", 14, 1},
		{"Charts", "landscape", 0, 1},
		{"Sources", "landscape", 5, 1},
	} {
		layout, err := f.GetPageLayout(tc.sheet)
		require.NoError(t, err)
		assert.Equal(t, tc.orientation, *layout.Orientation, tc.sheet)
		assert.Equal(t, 1, *layout.FitToWidth, tc.sheet)
		tall := 0 // as many pages down as it takes
		if tc.sheet == "Cover" {
			tall = 1 // the cover is one page
		}
		assert.Equal(t, tall, *layout.FitToHeight, tc.sheet)
		props, err := f.GetSheetProps(tc.sheet)
		require.NoError(t, err)
		assert.True(t, *props.FitToPage, tc.sheet)
		panes, err := f.GetPanes(tc.sheet)
		require.NoError(t, err)
		assert.Equal(t, tc.frozenRows > 0 || tc.frozenCols > 0, panes.Freeze, tc.sheet)
		assert.Equal(t, tc.frozenRows, panes.YSplit, tc.sheet)
		assert.Equal(t, tc.frozenCols, panes.XSplit, tc.sheet)
	}

	// The columns that showed "###" in LibreOffice: the yearly plan's
	// operating expense (Cost E, money), data volume's growth table (E) and
	// the Charts sheet's values (B).
	for _, c := range []struct {
		sheet, col string
		min        float64
	}{
		{"Cost", "E", 23}, {"Data volume", "E", 18}, {"Charts", "B", 18},
	} {
		w, err := f.GetColWidth(c.sheet, c.col)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, w, c.min, "%s!%s", c.sheet, c.col)
	}
	// The cover's wrapped paragraphs get the lines they need.
	h, err := f.GetRowHeight("Cover", 5) // the notes
	require.NoError(t, err)
	assert.GreaterOrEqual(t, h, 45.0)
}

// The default workbook, printed by LibreOffice: no "###", no error value,
// a few pages (98 before the print setup).
func TestPrintedByLibreOffice(t *testing.T) {
	if testing.Short() {
		t.Skip("prints a workbook with LibreOffice")
	}
	t.Parallel() // beside the cross-check's LibreOffice passes
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext (Debian poppler-utils) is required on CI")
		}
		t.Skip("pdftotext not installed (apt-get install poppler-utils)")
	}
	// The default workbook, and the widest examples with the CLI's sections.
	dir := t.TempDir()
	books := map[string]*report.Bundle{"plan": cliBundle(t, report.DefaultSamples)}
	// The examples whose figures are widest (a fleet's years, a
	// transformer's 10^25 FLOPs); the others' tables are the default's.
	for _, name := range []string{"modern-2026", "llama-3-405b", "av-world-model-2026"} {
		books[name] = fullBundle(t, name)
	}
	var files []string
	for name, b := range books {
		files = append(files, name+".xlsx")
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".xlsx"), write(t, b), 0o644))
	}
	out := recalc(t, dir, files, "pdf", 2)
	for name := range books {
		text, err := exec.Command(pdftotext, "-layout", filepath.Join(out, name+".pdf"), "-").Output()
		require.NoError(t, err, name)
		pages := bytes.Count(text, []byte("\f"))
		t.Logf("%s: %d pages", name, pages)
		assert.Positive(t, pages, name)
		assert.Less(t, pages, 30, name)
		for _, bad := range []string{"###", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "Err:"} {
			assert.NotContains(t, string(text), bad, name)
		}
		if name == "plan" {
			for _, want := range []string{"operating expense", "Total cost of ownership", "USD 23,127,000"} {
				assert.True(t, strings.Contains(string(text), want), want)
			}
		}
	}
}

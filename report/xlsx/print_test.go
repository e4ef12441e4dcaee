package xlsx_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

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
	assert.Equal(t, "'Cover'!$A$1:$B$33", areas["Cover"]) // the sheet list names the Plan sheet
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
		{"Job sizes", "portrait", 0, 0}, // empty: the article sizes no transformer job
		{"Scaling", "portrait", 0, 0},   // empty: the article scales linearly
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
		wide := 1
		if tc.sheet == "Job sizes" {
			wide = 2 // its ladder's layout and memory columns
		}
		assert.Equal(t, wide, *layout.FitToWidth, tc.sheet)
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

// The default workbook in English and in Japanese, and the widest
// examples, printed by LibreOffice: no "###", no error value, the default in
// fewer than 30 pages (98 before the print setup), and every page at a
// legible scale (the widest sheets printed at 20-30% before their layout
// was made for paper; now at least 40%).
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
	dir := t.TempDir()
	books := map[string]*report.Bundle{"plan": cliBundle(t, report.DefaultSamples), "plan-ja": cliBundleIn(t, report.DefaultSamples, "ja")}
	// The examples whose figures are widest (a fleet's years, a
	// transformer's 10^25 FLOPs); the others' tables are the default's.
	for _, name := range []string{"modern-2026", "llama-3-405b", "av-world-model-2026"} {
		books[name] = fullBundle(t, name)
	}
	files := []string{"scale.xlsx"} // one line of text at full size: the yardstick of the scale
	require.NoError(t, os.WriteFile(filepath.Join(dir, "scale.xlsx"), yardstick(t), 0o644))
	for name, b := range books {
		files = append(files, name+".xlsx")
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".xlsx"), write(t, b), 0o644))
	}
	out := recalc(t, dir, files, "pdf", 2)
	bbox := func(name string) [][]float64 {
		html, err := exec.Command(pdftotext, "-bbox", filepath.Join(out, name+".pdf"), "-").Output()
		require.NoError(t, err, name)
		return wordHeights(string(html))
	}
	full := mode(bbox("scale")[0])
	require.Positive(t, full)
	for name := range books {
		text, err := exec.Command(pdftotext, "-layout", filepath.Join(out, name+".pdf"), "-").Output()
		require.NoError(t, err, name)
		pages := bytes.Count(text, []byte("\f"))
		for _, bad := range []string{"###", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "Err:"} {
			assert.NotContains(t, string(text), bad, name)
		}
		// A page's scale is its commonest word height against the
		// yardstick's: the body text, whatever the headings and charts.
		var scales []string
		smallest := 1.0
		for _, heights := range bbox(name) {
			scale := mode(heights) / full
			smallest = min(smallest, scale)
			scales = append(scales, fmt.Sprintf("%.0f%%", 100*scale))
		}
		t.Logf("%s: %d pages, smallest scale %.0f%% (%s)", name, pages, 100*smallest, strings.Join(scales, " "))
		assert.Positive(t, pages, name)
		assert.GreaterOrEqual(t, smallest, 0.395, name) // 40% as printed: the ratio of two heights lands a hair under
		assert.Less(t, pages, 40, name)                 // av-world-model-2026 prints 37 since the Job sizes sheet, like the Plan sheet, prints two pages wide
		if name == "plan" {
			for _, want := range []string{"operating expense", "Total cost of ownership", "USD 23,127,000", "34.6%"} {
				assert.True(t, strings.Contains(string(text), want), want)
			}
		}
		if name == "plan-ja" {
			for _, want := range []string{"前提条件", "このシートのすべての数量", "償却期間の総保有コスト", "年次計画"} {
				assert.True(t, strings.Contains(string(text), want), want)
			}
		}
	}
}

// yardstick is a workbook of one line of text in the default font, which
// prints at full size.
func yardstick(t *testing.T) []byte {
	f := excelize.NewFile()
	defer f.Close()
	require.NoError(t, f.SetCellStr("Sheet1", "A1", "Every quantity"))
	buf, err := f.WriteToBuffer()
	require.NoError(t, err)
	return buf.Bytes()
}

var wordBox = regexp.MustCompile(`<word xMin="[^"]+" yMin="([^"]+)" xMax="[^"]+" yMax="([^"]+)"`)

// wordHeights are the heights of the words of each page of pdftotext's
// -bbox output, in points.
func wordHeights(html string) [][]float64 {
	var pages [][]float64
	for _, page := range strings.Split(html, "<page ")[1:] {
		var hs []float64
		for _, m := range wordBox.FindAllStringSubmatch(page, -1) {
			y0, _ := strconv.ParseFloat(m[1], 64)
			y1, _ := strconv.ParseFloat(m[2], 64)
			hs = append(hs, math.Round((y1-y0)*100)/100)
		}
		pages = append(pages, hs)
	}
	return pages
}

// mode is the commonest value, the smallest of equals; 0 for none.
func mode(xs []float64) float64 {
	count := map[float64]int{}
	best, n := 0.0, 0
	for _, x := range xs {
		count[x]++
		if c := count[x]; c > n || c == n && x < best {
			best, n = x, c
		}
	}
	return best
}

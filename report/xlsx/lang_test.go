package xlsx_test

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/report/xlsx"
)

// A Japanese workbook names its sheets, headings and headers in Japanese
// and labels each quantity with its Japanese label beside its id.
func TestWorkbookInJapanese(t *testing.T) {
	b := cliBundleIn(t, 200, "ja")
	f := open(t, write(t, b))
	var tabs []string
	for _, sh := range xlsx.Sheets {
		tabs = append(tabs, chart.Text("ja", "xlsx.sheet."+sh))
	}
	assert.Equal(t, tabs, f.GetSheetList())
	assert.Equal(t, "表紙", tabs[0])

	title, err := f.GetCellValue("表紙", "A1")
	require.NoError(t, err)
	assert.Equal(t, "trainscale：深層学習の計算資源計画", title)

	rows, err := f.GetRows("コスト")
	require.NoError(t, err)
	q, ok := b.Estimate.Get("cost.tco")
	require.True(t, ok)
	var header, tco []string
	for _, r := range rows {
		if len(r) > 1 && r[0] == "量" {
			header = r
		}
		if len(r) > 1 && r[1] == "cost.tco" {
			tco = r
		}
	}
	assert.Equal(t, []string{"量", "ID", "値", "単位", "表示値", "表示単位", "式", "出典"}, header)
	require.NotEmpty(t, tco)
	assert.Equal(t, q.Label.In("ja"), tco[0])
	assert.NotEqual(t, q.Label.EN, tco[0], "the label is Japanese")
}

// A share reads as a percentage in its own cell (the core's display of
// estimator.Share), its value still the fraction formulas use.
func TestSharesReadAsPercent(t *testing.T) {
	f := open(t, write(t, fullBundle(t, "article-2017")))
	at := cellOf(f)["cost_break_even_utilisation"]
	require.NotEmpty(t, at[0])
	id, err := f.GetCellStyle(at[0], at[1])
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	require.NotNil(t, st.CustomNumFmt)
	assert.Equal(t, "0.0%", *st.CustomNumFmt)
	v, err := f.CalcCellValue(at[0], at[1], excelize.Options{RawCellValue: true})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(v, "0.346"), v)
}

// The P10-P90 chart floats a bar from P10 to P90 (a stacked bar on an
// invisible P10) with a marker at P50 (a line chart without its line), and
// the axes' words are dark, not excelize's pale grey.
func TestRangeChartFloats(t *testing.T) {
	data := write(t, fullBundle(t, "article-2017"))
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	found := false
	for _, file := range z.File {
		if !strings.HasPrefix(file.Name, "xl/charts/chart") {
			continue
		}
		r, err := file.Open()
		require.NoError(t, err)
		xml, err := io.ReadAll(r)
		r.Close()
		require.NoError(t, err)
		s := string(xml)
		has := func(part, why string) { assert.True(t, strings.Contains(s, part), "%s: %s (%s)", file.Name, part, why) }
		has(`<a:srgbClr val="262626">`, "dark axis words")
		if !strings.Contains(s, "P10 to P90") {
			continue
		}
		found = true
		has(`<grouping val="stacked">`, "bars stand on each other")
		has(`<spPr><a:noFill>`, "the P10 base is invisible")
		has(`<lineChart>`, "the P50 markers")
		has(`<symbol val="diamond">`, "the P50 markers")
	}
	assert.True(t, found, "no P10-P90 chart")
}

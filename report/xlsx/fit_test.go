package xlsx_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/report/reporttest"
)

// The Catalog sheet lists the measurements the scenario's factors were
// fitted to (report/reporttest, as calibrate --out wrote them) before and after
// the fit, with the numbers as values (to the 15 digits a cell keeps).
func TestCatalogShowsTheFit(t *testing.T) {
	b := reporttest.Fitted(t, "", testDate)
	wb := open(t, write(t, b))
	rows, err := wb.GetRows("Catalog")
	require.NoError(t, err)
	title := -1
	for i, r := range rows {
		if len(r) > 0 && r[0] == "Your measurements before and after the fit" {
			title = i + 1
		}
	}
	require.Positive(t, title, "no fit table on the Catalog sheet")
	head := title + 3
	assert.Equal(t, []string{"measurement", "measured", "predicted before", "ratio before", "|error| before", "predicted after", "ratio after", "|error| after"}, rows[head-1])
	cell := func(col string, row int) float64 {
		t.Helper()
		v, err := wb.GetCellValue("Catalog", col+strconv.Itoa(row))
		require.NoError(t, err)
		x, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err, "%s%d = %q", col, row, v)
		return x
	}
	// The A100's mixed ResNet-50 point, the first of lab.csv.
	a100 := b.Fit.Rows[0]
	assert.Equal(t, "resnet-50 on a100-sxm4-80gb, mixed precision, batch 256", rows[head][0])
	assert.InDelta(t, 2470, cell("B", head+1), 1e-12)
	assert.InDelta(t, 2722, cell("C", head+1), 0.5)
	assert.InDelta(t, 1.102, cell("D", head+1), 0.0005)
	assert.InDelta(t, a100.Before.AbsError, cell("E", head+1), 1e-12)
	assert.InDelta(t, 2470, cell("F", head+1), 1e-6)
	assert.InDelta(t, a100.After.Ratio, cell("G", head+1), 1e-12)
	assert.InDelta(t, a100.After.AbsError, cell("H", head+1), 1e-12)

	groups := head + len(b.Fit.Rows) + 2
	assert.Equal(t, []string{"all", "all points", "3"}, rows[groups][:3])
	all := b.Fit.Groups[0]
	assert.InDelta(t, all.Before.Median, cell("D", groups+1), 1e-12)
	assert.InDelta(t, 0.498, cell("E", groups+1), 0.0005)
	assert.InDelta(t, all.After.P90, cell("G", groups+1), 1e-12)
}

package xlsx_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// planBundle is modern-2026's report bundle in lang, with its plan.
func planBundle(t *testing.T, lang string, set ...estimator.Override) *report.Bundle {
	t.Helper()
	b, err := report.Build(mustEstimate(t, "modern-2026", set...), report.Options{Lang: lang, Date: testDate})
	require.NoError(t, err)
	return b
}

// The Plan sheet lists every option sized for the deadline, cheapest first:
// count, capex and per year as the planner's values, the total a formula
// over them and the depreciation period on the Assumptions sheet.
func TestPlanSheet(t *testing.T) {
	b := planBundle(t, "en")
	require.NotNil(t, b.Plan)
	f := open(t, write(t, b))
	names := xlsx.PlanNames(b)
	cells := cellOf(f)
	first := b.Plan.Options[0]
	total := cells[names[first.Total.ID]]
	assert.Equal(t, "Plan", total[0])
	formula, err := f.GetCellFormula("Plan", total[1])
	require.NoError(t, err)
	assert.Equal(t, names[first.Capex.ID]+"+"+names[first.PerYear.ID]+"*money_depreciation_years", formula)
	assert.Equal(t, "plan_rent_hyperstack_8x_b200_on_demand_n13_total", names[first.Total.ID])
	checked, bad, _ := compareNamed(planQuantities(b), names, cells, func(sheet, cell string) (string, error) {
		return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
	})
	assert.Empty(t, bad)
	assert.Equal(t, 4*len(b.Plan.Options), checked)

	// Without money the sheet says there is nothing to plan.
	none := open(t, write(t, planBundle(t, "ja", estimator.Override{Path: "money", Value: "null"})))
	note, err := none.GetCellValue("プラン", "A2")
	require.NoError(t, err)
	assert.Equal(t, "シナリオに費用の項目がないため、プランはありません。", note)
}

// LibreOffice recomputes the Plan sheet's totals to the planner's figures,
// and after an edit of the depreciation period to the planner's figures for
// the edited scenario.
func TestPlanSheetRecalculates(t *testing.T) {
	if testing.Short() {
		t.Skip("recalculates workbooks in LibreOffice")
	}
	dir := t.TempDir()
	b := planBundle(t, "ja")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plan.xlsx"), write(t, b), 0o644))
	out := recalc(t, dir, []string{"plan.xlsx"}, toCSV, 1)
	f := open(t, write(t, b))
	sheets, err := csvSheets(out, "plan", f.GetSheetList())
	require.NoError(t, err)
	checked, bad, _ := compareNamed(planQuantities(b), xlsx.PlanNames(b), cellOf(f), func(sheet, cell string) (string, error) {
		return csvCell(sheets, sheet, cell)
	})
	assert.Empty(t, bad)
	assert.Equal(t, 4*len(b.Plan.Options), checked)
	assert.Empty(t, errorCells(sheets))
	assert.True(t, strings.Contains(strings.Join(f.GetSheetList(), ","), "プラン"))
}

// planQuantities are the Plan sheet's named cells' quantities, as
// xlsx.PlanNames keys them.
func planQuantities(b *report.Bundle) []estimator.Quantity {
	var out []estimator.Quantity
	for _, p := range b.Plan.Options {
		out = append(out, p.Count, p.Capex, p.PerYear, p.Total)
	}
	return out
}

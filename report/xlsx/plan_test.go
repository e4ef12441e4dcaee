package xlsx_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/xlsx"
)

// planBundle is modern-2026's report bundle in lang, with its plan.
func planBundle(t *testing.T, lang estimator.Lang, set ...estimator.Override) *report.Bundle {
	t.Helper()
	b, err := report.Build(mustEstimate(t, "modern-2026", set...), report.Options{Lang: lang, Date: testDate})
	require.NoError(t, err)
	return b
}

// The Plan sheet lists every option sized for the deadline, cheapest first:
// count and the unit figures as the planner's values, capex, per year and
// total formulas over them and the money inputs on the Assumptions sheet.
func TestPlanSheet(t *testing.T) {
	b := planBundle(t, "en")
	require.NotNil(t, b.Plan)
	f := open(t, write(t, b))
	names := xlsx.PlanNames(b)
	cells := cellOf(f)
	first := b.Plan.Options[0]
	total := cells[names[first.Total.ID]]
	assert.Equal(t, "Plan", total[0])
	formula := func(q estimator.Quantity) string {
		t.Helper()
		f, err := f.GetCellFormula("Plan", cells[names[q.ID]][1])
		require.NoError(t, err)
		return f
	}
	assert.Equal(t, names[first.Capex.ID]+"+"+names[first.PerYear.ID]+"*money_depreciation_years", formula(first.Total))
	assert.Equal(t, "plan_rent_hyperstack_8x_b200_on_demand_n13_total", names[first.Total.ID])
	// Rented: storage, and the GPU-hours used a year at the offer's price.
	require.Equal(t, "rent", first.Acquire)
	assert.Equal(t, names[first.Storage.ID], formula(first.Capex))
	assert.Equal(t, names[first.Count.ID]+"*"+names[first.GPUsPerSystem.ID]+"*365*u_DAY*money_utilisation/u_HOUR*"+names[first.PerGPUHour.ID], formula(first.PerYear))
	// Bought: the systems, their network and storage; electricity and support.
	buy := firstBought(t, b)
	assert.Equal(t, names[buy.Count.ID]+"*("+names[buy.SystemPrice.ID]+"+money_network_per_system)+"+names[buy.Storage.ID], formula(buy.Capex))
	checked, bad, _ := compareNamed(planQuantities(b), names, cells, func(sheet, cell string) (string, error) {
		return f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
	})
	assert.Empty(t, bad)
	assert.Equal(t, len(planQuantities(b)), checked)
	assert.GreaterOrEqual(t, checked, 7*len(b.Plan.Options)) // rented: count, GPUs per instance, price, storage and the three costs

	// Without money the sheet says there is nothing to plan.
	none := open(t, write(t, planBundle(t, "ja", estimator.Override{Path: "money", Value: "null"})))
	note, err := none.GetCellValue("プラン", "A2")
	require.NoError(t, err)
	assert.Equal(t, "シナリオに費用の項目がないため、プランはありません。", note)
}

// planEdits change money inputs the Plan sheet's formulas read, as a user
// would on the Assumptions sheet; none changes a plan's count. (A plan's
// storage cost is the planner's value, an input cell of its own, not a
// formula over money.storage_per_tb.)
var planEdits = []string{"money.price_per_kwh=0.2", "money.network_per_system=50000", "money.support_percent_per_year=8",
	"money.depreciation_years=5", "money.pue=1.2", "money.load_factor=0.9", "money.utilisation=0.6"}

// LibreOffice recomputes the Plan sheet's capex, per year and totals to the
// planner's figures; after an edit of the money inputs to the planner's
// figures for the edited scenario, and after an edit of one bought and one
// rented option's count and price to the planner's own expressions over
// the edited cells.
func TestPlanSheetRecalculates(t *testing.T) {
	if testing.Short() {
		t.Skip("recalculates workbooks in LibreOffice")
	}
	dir := t.TempDir()
	b := planBundle(t, "ja")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plan.xlsx"), write(t, b), 0o644))

	var ov []estimator.Override
	for _, e := range planEdits {
		o, err := estimator.ParseOverride(e)
		require.NoError(t, err)
		ov = append(ov, o)
	}
	after := planBundle(t, "ja", ov...)
	f := open(t, write(t, b))
	cells, inputs, names := cellOf(f), xlsx.Names(b.Estimate), xlsx.PlanNames(b)
	set := func(name string, v float64) {
		at := cells[name]
		require.NotEmpty(t, at[0], name)
		require.NoError(t, f.SetCellFloat(at[0], at[1], v, -1, 64))
	}
	for _, o := range ov {
		v, err := strconv.ParseFloat(o.Value, 64)
		require.NoError(t, err)
		set(inputs[o.Path], v)
	}
	edited := map[string]float64{}
	for _, p := range []planner.Point{firstBought(t, after), after.Plan.Options[0]} {
		price := p.SystemPrice
		if price == nil {
			price = p.PerGPUHour
		}
		edited[p.Count.ID], edited[price.ID] = p.Count.Value+3, price.Value*0.9
	}
	for id, v := range edited {
		set(names[id], v)
	}
	want := editedPlan(t, after, edited)
	var e bytes.Buffer
	require.NoError(t, f.Write(&e))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "edited.xlsx"), e.Bytes(), 0o644))

	out := recalc(t, dir, []string{"plan.xlsx", "edited.xlsx"}, toCSV, 1)
	for _, tc := range []struct {
		base string
		want []estimator.Quantity
	}{{"plan", planQuantities(b)}, {"edited", want}} {
		sheets, err := csvSheets(out, tc.base, f.GetSheetList())
		require.NoError(t, err)
		checked, bad, _ := compareNamed(tc.want, names, cells, func(sheet, cell string) (string, error) {
			return csvCell(sheets, sheet, cell)
		})
		assert.Empty(t, bad, tc.base)
		assert.Equal(t, len(tc.want), checked, tc.base)
		assert.Empty(t, errorCells(sheets), tc.base)
	}
	assert.True(t, strings.Contains(strings.Join(f.GetSheetList(), ","), "プラン"))
}

// editedPlan is b's Plan sheet quantities with the edited values, and each
// expression of an edited option evaluated again over them: what the
// planner's formulas give for the edited cells.
func editedPlan(t *testing.T, b *report.Bundle, edited map[string]float64) []estimator.Quantity {
	t.Helper()
	inputs, consts := estimator.InputValues(b.Estimate.Scenario), estimator.Constants(b.Estimate.Scenario.Units)
	vals := map[string]float64{}
	lookup := func(ref string) (float64, bool) {
		for _, m := range []map[string]float64{vals, inputs, consts} {
			if v, ok := m[ref]; ok {
				return v, true
			}
		}
		return 0, false
	}
	var out []estimator.Quantity
	changed := 0
	for _, q := range planQuantities(b) {
		if v, ok := edited[q.ID]; ok {
			q.Value = v
		} else if q.Expr != "" {
			e, err := estimator.ParseExpr(q.Expr)
			require.NoError(t, err, q.ID)
			v, err := e.Eval(lookup)
			require.NoError(t, err, q.ID)
			if !near(v, q.Value) {
				changed++
			}
			q.Value = v
		}
		vals[q.ID] = q.Value
		out = append(out, q)
	}
	require.GreaterOrEqual(t, changed, 5, "the edits change little")
	return out
}

// firstBought is the cheapest bought option of b's plan.
func firstBought(t *testing.T, b *report.Bundle) planner.Point {
	t.Helper()
	for _, p := range b.Plan.Options {
		if p.Acquire == "buy" {
			return p
		}
	}
	require.Fail(t, "no bought option")
	return planner.Point{}
}

// planQuantities are the Plan sheet's named cells' quantities, as
// xlsx.PlanNames keys them, in the order the sheet writes them.
func planQuantities(b *report.Bundle) []estimator.Quantity {
	var out []estimator.Quantity
	for _, p := range b.Plan.Options {
		out = append(out, p.Count, p.GPUsPerSystem)
		for _, q := range []*estimator.Quantity{p.SystemPrice, p.SystemPower, p.PerGPUHour} {
			if q != nil {
				out = append(out, *q)
			}
		}
		out = append(out, p.Storage, p.Capex, p.PerYear, p.Total)
	}
	return out
}

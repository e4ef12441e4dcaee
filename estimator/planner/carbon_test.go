package planner

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

func option(t *testing.T, res *Result, id string) *Point {
	t.Helper()
	for i := range res.Options {
		if res.Options[i].Option == id {
			return &res.Options[i]
		}
	}
	t.Fatalf("no option %s", id)
	return nil
}

// Each option carries its carbon: a run's and a year's, on the scenario's
// grid (modern-2026: 0.37 kg per kWh) for what is bought or rented where
// the catalog names no region, and on the region's for an AWS or Azure
// offer (us-east-1 and eastus: 0.3678 kg per kWh, eGRID).
func TestPlanCarbonPerOption(t *testing.T) {
	res := mustPlan(t, planScenario(t, "modern-2026"))
	for _, tc := range []struct {
		option string
		grid   string
		kgKWh  float64
		tYear  float64 // as the CLI table prints it
	}{
		{"buy-dgx-h100", "", 0.37, 1065.9},
		{"rent-hyperstack-8x-b200-on-demand", "", 0.37, 626.6},
		{"rent-aws-p5-48xlarge-on-demand", "aws-us-east-1", 0.3678, 1059.5},
		{"rent-azure-standard-nd96asr-a100-v4-on-demand", "azure-eastus", 0.3678, 1437.5},
	} {
		p := option(t, res, tc.option)
		assert.Equal(t, tc.grid, p.Grid, tc.option)
		assert.InDelta(t, p.EnergyPerRun.Value/3.6e6*tc.kgKWh, p.CO2PerRun.Value, 1e-6, tc.option)
		assert.InDelta(t, tc.tYear*1000, p.CO2.Value, 50, tc.option)
		assert.Equal(t, estimator.Kilograms, p.CO2.Unit, tc.option)
		assert.Equal(t, "CO2 per year", p.CO2.Label.EN, tc.option)
		assert.Equal(t, "年間 CO2 排出量", p.CO2.Label.JA, tc.option)
	}
	// The same energy makes less carbon on the region's cleaner grid, and
	// the figure cites it.
	p5 := option(t, res, "rent-aws-p5-48xlarge-on-demand")
	h100 := option(t, res, "buy-dgx-h100")
	assert.InDelta(t, h100.EnergyPerRun.Value, p5.EnergyPerRun.Value, 1e-6)
	assert.Less(t, p5.CO2.Value, h100.CO2.Value)
	assert.Contains(t, p5.CO2.Source.EN, "grid: US East (N. Virginia) (aws-us-east-1), ML CO2 Impact calculator")
	assert.NotContains(t, h100.CO2.Source.EN, "grid:")

	out, err := json.Marshal(p5)
	require.NoError(t, err)
	for _, key := range []string{`"co2_per_run":`, `"co2":`, `"grid":"aws-us-east-1"`} {
		assert.Contains(t, string(out), key)
	}
}

// A scenario that names its own grid has its bought options counted on it;
// a rented option in a known region keeps its region's. The plan, loaded
// as a scenario, estimates to the same carbon.
func TestPlanCarbonOnTheScenariosGrid(t *testing.T) {
	s := planScenario(t, "modern-2026", "money.grid_region=fr")
	res := mustPlan(t, s)
	h100 := option(t, res, "buy-dgx-h100")
	assert.Equal(t, "fr", h100.Grid)
	assert.InDelta(t, h100.EnergyPerRun.Value/3.6e6*0.056039, h100.CO2PerRun.Value, 1e-6)
	p5 := option(t, res, "rent-aws-p5-48xlarge-on-demand")
	assert.Equal(t, "aws-us-east-1", p5.Grid)

	for _, p := range []*Point{h100, p5} {
		ds, err := ScenarioFor(s, p.Option, p.SizedFor.Value, Options{AsOf: "2026-12-01"})
		require.NoError(t, err)
		est, err := estimator.Run(ds)
		require.NoError(t, err)
		q, ok := est.Get("co2.per_year")
		require.True(t, ok)
		assert.InDelta(t, p.CO2.Value, q.Value, 1e-6*q.Value, p.Option)
	}
}

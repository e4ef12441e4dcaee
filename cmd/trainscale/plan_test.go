package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The default scenario (the article) buys its 143 DGX-1 (Volta) for
// Inception-v3, as the estimate prices it.
func TestPlanDefault(t *testing.T) {
	out, errOut, code := trainscale(t, "", "plan", "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	for _, want := range []string{"plan for inception-v3, prices as of 2026-12-01", "Chosen: Buy DGX-1 (Volta): 143 systems or instances (1,144 GPUs, 99.5% used), 7 days per run",
		"buy-dgx-1-p100", "Skipped (24):"} {
		assert.Contains(t, out, want)
	}
}

// The options table gives each option's carbon over the running horizon,
// naming the grid where a rented option's region sets it rather than the
// scenario's; the CSV lists it as a quantity.
func TestPlanCarbonColumn(t *testing.T) {
	out, errOut, code := trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && rows[f[0]] == "" {
			rows[f[0]] = line // the options table's, not the frontier's below
		}
	}
	assert.Contains(t, rows["option"], "energy/run  CO2 per year")
	assert.Regexp(t, `8\.32 MWh +1,065\.9 t +4\.34 years`, rows["buy-dgx-h100"])
	assert.Regexp(t, `8\.32 MWh +1,059\.5 t \(aws-us-east-1 grid\) `, rows["rent-aws-p5-48xlarge-on-demand"])
	assert.Regexp(t, `8\.32 MWh +1,059\.5 t \(azure-eastus grid\) `, rows["rent-azure-standard-nd96isr-h100-v5-on-demand"])

	// On the scenario's own named grid, only the regions that differ say so.
	out, errOut, code = trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--set", "money.grid_region=aws-us-east-1", "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "(aws-us-east-1 grid)")
	assert.Contains(t, out, "(azure-eastus grid)")

	out, errOut, code = trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--as-of", "2026-12-01", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.Contains(out, "\nplan.buy-dgx-h100.n31.co2,CO2 per year,1.0658621376e+06,,,kg,co2.per_year with team.target_days = 7,"), "the CSV lists the carbon")
	assert.True(t, strings.Contains(out, "\nplan.rent-aws-p5-48xlarge-on-demand.n31.co2_per_run,CO2 of one run,3061.26"), "the CSV lists the carbon of a run")
}

func TestPlanJSONAndCSV(t *testing.T) {
	out, errOut, code := trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--as-of", "2026-12-01", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Cheapest struct {
			Option string
			Count  struct{ Value float64 }
		}
		Frontier []json.RawMessage
		Options  []json.RawMessage
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "rent-hyperstack-8x-h100-sxm-on-demand", doc.Cheapest.Option)
	assert.Equal(t, 31.0, doc.Cheapest.Count.Value)
	assert.NotEmpty(t, doc.Frontier)
	assert.Equal(t, 5, len(doc.Options)) // DGX H100 bought, and the four H100 offers

	out, errOut, code = trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--as-of", "2026-12-01", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"id", "label", "value", "p10", "p90", "unit", "formula", "source"}, rows[0])
	ids := map[string]bool{}
	for _, r := range rows[1:] {
		assert.False(t, ids[r[0]], "id %s twice", r[0])
		ids[r[0]] = true
	}
	assert.True(t, ids["plan.limit.deadline_days"])
	assert.True(t, ids["plan.buy-dgx-h100.n31.total"])
}

// Bad constraints and bad prices exit 2 naming the field; a stale price is
// flagged.
func TestPlanBadInputAndStalePrices(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--set", "plan.capex_budget=0"}, "plan.capex_budget: must be > 0"},
		{[]string{"--set", "plan.gpus=h100,b200"}, "plan.gpus: unknown catalog GPU"},
		{[]string{"--set", "plan.acquire=neither"}, "plan.acquire"},
		{[]string{"--set", "money.currency=EUR"}, "money.per_usd"},
		{[]string{"--as-of", "yesterday"}, "plan.as_of: must be a date"},
	} {
		_, errOut, code := trainscale(t, "", append([]string{"plan", "--scenario", "modern-2026"}, tc.args...)...)
		assert.Equal(t, 2, code, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"prices": [{"provider": "x", "instance": "y", "gpu": "h100-sxm", "gpus": 8, "system": "dgx-h100", "on_demand": 2, "currency": "EUR", "source": "s", "as_of": "2026-01-01"}]}`), 0o644))
	_, errOut, code := trainscale(t, "", "plan", "--scenario", "modern-2026", "--prices", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "prices[0].currency")

	out, errOut, code := trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--set", "plan.acquire=rent", "--as-of", "2028-01-01")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "over 12 months old")
	out, errOut, code = trainscale(t, "", "plan", "--scenario", "modern-2026", "--set", "plan.gpus=h100-sxm", "--set", "plan.acquire=rent", "--as-of", "2028-01-01", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "2026-08-26, over 12 months before the plan's as-of date")
}

// An infeasible budget says which constraint and by how much.
func TestPlanInfeasible(t *testing.T) {
	out, errOut, code := trainscale(t, "", "plan", "--set", "plan.capex_budget=1e6", "--as-of", "2026-12-01")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Why: No plan meets every constraint; a plan needs a capital budget of at least USD 23,127,000, or a deadline of 203 days or more.")
	assert.Contains(t, out, "plan.capex_budget: needs USD 23,127,000 against USD 1,000,000")
}

package tools_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

// The page's plan is the reports': modern-2026 rents 13 8x B200 instances,
// worded as report.Bundle words it, and each frontier point loads its plan.
func TestPlanAnswersAsTheReports(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var out tools.Plan
	require.NoError(t, json.Unmarshal(a.Call("plan", []byte(`{"preset":"modern-2026","as_of":"2026-12-01"}`)), &out))
	assert.Empty(t, out.Refused)
	assert.Equal(t, "Cheapest alternative: Rent hyperstack 8x B200 (on-demand). The scenario's own purchase stays the answer; a plan section in the scenario makes the planner's choice the answer.", out.Chosen)
	require.GreaterOrEqual(t, len(out.Text), 3)
	assert.Equal(t, "Binding constraint (limit 7 days): Deadline per run binds: 1.4% of it left", out.Text[1])
	assert.Equal(t, "Options considered, each sized for the deadline, cheapest first (847 plans compared in all):", out.Options)
	require.Greater(t, len(out.Table), 1)
	assert.Equal(t, "option", out.Table[0][0])
	assert.Equal(t, []string{"Rent hyperstack 8x B200 (on-demand)", "13", "6.9 days", "USD 52,000", "USD 3,826,368", "USD 15,357,472", "0.24 MW", "626.6 t", "yes", "Deadline per run binds: 1.4% of it left"}, out.Table[1])

	require.Len(t, out.Rows, len(out.Table)-1, "a load for every option row")
	assert.Equal(t, 1, out.ChosenRow, "the chosen plan, the cheapest that meets every constraint, is the first row")
	assert.Equal(t, "USD 15,357,472", out.Table[1][out.Total], "the total the rows are ranked by")
	assert.Equal(t, "626.6 t", out.Table[1][out.Figures], "the last figure, the carbon")
	assert.Equal(t, "buy-dgx-h100", out.Rows[4].Option, out.Table[5][0])
	assert.Equal(t, "dgx-h100", out.Rows[4].System)
	assert.InDelta(t, 7, out.Rows[4].SizedForDays, 1e-9)

	require.NotNil(t, out.Chart)
	assert.False(t, out.Chart.Empty)
	var opt struct {
		Series []struct {
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	require.NoError(t, json.Unmarshal(out.Chart.Option, &opt))
	require.Len(t, out.Points, 3, "buy, rent, the chosen plan")
	total := 0
	for i, loads := range out.Points {
		assert.Len(t, loads, len(opt.Series[i].Data), "series %d: one load per point", i)
		total += len(loads)
	}
	assert.Equal(t, 65+1, total, "the frontier's 65 plans and the chosen one")

	chosen := out.Points[2][0]
	assert.Equal(t, "rent-hyperstack-8x-b200-on-demand", chosen.Option)
	assert.Equal(t, "rent", chosen.Acquire)
	assert.Equal(t, "dgx-b200", chosen.System)
	assert.Equal(t, "b200", chosen.GPU)
	assert.InDelta(t, 7, chosen.SizedForDays, 1e-9)
	for _, l := range out.Points[0] {
		assert.Equal(t, "buy", l.Acquire)
	}

	var ja tools.Plan
	require.NoError(t, json.Unmarshal(a.Call("plan", []byte(`{"preset":"modern-2026","as_of":"2026-12-01","lang":"ja","set":["plan.deadline_days=7"]}`)), &ja))
	assert.Equal(t, "選んだプラン：hyperstack 8x B200 (on-demand) を賃借", ja.Chosen, "a plan section asks the planner to choose")
}

// No money, no plan; a date that is none is an error naming as_of.
func TestPlanWithoutMoneyAndBadDate(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var out map[string]any
	require.NoError(t, json.Unmarshal(a.Call("plan", []byte(`{"preset":"article-2017","set":[{"path":"money","value":"null"}]}`)), &out))
	assert.Empty(t, out, "nothing to plan")

	out = call(t, a, "plan", `{"as_of":"someday"}`)
	e, ok := out["error"].(map[string]any)
	require.True(t, ok, "%v", out)
	assert.Equal(t, "as_of", e["path"])
}

// The page's Plan button: the whole catalog and every cloud offer, as the
// tools module answers it. Under Node (GOOS=js GOARCH=wasm, go_js_wasm_exec)
// this is the page's engine; docs/planner.md has the figures.
func BenchmarkPlanCall(b *testing.B) {
	a := api.New(tools.Methods(), page.Render)
	for _, preset := range []string{"article-2017", "modern-2026", "av-world-model-2026", "llama-3-405b"} {
		req := []byte(`{"preset":"` + preset + `","as_of":"2026-12-01"}`)
		b.Run(preset, func(b *testing.B) {
			for b.Loop() {
				a.Call("plan", req)
			}
		})
	}
}

// A plan loaded through the API (plan_scenario) is the plan: the chosen
// rented plan of modern-2026 estimates to its own count and total, renting,
// and the page's answer says so.
func TestPlanScenarioLoadsThePlan(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var plan tools.Plan
	require.NoError(t, json.Unmarshal(a.Call("plan", []byte(`{"preset":"modern-2026","as_of":"2026-12-01"}`)), &plan))
	chosen := plan.Points[2][0]
	req, err := json.Marshal(map[string]any{"preset": "modern-2026", "as_of": "2026-12-01", "option": chosen.Option, "sized_for_days": chosen.SizedForDays})
	require.NoError(t, err)
	var loaded tools.PlanScenarioAnswer
	require.NoError(t, json.Unmarshal(a.Call("plan_scenario", req), &loaded))
	require.NotEmpty(t, loaded.Scenario)
	var s struct {
		Money struct {
			Rent            map[string]string `json:"rent"`
			CloudPerGPUHour float64           `json:"cloud_per_gpu_hour"`
		} `json:"money"`
	}
	require.NoError(t, json.Unmarshal(loaded.Scenario, &s))
	assert.Equal(t, map[string]string{"provider": "hyperstack", "instance": "8x B200", "term": "on-demand"}, s.Money.Rent)
	assert.InDelta(t, 6.00, s.Money.CloudPerGPUHour, 1e-9, "the offer's on-demand USD price")

	est, err := json.Marshal(map[string]any{"scenario": string(loaded.Scenario), "render": []string{"results"}})
	require.NoError(t, err)
	var res struct {
		Quantities []api.Quantity `json:"quantities"`
		Results    string         `json:"results"`
	}
	require.NoError(t, json.Unmarshal(a.Call("estimate", est), &res))
	got := map[string]float64{}
	for _, q := range res.Quantities {
		got[q.ID] = q.Value
	}
	assert.Equal(t, 13.0, got["cost.systems"])
	assert.InDelta(t, 15_357_472, got["cost.tco"], 1, "the plan's total, as its table row gives it")
	assert.Contains(t, res.Results, "Rent <strong>")
	assert.Contains(t, res.Results, "× 8x B200 from hyperstack (on-demand)")

	var bad struct {
		Errors []struct {
			Path string `json:"path"`
		} `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(a.Call("plan_scenario", []byte(`{"preset":"modern-2026","option":"buy-nothing","sized_for_days":7}`)), &bad))
	require.Len(t, bad.Errors, 1)
	assert.Equal(t, "option", bad.Errors[0].Path)
}

// A scenario with a plan section: the page's answer leads with the
// planner's choice (the charts request brings it), the scenario's own
// purchase below it as one of the options; without one, no lead.
func TestTheAnswerLeadsWithThePlan(t *testing.T) {
	t.Parallel()
	a := api.New(tools.Methods(), page.Render)
	var res struct {
		Results string `json:"results"`
	}
	require.NoError(t, json.Unmarshal(a.Call("estimate", []byte(`{"preset":"modern-2026","set":["plan.deadline_days=7"],"render":["results"]}`)), &res))
	assert.Contains(t, res.Results, `<div class="plan-lead" data-role="plan-lead"><p class="note">This scenario asks the planner (its plan section): its choice comes here in a moment.</p></div><h3 class="own">The scenario&#39;s own purchase, one of the options the planner compared</h3>`)

	var charts tools.ChartsAnswer
	require.NoError(t, json.Unmarshal(a.Call("charts", []byte(`{"preset":"modern-2026","set":["plan.deadline_days=7"]}`)), &charts))
	assert.Contains(t, charts.Lead, `<p class="ask">Rent <strong>13</strong> × 8x B200 from hyperstack (on-demand) for ViT-B/16.</p>`)
	assert.Contains(t, charts.Lead, `<dt>Total cost of renting over 4 years</dt><dd>USD 15,357,472</dd>`)
	assert.Contains(t, charts.Lead, `data-option="rent-hyperstack-8x-b200-on-demand"`)

	var ja tools.ChartsAnswer
	require.NoError(t, json.Unmarshal(a.Call("charts", []byte(`{"preset":"modern-2026","set":["plan.deadline_days=7"],"lang":"ja"}`)), &ja))
	assert.Contains(t, ja.Lead, `ViT-B/16 のために hyperstack の 8x B200（on-demand）を <strong>13</strong> 台賃借します。`)

	var plain tools.ChartsAnswer
	require.NoError(t, json.Unmarshal(a.Call("charts", []byte(`{"preset":"modern-2026"}`)), &plain))
	assert.Empty(t, plain.Lead)
}

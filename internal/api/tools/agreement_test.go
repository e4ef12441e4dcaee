package tools_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
)

// The 70B question through the page's API (issue 26; the CLI's and the
// core's doors are estimator/tool's TestOneQuestionOneAnswer): the
// project's estimate, the transformer tool at the job it finds, the
// planner's option buying the same system and that plan loaded as the
// scenario give one job, one run time, one set of GPU-hours.
func TestOneQuestionOneAnswerThroughTheAPI(t *testing.T) {
	t.Parallel()
	fixture, err := os.ReadFile("../../../testdata/project/llama-70b-90-days.json")
	require.NoError(t, err)
	a := api.New(tools.Methods(), page.Render)
	call := func(method string, req any, out any) {
		t.Helper()
		data, err := json.Marshal(req)
		require.NoError(t, err)
		res := a.Call(method, data)
		require.NotContains(t, string(res), `"error"`, method)
		require.NoError(t, json.Unmarshal(res, out))
	}
	values := func(scenario string) map[string]float64 {
		var res struct {
			Quantities []api.Quantity `json:"quantities"`
		}
		call("estimate", map[string]any{"scenario": scenario}, &res)
		out := map[string]float64{}
		for _, q := range res.Quantities {
			out[q.ID] = q.Value
		}
		return out
	}
	est := values(string(fixture))
	gpus, wall, hours := est["team.llama-70b.gpus_per_job.dgx-h100"], est["project.llama-70b.run_time.dgx-h100"], est["project.llama-70b.gpu_hours.dgx-h100"]
	assert.Equal(t, 1944.0, gpus)
	assert.InDelta(t, 89.67, wall/86400, 0.01)
	assert.InDelta(t, 4.18e6, hours, 0.01e6)
	assert.InDelta(t, 10_458_803, est["cost.rent"], 1, "the GPU-hours rented at USD 2.5")

	var tr struct {
		Quantities []api.Quantity `json:"quantities"`
	}
	call("transformer", map[string]any{"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": gpus, "tokens": 15e12}, &tr)
	got := map[string]float64{}
	for _, q := range tr.Quantities {
		got[q.ID] = q.Value
	}
	assert.InEpsilon(t, hours, got["transformer.gpu_hours"], 1e-9)
	assert.InEpsilon(t, wall, got["transformer.wall_time"], 1e-9)

	var plan tools.Plan
	call("plan", map[string]any{"scenario": string(fixture), "as_of": "2026-12-01"}, &plan)
	var buy *tools.PlanLoad
	for i, r := range plan.Rows {
		if r.Option == "buy-dgx-h100" {
			buy = &plan.Rows[i]
		}
	}
	require.NotNil(t, buy, "the planner's option buying the scenario's system")
	var loaded tools.PlanScenarioAnswer
	call("plan_scenario", map[string]any{"scenario": string(fixture), "as_of": "2026-12-01", "option": buy.Option, "sized_for_days": buy.SizedForDays}, &loaded)
	plans := values(string(loaded.Scenario))
	assert.Equal(t, gpus, plans["team.llama-70b.gpus_per_job.dgx-h100"])
	assert.InEpsilon(t, wall, plans["project.llama-70b.run_time.dgx-h100"], 1e-9)
	assert.InEpsilon(t, hours, plans["project.llama-70b.gpu_hours.dgx-h100"], 1e-9)
	assert.InEpsilon(t, est["cost.own"], plans["cost.own"], 1e-9, "bought, the project's cost")
}

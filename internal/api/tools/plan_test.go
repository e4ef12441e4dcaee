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
	assert.Equal(t, "Chosen plan: Rent hyperstack 8x B200 (on-demand)", out.Chosen)
	require.GreaterOrEqual(t, len(out.Text), 3)
	assert.Equal(t, "Binding constraint (limit 7 days): Deadline per run binds: 1.7% of it left", out.Text[1])
	assert.Equal(t, "Options considered, each sized for the deadline, cheapest first (837 plans compared in all):", out.Options)
	require.Greater(t, len(out.Table), 1)
	assert.Equal(t, "option", out.Table[0][0])
	assert.Equal(t, []string{"Rent hyperstack 8x B200 (on-demand)", "13", "6.9 days", "USD 52,000", "USD 3,826,368", "USD 15,357,472", "0.24 MW", "yes", "Deadline per run binds: 1.7% of it left"}, out.Table[1])

	require.Len(t, out.Rows, len(out.Table)-1, "a load for every option row")
	assert.Equal(t, "buy-dgx-h100", out.Rows[4].Option, out.Table[5][0])
	assert.Equal(t, "dgx-h100", out.Rows[4].System)
	assert.InDelta(t, 7, out.Rows[4].SizedForDays, 1e-9)
	assert.Nil(t, out.Rows[4].PerGPUHour)

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
	assert.Equal(t, 68+1, total, "the frontier's 68 plans and the chosen one")

	chosen := out.Points[2][0]
	assert.Equal(t, "rent-hyperstack-8x-b200-on-demand", chosen.Option)
	assert.Equal(t, "rent", chosen.Acquire)
	assert.Equal(t, "dgx-b200", chosen.System)
	assert.Equal(t, "b200", chosen.GPU)
	assert.InDelta(t, 7, chosen.SizedForDays, 1e-9)
	require.NotNil(t, chosen.PerGPUHour)
	require.NotNil(t, chosen.SystemPrice)
	assert.Zero(t, *chosen.SystemPrice, "renting buys nothing")
	assert.InDelta(t, 6.00, *chosen.PerGPUHour, 1e-9, "the offer's on-demand USD price")
	for _, l := range out.Points[0] {
		assert.Equal(t, "buy", l.Acquire)
		assert.Nil(t, l.PerGPUHour, "%s: a bought plan has no hourly price", l.Option)
		assert.Nil(t, l.SystemPrice, "%s: a bought system keeps its price", l.Option)
	}

	var ja tools.Plan
	require.NoError(t, json.Unmarshal(a.Call("plan", []byte(`{"preset":"modern-2026","as_of":"2026-12-01","lang":"ja"}`)), &ja))
	assert.Equal(t, "選んだプラン：hyperstack 8x B200 (on-demand) を賃借", ja.Chosen)
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
// this is the page's engine; README "The planner" has the figures.
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

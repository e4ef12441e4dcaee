package tool_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/tool"
)

// One question through every door (issue 26): pre-train Llama 3.1 70B on
// 15T tokens on H100s within 90 days with Llama 3's failure rate. size
// answers it backwards, a one-run project forwards, transformer at the GPUs
// they find, and the planner's option that buys the same system sizes the
// same job: the GPUs, the run's time with failures and the GPU-hours agree.
func TestOneQuestionOneAnswer(t *testing.T) {
	data, err := os.ReadFile("../../testdata/project/llama-70b-90-days.json")
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	value := func(id string) float64 {
		q, ok := est.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	gpus := value("team.llama-70b.gpus_per_job.dgx-h100")
	wall := value("project.llama-70b.run_time.dgx-h100")
	hours := value("project.llama-70b.gpu_hours.dgx-h100")
	assert.Equal(t, 1944.0, gpus)
	assert.InDelta(t, 4.18e6, hours, 0.01e6)

	price := 2.5
	size, err := tool.Size(tool.SizeRequest{GPU: "h100-sxm", Model: "llama-3.1-70b", Tokens: 15e12, Days: 90, PricePerGPUHour: &price})
	require.NoError(t, err)
	sized := func(id string) float64 {
		q, ok := size.Get(id)
		require.True(t, ok, id)
		return q.Value
	}
	assert.Equal(t, gpus, sized("size.gpus"))
	assert.InEpsilon(t, wall, sized("size.wall_time"), 1e-9)
	assert.InEpsilon(t, hours, sized("size.gpu_hours"), 1e-9)
	assert.InEpsilon(t, value("cost.rent"), sized("size.cost"), 1e-9, "renting the GPU-hours at the same price")
	// And their ranges: at the whole run's P10 and P90 both size the job
	// that meets the deadline.
	for _, pair := range [][2]string{{"team.llama-70b.gpus_per_job.dgx-h100", "size.gpus"}, {"project.llama-70b.run_time.dgx-h100", "size.wall_time"},
		{"project.llama-70b.gpu_hours.dgx-h100", "size.gpu_hours"}, {"cost.rent", "size.cost"}} {
		e, _ := est.Get(pair[0])
		z, _ := size.Get(pair[1])
		require.True(t, e.HasBand(), pair[0])
		assert.InEpsilon(t, e.P10, z.P10, 1e-9, pair[1])
		assert.InEpsilon(t, e.P90, z.P90, 1e-9, pair[1])
	}

	tr, err := tool.Transformer(tool.TransformerRequest{Model: "llama-3.1-70b", GPU: "h100-sxm", GPUs: int(gpus), Tokens: 15e12})
	require.NoError(t, err)
	q, ok := tr.Get("transformer.gpu_hours")
	require.True(t, ok)
	assert.InEpsilon(t, hours, q.Value, 1e-9)
	q, _ = tr.Get("transformer.wall_time")
	assert.InEpsilon(t, wall, q.Value, 1e-9)

	plan, err := planner.Make(s, planner.Options{AsOf: "2026-12-01"})
	require.NoError(t, err)
	var buy *planner.Point
	for i, o := range plan.Options {
		if o.Option == "buy-dgx-h100" {
			buy = &plan.Options[i]
		}
	}
	require.NotNil(t, buy)
	assert.Equal(t, gpus, buy.GPUs.Value)
	assert.InEpsilon(t, wall, buy.TimePerRun.Value, 1e-9)
	assert.InEpsilon(t, value("cost.own"), buy.Total.Value, 1e-9, "the plan's total is the project's cost bought")
	assert.Equal(t, "for one run", plan.Horizon.EN)
	assert.Equal(t, "Cost of the project (one run)", buy.Total.Label.EN)
}

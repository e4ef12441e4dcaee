package tool_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

// sizeResults are the sizing answers the tests below read: each question,
// with and without a budget, a catalog model and a derived one.
func sizeResults(t *testing.T) map[string]*tool.Result {
	price, budget := 2.5, 5e5
	out := map[string]*tool.Result{}
	for name, req := range map[string]tool.SizeRequest{
		"optimal":          {GPU: "h100-sxm", GPUs: 512, Days: 30},
		"optimal budget":   {GPU: "h100-sxm", GPUs: 512, Days: 30, PricePerGPUHour: &price, Budget: &budget},
		"optimal fp8 b200": {GPU: "b200", GPUs: 1024, Days: 60, Precision: "fp8", PricePerGPUHour: &price},
		"fewest":           {GPU: "h100-sxm", Model: "llama-3.1-70b", Days: 30, PricePerGPUHour: &price, Budget: &budget},
		"fewest params":    {GPU: "h100-sxm", Params: 30e9, Tokens: 1e12, Days: 14},
	} {
		res, err := tool.Size(req)
		require.NoError(t, err, name)
		out[name] = res
	}
	return out
}

func TestSizeComputeOptimal(t *testing.T) {
	res := sizeResults(t)["optimal"]
	v := func(id string) float64 { return valueOf(t, res, id) }
	// 512 H100 for 30 days buy 5.77e23 FLOPs (6ND): about Chinchilla's
	// own budget, and so about its 70B parameters on 1.4T tokens.
	assert.InEpsilon(t, 5.77e23, v("size.compute"), 0.005)
	assert.InEpsilon(t, 69.35e9, v("size.optimal_params"), 0.005)
	assert.InEpsilon(t, 1.387e12, v("size.tokens"), 0.005)
	assert.InEpsilon(t, 5.76e23, v("size.compute"), 0.05, "Gopher's and Chinchilla's budget")
	// The model it buys (62 layers of 9,216), planned forward, fills the
	// 30 days at 48% MFU, within its shape's whole layers and heads.
	assert.Equal(t, []float64{62, 9216, 72}, []float64{v("size.layers"), v("size.hidden"), v("size.heads")})
	assert.InEpsilon(t, 0.484, v("size.mfu"), 0.01)
	assert.InEpsilon(t, 30*86400.0, v("size.wall_time"), 0.01)
	assert.Equal(t, 1.0, v("size.meets_time"))
	assert.Equal(t, 0.0, v("size.memory_bound"))
	assert.InEpsilon(t, v("size.compute"), v("size.planned_flops"), 0.06)
	// The largest that fits 512 H100 at any layout: 2.28T parameters,
	// ZeRO-3 over 8-way tensor and 32-way pipeline parallelism.
	assert.InEpsilon(t, 2.281e12, v("size.largest.params"), 0.005)
	assert.LessOrEqual(t, v("size.largest.memory_per_gpu"), v("size.capacity"))
	assert.Equal(t, "the time", res.Note("binds"))
	assert.Equal(t, "llama-3.1-8b", res.Note("family"))

	// A budget of USD 500,000 at USD 2.50 an hour buys 200,000 GPU-hours:
	// 16.3 days of 512 GPUs, which bind before the 30.
	b := sizeResults(t)["optimal budget"]
	assert.InEpsilon(t, 5e5/2.5/512*3600, valueOf(t, b, "size.time"), 1e-12)
	assert.Equal(t, "the budget", b.Note("binds"))
	assert.LessOrEqual(t, valueOf(t, b, "size.cost"), 5e5)
	assert.InEpsilon(t, 5e5, valueOf(t, b, "size.cost"), 0.02, "the model's shape comes in whole layers and heads")
	assert.InEpsilon(t, 50.44e9, valueOf(t, b, "size.optimal_params"), 0.005)
}

func TestSizeFewestGPUs(t *testing.T) {
	res := sizeResults(t)["fewest"]
	v := func(id string) float64 { return valueOf(t, res, id) }
	// Llama 3.1 70B on its compute-optimal 1.41T tokens in 30 days: 69
	// DGX H100; 68 take longer.
	assert.Equal(t, 552.0, v("size.gpus"))
	assert.Equal(t, 544.0, v("size.below.gpus"))
	assert.LessOrEqual(t, v("size.wall_time"), 30*86400.0)
	assert.Greater(t, v("size.below.wall_time"), 30*86400.0)
	assert.InEpsilon(t, 20*v("size.params"), v("size.tokens"), 1e-12)
	// It costs more than the budget: the answer says so, it is not an error.
	assert.Equal(t, 0.0, v("size.within_budget"))
	assert.InEpsilon(t, v("size.gpu_hours")*2.5, v("size.cost"), 1e-12)
	assert.Empty(t, res.Note("family"), "a catalog model takes no family's proportions")

	p := sizeResults(t)["fewest params"]
	assert.Equal(t, 1e12, valueOf(t, p, "size.tokens"))
	assert.InEpsilon(t, 30e9, valueOf(t, p, "size.params"), 0.025)
	assert.Equal(t, "llama-3.1-8b", p.Note("family"))
	assert.Equal(t, 1.0, valueOf(t, p, "size.meets_time"))
}

// The tool adds no model of its own: its answer is hardware.Sizing's.
func TestSizeMatchesTheHardwareSizing(t *testing.T) {
	res := sizeResults(t)["optimal"]
	g, _ := hardware.GPUByID("h100-sxm")
	s, _ := hardware.SystemByID("dgx-h100")
	in, _ := hardware.NetworkByID(s.IntraLink)
	fab, _ := hardware.NetworkByID(s.Network)
	fam, _ := hardware.TransformerModelByID(hardware.ScaleFamily)
	o, err := hardware.Sizing{Job: hardware.TransformerJob{GPU: g, System: s, IntraLink: in, Fabric: fab, GPUs: 512, Precision: hardware.BF16},
		Family: fam, Failures: hardware.LlamaFailures, Factors: hardware.DefaultFactors()}.Optimal(30 * 86400)
	require.NoError(t, err)
	assert.Equal(t, o.Compute, valueOf(t, res, "size.compute"))
	assert.Equal(t, o.Plan.MFU, valueOf(t, res, "size.mfu"))
	assert.Equal(t, o.WallTime, valueOf(t, res, "size.wall_time"))
	assert.Equal(t, o.Model.ID, res.Note("model"))
}

// Every sizing quantity's formula gives its value; each is labelled in
// English and Japanese.
func TestSizeFormulasAndJapanese(t *testing.T) {
	consts := estimator.Constants(estimator.Binary)
	for name, res := range sizeResults(t) {
		assert.NotEmpty(t, res.Title.JA, name)
		for _, n := range res.Notes {
			assert.NotEmpty(t, n.Text.JA, "%s: %s", name, n.Key)
		}
		lookup := lookupIn(t, name, res, consts)
		for _, q := range res.Quantities {
			assert.NotEmpty(t, q.Label.JA, "%s: %s", name, q.ID)
			assert.NotEqual(t, q.Label.EN, q.Label.JA, "%s: %s", name, q.ID)
			assert.NotEmpty(t, q.Source.JA, "%s: %s", name, q.ID)
			assert.NotEmpty(t, q.Formula, "%s: %s", name, q.ID)
			if q.Expr == "" {
				continue // a model or a search, in words
			}
			assertReproduces(t, name, q, lookup)
		}
	}
}

func TestSizeBadInput(t *testing.T) {
	zero, price := 0.0, 2.5
	for _, c := range []struct {
		name string
		req  tool.SizeRequest
		want string
	}{
		{"no gpu", tool.SizeRequest{GPUs: 8, Days: 30}, "gpu: is required"},
		{"no gpus", tool.SizeRequest{GPU: "h100-sxm", Days: 30}, "gpus: is required: the GPUs to size a model for; or give a model (or params) to ask for the fewest GPUs"},
		{"no days", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8}, "days: is required: the days the run may take"},
		{"zero budget", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Budget: &zero, PricePerGPUHour: &price}, "budget: must be > 0, got 0"},
		{"budget without price", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Budget: &price}, "budget: needs price_per_gpu_hour"},
		{"zero price", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, PricePerGPUHour: &zero}, "price_per_gpu_hour: must be > 0, got 0"},
		{"currency", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Currency: "usd"}, "currency: must be a three-letter ISO 4217 code"},
		{"moe family", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Family: "deepseek-v3"}, "family: must be a dense language model"},
		{"model and params", tool.SizeRequest{GPU: "h100-sxm", Model: "llama-3.1-8b", Params: 1e10, Days: 30}, "params: is given instead of model"},
		{"model and gpus", tool.SizeRequest{GPU: "h100-sxm", Model: "llama-3.1-8b", GPUs: 8, Days: 30}, "gpus: is not read with a model"},
		{"tokens without model", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Tokens: 1e12}, "tokens: is only read with a model"},
		{"tiny params", tool.SizeRequest{GPU: "h100-sxm", Params: 1e6, Days: 30}, "params: must be in [1e+09, 1e+14]"},
		{"fp4 on h100", tool.SizeRequest{GPU: "h100-sxm", GPUs: 8, Days: 30, Precision: "fp4"}, "precision: must be a precision the GPU has a dense path for"},
		{"an hour", tool.SizeRequest{GPU: "h100-sxm", GPUs: 1, Days: 0.01}, "days: must leave the GPUs time to train a model of at least a billion parameters"},
		{"a day for 405B", tool.SizeRequest{GPU: "h100-sxm", Model: "llama-3.1-405b", Tokens: 15.6e12, Days: 1}, "days: must leave time enough for at most 131072 GPUs"},
	} {
		_, err := tool.Size(c.req)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
	}
}

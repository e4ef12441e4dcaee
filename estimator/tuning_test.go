package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
)

// A scenario's transformer workload states what it trains (issue 27):
// Llama 3 405B's run as the preset has it, then fine-tuned with LoRA and
// QLoRA adapters. The adapters train a fraction of a percent of the
// weights, and a token costs about 2/3 of full training's FLOPs.
func TestScenarioFineTuning(t *testing.T) {
	const w = "train.llama-3-405b."
	pre := mustEstimate(t, "llama-3-405b")
	set := func(mode string) []estimator.Override {
		return []estimator.Override{{Path: "workloads[0].transformer.mode", Value: `"` + mode + `"`},
			{Path: "workloads[0].transformer.lora.rank", Value: "16"}}
	}
	lora := mustEstimate(t, "llama-3-405b", set("lora")...)
	qlora := mustEstimate(t, "llama-3-405b", set("qlora")...)

	params := value(t, pre, w+"trainable_params")
	assert.InDelta(t, 405.9e9, params, 0.1e9)
	adapters := value(t, lora, w+"trainable_params")
	// Rank 16 on every matrix of 126 layers: attention 16 x (2 x (16,384 +
	// 16,384) + 2 x (16,384 + 1,024)) and feed-forward 16 x 3 x (16,384 +
	// 53,248) a layer.
	assert.Equal(t, 126*16*(2*32768+2*(16384+1024)+3*(16384+53248.0)), adapters)
	assert.Equal(t, adapters, value(t, qlora, w+"trainable_params"))
	assert.Less(t, adapters/params, 0.002)

	fpt := value(t, pre, w+"flops_per_token")
	assert.InDelta(t, 2.0/3, value(t, lora, w+"flops_per_token")/fpt, 0.03)
	// On the preset's 16,384 GPUs a token costs less GPU time.
	hours := func(est *estimator.Estimate) float64 { return value(t, est, w+"gpu_hours_failure_free.dgx-h100") }
	assert.Less(t, hours(lora), hours(pre))
	assert.Equal(t, 1.0, value(t, lora, w+"fits.dgx-h100"))

	// The formula says which rule made the count.
	q, _ := lora.Get(w + "trainable_params")
	assert.Contains(t, q.Formula, "rank x (inputs + outputs)")
}

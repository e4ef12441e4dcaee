package hardware

import "slices"

// PublishedLayout is a run's parallelism as its paper gives it; 0 where the
// paper does not say. CP is context parallelism (the sequence split across
// GPUs), which Layout does not model: a run with CP > 1 has TP x CP x PP x DP
// GPUs.
type PublishedLayout struct {
	TP int `json:"tp,omitempty"`
	PP int `json:"pp,omitempty"`
	DP int `json:"dp,omitempty"`
	CP int `json:"cp,omitempty"`
	EP int `json:"ep,omitempty"`
}

// TransformerRun is a published training run, a calibration point for the
// transformer model. Model, GPU and System are catalog ids. The published
// figures are 0 where the source gives none; at least one is set.
// HeldOut runs judge the model and were not used to fit it.
type TransformerRun struct {
	ID                string          `json:"id"`
	Model             string          `json:"model"`
	GPU               string          `json:"gpu"`
	System            string          `json:"system"`
	GPUs              int             `json:"gpus"`
	Seq               int             `json:"seq"`
	Precision         Precision       `json:"precision"`
	Tokens            float64         `json:"tokens"`              // training tokens of the run; 0 for a throughput measurement
	GlobalBatchTokens float64         `json:"global_batch_tokens"` // tokens per optimizer step
	Layout            PublishedLayout `json:"layout"`
	// PublishedMFU is model FLOPs utilisation as the source states it
	// (model FLOP/s per GPU / dense peak).
	PublishedMFU float64 `json:"published_mfu,omitempty"`
	// PublishedFLOPsPerGPU is the achieved model FLOP/s per GPU.
	PublishedFLOPsPerGPU float64 `json:"published_flops_per_gpu,omitempty"`
	// PublishedGPUHours is the run's GPU-hours as published, lost work included.
	PublishedGPUHours float64 `json:"published_gpu_hours,omitempty"`
	HeldOut           bool    `json:"held_out"`
	Source            string  `json:"source"`
	AsOf              string  `json:"as_of"`
}

// llama3Table4 is the Llama 3 paper's table of its 405B pre-training
// configurations: 16M tokens per step in each.
const llama3Table4 = "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 4"

var transformerRuns = []TransformerRun{
	{ID: "llama3-405b-8k-gpus", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 8192, Seq: 8192,
		Precision: BF16, GlobalBatchTokens: 16 << 20, Layout: PublishedLayout{TP: 8, PP: 16, DP: 64, CP: 1},
		PublishedMFU: 0.43, PublishedFLOPsPerGPU: 430e12,
		Source: llama3Table4, AsOf: asOf},
	{ID: "llama3-405b-16k-gpus", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 16384, Seq: 8192,
		Precision: BF16, GlobalBatchTokens: 16 << 20, Layout: PublishedLayout{TP: 8, PP: 16, DP: 128, CP: 1},
		PublishedMFU: 0.41, PublishedFLOPsPerGPU: 400e12,
		Source: llama3Table4, AsOf: asOf},
}

// TransformerRuns returns the published runs, a copy in catalog order.
func TransformerRuns() []TransformerRun { return slices.Clone(transformerRuns) }

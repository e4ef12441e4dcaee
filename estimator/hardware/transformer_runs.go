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
// transformer model. Model, GPU and System are catalog ids (System the
// nearest catalog node where the source's differs, said in Source). GPUs,
// Tokens, GlobalBatchTokens and the published figures are 0 where the source
// gives none; at least one published figure is set. Precision is the tensor
// path: FP16 runs on parts whose FP16 and BF16 peaks are equal are entered as
// BF16.
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
	// HardwareFLOPs marks a FLOP/s figure that counts full recomputation's
	// extra forward pass (Megatron-LM's eq. 3), which a model must compare
	// with its hardware FLOPs, not its model FLOPs.
	HardwareFLOPs bool `json:"hardware_flops,omitempty"`
	// PublishedTokensPerGPU is the achieved training tokens/s per GPU.
	PublishedTokensPerGPU float64 `json:"published_tokens_per_s_per_gpu,omitempty"`
	// PublishedGPUHours is the run's GPU-hours as published, lost work included.
	PublishedGPUHours float64 `json:"published_gpu_hours,omitempty"`
	HeldOut           bool    `json:"held_out"`
	Source            string  `json:"source"`
	AsOf              string  `json:"as_of"`
}

// Sources shared by several runs.
const (
	// llama3Table4: the Llama 3 405B pre-training configurations, 16M tokens
	// per step in each (DP x sequences per DP rank x sequence = 16 x 2^20).
	llama3Table4 = "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 4"
	// llama31Card: GPU-hours of the whole training, on H100-80GB; "~15T" tokens.
	llama31Card = "Meta, Llama 3.1 model card (2024): training GPU-hours on H100-80GB, ~15T pre-training tokens; GPU count not given"
	// llama2Table2: GPU-hours on A100-80GB, 2.0T tokens, 4M tokens per step.
	llama2Table2 = "Touvron et al. 2023, Llama 2, arXiv 2307.09288, Table 2 (GPU-hours) and section 2.2 (2.0T tokens, 4M-token batches); GPU count not given"
	// llama1Table15: LLaMA's GPU-hours on A100-80GB; section 2.4's 380
	// tokens/s per GPU for 65B on 2,048 GPUs gives 21 days for 1.4T tokens,
	// so these are steady-rate hours, the kindest kind of whole-run figure.
	llama1Table15 = "Touvron et al. 2023, LLaMA, arXiv 2302.13971, Table 15 (GPU-hours on A100-80GB), Table 2 (1.0T tokens for 7B and 13B, 1.4T for 33B and 65B, 4M-token batches) and section 2.4 (2,048 GPUs for 65B)"
	// NVIDIA's NeMo pre-training benchmarks, FP8 with current scaling. Their
	// model FLOPs count attention without causal halving: 932 TFLOP/s over
	// 866 tokens/s is 1.076 TFLOP per token for GPT-3 175B, which is 6 x
	// 174.56B + 12 x 96 layers x 2,048 x 12,288 = 1.0476 + 0.0290 TFLOP.
	nemo2502 = "NVIDIA NeMo Framework performance summary, NeMo 25.02 container, FP8 pre-training table"
	nemo2504 = "NVIDIA NeMo Framework performance summary, NeMo 25.04 container, DGX-GB200 FP8 pre-training table"
)

var transformerRuns = []TransformerRun{
	// Fitted: facts.md section 8 and one FP8 point each on Hopper and Blackwell.
	{ID: "llama3-405b-8k-gpus", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 8192, Seq: 8192,
		Precision: BF16, GlobalBatchTokens: 16 << 20, Layout: PublishedLayout{TP: 8, PP: 16, DP: 64, CP: 1},
		PublishedMFU: 0.43, PublishedFLOPsPerGPU: 430e12,
		Source: llama3Table4, AsOf: asOf},
	{ID: "llama3-405b-16k-gpus", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 16384, Seq: 8192,
		Precision: BF16, GlobalBatchTokens: 16 << 20, Layout: PublishedLayout{TP: 8, PP: 16, DP: 128, CP: 1},
		PublishedMFU: 0.41, PublishedFLOPsPerGPU: 400e12,
		Source: llama3Table4, AsOf: asOf},
	{ID: "llama3-405b-16k-gpus-131k-seq", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 16384, Seq: 131072,
		Precision: BF16, GlobalBatchTokens: 16 << 20, Layout: PublishedLayout{TP: 8, PP: 16, DP: 8, CP: 16},
		PublishedMFU: 0.38, PublishedFLOPsPerGPU: 380e12,
		Source: llama3Table4 + " (long-context stage, context parallel)", AsOf: asOf},
	{ID: "megascale-175b-12k-gpus", Model: "gpt-3-175b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 12288, Seq: 2048,
		Precision: BF16, PublishedMFU: 0.552,
		Source: "Jiang et al. 2024, MegaScale, NSDI 2024 (arXiv 2402.15627), abstract and section 6: 55.2% MFU for a 175B model on 12,288 GPUs; the paper names NVIDIA Ampere GPUs, entered as the A100 (312 TFLOP/s BF16) in its 80 GB DGX node; batch not recorded here", AsOf: asOf},
	{ID: "deepseek-v3-pretrain", Model: "deepseek-v3", GPU: "h800-sxm", System: "hgx-h800", GPUs: 2048, Seq: 4096,
		Precision: FP8, Tokens: 14.8e12, GlobalBatchTokens: 15360 * 4096, Layout: PublishedLayout{TP: 1, PP: 16, DP: 128, EP: 64},
		PublishedGPUHours: 2.664e6,
		Source:            "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv 2412.19437, Table 1 (2,664K H800 GPU-hours of pre-training for 14.8T tokens), section 3.2 (2,048 H800, PP16, EP64 over 8 nodes, ZeRO-1 DP) and section 4.2 (batch of 15,360 sequences of 4K after the ramp)", AsOf: asOf},
	{ID: "nemo-h100-gpt3-175b-fp8", Model: "gpt-3-175b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 512, Seq: 2048,
		Precision: FP8, GlobalBatchTokens: 2048 * 2048, Layout: PublishedLayout{TP: 4, PP: 8, DP: 16, CP: 1},
		PublishedFLOPsPerGPU: 932e12, PublishedTokensPerGPU: 866,
		Source: nemo2502 + ", DGX-H100", AsOf: asOf},
	{ID: "nemo-b200-llama3-70b-fp8", Model: "llama-3.1-70b", GPU: "b200", System: "dgx-b200", GPUs: 64, Seq: 8192,
		Precision: FP8, GlobalBatchTokens: 128 * 8192, Layout: PublishedLayout{TP: 2, PP: 4, DP: 4, CP: 2},
		PublishedFLOPsPerGPU: 1474e12, PublishedTokensPerGPU: 3062,
		Source: nemo2502 + ", DGX-B200 (Llama 3 70B, the Llama 3.1 70B shape)", AsOf: asOf},

	// Held out: for judging the model, not fitting it.
	{ID: "llama3.1-405b-gpu-hours", Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 16384, Seq: 8192,
		Precision: BF16, Tokens: 15.6e12, GlobalBatchTokens: 16 << 20,
		PublishedGPUHours: 30.84e6, HeldOut: true,
		Source: llama31Card + "; 15.6T tokens on up to 16,384 GPUs from " + llama3Table4 + " and section 3.3.4", AsOf: asOf},
	{ID: "llama3.1-70b-gpu-hours", Model: "llama-3.1-70b", GPU: "h100-sxm", System: "dgx-h100", Seq: 8192,
		Precision: BF16, Tokens: 15e12, PublishedGPUHours: 7.0e6, HeldOut: true,
		Source: llama31Card, AsOf: asOf},
	{ID: "llama3.1-8b-gpu-hours", Model: "llama-3.1-8b", GPU: "h100-sxm", System: "dgx-h100", Seq: 8192,
		Precision: BF16, Tokens: 15e12, PublishedGPUHours: 1.46e6, HeldOut: true,
		Source: llama31Card, AsOf: asOf},
	{ID: "llama2-70b-gpu-hours", Model: "llama-2-70b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", Seq: 4096,
		Precision: BF16, Tokens: 2e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 1720320, HeldOut: true,
		Source: llama2Table2, AsOf: asOf},
	{ID: "llama2-7b-gpu-hours", Model: "llama-2-7b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", Seq: 4096,
		Precision: BF16, Tokens: 2e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 184320, HeldOut: true,
		Source: llama2Table2, AsOf: asOf},
	{ID: "llama1-65b-gpu-hours", Model: "llama-1-65b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 2048, Seq: 2048,
		Precision: BF16, Tokens: 1.4e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 1022362, HeldOut: true,
		Source: llama1Table15, AsOf: asOf},
	{ID: "llama1-33b-gpu-hours", Model: "llama-1-33b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", Seq: 2048,
		Precision: BF16, Tokens: 1.4e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 530432, HeldOut: true,
		Source: llama1Table15, AsOf: asOf},
	{ID: "llama1-13b-gpu-hours", Model: "llama-1-13b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", Seq: 2048,
		Precision: BF16, Tokens: 1e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 135168, HeldOut: true,
		Source: llama1Table15, AsOf: asOf},
	{ID: "llama1-7b-gpu-hours", Model: "llama-2-7b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", Seq: 2048,
		Precision: BF16, Tokens: 1e12, GlobalBatchTokens: 4 << 20, PublishedGPUHours: 82432, HeldOut: true,
		Source: llama1Table15 + "; LLaMA 7B has Llama 2 7B's shape", AsOf: asOf},
	{ID: "opt-175b", Model: "gpt-3-175b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 992, Seq: 2048,
		Precision: BF16, Tokens: 180e9, GlobalBatchTokens: 2 << 20, Layout: PublishedLayout{TP: 8, PP: 1, DP: 124}, // FSDP and tensor parallelism, no pipeline
		PublishedFLOPsPerGPU: 147e12, HeldOut: true,
		Source: "Zhang et al. 2022, OPT, arXiv 2205.01068, section 2.4 (992 A100 80GB, FSDP with Megatron tensor parallelism, up to 147 TFLOP/s per GPU, FP16) and Table 1 (GPT-3's shape, 2M-token batches, 180B tokens)", AsOf: asOf},
	{ID: "bloom-176b", Model: "bloom-176b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 384, Seq: 2048,
		Precision: BF16, Tokens: 366e9, GlobalBatchTokens: 2048 * 2048, Layout: PublishedLayout{TP: 4, PP: 12, DP: 8},
		PublishedFLOPsPerGPU: 150e12, PublishedGPUHours: 1082990, HeldOut: true,
		Source: "BigScience, BLOOM, arXiv 2211.05100, section 3.4 (48 nodes of 8 A100 80GB, 1,082,990 compute hours, 366B tokens, batch 2,048 of 2,048) and the BigScience model card (about 150 TFLOP/s per GPU, TP4 PP12 DP8); Jean Zay's nodes have 4x 100 Gbit/s Omni-Path, entered as the DGX A100 node", AsOf: asOf},
	// Megatron-LM's FLOP/s count full recomputation (eq. 3: 96 B s l h^2
	// (1 + s/6h + V/16lh), 4 passes); the model FLOPs are 3/4 of them.
	{ID: "megatron-18b-256-gpus", Model: "megatron-gpt-18b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 256, Seq: 2048,
		Precision: BF16, GlobalBatchTokens: 1024 * 2048, Layout: PublishedLayout{TP: 8, PP: 1, DP: 32},
		PublishedFLOPsPerGPU: 135e12, HardwareFLOPs: true, HeldOut: true,
		Source: megatronTable1 + " (18.4B row; FP16 on Selene's DGX A100 80 GB)", AsOf: asOf},
	{ID: "megatron-146b-1536-gpus", Model: "megatron-gpt-146b", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 1536, Seq: 2048,
		Precision: BF16, GlobalBatchTokens: 2304 * 2048, Layout: PublishedLayout{TP: 8, PP: 8, DP: 24},
		PublishedFLOPsPerGPU: 148e12, HardwareFLOPs: true, HeldOut: true,
		Source: megatronTable1 + " (145.6B row)", AsOf: asOf},
	{ID: "megatron-1t-3072-gpus", Model: "megatron-gpt-1t", GPU: "a100-sxm4-80gb", System: "dgx-a100-640gb", GPUs: 3072, Seq: 2048,
		Precision: BF16, GlobalBatchTokens: 3072 * 2048, Layout: PublishedLayout{TP: 8, PP: 64, DP: 6},
		PublishedFLOPsPerGPU: 163e12, HardwareFLOPs: true, HeldOut: true,
		Source: megatronTable1 + " (1T row)", AsOf: asOf},
	{ID: "nemotron4-340b-6k-gpus", Model: "nemotron-4-340b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 6144, Seq: 4096,
		Precision: BF16, GlobalBatchTokens: 2304 * 4096, Layout: PublishedLayout{TP: 8, PP: 12, DP: 64},
		PublishedMFU: 0.41, HeldOut: true,
		Source: "NVIDIA 2024, Nemotron-4 340B Technical Report, arXiv 2406.11704, Table 2 (768 DGX H100; the 6,144-GPU stage: batch 2,304, 8.0 s per step, 41% MFU)", AsOf: asOf},
	{ID: "nemo-b200-gpt3-175b-fp8", Model: "gpt-3-175b", GPU: "b200", System: "dgx-b200", GPUs: 512, Seq: 2048,
		Precision: FP8, GlobalBatchTokens: 2048 * 2048, Layout: PublishedLayout{TP: 4, PP: 4, DP: 32, CP: 1},
		PublishedFLOPsPerGPU: 1722e12, PublishedTokensPerGPU: 1600, HeldOut: true,
		Source: nemo2502 + ", DGX-B200", AsOf: asOf},
	// MLPerf Training v3.0's GPT-3 benchmark: training steps only (the run's
	// evaluations excluded), as NeMo's log times each step.
	{ID: "mlperf-v3.0-gpt3-175b-768-h100", Model: "gpt-3-175b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 768, Seq: 2048,
		Precision: FP8, GlobalBatchTokens: 3072 * 2048, Layout: PublishedLayout{TP: 4, PP: 8, DP: 24, CP: 1},
		PublishedTokensPerGPU: 677, HeldOut: true,
		Source: "MLPerf Training v3.0, closed (run logged 2023-05-09), NVIDIA dgxh100_n96_nemo (96x DGX H100, 768 H100-SXM5-80GB), NeMo with FP8: result_0.txt (train_step_timing about 12.1 s per step of 6,291,456 tokens: 677 tokens/s per GPU) and config_DGXH100_96x8x128x4x8_mbs1.sh (TP 4, PP 8, micro-batch 1, 128 sequences per data-parallel rank)", AsOf: asOf},
	{ID: "mlperf-v5.1-llama31-405b-2560-gb200", Model: "llama-3.1-405b", GPU: "gb200", System: "gb200-nvl72", GPUs: 2560, Seq: 8192,
		Precision: FP4, GlobalBatchTokens: 960 * 8192, Layout: PublishedLayout{TP: 4, PP: 8, DP: 40, CP: 2},
		PublishedTokensPerGPU: 965, HeldOut: true,
		Source: "MLPerf Training v5.1, closed (run logged 2025-10-07), NVIDIA hsg_ngpu2560_ngc25.09_nemo (2,560 GB200 of 40 GB200 NVL72), NeMo 25.09: result_0.txt (steps 321 to 339 logged 57.3 s apart, 3.185 s per step of 960 sequences of 8,192 tokens: 965 tokens/s per GPU) and config_GB200_640x4x24xtp4pp8cp2_cg_fp4.sh (TP 4, PP 8, CP 2, micro-batch 1, 24 sequences per data-parallel rank, FP4 through config_common_fp4.sh)", AsOf: asOf},
	{ID: "nemo-b200-llama3-405b-fp8", Model: "llama-3.1-405b", GPU: "b200", System: "dgx-b200", GPUs: 128, Seq: 8192,
		Precision: FP8, GlobalBatchTokens: 64 * 8192, Layout: PublishedLayout{TP: 4, PP: 8, DP: 2, CP: 2},
		PublishedFLOPsPerGPU: 1658e12, PublishedTokensPerGPU: 625, HeldOut: true,
		Source: nemo2502 + ", DGX-B200", AsOf: asOf},
	{ID: "nemo-b200-mixtral-8x7b-fp8", Model: "mixtral-8x7b", GPU: "b200", System: "dgx-b200", GPUs: 64, Seq: 4096,
		Precision: FP8, GlobalBatchTokens: 256 * 4096, Layout: PublishedLayout{TP: 1, PP: 1, DP: 64, CP: 1, EP: 8},
		PublishedFLOPsPerGPU: 1282e12, PublishedTokensPerGPU: 15457, HeldOut: true,
		Source: nemo2502 + ", DGX-B200", AsOf: asOf},
	{ID: "nemo-b200-nemotron4-340b-fp8", Model: "nemotron-4-340b", GPU: "b200", System: "dgx-b200", GPUs: 128, Seq: 4096,
		Precision: FP8, GlobalBatchTokens: 32 * 4096, Layout: PublishedLayout{TP: 8, PP: 4, DP: 4, CP: 1},
		PublishedFLOPsPerGPU: 1268e12, PublishedTokensPerGPU: 602, HeldOut: true,
		Source: nemo2502 + ", DGX-B200", AsOf: asOf},
	{ID: "nemo-gb200-gpt3-175b-fp8", Model: "gpt-3-175b", GPU: "gb200", System: "gb200-nvl72", GPUs: 128, Seq: 2048,
		Precision: FP8, GlobalBatchTokens: 256 * 2048, Layout: PublishedLayout{TP: 4, PP: 4, DP: 8, CP: 1},
		PublishedFLOPsPerGPU: 1942e12, PublishedTokensPerGPU: 1804, HeldOut: true,
		Source: nemo2504, AsOf: asOf},
	{ID: "nemo-gb200-llama3-70b-fp8", Model: "llama-3.1-70b", GPU: "gb200", System: "gb200-nvl72", GPUs: 64, Seq: 8192,
		Precision: FP8, GlobalBatchTokens: 128 * 8192, Layout: PublishedLayout{TP: 1, PP: 1, DP: 64, CP: 1},
		PublishedFLOPsPerGPU: 1943e12, PublishedTokensPerGPU: 4035, HeldOut: true,
		Source: nemo2504 + " (FSDP)", AsOf: asOf},
	{ID: "nemo-gb200-llama3-405b-fp8", Model: "llama-3.1-405b", GPU: "gb200", System: "gb200-nvl72", GPUs: 128, Seq: 8192,
		Precision: FP8, GlobalBatchTokens: 64 * 8192, Layout: PublishedLayout{TP: 4, PP: 8, DP: 2, CP: 2},
		PublishedFLOPsPerGPU: 1763e12, PublishedTokensPerGPU: 665, HeldOut: true,
		Source: nemo2504, AsOf: asOf},
	{ID: "nemo-gb200-nemotron4-340b-fp8", Model: "nemotron-4-340b", GPU: "gb200", System: "gb200-nvl72", GPUs: 128, Seq: 4096,
		Precision: FP8, GlobalBatchTokens: 32 * 4096, Layout: PublishedLayout{TP: 8, PP: 4, DP: 4, CP: 1},
		PublishedFLOPsPerGPU: 1551e12, PublishedTokensPerGPU: 737, HeldOut: true,
		Source: nemo2504, AsOf: asOf},
}

// TransformerRuns returns the published runs, a copy in catalog order.
func TransformerRuns() []TransformerRun { return slices.Clone(transformerRuns) }

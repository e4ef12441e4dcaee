package hardware

import "slices"

// The transformer catalog: published shapes. Params computes each model's
// parameter counts from its shape, and a test holds them to what the source
// states, so a mistyped shape cannot pass unnoticed.

// imageChannels is the colour channels a vision model's patch projection
// reads (RGB).
const imageChannels = 3

var transformerModels = []TransformerModel{
	// Language models, oldest first.
	{ID: "gpt-3-175b", Name: "GPT-3 175B", Family: "GPT", Modality: "text",
		Layers: 96, Hidden: 12288, Heads: 96, KVHeads: 96, FFN: 4 * 12288, Vocab: 50257, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 175e9, PublishedActive: 175e9,
		Source: "Brown et al. 2020, Language Models are Few-Shot Learners, arXiv 2005.14165, Table 2.1 (GPT-2's 50,257-token vocabulary, feed-forward 4 x d_model)", AsOf: asOf},
	// Megatron-LM's weak-scaling GPTs (Narayanan et al. 2021, Table 1): vocabulary
	// 51,200, sequence 2,048, feed-forward 4h, embeddings tied; three of its rows.
	{ID: "megatron-gpt-18b", Name: "Megatron-LM GPT 18.4B", Family: "Megatron-LM", Modality: "text",
		Layers: 40, Hidden: 6144, Heads: 48, KVHeads: 48, FFN: 4 * 6144, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 18.4e9, PublishedActive: 18.4e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "megatron-gpt-146b", Name: "Megatron-LM GPT 145.6B", Family: "Megatron-LM", Modality: "text",
		Layers: 80, Hidden: 12288, Heads: 96, KVHeads: 96, FFN: 4 * 12288, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 145.6e9, PublishedActive: 145.6e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "megatron-gpt-1t", Name: "Megatron-LM GPT 1T", Family: "Megatron-LM", Modality: "text",
		Layers: 128, Hidden: 25600, Heads: 160, KVHeads: 160, FFN: 4 * 25600, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 1008e9, PublishedActive: 1008e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "bloom-176b", Name: "BLOOM 176B", Family: "BLOOM", Modality: "text",
		Layers: 70, Hidden: 14336, Heads: 112, KVHeads: 112, FFN: 4 * 14336, Vocab: 250680, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 176.247e9, PublishedActive: 176.247e9,
		Source: "BigScience, BLOOM: A 176B-Parameter Open-Access Multilingual Language Model, arXiv 2211.05100, section 3.2 and its table of model shapes (176,247M)", AsOf: asOf},
	{ID: "llama-2-7b", Name: "Llama 2 7B", Family: "Llama", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 11008, GatedFFN: true, Vocab: 32000, Seq: 4096,
		PublishedParams: 6.7e9, PublishedActive: 6.7e9,
		Source: "Touvron et al. 2023, Llama 2, arXiv 2307.09288, Table 1 (7B, 4k context, no GQA); the shape is LLaMA 7B's, 6.7B in Touvron et al. 2023, LLaMA, arXiv 2302.13971, Table 2", AsOf: asOf},
	{ID: "llama-1-13b", Name: "LLaMA 13B", Family: "Llama", Modality: "text",
		Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 40, FFN: 13824, GatedFFN: true, Vocab: 32000, Seq: 2048,
		PublishedParams: 13.0e9, PublishedActive: 13.0e9,
		Source: llama1Table2, AsOf: asOf},
	{ID: "llama-1-33b", Name: "LLaMA 33B", Family: "Llama", Modality: "text",
		Layers: 60, Hidden: 6656, Heads: 52, KVHeads: 52, FFN: 17920, GatedFFN: true, Vocab: 32000, Seq: 2048,
		PublishedParams: 32.5e9, PublishedActive: 32.5e9,
		Source: llama1Table2, AsOf: asOf},
	{ID: "llama-1-65b", Name: "LLaMA 65B", Family: "Llama", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 64, FFN: 22016, GatedFFN: true, Vocab: 32000, Seq: 2048,
		PublishedParams: 65.2e9, PublishedActive: 65.2e9,
		Source: llama1Table2, AsOf: asOf},
	{ID: "llama-2-70b", Name: "Llama 2 70B", Family: "Llama", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, GatedFFN: true, Vocab: 32000, Seq: 4096,
		PublishedParams: 70e9, PublishedActive: 70e9, // the shape gives 69.0B: "70B" is a rounded name
		Source: "Touvron et al. 2023, Llama 2, arXiv 2307.09288, Table 1 (70B, 4k context, GQA) and the released configuration (8 key/value heads, feed-forward 28,672)", AsOf: asOf},
	{ID: "mixtral-8x7b", Name: "Mixtral 8x7B", Family: "Mistral", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, GatedFFN: true, Vocab: 32000, Seq: 32768,
		Experts: 8, ExpertsPerToken: 2, ExpertFFN: 14336,
		PublishedParams: 46.7e9, PublishedActive: 12.9e9,
		Source: "Jiang et al. 2024, Mixtral of Experts, arXiv 2401.04088, Table 1 (shape); Mistral AI's announcement (46.7B total, 12.9B per token)", AsOf: asOf},
	{ID: "nemotron-4-340b", Name: "Nemotron-4 340B", Family: "Nemotron", Modality: "text",
		Layers: 96, Hidden: 18432, Heads: 96, KVHeads: 8, FFN: 73728, Vocab: 256000, Seq: 4096, // squared-ReLU feed-forward: two matrices
		PublishedParams: 340e9, PublishedActive: 340e9,
		Source: "NVIDIA 2024, Nemotron-4 340B Technical Report, arXiv 2406.11704, Table 1 (shape; untied embeddings)", AsOf: asOf},
	{ID: "llama-3.1-8b", Name: "Llama 3.1 8B", Family: "Llama", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 8e9, PublishedActive: 8e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 8B)", AsOf: asOf},
	{ID: "llama-3.1-70b", Name: "Llama 3.1 70B", Family: "Llama", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 70e9, PublishedActive: 70e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 70B)", AsOf: asOf},
	{ID: "llama-3.1-405b", Name: "Llama 3.1 405B", Family: "Llama", Modality: "text",
		Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, FFN: 53248, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 405e9, PublishedActive: 405e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 405B)", AsOf: asOf},
	// DeepSeek-V3's multi-head latent attention is entered by its projection
	// sizes (q_rank 1,536, kv_rank 512, 64 RoPE dimensions per head), which
	// Params counts exactly; the attention core's FLOPs and activations are
	// approximated as 128 plain heads of 128. The 14B multi-token prediction
	// module is left out, as the 671B count leaves it out.
	{ID: "deepseek-v3", Name: "DeepSeek-V3 (671B MoE, 37B active)", Family: "DeepSeek", Modality: "text",
		Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128, HeadDim: 128, QRank: 1536, KVRank: 512, RopeDim: 64,
		FFN: 18432, GatedFFN: true, Vocab: 129280, Seq: 4096,
		Experts: 256, ExpertsPerToken: 8, SharedExperts: 1, ExpertFFN: 2048, DenseLayers: 3,
		PublishedParams: 671e9, PublishedActive: 37e9,
		Source: "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv 2412.19437, sections 2.1 and 4.2 (shape, 671B total, 37B activated); vocabulary from the released configuration", AsOf: asOf},
	// The open models people train and fine-tune, by family. Shapes are the
	// released configurations' (trainscale transformer --config maps the
	// same files, estimator/testdata/hfconfig); the sequence is the length
	// the source says most tokens were trained at, else its context.
	{ID: "llama-3.2-1b", Name: "Llama 3.2 1B", Family: "Llama", Modality: "text",
		Layers: 16, Hidden: 2048, Heads: 32, KVHeads: 8, FFN: 8192, GatedFFN: true, Vocab: 128256, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 1.23e9, PublishedActive: 1.23e9, Source: llama32Card, AsOf: asOf},
	{ID: "llama-3.2-3b", Name: "Llama 3.2 3B", Family: "Llama", Modality: "text",
		Layers: 28, Hidden: 3072, Heads: 24, KVHeads: 8, FFN: 8192, GatedFFN: true, Vocab: 128256, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 3.21e9, PublishedActive: 3.21e9, Source: llama32Card, AsOf: asOf},
	{ID: "mistral-7b", Name: "Mistral 7B", Family: "Mistral", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, GatedFFN: true, Vocab: 32000, Seq: 8192,
		PublishedParams: 7.3e9, PublishedActive: 7.3e9,
		Source: "Jiang et al. 2023, Mistral 7B, arXiv 2310.06825, Table 1 (shape, 8,192-token context) and abstract (7.3B)", AsOf: asOf},
	{ID: "mixtral-8x22b", Name: "Mixtral 8x22B", Family: "Mistral", Modality: "text",
		Layers: 56, Hidden: 6144, Heads: 48, KVHeads: 8, FFN: 16384, GatedFFN: true, Vocab: 32000, Seq: 8192,
		Experts: 8, ExpertsPerToken: 2, ExpertFFN: 16384,
		PublishedParams: 141e9, PublishedActive: 39e9,
		Source: "Mistral AI 2024-04-17, Cheaper, Better, Faster, Stronger (141B total, 39B active, 64K-token context); shape from the released configuration; the training length is not published: 8,192, as for a config's context (trainscale transformer --config)", AsOf: asOf},
	{ID: "qwen1.5-moe-a2.7b", Name: "Qwen1.5-MoE-A2.7B", Family: "Qwen", Modality: "text",
		Layers: 24, Hidden: 2048, Heads: 16, KVHeads: 16, FFN: 5632, GatedFFN: true, Vocab: 151936, Seq: 8192,
		Experts: 60, ExpertsPerToken: 4, SharedExperts: 4, ExpertFFN: 1408, // one shared expert of 5,632 = 4 x 1,408
		PublishedParams: 14.3e9, PublishedActive: 2.7e9,
		Source: "Qwen team 2024-03-28, Qwen1.5-MoE: Matching 7B Model Performance with 1/3 Activated Parameters (14.3B total, 2.7B activated); shape from the released configuration", AsOf: asOf},
	{ID: "qwen2-57b-a14b", Name: "Qwen2-57B-A14B", Family: "Qwen", Modality: "text",
		Layers: 28, Hidden: 3584, Heads: 28, KVHeads: 4, FFN: 18944, GatedFFN: true, Vocab: 151936, Seq: 4096,
		Experts: 64, ExpertsPerToken: 8, SharedExperts: 8, ExpertFFN: 2560, // one shared expert of 20,480 = 8 x 2,560
		PublishedParams: 57e9, PublishedActive: 14e9,
		Source: "Yang et al. 2024, Qwen2 Technical Report, arXiv 2407.10671, Table 1 (shape, 57B total, 14B activated) and section 3 (4,096-token pre-training)", AsOf: asOf},
	{ID: "qwen2.5-0.5b", Name: "Qwen2.5 0.5B", Family: "Qwen", Modality: "text",
		Layers: 24, Hidden: 896, Heads: 14, KVHeads: 2, FFN: 4864, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 0.49e9, PublishedActive: 0.49e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-1.5b", Name: "Qwen2.5 1.5B", Family: "Qwen", Modality: "text",
		Layers: 28, Hidden: 1536, Heads: 12, KVHeads: 2, FFN: 8960, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 1.54e9, PublishedActive: 1.54e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-3b", Name: "Qwen2.5 3B", Family: "Qwen", Modality: "text",
		Layers: 36, Hidden: 2048, Heads: 16, KVHeads: 2, FFN: 11008, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 3.09e9, PublishedActive: 3.09e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-7b", Name: "Qwen2.5 7B", Family: "Qwen", Modality: "text",
		Layers: 28, Hidden: 3584, Heads: 28, KVHeads: 4, FFN: 18944, GatedFFN: true, Vocab: 152064, Seq: 4096,
		PublishedParams: 7.61e9, PublishedActive: 7.61e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-14b", Name: "Qwen2.5 14B", Family: "Qwen", Modality: "text",
		Layers: 48, Hidden: 5120, Heads: 40, KVHeads: 8, FFN: 13824, GatedFFN: true, Vocab: 152064, Seq: 4096,
		PublishedParams: 14.7e9, PublishedActive: 14.7e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-32b", Name: "Qwen2.5 32B", Family: "Qwen", Modality: "text",
		Layers: 64, Hidden: 5120, Heads: 40, KVHeads: 8, FFN: 27648, GatedFFN: true, Vocab: 152064, Seq: 4096,
		PublishedParams: 32.5e9, PublishedActive: 32.5e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen2.5-72b", Name: "Qwen2.5 72B", Family: "Qwen", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 29568, GatedFFN: true, Vocab: 152064, Seq: 4096,
		PublishedParams: 72.7e9, PublishedActive: 72.7e9, Source: qwen25Report, AsOf: asOf},
	{ID: "qwen3-0.6b", Name: "Qwen3 0.6B", Family: "Qwen", Modality: "text",
		Layers: 28, Hidden: 1024, Heads: 16, KVHeads: 8, HeadDim: 128, FFN: 3072, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 0.6e9, PublishedActive: 0.6e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-1.7b", Name: "Qwen3 1.7B", Family: "Qwen", Modality: "text",
		Layers: 28, Hidden: 2048, Heads: 16, KVHeads: 8, FFN: 6144, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 1.7e9, PublishedActive: 1.7e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-4b", Name: "Qwen3 4B", Family: "Qwen", Modality: "text",
		Layers: 36, Hidden: 2560, Heads: 32, KVHeads: 8, HeadDim: 128, FFN: 9728, GatedFFN: true, Vocab: 151936, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 4.0e9, PublishedActive: 4.0e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-8b", Name: "Qwen3 8B", Family: "Qwen", Modality: "text",
		Layers: 36, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 12288, GatedFFN: true, Vocab: 151936, Seq: 4096,
		PublishedParams: 8.2e9, PublishedActive: 8.2e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-14b", Name: "Qwen3 14B", Family: "Qwen", Modality: "text",
		Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 8, FFN: 17408, GatedFFN: true, Vocab: 151936, Seq: 4096,
		PublishedParams: 14.8e9, PublishedActive: 14.8e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-32b", Name: "Qwen3 32B", Family: "Qwen", Modality: "text",
		Layers: 64, Hidden: 5120, Heads: 64, KVHeads: 8, HeadDim: 128, FFN: 25600, GatedFFN: true, Vocab: 151936, Seq: 4096,
		PublishedParams: 32.8e9, PublishedActive: 32.8e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-30b-a3b", Name: "Qwen3-30B-A3B", Family: "Qwen", Modality: "text",
		Layers: 48, Hidden: 2048, Heads: 32, KVHeads: 4, HeadDim: 128, FFN: 6144, GatedFFN: true, Vocab: 151936, Seq: 4096,
		Experts: 128, ExpertsPerToken: 8, ExpertFFN: 768,
		PublishedParams: 30.5e9, PublishedActive: 3.3e9, Source: qwen3Report, AsOf: asOf},
	{ID: "qwen3-235b-a22b", Name: "Qwen3-235B-A22B", Family: "Qwen", Modality: "text",
		Layers: 94, Hidden: 4096, Heads: 64, KVHeads: 4, HeadDim: 128, FFN: 12288, GatedFFN: true, Vocab: 151936, Seq: 4096,
		Experts: 128, ExpertsPerToken: 8, ExpertFFN: 1536,
		PublishedParams: 235e9, PublishedActive: 22e9, Source: qwen3Report, AsOf: asOf},
	{ID: "gemma-7b", Name: "Gemma 7B", Family: "Gemma", Modality: "text",
		Layers: 28, Hidden: 3072, Heads: 16, KVHeads: 16, HeadDim: 256, FFN: 24576, GatedFFN: true, Vocab: 256000, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 8.537e9, PublishedActive: 8.537e9,
		Source: "Gemma Team 2024, Gemma: Open Models Based on Gemini Research and Technology, arXiv 2403.08295, Tables 1 and 2 (shape; 786M embedding + 7,751M non-embedding parameters)", AsOf: asOf},
	{ID: "gemma-2-2b", Name: "Gemma 2 2B", Family: "Gemma", Modality: "text",
		Layers: 26, Hidden: 2304, Heads: 8, KVHeads: 4, HeadDim: 256, FFN: 9216, GatedFFN: true, Vocab: 256000, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 590_118_912 + 2_024_517_888, PublishedActive: 590_118_912 + 2_024_517_888, Source: gemma2Paper, AsOf: asOf},
	{ID: "gemma-2-9b", Name: "Gemma 2 9B", Family: "Gemma", Modality: "text",
		Layers: 42, Hidden: 3584, Heads: 16, KVHeads: 8, HeadDim: 256, FFN: 14336, GatedFFN: true, Vocab: 256000, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 917_962_752 + 8_324_201_472, PublishedActive: 917_962_752 + 8_324_201_472, Source: gemma2Paper, AsOf: asOf},
	{ID: "gemma-2-27b", Name: "Gemma 2 27B", Family: "Gemma", Modality: "text",
		Layers: 46, Hidden: 4608, Heads: 32, KVHeads: 16, HeadDim: 128, FFN: 36864, GatedFFN: true, Vocab: 256000, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 1_180_237_824 + 26_047_480_320, PublishedActive: 1_180_237_824 + 26_047_480_320, Source: gemma2Paper, AsOf: asOf},
	{ID: "gemma-3-1b", Name: "Gemma 3 1B", Family: "Gemma", Modality: "text",
		Layers: 26, Hidden: 1152, Heads: 4, KVHeads: 1, HeadDim: 256, FFN: 6912, GatedFFN: true, Vocab: 262144, TiedEmbeddings: true, Seq: 32768,
		PublishedParams: 302e6 + 698e6, PublishedActive: 302e6 + 698e6, Source: gemma3Report, AsOf: asOf},
	{ID: "gemma-3-4b", Name: "Gemma 3 4B (text)", Family: "Gemma", Modality: "text",
		Layers: 34, Hidden: 2560, Heads: 8, KVHeads: 4, HeadDim: 256, FFN: 10240, GatedFFN: true, Vocab: 262208, TiedEmbeddings: true, Seq: 32768,
		PublishedParams: 675e6 + 3_209e6, PublishedActive: 675e6 + 3_209e6, Source: gemma3Report, AsOf: asOf},
	{ID: "gemma-3-12b", Name: "Gemma 3 12B (text)", Family: "Gemma", Modality: "text",
		Layers: 48, Hidden: 3840, Heads: 16, KVHeads: 8, HeadDim: 256, FFN: 15360, GatedFFN: true, Vocab: 262208, TiedEmbeddings: true, Seq: 32768,
		PublishedParams: 1_012e6 + 10_759e6, PublishedActive: 1_012e6 + 10_759e6, Source: gemma3Report, AsOf: asOf},
	{ID: "gemma-3-27b", Name: "Gemma 3 27B (text)", Family: "Gemma", Modality: "text",
		Layers: 62, Hidden: 5376, Heads: 32, KVHeads: 16, HeadDim: 128, FFN: 21504, GatedFFN: true, Vocab: 262208, TiedEmbeddings: true, Seq: 32768,
		PublishedParams: 1_416e6 + 25_600e6, PublishedActive: 1_416e6 + 25_600e6, Source: gemma3Report, AsOf: asOf},
	{ID: "phi-3-mini", Name: "Phi-3-mini (4K)", Family: "Phi", Modality: "text",
		Layers: 32, Hidden: 3072, Heads: 32, KVHeads: 32, FFN: 8192, GatedFFN: true, Vocab: 32064, Seq: 4096,
		PublishedParams: 3.8e9, PublishedActive: 3.8e9, Source: phi3Report, AsOf: asOf},
	{ID: "phi-3-medium", Name: "Phi-3-medium (4K)", Family: "Phi", Modality: "text",
		Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 10, FFN: 17920, GatedFFN: true, Vocab: 32064, Seq: 4096,
		PublishedParams: 14e9, PublishedActive: 14e9, Source: phi3Report, AsOf: asOf},
	{ID: "phi-4-mini", Name: "Phi-4-mini", Family: "Phi", Modality: "text",
		Layers: 32, Hidden: 3072, Heads: 24, KVHeads: 8, FFN: 8192, GatedFFN: true, Vocab: 200064, TiedEmbeddings: true, Seq: 4096,
		PublishedParams: 3.8e9, PublishedActive: 3.8e9,
		Source: "Microsoft 2025, Phi-4-Mini Technical Report, arXiv 2503.01743 (3.8B, 200K vocabulary, shared input and output embeddings); shape and 4,096-token original context from the released configuration", AsOf: asOf},
	{ID: "phi-4", Name: "Phi-4 (14B)", Family: "Phi", Modality: "text",
		Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 10, FFN: 17920, GatedFFN: true, Vocab: 100352, Seq: 4096,
		PublishedParams: 14.7e9, PublishedActive: 14.7e9, // the shape gives 14.66B: "14B" is a rounded name
		Source: "Abdin et al. 2024, Phi-4 Technical Report, arXiv 2412.08905 (a 14B model, pre-trained at 4,096 tokens); 14.7B is the count of the released weights; shape from the released configuration", AsOf: asOf},
	{ID: "deepseek-v2", Name: "DeepSeek-V2 (236B MoE, 21B active)", Family: "DeepSeek", Modality: "text",
		Layers: 60, Hidden: 5120, Heads: 128, KVHeads: 128, HeadDim: 128, QRank: 1536, KVRank: 512, RopeDim: 64,
		FFN: 12288, GatedFFN: true, Vocab: 102400, Seq: 4096,
		Experts: 160, ExpertsPerToken: 6, SharedExperts: 2, ExpertFFN: 1536, DenseLayers: 1,
		PublishedParams: 236e9, PublishedActive: 21e9,
		Source: "DeepSeek-AI 2024, DeepSeek-V2, arXiv 2405.04434, sections 2 and 3.1 (shape, 236B total, 21B activated, 4K-token pre-training); vocabulary from the released configuration", AsOf: asOf},
	{ID: "olmo-7b", Name: "OLMo 7B", Family: "OLMo", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 11008, GatedFFN: true, Vocab: 50304, Seq: 2048,
		PublishedParams: 7e9, PublishedActive: 7e9, // the shape gives 6.89B
		Source: "Groeneveld et al. 2024, OLMo: Accelerating the Science of Language Models, arXiv 2402.00838, Table 1 (shape, 2,048-token sequences)", AsOf: asOf},
	{ID: "olmo-2-32b", Name: "OLMo 2 32B", Family: "OLMo", Modality: "text",
		Layers: 64, Hidden: 5120, Heads: 40, KVHeads: 8, FFN: 27648, GatedFFN: true, Vocab: 100352, Seq: 4096,
		PublishedParams: 32e9, PublishedActive: 32e9,
		Source: "Ai2 2025-03-13, OLMo 2 32B model card (32B, 4,096-token context); shape from the released configuration", AsOf: asOf},
	{ID: "falcon-7b", Name: "Falcon-7B", Family: "Falcon", Modality: "text",
		Layers: 32, Hidden: 4544, Heads: 71, KVHeads: 1, FFN: 4 * 4544, Vocab: 65024, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 7e9, PublishedActive: 7e9, Source: falconPaper, AsOf: asOf},
	{ID: "falcon-180b", Name: "Falcon-180B", Family: "Falcon", Modality: "text",
		Layers: 80, Hidden: 14848, Heads: 232, KVHeads: 8, FFN: 4 * 14848, Vocab: 65024, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 180e9, PublishedActive: 180e9, Source: falconPaper, AsOf: asOf},
	{ID: "starcoder", Name: "StarCoder (15.5B)", Family: "StarCoder", Modality: "text",
		Layers: 40, Hidden: 6144, Heads: 48, KVHeads: 1, FFN: 24576, Vocab: 49152, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 15.5e9, PublishedActive: 15.5e9,
		Source: "Li et al. 2023, StarCoder: may the source be with you!, arXiv 2305.06161 (15.5B, multi-query attention, 8,192-token context); shape from the released configuration", AsOf: asOf},
	{ID: "starcoder2-3b", Name: "StarCoder2 3B", Family: "StarCoder", Modality: "text",
		Layers: 30, Hidden: 3072, Heads: 24, KVHeads: 2, FFN: 12288, Vocab: 49152, TiedEmbeddings: true, Seq: 16384,
		PublishedParams: 3e9, PublishedActive: 3e9, Source: starcoder2Paper, AsOf: asOf},
	{ID: "starcoder2-7b", Name: "StarCoder2 7B", Family: "StarCoder", Modality: "text",
		Layers: 32, Hidden: 4608, Heads: 36, KVHeads: 4, FFN: 18432, Vocab: 49152, TiedEmbeddings: true, Seq: 16384,
		PublishedParams: 7e9, PublishedActive: 7e9, // the shape gives 7.17B
		Source: starcoder2Paper, AsOf: asOf},
	{ID: "gpt-neox-20b", Name: "GPT-NeoX-20B", Family: "GPT-NeoX", Modality: "text",
		Layers: 44, Hidden: 6144, Heads: 64, KVHeads: 64, FFN: 24576, Vocab: 50432, Seq: 2048,
		PublishedParams: 20_554_567_680, PublishedActive: 20_554_567_680,
		Source: "Black et al. 2022, GPT-NeoX-20B, arXiv 2204.06745 (shape, 2,048-token sequences); 20,554,567,680 parameters in its model card", AsOf: asOf},
	{ID: "pythia-1b", Name: "Pythia 1B", Family: "GPT-NeoX", Modality: "text",
		Layers: 16, Hidden: 2048, Heads: 8, KVHeads: 8, FFN: 8192, Vocab: 50304, Seq: 2048,
		PublishedParams: 1_011_781_632, PublishedActive: 1_011_781_632, Source: pythiaPaper, AsOf: asOf},
	{ID: "pythia-2.8b", Name: "Pythia 2.8B", Family: "GPT-NeoX", Modality: "text",
		Layers: 32, Hidden: 2560, Heads: 32, KVHeads: 32, FFN: 10240, Vocab: 50304, Seq: 2048,
		PublishedParams: 2_775_208_960, PublishedActive: 2_775_208_960, Source: pythiaPaper, AsOf: asOf},
	{ID: "pythia-6.9b", Name: "Pythia 6.9B", Family: "GPT-NeoX", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 16384, Vocab: 50432, Seq: 2048,
		PublishedParams: 6_857_302_016, PublishedActive: 6_857_302_016, Source: pythiaPaper, AsOf: asOf},
	{ID: "pythia-12b", Name: "Pythia 12B", Family: "GPT-NeoX", Modality: "text",
		Layers: 36, Hidden: 5120, Heads: 40, KVHeads: 40, FFN: 20480, Vocab: 50688, Seq: 2048,
		PublishedParams: 11_846_072_320, PublishedActive: 11_846_072_320, Source: pythiaPaper, AsOf: asOf},
	{ID: "mpt-7b", Name: "MPT-7B", Family: "MPT", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 4 * 4096, Vocab: 50432, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 6.7e9, PublishedActive: 6.7e9,
		Source: "MosaicML 2023-05-05, Introducing MPT-7B, and its model card (n_parameters 6.7B, 2,048-token sequences); shape from the released configuration", AsOf: asOf},
	{ID: "mpt-30b", Name: "MPT-30B", Family: "MPT", Modality: "text",
		Layers: 48, Hidden: 7168, Heads: 64, KVHeads: 64, FFN: 4 * 7168, Vocab: 50432, TiedEmbeddings: true, Seq: 8192,
		PublishedParams: 29.95e9, PublishedActive: 29.95e9,
		Source: "MosaicML 2023-06-22, MPT-30B model card (n_parameters 29.95B, 8,192-token context); shape from the released configuration", AsOf: asOf},
	{ID: "gpt-2-xl", Name: "GPT-2 XL (1.5B)", Family: "GPT", Modality: "text",
		Layers: 48, Hidden: 1600, Heads: 25, KVHeads: 25, FFN: 4 * 1600, Vocab: 50257, TiedEmbeddings: true, Seq: 1024,
		PublishedParams: 1542e6, PublishedActive: 1542e6,
		Source: "Radford et al. 2019, Language Models are Unsupervised Multitask Learners, Table 2 (1,542M, 48 layers, d_model 1,600, 1,024-token context)", AsOf: asOf},
	// Vision: one token per patch (and class token).
	{ID: "vit-l-16", Name: "ViT-L/16 (224 px)", Family: "ViT", Modality: "image",
		Layers: 24, Hidden: 1024, Heads: 16, KVHeads: 16, FFN: 4096, Seq: 197, Patch: 16, // 14 x 14 patches + class token
		PublishedParams: 307e6, PublishedActive: 307e6,
		Source: "Dosovitskiy et al. 2021, An Image is Worth 16x16 Words, arXiv 2010.11929, Table 1 (ViT-Large, 307M)", AsOf: asOf},
	// The video reference: VideoMAE's ViT-L, whose tubelet tokenizer (2
	// frames x 16 x 16 pixels per token, as ViViT's tubelet embedding) is the
	// tokens-per-frame rule the scenario chain applies to fleet camera frames,
	// and whose shape and count are published in full. 16 frames of 224 px:
	// 8 x 14 x 14 = 1,568 tokens per clip.
	{ID: "videomae-vit-l", Name: "VideoMAE ViT-L (tubelet 2x16x16)", Family: "VideoMAE", Modality: "video",
		Layers: 24, Hidden: 1024, Heads: 16, KVHeads: 16, FFN: 4096, Seq: 1568, Patch: 16, Tubelet: 2,
		PublishedParams: 305e6, PublishedActive: 305e6,
		Source: "Tong et al. 2022, VideoMAE, arXiv 2203.12602: tubelet 2x16x16 over 16 frames, ViT-L with 305M parameters in its Kinetics-400 comparison", AsOf: asOf},
}

// megatronTable1 is the source of the Megatron-LM GPT shapes and runs.
const megatronTable1 = "Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM, arXiv 2104.04473, Table 1"

// The sources several models of a family share.
const (
	llama32Card     = "Meta 2024-09-25, Llama 3.2 model card (1.23B and 3.21B parameters, shared input and output embeddings); shape from the released configuration; 8,192-token pre-training as Llama 3 (Dubey et al. 2024)"
	qwen25Report    = "Qwen team 2024, Qwen2.5 Technical Report, arXiv 2412.15115, Table 1 and section 3 (shape, 4,096-token pre-training); parameter counts from the Qwen2.5 model cards (2024-09-19)"
	qwen3Report     = "Qwen team 2025, Qwen3 Technical Report, arXiv 2505.09388, Tables 1 and 2 and section 3 (shape, 4,096-token pre-training); parameter counts from the Qwen3 model cards (2025-04-29)"
	gemma2Paper     = "Gemma Team 2024, Gemma 2: Improving Open Language Models at a Practical Size, arXiv 2408.00118, Tables 1 and 2 (shape, 8,192-token context; embedding + non-embedding parameters)"
	gemma3Report    = "Gemma Team 2025, Gemma 3 Technical Report, arXiv 2503.19786, Table 1 (embedding + non-embedding parameters; the 417M vision encoder left out) and section 2 (32K-token pre-training); shape from the released configuration"
	phi3Report      = "Abdin et al. 2024, Phi-3 Technical Report, arXiv 2404.14219 (phi-3-mini 3.8B, phi-3-medium 14B, 4K-token context); shape from the released configurations"
	falconPaper     = "Almazrouei et al. 2023, The Falcon Series of Open Language Models, arXiv 2311.16867 (shape, 2,048-token sequences; feed-forward 4 x d_model, embeddings tied); shape from the released configurations"
	starcoder2Paper = "Lozhkov et al. 2024, StarCoder 2 and The Stack v2: The Next Generation, arXiv 2402.19173 (3B and 7B, 16,384-token context); shape from the released configurations"
	pythiaPaper     = "Biderman et al. 2023, Pythia: A Suite for Analyzing Large Language Models, arXiv 2304.01373, Table 1 (shape and exact parameter counts, 2,048-token sequences)"
)

// TransformerModels returns the transformer catalog, a copy in catalog order.
func TransformerModels() []TransformerModel { return slices.Clone(transformerModels) }

// TransformerModelByID looks a transformer up by id.
func TransformerModelByID(id string) (TransformerModel, bool) {
	return find(transformerModels, transformerModelIndex, id)
}

// TransformerModelIDs lists the transformer ids sorted.
func TransformerModelIDs() []string { return ids(transformerModelIndex) }

var transformerModelIndex = index(len(transformerModels), func(i int) string { return transformerModels[i].ID })

// Params counts the model's parameters from its shape, total and active per
// token: the embedding (and the output layer unless tied), or a vision model's
// patch projection; per layer the attention projections and the feed-forward
// block, for a mixture of experts every routed and shared expert in total and
// the shared and ExpertsPerToken routed ones in active, plus the router.
// Norms, biases and position embeddings are left out (under 0.1% of any
// catalog model).
func (m TransformerModel) Params() (total, active float64) {
	h := float64(m.Hidden)
	embed := m.embeddingParams()
	attn := m.attentionParams()
	denseLayers := m.Layers
	total, active = embed, embed
	if m.MoE() {
		denseLayers = m.DenseLayers
		moeLayers := float64(m.Layers - m.DenseLayers)
		expert := m.ffnParams(m.ExpertFFN)
		router := h * float64(m.Experts)
		total += moeLayers * (attn + router + float64(m.Experts+m.SharedExperts)*expert)
		active += moeLayers * (attn + router + float64(m.ExpertsPerToken+m.SharedExperts)*expert)
	}
	dense := float64(denseLayers) * (attn + m.ffnParams(m.FFN))
	return total + dense, active + dense
}

// headDim is the width of one attention head.
func (m TransformerModel) headDim() int {
	if m.HeadDim > 0 {
		return m.HeadDim
	}
	return m.Hidden / m.Heads
}

// matrix is one weight matrix's input and output widths.
type matrix struct{ in, out float64 }

// matrices is a layer's few matrices of one kind, held in place: the
// sizing's bisections count parameters thousands of times.
type matrices struct {
	m [5]matrix
	n int
}

func (ms *matrices) add(x ...matrix) {
	for _, v := range x {
		ms.m[ms.n] = v
		ms.n++
	}
}

func (ms *matrices) list() []matrix { return ms.m[:ms.n] }

// size is the parameters of the matrices.
func (ms *matrices) size() float64 {
	var n float64
	for _, x := range ms.list() {
		n += x.in * x.out
	}
	return n
}

// attentionMatrices is one layer's attention projections. Plain attention:
// queries and output Heads x HeadDim wide, keys and values KVHeads x HeadDim
// (grouped-query attention). Latent attention (DeepSeek-V2, arXiv 2405.04434,
// section 2.1): Hidden to QRank and up to Heads x (HeadDim + RopeDim) for
// queries (Hidden straight to the latter without QRank, DeepSeek-V2-Lite);
// Hidden to KVRank + RopeDim, and KVRank up to Heads x HeadDim each for keys
// and values; the output Heads x HeadDim back to Hidden.
func (m TransformerModel) attentionMatrices() matrices {
	h, heads, hd := float64(m.Hidden), float64(m.Heads), float64(m.headDim())
	var ms matrices
	if m.KVRank > 0 {
		rope, r := float64(m.RopeDim), float64(m.KVRank)
		if q := float64(m.QRank); q > 0 {
			ms.add(matrix{h, q}, matrix{q, heads * (hd + rope)})
		} else {
			ms.add(matrix{h, heads * (hd + rope)})
		}
		ms.add(matrix{h, r + rope}, matrix{r, heads * 2 * hd})
	} else {
		kv := float64(m.KVHeads) * hd
		ms.add(matrix{h, heads * hd}, matrix{h, kv}, matrix{h, kv})
	}
	ms.add(matrix{heads * hd, h})
	return ms
}

// ffnMatrices is one feed-forward block of the given width: up and down
// projections, and a gate beside the up projection when gated.
func (m TransformerModel) ffnMatrices(width int) matrices {
	h, w := float64(m.Hidden), float64(width)
	var ms matrices
	if m.GatedFFN {
		ms.add(matrix{h, w})
	}
	ms.add(matrix{h, w}, matrix{w, h})
	return ms
}

// attentionParams and ffnParams are the parameters of those matrices.
func (m TransformerModel) attentionParams() float64 {
	ms := m.attentionMatrices()
	return ms.size()
}

func (m TransformerModel) ffnParams(width int) float64 {
	ms := m.ffnMatrices(width)
	return ms.size()
}

// llama1Table2: LLaMA's shapes (dimension, heads, layers) and sizes; the
// feed-forward width is 2/3 of 4 x dimension rounded up to 256, as released.
const llama1Table2 = "Touvron et al. 2023, LLaMA: Open and Efficient Foundation Language Models, arXiv 2302.13971, Table 2 (shapes, 2k context) and the released configurations (feed-forward widths)"

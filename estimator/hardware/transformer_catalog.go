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
	{ID: "gpt-3-175b", Name: "GPT-3 175B", Modality: "text",
		Layers: 96, Hidden: 12288, Heads: 96, KVHeads: 96, FFN: 4 * 12288, Vocab: 50257, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 175e9, PublishedActive: 175e9,
		Source: "Brown et al. 2020, Language Models are Few-Shot Learners, arXiv 2005.14165, Table 2.1 (GPT-2's 50,257-token vocabulary, feed-forward 4 x d_model)", AsOf: asOf},
	// Megatron-LM's weak-scaling GPTs (Narayanan et al. 2021, Table 1): vocabulary
	// 51,200, sequence 2,048, feed-forward 4h, embeddings tied; three of its rows.
	{ID: "megatron-gpt-18b", Name: "Megatron-LM GPT 18.4B", Modality: "text",
		Layers: 40, Hidden: 6144, Heads: 48, KVHeads: 48, FFN: 4 * 6144, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 18.4e9, PublishedActive: 18.4e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "megatron-gpt-146b", Name: "Megatron-LM GPT 145.6B", Modality: "text",
		Layers: 80, Hidden: 12288, Heads: 96, KVHeads: 96, FFN: 4 * 12288, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 145.6e9, PublishedActive: 145.6e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "megatron-gpt-1t", Name: "Megatron-LM GPT 1T", Modality: "text",
		Layers: 128, Hidden: 25600, Heads: 160, KVHeads: 160, FFN: 4 * 25600, Vocab: 51200, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 1008e9, PublishedActive: 1008e9,
		Source: megatronTable1, AsOf: asOf},
	{ID: "bloom-176b", Name: "BLOOM 176B", Modality: "text",
		Layers: 70, Hidden: 14336, Heads: 112, KVHeads: 112, FFN: 4 * 14336, Vocab: 250680, TiedEmbeddings: true, Seq: 2048,
		PublishedParams: 176.247e9, PublishedActive: 176.247e9,
		Source: "BigScience, BLOOM: A 176B-Parameter Open-Access Multilingual Language Model, arXiv 2211.05100, section 3.2 and its table of model shapes (176,247M)", AsOf: asOf},
	{ID: "llama-2-7b", Name: "Llama 2 7B", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 11008, GatedFFN: true, Vocab: 32000, Seq: 4096,
		PublishedParams: 6.7e9, PublishedActive: 6.7e9,
		Source: "Touvron et al. 2023, Llama 2, arXiv 2307.09288, Table 1 (7B, 4k context, no GQA); the shape is LLaMA 7B's, 6.7B in Touvron et al. 2023, LLaMA, arXiv 2302.13971, Table 2", AsOf: asOf},
	{ID: "llama-2-70b", Name: "Llama 2 70B", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, GatedFFN: true, Vocab: 32000, Seq: 4096,
		PublishedParams: 70e9, PublishedActive: 70e9, // the shape gives 69.0B: "70B" is a rounded name
		Source: "Touvron et al. 2023, Llama 2, arXiv 2307.09288, Table 1 (70B, 4k context, GQA) and the released configuration (8 key/value heads, feed-forward 28,672)", AsOf: asOf},
	{ID: "mixtral-8x7b", Name: "Mixtral 8x7B", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, GatedFFN: true, Vocab: 32000, Seq: 32768,
		Experts: 8, ExpertsPerToken: 2, ExpertFFN: 14336,
		PublishedParams: 46.7e9, PublishedActive: 12.9e9,
		Source: "Jiang et al. 2024, Mixtral of Experts, arXiv 2401.04088, Table 1 (shape); Mistral AI's announcement (46.7B total, 12.9B per token)", AsOf: asOf},
	{ID: "nemotron-4-340b", Name: "Nemotron-4 340B", Modality: "text",
		Layers: 96, Hidden: 18432, Heads: 96, KVHeads: 8, FFN: 73728, Vocab: 256000, Seq: 4096, // squared-ReLU feed-forward: two matrices
		PublishedParams: 340e9, PublishedActive: 340e9,
		Source: "NVIDIA 2024, Nemotron-4 340B Technical Report, arXiv 2406.11704, Table 1 (shape; untied embeddings)", AsOf: asOf},
	{ID: "llama-3.1-8b", Name: "Llama 3.1 8B", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 8e9, PublishedActive: 8e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 8B)", AsOf: asOf},
	{ID: "llama-3.1-70b", Name: "Llama 3.1 70B", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 70e9, PublishedActive: 70e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 70B)", AsOf: asOf},
	{ID: "llama-3.1-405b", Name: "Llama 3.1 405B", Modality: "text",
		Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, FFN: 53248, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 405e9, PublishedActive: 405e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 405B)", AsOf: asOf},
	// DeepSeek-V3's multi-head latent attention is entered by its projection
	// sizes (q_rank 1,536, kv_rank 512, 64 RoPE dimensions per head), which
	// Params counts exactly; the attention core's FLOPs and activations are
	// approximated as 128 plain heads of 128. The 14B multi-token prediction
	// module is left out, as the 671B count leaves it out.
	{ID: "deepseek-v3", Name: "DeepSeek-V3 (671B MoE, 37B active)", Modality: "text",
		Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128, HeadDim: 128, QRank: 1536, KVRank: 512, RopeDim: 64,
		FFN: 18432, GatedFFN: true, Vocab: 129280, Seq: 4096,
		Experts: 256, ExpertsPerToken: 8, SharedExperts: 1, ExpertFFN: 2048, DenseLayers: 3,
		PublishedParams: 671e9, PublishedActive: 37e9,
		Source: "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv 2412.19437, sections 2.1 and 4.2 (shape, 671B total, 37B activated); vocabulary from the released configuration", AsOf: asOf},
	// Vision: one token per patch (and class token).
	{ID: "vit-l-16", Name: "ViT-L/16 (224 px)", Modality: "image",
		Layers: 24, Hidden: 1024, Heads: 16, KVHeads: 16, FFN: 4096, Seq: 197, Patch: 16, // 14 x 14 patches + class token
		PublishedParams: 307e6, PublishedActive: 307e6,
		Source: "Dosovitskiy et al. 2021, An Image is Worth 16x16 Words, arXiv 2010.11929, Table 1 (ViT-Large, 307M)", AsOf: asOf},
	// The video reference: VideoMAE's ViT-L, whose tubelet tokenizer (2
	// frames x 16 x 16 pixels per token, as ViViT's tubelet embedding) is the
	// tokens-per-frame rule the scenario chain applies to fleet camera frames,
	// and whose shape and count are published in full. 16 frames of 224 px:
	// 8 x 14 x 14 = 1,568 tokens per clip.
	{ID: "videomae-vit-l", Name: "VideoMAE ViT-L (tubelet 2x16x16)", Modality: "video",
		Layers: 24, Hidden: 1024, Heads: 16, KVHeads: 16, FFN: 4096, Seq: 1568, Patch: 16, Tubelet: 2,
		PublishedParams: 305e6, PublishedActive: 305e6,
		Source: "Tong et al. 2022, VideoMAE, arXiv 2203.12602: tubelet 2x16x16 over 16 frames, ViT-L with 305M parameters in its Kinetics-400 comparison", AsOf: asOf},
}

// megatronTable1 is the source of the Megatron-LM GPT shapes and runs.
const megatronTable1 = "Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM, arXiv 2104.04473, Table 1"

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
	embed := float64(m.Vocab) * h
	if !m.TiedEmbeddings {
		embed *= 2
	}
	if m.Patch > 0 {
		// A tubelet of Tubelet frames of Patch x Patch pixels, projected to Hidden.
		embed += float64(m.Patch*m.Patch*max(m.Tubelet, 1)*imageChannels) * h
	}
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

// attentionParams is one layer's attention projections. Plain attention:
// queries and output Heads x HeadDim wide, keys and values KVHeads x HeadDim
// (grouped-query attention). Latent attention (DeepSeek-V2, arXiv 2405.04434,
// section 2.1): Hidden to QRank and up to Heads x (HeadDim + RopeDim) for
// queries; Hidden to KVRank + RopeDim, and KVRank up to Heads x HeadDim each
// for keys and values; the output Heads x HeadDim back to Hidden.
func (m TransformerModel) attentionParams() float64 {
	h, heads, hd := float64(m.Hidden), float64(m.Heads), float64(m.headDim())
	out := heads * hd * h
	if m.KVRank > 0 {
		q := h * heads * (hd + float64(m.RopeDim)) // uncompressed queries (DeepSeek-V2-Lite)
		if m.QRank > 0 {
			q = h*float64(m.QRank) + float64(m.QRank)*heads*(hd+float64(m.RopeDim))
		}
		kv := h*float64(m.KVRank+m.RopeDim) + float64(m.KVRank)*heads*2*hd
		return q + kv + out
	}
	return h*heads*hd + 2*h*float64(m.KVHeads)*hd + out
}

// ffnParams is one feed-forward block of the given width: up and down
// projections, and a gate beside the up projection when gated.
func (m TransformerModel) ffnParams(width int) float64 {
	mats := 2.0
	if m.GatedFFN {
		mats = 3
	}
	return mats * float64(m.Hidden) * float64(width)
}

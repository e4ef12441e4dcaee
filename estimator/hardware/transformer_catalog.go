package hardware

import "slices"

// The transformer catalog: published shapes. Params computes each model's
// parameter counts from its shape, and a test holds them to what the source
// states, so a mistyped shape cannot pass unnoticed.

// imageChannels is the colour channels a vision model's patch projection
// reads (RGB).
const imageChannels = 3

var transformerModels = []TransformerModel{
	{ID: "llama-3.1-8b", Name: "Llama 3.1 8B", Modality: "text",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 8.03e9, PublishedActive: 8.03e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape); Llama 3.1 model card (8.03B)", AsOf: asOf},
	{ID: "llama-3.1-70b", Name: "Llama 3.1 70B", Modality: "text",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 70.6e9, PublishedActive: 70.6e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape); Llama 3.1 model card (70.6B)", AsOf: asOf},
	{ID: "llama-3.1-405b", Name: "Llama 3.1 405B", Modality: "text",
		Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, FFN: 53248, GatedFFN: true, Vocab: 128256, Seq: 8192,
		PublishedParams: 405e9, PublishedActive: 405e9,
		Source: "Dubey et al. 2024, The Llama 3 Herd of Models, arXiv 2407.21783, Table 3 (shape, 405B)", AsOf: asOf},
}

// TransformerModels returns the transformer catalog, a copy in catalog order.
func TransformerModels() []TransformerModel { return slices.Clone(transformerModels) }

// TransformerModelByID looks a transformer up by id.
func TransformerModelByID(id string) (TransformerModel, bool) {
	return find(transformerModels, transformerModelIndex, id)
}

// TransformerModelIDs lists the transformer ids sorted.
func TransformerModelIDs() []string { return ids(transformerModels) }

var transformerModelIndex = index(transformerModels)

func (m TransformerModel) key() string { return m.ID }

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

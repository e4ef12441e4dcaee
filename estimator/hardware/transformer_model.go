package hardware

import (
	"errors"
	"math"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// The transformer performance model: FLOPs, memory, the step's time for one
// layout, and the search for the fastest layout that fits. The formulas and
// their sources are in docs/transformers.md.

// Efficiencies of the transformer model, fitted together to the runs of
// TransformerRuns that are not HeldOut, by least squares on the log of
// each run's first published rate (a grid of 0.005 and 0.02).
// CalibrateTransformers reports each error. They are not hardware.Factors
// yet: a scenario's factors section would need rows for them.
const (
	// matmulEfficiency is the fraction of the dense BF16 peak a
	// transformer's large matrix multiplies reach.
	matmulEfficiency = 0.55
	// lowPrecisionGain is the share of FP8's (FP4's) speed-up over BF16 that
	// training keeps: scaling, casts and the layers left in BF16 take the
	// rest.
	lowPrecisionGain = 0.7
	// attentionEfficiency is the fraction of the dense BF16 peak
	// attention's score and value products reach: less than the matrix
	// multiplies', as FlashAttention-2 reached 35% of an H100's and
	// FlashAttention-3 up to 75% forward (Shah et al. 2024, abstract). It
	// is fitted, the two above held, to the one calibration run where
	// attention is a large share of the work (40%: Llama 3 405B at 131k
	// tokens; elsewhere under 10%): at 0.45 that run's MFU falls below the
	// 8k runs' as the published one does, the held-out median error stays
	// 6.7% and their 80th percentile falls from 14.8% to 13.5%. Refitting
	// all three at once moves the matrix multiplies to 0.57 and the
	// held-out median to 7.8%, the two FP8 rows pulling the least squares.
	attentionEfficiency = 0.45
)

// attentionByHeadWidth is attention's speed by the width of a head,
// relative to 128's (the calibration runs' width, which attentionEfficiency
// is fitted at): FlashAttention-3's causal BF16 forward pass on an H100 at
// 16k tokens ran at 473, 616 and 642 TFLOP/s at widths 64, 128 and 256
// (Shah et al. 2024, Figure 5). Narrow heads do less work per byte of keys
// and values moved through the on-chip memory.
var attentionByHeadWidth = [...]struct{ width, speed float64 }{{64, 473.0 / 616}, {128, 1}, {256, 642.0 / 616}}

// attentionHeadFactor is attentionByHeadWidth at width d: linear in log2 d
// between the measured widths, held at the nearest one outside them.
func attentionHeadFactor(d int) float64 {
	t := attentionByHeadWidth
	x := math.Log2(float64(d))
	if x <= math.Log2(t[0].width) {
		return t[0].speed
	}
	for i := 1; i < len(t); i++ {
		if x0, x1 := math.Log2(t[i-1].width), math.Log2(t[i].width); x <= x1 {
			return t[i-1].speed + (t[i].speed-t[i-1].speed)*(x-x0)/(x1-x0)
		}
	}
	return t[len(t)-1].speed
}

// DefaultGlobalBatchTokens is the tokens per optimizer step when a job gives
// none: Llama 3 405B's 2,048 sequences of 8,192 (Dubey et al. 2024, Table 4).
const DefaultGlobalBatchTokens = 2048 * 8192

// Training state per parameter before ZeRO partitioning, bytes: BF16 weights
// and gradients, and Adam's FP32 master copy, momentum and variance
// (Rajbhandari et al. 2020: 2 + 2 + 12 = 16). FP8 and FP4 training keep the
// same BF16/FP32 state and make their low-precision copies per layer, in the
// workspace, as DeepSeek-V3 does (its BF16 moments, 4 bytes less, are not
// modelled: the figure stays on the safe side).
const (
	stateWeightBytes    = 2
	stateGradientBytes  = 2
	stateOptimizerBytes = 12
	stateBytesPerParam  = stateWeightBytes + stateGradientBytes + stateOptimizerBytes
)

// matrixParams is the active parameters in matrix multiplies, the N of 6N:
// Params' active ones less a language model's input embedding, a lookup
// (the output layer, tied or not, is a matrix multiply; so is a vision
// model's patch projection).
func (m TransformerModel) matrixParams() float64 {
	_, active := m.Params()
	if m.Vocab > 0 && !m.TiedEmbeddings {
		active -= float64(m.Vocab) * float64(m.Hidden)
	}
	return active
}

// expertParams is the routed experts' weights, which expert parallelism splits.
func (m TransformerModel) expertParams() float64 {
	if !m.MoE() {
		return 0
	}
	return float64(m.Layers-m.DenseLayers) * float64(m.Experts) * m.ffnParams(m.ExpertFFN)
}

// kvWidth is the width of one token's keys and values each: KVHeads x
// HeadDim, or latent attention's compressed KVRank + RopeDim (which it
// caches and exchanges instead).
func (m TransformerModel) kvWidth() float64 {
	if m.KVRank > 0 {
		return float64(m.KVRank+m.RopeDim) / 2
	}
	return float64(m.KVHeads * m.headDim())
}

// causal reports whether a token attends only to those before it: language
// models do; vision encoders attend both ways.
func (m TransformerModel) causal() bool { return m.Vocab > 0 }

// AttentionFLOPsPerToken is the training FLOPs of attention's score and
// value products per token at sequence length seq: 6 x layers x seq x d_attn
// for causal attention (Kaplan et al. 2020, Table 1: 2 n_layer n_ctx d_attn
// forward, x3 for training). Narayanan et al. 2021 eq. 3 counts the full
// square, 12 x layers x seq x h; a causal mask needs half of it, which
// FlashAttention skips, so language models count half and vision encoders,
// which attend both ways, the whole. d_attn is the mean of the query-key
// width (with latent attention's rotary part) and the value width.
func (m TransformerModel) AttentionFLOPsPerToken(seq int) float64 {
	heads, hd := float64(m.Heads), float64(m.headDim())
	dAttn := heads * (2*hd + float64(m.RopeDim)) / 2
	f := 12 * float64(m.Layers) * float64(seq) * dAttn
	if m.causal() {
		f /= 2
	}
	return f
}

// ModelFLOPsPerToken is training's FLOPs per token as MFU counts them:
// 6 x the active matrix parameters (the logit layer included, routing
// negligible) plus attention (Narayanan et al. 2021, eq. 3).
func (m TransformerModel) ModelFLOPsPerToken(seq int) float64 {
	return 6*m.matrixParams() + m.AttentionFLOPsPerToken(seq)
}

// recomputeForward is the FLOPs per token that recomputation runs again in
// the backward pass, of a model whose forward pass is forward FLOPs per
// token and whose attention in training (ModelFLOPsPerToken's share) is
// attention: the whole forward pass under full recomputation, attention's
// products under selective (Korthikanti et al. 2022).
func recomputeForward(forward, attention float64, r Recompute) float64 {
	switch r {
	case RecomputeFull:
		return forward
	case RecomputeSelective:
		return attention / 3
	}
	return 0
}

// ActivationBytesPerLayer is what one layer keeps for the backward pass for
// a micro-batch of b sequences of s tokens, 16-bit activations, tensor and
// sequence parallel over tp GPUs: s*b*h*activationWidths()/tp (Korthikanti
// et al. 2022's accounting, eq. 2, for today's kernels: see
// activationWidths); full recomputation keeps only the layer's input,
// 2sbh/tp. Selective recomputation (attention's core) keeps as much as none:
// FlashAttention already keeps no scores and recomputes them backward.
func (m TransformerModel) ActivationBytesPerLayer(s, b, tp int, r Recompute) float64 {
	return activationBytes(float64(s)*float64(b)*float64(m.Hidden), m.activationWidths(), tp, r)
}

// activationBytes is ActivationBytesPerLayer for s*b*h = sbh and the
// model's activationWidths, which the layout search computes once per job.
func activationBytes(sbh, widths float64, tp int, r Recompute) float64 {
	if r == RecomputeFull {
		return 2 * sbh / float64(tp)
	}
	return sbh * widths / float64(tp)
}

// activationWidths is the 16-bit tensors one layer keeps for its backward
// pass, in units of s*b*h bytes, averaged over the layers (a mixture of
// experts' routed layers differ from its dense ones). Korthikanti et al.
// 2022 count 34 + 5as/h for GPT-3's layer (Table 2); today's runs keep less:
// FlashAttention stores no s x s scores (Dao et al. 2022), and Llama-style
// models train without dropout, whose masks were 2 of the 34. What stays:
// the two norms' inputs (4), attention's input, queries and output (6), its
// keys and values (4 x kv/h, grouped-query attention), the feed-forward
// block's input (2) and its hidden tensors: 4 x f/h for a plain block (the
// first matrix's output and the activation's), 6 x f/h for a gated one (the
// gate's and up projection's outputs and their product; the fused SwiGLU
// recomputes the activation). GPT-3's layer: 32, Korthikanti's 34 less the
// dropout masks; Llama 3.1 405B's: 31.75.
func (m TransformerModel) activationWidths() float64 {
	h := float64(m.Hidden)
	hidden := func(width int) float64 {
		if m.GatedFFN {
			return 6 * float64(width) / h
		}
		return 4 * float64(width) / h
	}
	base := 12 + 4*m.kvWidth()/h
	if !m.MoE() {
		return base + hidden(m.FFN)
	}
	// A routed layer's tokens pass through the experts they visit.
	routed := float64(m.ExpertsPerToken+m.SharedExperts) * hidden(m.ExpertFFN)
	dense := float64(m.DenseLayers) / float64(m.Layers)
	return base + dense*hidden(m.FFN) + (1-dense)*routed
}

// PipelineBubble is the idle share of a pipeline's step: (p-1)/(v*m+p-1) for
// p stages, m micro-batches and v model chunks per stage (Narayanan et al.
// 2021, sections 2.2.1-2.2.2: the interleaved schedule divides the bubble
// by v; v = 1 is GPipe's and 1F1B's (p-1)/(m+p-1)).
func PipelineBubble(p, m, v int) float64 {
	return float64(p-1) / float64(v*m+p-1)
}

// FitError says that no layout of a job fits its GPUs' memory, and by how
// much the smallest one misses.
type FitError struct {
	Need     float64 // bytes per GPU of the layout that needs least
	Capacity float64 // bytes per GPU
	Layout   Layout  // that layout
}

func (e *FitError) Error() string { return e.In("en") }

// In says the error in lang ("ja"; anything else reads English).
func (e *FitError) In(lang string) string {
	l := e.Layout
	if lang == "ja" {
		return minfmt.Sprintf("収まる並列化構成がありません。最小の構成（TP %d、PP %d、DP %d、ZeRO %d、%s）は GPU 1 基あたり %.1f GiB 必要で、GPU の %.1f GiB より %.1f GiB 多すぎます",
			l.TP, l.PP, l.DP, l.ZeRO, recomputeJA[l.Recompute], e.Need/gib, e.Capacity/gib, (e.Need-e.Capacity)/gib)
	}
	return minfmt.Sprintf("no layout fits: the smallest (TP %d, PP %d, DP %d, ZeRO %d, %s recomputation) needs %.1f GiB per GPU, %.1f GiB more than the GPU's %.1f GiB",
		l.TP, l.PP, l.DP, l.ZeRO, string(l.Recompute), e.Need/gib, (e.Need-e.Capacity)/gib, e.Capacity/gib)
}

// recomputeJA names a recomputation in a Japanese sentence.
var recomputeJA = map[Recompute]string{RecomputeNone: "再計算なし", RecomputeSelective: "選択的な再計算", RecomputeFull: "全体の再計算"}

// ErrNoPrecision is returned for a precision the GPU has no dense path for.
var ErrNoPrecision = errors.New("the GPU has no dense tensor path at this precision")

// job is a TransformerJob's invariants, worked out once for the search.
type job struct {
	TransformerJob
	seq            int
	params, expert float64 // total and routed-expert parameters
	// What trains, in parameters, and what stays frozen, in bytes, all and
	// on routed experts: every weight trains unless the run has adapters.
	train, trainExpert   float64
	frozen, frozenExpert float64
	// One layer's adapted matrices: attention's, a dense feed-forward
	// block's and one expert's (none without adapters, or when LoRA adapts
	// attention only).
	attnAdapters, ffnAdapters, expertAdapters matrices
	quantized, quantizedExpert                float64 // 4-bit weights (QLoRA), all and on routed experts
	modelFLOPs                                float64 // per token, as the run's MFU counts them
	forwardFLOPs                              float64 // per token, the whole model's forward pass
	attentionFLOPs                            float64 // per token, attention's products in training
	// One layer's attention projections and feed-forward blocks, dense and
	// one expert's, in parameters: the step's time reads them per layout.
	attnParams, ffnParams, expertFFNParams float64
	actWidths                              float64 // the model's activationWidths
	peak, matmulRate                       float64 // FLOP/s: the precision's peak and what matrix multiplies reach
	attnRate                               float64 // attention's products run in BF16 whatever the precision
	memRate                                float64 // bytes/s of element-wise traffic
	width                                  float64 // bytes per matrix element at the precision
	domain                                 int     // GPUs one NVLink fabric joins
	nvlink, fabric                         float64 // bytes/s per GPU an all-reduce reaches, inside and across the domain
	latency                                float64 // s per hop across the fabric
	f                                      Factors
}

// PlanTransformer plans job: the fastest layout that fits (or job.Layout),
// its FLOPs, memory, step time, MFU and failure-free GPU-hours. It returns a
// *FitError when no layout fits, ErrNoPrecision for a precision the GPU
// lacks, and an error for a job it cannot evaluate. Inputs are checked by the
// callers (estimator, tool), which name the field at fault.
func PlanTransformer(tj TransformerJob, f Factors) (TransformerPlan, error) {
	j, err := newJob(tj, f)
	if err != nil {
		return TransformerPlan{}, err
	}
	if tj.Layout != nil && tj.Layout.Recompute != "" {
		l := *tj.Layout
		if err := j.valid(l); err != nil {
			return TransformerPlan{}, err
		}
		return j.plan(l), nil
	}
	var fix Layout
	if tj.Layout != nil {
		fix = *tj.Layout
	}
	return j.search(fix)
}

func newJob(tj TransformerJob, f Factors) (*job, error) {
	m := tj.Model
	if m.Layers < 1 || m.Hidden < 1 || m.Heads < 1 || m.headDim() < 1 || tj.GPUs < 1 {
		return nil, minfmt.Errorf("transformer %q: layers, hidden, heads, the head width and GPUs must be positive", m.ID)
	}
	j := &job{TransformerJob: tj, seq: tj.Seq, f: f}
	if j.seq == 0 {
		j.seq = m.Seq
	}
	j.peak = tj.GPU.Peak(tj.Precision)
	bf16 := tj.GPU.Peak(BF16)
	if j.peak <= 0 || bf16 <= 0 {
		return nil, minfmt.Errorf("%w: %s, %s", ErrNoPrecision, tj.GPU.Name, string(tj.Precision))
	}
	j.width = 2
	j.matmulRate = j.peak * matmulEfficiency
	if tj.Precision != BF16 {
		j.width = precisionWidth(tj.Precision)
		// The speed-up over BF16 a run keeps: scaling, casts and the layers
		// left in BF16 take the rest.
		j.matmulRate = bf16 * matmulEfficiency * (1 + (j.peak/bf16-1)*lowPrecisionGain)
	}
	j.attnRate = bf16 * attentionEfficiency * attentionHeadFactor(m.headDim())
	j.memRate = tj.GPU.MemBandwidth * f.MemoryEfficiency
	j.params, _ = m.Params()
	j.expert = m.expertParams()
	j.train, j.trainExpert = j.params, j.expert
	if tj.Tuning.Adapters() {
		j.train, _, j.trainExpert = m.Adapters(tj.Tuning)
		j.frozen, j.frozenExpert = m.frozenBytes(tj.Tuning)
		j.attnAdapters = m.attentionMatrices()
		if tj.Tuning.Mode == QLoRA {
			j.quantized, j.quantizedExpert = j.params-m.embeddingParams(), j.expert
		}
		if tj.Tuning.targets() == TargetAll {
			j.ffnAdapters, j.expertAdapters = m.ffnMatrices(m.FFN), m.ffnMatrices(m.ExpertFFN)
		}
	}
	j.modelFLOPs = m.TrainingFLOPsPerToken(j.seq, tj.Tuning)
	j.forwardFLOPs = m.ModelFLOPsPerToken(j.seq) / 3
	j.attentionFLOPs = m.AttentionFLOPsPerToken(j.seq)
	j.attnParams, j.ffnParams, j.expertFFNParams = m.attentionParams(), m.ffnParams(m.FFN), m.ffnParams(m.ExpertFFN)
	j.actWidths = m.activationWidths()
	j.domain = tj.System.NVLinkGPUs()
	j.nvlink = tj.IntraLink.Bandwidth * f.CommEfficiency
	j.fabric = tj.Fabric.Bandwidth * float64(tj.System.NetworkPorts) / float64(max(tj.System.GPUs, 1)) * f.CommEfficiency
	j.latency = tj.Fabric.Latency
	if j.nvlink <= 0 || (j.fabric <= 0 && tj.GPUs > j.domain) {
		return nil, minfmt.Errorf("system %q: its links have no bandwidth", tj.System.ID)
	}
	return j, nil
}

// precisionWidth is the bytes of one matrix element at a low precision.
func precisionWidth(p Precision) float64 {
	if p == FP4 {
		return 0.5
	}
	return 1
}

// LayoutError says which part of a given layout the job cannot take, so a
// caller can name its own field for it (a flag, a scenario path).
type LayoutError struct {
	Field string // the layout's part at fault: tp, pp, ep, micro_batch, zero, recompute or gpus
	Msg   string
	MsgJA string // Msg in Japanese
}

func (e *LayoutError) Error() string { return e.In("en") }

// In says the error in lang ("ja"; anything else reads English).
func (e *LayoutError) In(lang string) string {
	if lang == "ja" {
		return "並列化構成: " + e.MsgJA
	}
	return "layout: " + e.Msg
}

func layoutErr(field, msg, ja string) *LayoutError {
	return &LayoutError{Field: field, Msg: msg, MsgJA: ja}
}

// valid checks a given layout against the job.
func (j *job) valid(l Layout) error {
	m := j.Model
	switch {
	case l.TP < 1:
		return layoutErr("tp", "TP must be at least 1", "TP は 1 以上にしてください")
	case l.PP < 1:
		return layoutErr("pp", "PP must be at least 1", "PP は 1 以上にしてください")
	case l.MicroBatch < 1:
		return layoutErr("micro_batch", "the micro-batch must be at least 1", "マイクロバッチは 1 以上にしてください")
	case l.DP < 1 || l.TP*l.PP*l.DP*max(l.CP, 1) != j.GPUs:
		return layoutErr("gpus", minfmt.Sprintf("TP x CP x PP x DP = %d x %d x %d x %d is not the job's %d GPUs", l.TP, max(l.CP, 1), l.PP, l.DP, j.GPUs),
			minfmt.Sprintf("TP × CP × PP × DP = %d × %d × %d × %d がジョブの GPU 数 %d と一致しません", l.TP, max(l.CP, 1), l.PP, l.DP, j.GPUs))
	case l.TP > j.domain:
		return layoutErr("tp", minfmt.Sprintf("TP %d spans more than the NVLink domain of %d GPUs", l.TP, j.domain),
			minfmt.Sprintf("TP %d が GPU %d 基の NVLink ドメインを超えています", l.TP, j.domain))
	case m.Heads%l.TP != 0:
		return layoutErr("tp", minfmt.Sprintf("TP %d does not divide the %d attention heads", l.TP, m.Heads),
			minfmt.Sprintf("TP %d でアテンションヘッド数 %d が割り切れません", l.TP, m.Heads))
	case l.PP > m.Layers:
		return layoutErr("pp", minfmt.Sprintf("PP %d is more stages than the %d layers", l.PP, m.Layers),
			minfmt.Sprintf("PP %d の段数が層数 %d より多くなっています", l.PP, m.Layers))
	case l.ZeRO < 0 || l.ZeRO > 3:
		return layoutErr("zero", minfmt.Sprintf("ZeRO stage %d is not 0-3", l.ZeRO), minfmt.Sprintf("ZeRO ステージ %d は 0〜3 のいずれでもありません", l.ZeRO))
	case max(l.EP, 1) > 1 && (!m.MoE() || m.Experts%l.EP != 0 || l.DP%l.EP != 0):
		return layoutErr("ep", minfmt.Sprintf("EP %d must divide the experts and DP", l.EP), minfmt.Sprintf("EP %d でエキスパート数と DP が割り切れるようにしてください", l.EP))
	case j.overBatch(l.DP, l.MicroBatch):
		return j.batchErr(l.DP, l.MicroBatch)
	}
	switch l.Recompute {
	case RecomputeNone, RecomputeSelective, RecomputeFull:
	default:
		return layoutErr("recompute", minfmt.Sprintf("recompute %q is not none, selective or full", string(l.Recompute)),
			minfmt.Sprintf("recompute %q は none、selective、full のいずれでもありません", string(l.Recompute)))
	}
	return nil
}

// maxMicroBatch bounds the micro-batches the search tries, whatever the
// global batch: past a million sequences per GPU no step fits any memory.
const maxMicroBatch = 1 << 20

// FineTuneBatchSequences is a fine-tuning step's sequences when a job gives
// no global batch: Llama 2-Chat's supervised fine-tuning, 64 sequences of
// 4,096 (Touvron et al. 2023, "Llama 2", section 3.1).
const FineTuneBatchSequences = 64

// defaultBatchTokens is the global batch of a job that gives none:
// pre-training's DefaultGlobalBatchTokens, a fine-tune's
// FineTuneBatchSequences, and at least a sequence per replica of dp.
func (j *job) defaultBatchTokens(dp int) float64 {
	tokens := float64(DefaultGlobalBatchTokens)
	if m := j.Tuning.Mode; m != "" && m != Pretrain {
		tokens = FineTuneBatchSequences * float64(j.seq)
	}
	return math.Max(tokens, float64(dp)*float64(j.seq))
}

// stepTokens is the global batch the job's micro-batches split over dp
// replicas: its own (at least the pre-training default: the search never
// sizes a micro-batch past it), or the default.
func (j *job) stepTokens(dp int) float64 {
	if j.GlobalBatchTokens == 0 {
		return j.defaultBatchTokens(dp)
	}
	return math.Max(j.GlobalBatchTokens, DefaultGlobalBatchTokens)
}

// overBatch says that DP replicas of micro-batches of mb sequences hold more
// tokens than one step: such a micro-batch is never full. In floating point,
// as the product of a user's values may not fit an int.
func (j *job) overBatch(dp, mb int) bool {
	return mb > maxMicroBatch || float64(mb)*float64(dp)*float64(j.seq) > j.stepTokens(dp)
}

func (j *job) batchErr(dp, mb int) *LayoutError {
	tokens, step := float64(mb)*float64(dp)*float64(j.seq), j.stepTokens(dp)
	return layoutErr("micro_batch", minfmt.Sprintf("a micro-batch of %d sequences on each of %d data-parallel replicas is %.4g tokens, more than the %.4g tokens of one step", mb, dp, tokens, step),
		minfmt.Sprintf("データ並列のレプリカ %d 個それぞれに %d 系列のマイクロバッチは %.4g トークンで、1 ステップの %.4g トークンを超えます", dp, mb, tokens, step))
}

// stages is the layers of the fullest pipeline stage.
func (j *job) stages(pp int) int { return (j.Model.Layers + pp - 1) / pp }

// firstStage is the layers of the first pipeline stage, which holds the
// most activations in flight: Llama 3 gives the first and last stages one
// layer fewer than the rest (Dubey et al. 2024, section 3.3.2; 405B on 16
// stages: 7, 14 x 8, 7), so the middle stages hold stages(pp) each and the
// two ends share what is left.
func (j *job) firstStage(pp int) int {
	if pp < 2 {
		return j.Model.Layers
	}
	return max(1, min(j.stages(pp), (j.Model.Layers-(pp-2)*j.stages(pp))/2))
}

// batch is the micro-batches per step for DP replicas of micro-batches of mb
// sequences: the global batch split evenly, rounded up to whole micro-batches.
func (j *job) batch(dp, mb int) int {
	seqs := j.GlobalBatchTokens / float64(j.seq)
	if j.GlobalBatchTokens == 0 {
		seqs = j.defaultBatchTokens(dp) / float64(j.seq)
	}
	// The callers bound the global batch (1e12 tokens), so the count fits an int.
	return max(int(math.Ceil(seqs/float64(dp)/float64(mb))), 1)
}

// memory is one GPU's bytes under layout l with m micro-batches per step:
// the first pipeline stage's, which holds the most activations.
func (j *job) memory(l Layout, m int) TransformerMemory {
	mem := j.memoryState(l)
	mem.Activations = j.memoryActivations(l, m)
	return j.memoryTotal(mem)
}

// memoryState is one GPU's training state under layout l: its weights,
// gradients and optimizer state, which the micro-batch, the recomputation
// and the interleaving leave alone (the layout search keeps them apart).
func (j *job) memoryState(l Layout) TransformerMemory {
	ep := max(l.EP, 1)
	mp := float64(l.TP * l.PP)
	// ZeRO partitions over the GPUs holding the same weights, the
	// data-parallel and context-parallel ones; the experts' over the 1/EP of
	// them that hold the same experts. ZeRO-3 partitions frozen weights too.
	dp := l.DP * max(l.CP, 1)
	part := func(stage int, all, expert float64) float64 {
		dense, expert := (all-expert)/mp, expert/mp/float64(ep)
		if l.ZeRO < stage {
			return dense + expert
		}
		return dense/float64(dp) + expert/float64(dp/ep)
	}
	var mem TransformerMemory
	mem.Weights = stateWeightBytes*part(3, j.train, j.trainExpert) + part(3, j.frozen, j.frozenExpert)
	mem.Gradients = stateGradientBytes * part(2, j.train, j.trainExpert)
	mem.Optimizer = stateOptimizerBytes * part(1, j.train, j.trainExpert)
	return mem
}

// memoryActivations is the first pipeline stage's activations under layout
// l with m micro-batches per step.
func (j *job) memoryActivations(l Layout, m int) float64 {
	// The first stage keeps min(m, p) micro-batches in flight under 1F1B,
	// (1 + (p-1)/(p*v)) times more when interleaved (Korthikanti et al.
	// 2022, section 4.2.3).
	inflight := float64(min(m, l.PP))
	if v := max(l.Interleave, 1); v > 1 {
		inflight *= 1 + float64(l.PP-1)/float64(l.PP*v)
	}
	// Context parallelism splits every activation, the scores included.
	cp := float64(max(l.CP, 1))
	sbh := float64(j.seq) * float64(l.MicroBatch) * float64(j.Model.Hidden)
	act := activationBytes(sbh, j.actWidths, l.TP, l.Recompute) / cp * float64(j.firstStage(l.PP)) * inflight
	if l.Recompute == RecomputeFull {
		// The layer being recomputed holds its whole working set.
		act += activationBytes(sbh, j.actWidths, l.TP, RecomputeNone) / cp
	}
	return act
}

// memoryTotal adds the workspace to mem's parts and sets its total and the
// GPU's capacity.
func (j *job) memoryTotal(mem TransformerMemory) TransformerMemory {
	mem.Workspace, mem.Total = j.need(&mem, mem.Activations)
	mem.Capacity = j.GPU.Memory
	return mem
}

// need is the workspace and the total of a training state with the given
// activations: search asks it of every layout, so it copies no memory.
func (j *job) need(state *TransformerMemory, activations float64) (workspace, total float64) {
	sum := state.Weights + state.Gradients + state.Optimizer + activations
	workspace = j.f.WorkspaceFraction * sum
	return workspace, sum + workspace
}

// matmul is the time of one matrix multiply of an (n x k) by a (k x c)
// matrix: the roofline of its shape at the precision.
func (j *job) matmul(n, k, c float64) float64 {
	return math.Max(2*n*k*c/j.matmulRate, j.width*(n*k+k*c+n*c)/j.memRate)
}

// ringAllReduce is the time of a ring all-reduce of bytes over n GPUs at
// bandwidth bw (Patarasuk and Yuan 2009): 2(n-1)/n of the bytes each way.
func ringAllReduce(bytes float64, n int, bw, latency float64) float64 {
	if n < 2 {
		return 0
	}
	return 2*float64(n-1)/float64(n)*bytes/bw + 2*float64(n-1)*latency
}

// stepParts is the step of a layout: per micro-batch compute and exposed
// communication, and per step the data-parallel rest.
type stepParts struct {
	micro   float64 // compute of one micro-batch on one stage, s
	comm    float64 // TP, PP and EP communication of one micro-batch, exposed, s
	dp      float64 // data-parallel gradient communication not hidden, s
	step    float64 // s
	bubble  float64
	hwFLOPs float64 // per token
}

// time is the step of layout l with m micro-batches: the micro-batches
// through the fullest stage, the pipeline's fill and drain, and the
// data-parallel communication the backward pass does not hide.
func (j *job) time(l Layout, m int) stepParts {
	mod := j.Model
	cp := max(l.CP, 1)
	t := float64(l.MicroBatch*j.seq) / float64(cp) // tokens of one micro-batch on one GPU
	tp := float64(l.TP)
	h := float64(mod.Hidden)
	// One layer's forward pass on one GPU: the attention projections (as
	// one matrix multiply as wide as all of them) and the feed-forward
	// block, whose weights the backward pass differentiates; attention's
	// products and the element-wise work (norms, activations: ~34sbh/tp
	// bytes, Korthikanti), which have none.
	proj := j.matmul(t, h, j.attnParams/h/tp)
	rest := j.attentionFLOPs/3/float64(mod.Layers)*t/tp/j.attnRate + 34*t*h/tp/j.memRate
	ffn := func(params, tokens float64) float64 {
		return j.matmul(tokens, h, params/h/tp)
	}
	layers := float64(j.stages(l.PP))
	dense := proj + ffn(j.ffnParams, t)
	weights := layers * dense // forward time of the matrices with weights
	attnAdapters := j.adapterTime(t, tp, &j.attnAdapters)
	adapters := layers * (attnAdapters + j.adapterTime(t, tp, &j.ffnAdapters))
	var ep float64
	if mod.MoE() {
		// Each GPU holds Experts/EP experts and runs the tokens that all EP
		// ranks route to them: t*k*EP/Experts per expert.
		e := float64(mod.Experts)
		k := float64(mod.ExpertsPerToken)
		perExpert := t * k * float64(max(l.EP, 1)) / e
		moe := proj + float64(mod.SharedExperts)*ffn(j.expertFFNParams, t) +
			e/float64(max(l.EP, 1))*ffn(j.expertFFNParams, perExpert) + j.matmul(t, h, e)
		moeLayers := layers * float64(mod.Layers-mod.DenseLayers) / float64(mod.Layers)
		weights = (layers-moeLayers)*dense + moeLayers*moe
		adapters += moeLayers * ((k+float64(mod.SharedExperts))*j.adapterTime(t, tp, &j.expertAdapters) - j.adapterTime(t, tp, &j.ffnAdapters))
		// Dispatch and combine, forward and backward: 4 all-to-alls of the
		// routed tokens' hidden states; (EP-1)/EP of them leave the GPU.
		if l.EP > 1 {
			bw := j.nvlink
			if l.EP*l.TP > j.domain {
				bw = j.fabric
			}
			ep = moeLayers * 4 * t * k * h * 2 / tp * float64(l.EP-1) / float64(l.EP) / bw * (1 - j.f.Overlap)
		}
	}
	// The logit layer runs on the last stage; Llama 3 gives the first and
	// last stages fewer layers to balance it, so it spreads over the stages.
	weights += j.logits(t, tp) / float64(l.PP)
	fwd := weights + layers*rest + adapters
	// The backward pass takes twice the forward's time: input and weight
	// gradients; frozen weights need only the first. Recomputation runs
	// again the share of the forward pass it drops.
	back := 2 * weights
	if j.Tuning.Adapters() {
		back = weights
	}
	re := recomputeForward(j.forwardFLOPs, j.attentionFLOPs, l.Recompute) / j.forwardFLOPs
	micro := fwd*(1+re) + back + 2*(layers*rest+adapters)
	if j.quantized > 0 {
		// Each pass over the stage (forward, backward, recomputation)
		// reads its 4-bit weights and writes them out at 16 bits for the
		// matrix multiplies (bitsandbytes dequantizes per call).
		n := ((j.quantized - j.quantizedExpert) + j.quantizedExpert/float64(max(l.EP, 1))) / (tp * float64(l.PP))
		passes := 2.0
		if l.Recompute == RecomputeFull {
			passes = 3
		}
		micro += passes * n * (nf4Bits/8 + 2) / j.memRate
	}
	// Tensor parallel with sequence parallelism: per layer an all-gather and
	// a reduce-scatter before and after attention and the feed-forward
	// block, forward and backward: the volume of 4 all-reduces of t*h*2
	// bytes (Korthikanti et al. 2022, section 4.2.2), 6 with full
	// recomputation, inside the NVLink domain and exposed.
	ars := 4.0
	if l.Recompute == RecomputeFull {
		ars = 6
	}
	comm := ars * layers * ringAllReduce(t*h*2, l.TP, j.nvlink, 0)
	// Context parallel: each layer all-gathers the sequence's keys and
	// values forward and reduce-scatters their gradients backward, the
	// volume of one all-reduce of the whole sequence's K and V, exposed.
	if cp > 1 {
		bw := j.nvlink
		if l.TP*cp > j.domain {
			bw = j.fabric
		}
		kv := 2 * float64(l.MicroBatch*j.seq) * mod.kvWidth() * 2 / tp
		comm += layers * ringAllReduce(kv, cp, bw, j.latency)
	}
	// Pipeline sends: the activation forward and its gradient back, per
	// chunk, t*h*2/tp bytes each (scattered over the TP ranks).
	if l.PP > 1 {
		bw := j.nvlink
		if l.TP*l.PP > j.domain {
			bw = j.fabric
		}
		comm += 2 * float64(max(l.Interleave, 1)) * t * h * 2 / tp / bw
	}
	comm += ep
	v := max(l.Interleave, 1)
	compute := (micro + comm) * (float64(m) + float64(l.PP-1)/float64(v))
	// Data parallel: a reduce-scatter of the BF16 gradients and an all-gather
	// of the weights per step (ZeRO-1/2: the volume of one all-reduce; ZeRO-3
	// gathers the weights once more for the backward pass), hidden behind the
	// backward pass up to the overlap factor.
	mp := float64(l.TP * l.PP)
	bw := j.fabric
	if j.GPUs <= j.domain {
		bw = j.nvlink
	}
	dpAll := l.DP * cp // the GPUs holding the same weights
	reduce := func(bytes, expert float64) float64 {
		return ringAllReduce((bytes-expert)/mp, dpAll, bw, j.latency) +
			ringAllReduce(expert/mp/float64(max(l.EP, 1)), dpAll/max(l.EP, 1), bw, j.latency)
	}
	dpTime := reduce(stateGradientBytes*j.train, stateGradientBytes*j.trainExpert)
	if l.ZeRO == 3 {
		// The weights, frozen ones too, are gathered again for every
		// micro-batch's forward and backward pass: an all-gather is half an
		// all-reduce.
		dpTime += float64(2*m-1) / 2 * reduce(stateWeightBytes*j.train+j.frozen, stateWeightBytes*j.trainExpert+j.frozenExpert)
	}
	dp := math.Max(0, dpTime-j.f.Overlap*compute*2/3)
	return stepParts{micro: micro, comm: comm, dp: dp, step: compute + dp + j.f.StepOverhead,
		bubble: PipelineBubble(l.PP, m, v), hwFLOPs: j.modelFLOPs + recomputeForward(j.forwardFLOPs, j.attentionFLOPs, l.Recompute)}
}

// adapterTime is the forward time of LoRA adapters on the matrices ms for
// t tokens, tensor parallel over tp GPUs: down to the rank and back up, two
// thin matrix multiplies whose roofline is mostly their reads and writes.
func (j *job) adapterTime(t, tp float64, ms *matrices) float64 {
	r := float64(j.Tuning.rank())
	var s float64
	for _, x := range ms.list() {
		s += j.matmul(t, x.in, r) + j.matmul(t, r, x.out/tp)
	}
	return s
}

// logits is the forward time of the logit layer for t tokens, or of a
// vision model's patch projection.
func (j *job) logits(t, tp float64) float64 {
	width := float64(j.Model.Vocab)
	if width == 0 {
		width = 3 * float64(j.Model.Patch*j.Model.Patch*max(j.Model.Tubelet, 1))
	}
	return j.matmul(t, float64(j.Model.Hidden), width/tp)
}

// plan evaluates layout l.
func (j *job) plan(l Layout) TransformerPlan {
	l.EP = max(l.EP, 1)
	l.Interleave = max(l.Interleave, 1)
	l.CP = max(l.CP, 1)
	m := j.batch(l.DP, l.MicroBatch)
	st := j.time(l, m)
	mem := j.memory(l, m)
	p := TransformerPlan{Layout: l, ModelFLOPsPerToken: j.modelFLOPs, HardwareFLOPsPerToken: st.hwFLOPs,
		TotalFLOPs: j.modelFLOPs * j.Tokens, Memory: mem, Fits: mem.Total <= mem.Capacity,
		GlobalBatchTokens: float64(l.DP * m * l.MicroBatch * j.seq), Bubble: st.bubble,
		ComputeTime: st.step - st.dp - j.f.StepOverhead - st.comm*(float64(m)+float64(l.PP-1)/float64(l.Interleave)),
		StepTime:    st.step}
	p.CommExposed = st.step - p.ComputeTime - j.f.StepOverhead
	if p.CommExposed < 1e-9*st.step {
		// All hidden: what is left is the rounding of the sums above
		// (-1e-14 s), not time, and must not read as a negative wait.
		p.CommExposed = 0
	}
	p.MFU = j.mfu(p.GlobalBatchTokens, st.step)
	if j.MFU != nil {
		// A given utilisation sets the step; the parts keep their shares.
		scale := j.scale(p.MFU)
		p.StepTime *= scale
		p.ComputeTime *= scale
		p.CommExposed *= scale
		p.MFU = *j.MFU
	}
	p.TokensPerSecond = p.GlobalBatchTokens / p.StepTime
	p.WallTime = j.Tokens / p.TokensPerSecond
	p.GPUHours = p.WallTime * float64(j.GPUs) / 3600
	return p
}

// mfu is the utilisation of a step of the given seconds and batch tokens.
func (j *job) mfu(batchTokens, step float64) float64 {
	return j.modelFLOPs * batchTokens / (step * float64(j.GPUs) * j.peak)
}

// scale is what a given utilisation multiplies the modelled step by.
func (j *job) scale(mfu float64) float64 { return mfu / *j.MFU }

// perToken is what search orders layouts by, the step's seconds per token of
// the batch, computed as plan computes StepTime/GlobalBatchTokens but
// without the rest of the plan, which only the fastest layout needs.
func (j *job) perToken(l Layout, m int) float64 {
	st := j.time(l, m)
	batch := float64(l.DP * m * l.MicroBatch * j.seq)
	step := st.step
	if j.MFU != nil {
		step *= j.scale(j.mfu(batch, st.step))
	}
	return step / batch
}

// search tries every layout: TP a power of two within the NVLink domain
// dividing the heads, PP any count that leaves no stage empty, EP a power of
// two dividing the experts and DP, micro-batches and interleaving powers of
// two; and for each the least recomputation and ZeRO stage that fit (more
// only costs time; ZeRO-0 is never faster than ZeRO-1 here, so it is left
// out). It keeps the fastest; ties go to the first. The TP, PP
// and micro-batch that fix sets (not 0) are kept.
func (j *job) search(fix Layout) (TransformerPlan, error) {
	mod := j.Model
	var best Layout
	var bestPerToken float64
	found := false
	smallest := &FitError{Need: math.Inf(1), Capacity: j.GPU.Memory}
	var overBatch *LayoutError // the given micro-batch, where it overfills every step
	// Selective recomputation is not tried: under FlashAttention it keeps as
	// many activations as none (ActivationBytesPerLayer), so it fits just
	// where none does, and it is never faster. A given layout may name it.
	order := []struct {
		r Recompute
		z int
	}{{RecomputeNone, 1}, {RecomputeNone, 2}, {RecomputeFull, 1}, {RecomputeFull, 2}, {RecomputeNone, 3}, {RecomputeFull, 3}}
	for tp := 1; tp <= j.domain && tp <= j.GPUs; tp *= 2 {
		if mod.Heads%tp != 0 || j.GPUs%tp != 0 || fix.TP > 0 && tp != fix.TP {
			continue
		}
		for pp := 1; pp <= mod.Layers && tp*pp <= j.GPUs; pp++ {
			if j.GPUs%(tp*pp) != 0 || j.stages(pp)*(pp-1) >= mod.Layers && pp > 1 || fix.PP > 0 && pp != fix.PP {
				continue
			}
			dp := j.GPUs / (tp * pp)
			for ep := 1; ep == 1 || (mod.MoE() && ep <= mod.Experts && ep <= dp); ep *= 2 {
				if mod.MoE() && (mod.Experts%ep != 0 || dp%ep != 0) {
					continue
				}
				if fix.MicroBatch > 0 && j.overBatch(dp, fix.MicroBatch) {
					overBatch = j.batchErr(dp, fix.MicroBatch)
					continue
				}
				// The training state of each ZeRO stage, the same for every
				// micro-batch, recomputation and interleaving below.
				var states [4]TransformerMemory
				for z := 1; z <= 3; z++ {
					states[z] = j.memoryState(Layout{TP: tp, PP: pp, DP: dp, EP: ep, ZeRO: z})
				}
				// A larger micro-batch or more interleaving only adds
				// activations in flight: past the first that fits in no
				// way, none does, and the search moves on.
				for mb := 1; mb == 1 || !j.overBatch(dp, mb); mb *= 2 {
					if fix.MicroBatch > 0 && mb != fix.MicroBatch {
						continue
					}
					fitsMB := false
					m := j.batch(dp, mb)
					for v := 1; v == 1 || (pp > 1 && v <= j.stages(pp)); v *= 2 {
						fitsV := false
						var acts [2]float64 // by recomputation: none, full; 0 until needed
						for _, o := range order {
							l := Layout{TP: tp, PP: pp, DP: dp, EP: ep, MicroBatch: mb, Recompute: o.r, ZeRO: o.z, Interleave: v}
							a := 0
							if o.r == RecomputeFull {
								a = 1
							}
							if acts[a] == 0 {
								acts[a] = j.memoryActivations(l, m)
							}
							if _, need := j.need(&states[o.z], acts[a]); need > j.GPU.Memory {
								if need < smallest.Need {
									smallest.Need, smallest.Layout = need, l
								}
								continue
							}
							fitsV = true
							if t := j.perToken(l, m); !found || t < bestPerToken {
								best, bestPerToken, found = l, t, true
							}
							break // more recomputation or partitioning only costs time
						}
						if !fitsV {
							break
						}
						fitsMB = true
					}
					if !fitsMB {
						break
					}
				}
			}
		}
	}
	switch {
	case !found && math.IsInf(smallest.Need, 1) && overBatch != nil:
		return TransformerPlan{}, overBatch
	case !found && math.IsInf(smallest.Need, 1):
		return TransformerPlan{}, layoutErr("tp", minfmt.Sprintf("TP %d and PP %d leave no layout (TP within the NVLink domain of %d GPUs dividing the %d heads, PP at most the %d layers, TP x PP dividing the %d GPUs)",
			fix.TP, fix.PP, j.domain, mod.Heads, mod.Layers, j.GPUs),
			minfmt.Sprintf("TP %d と PP %d では並列化構成が作れません（TP は GPU %d 基の NVLink ドメイン内でヘッド数 %d を割り切り、PP は層数 %d 以下、TP × PP は GPU 数 %d を割り切る必要があります）",
				fix.TP, fix.PP, j.domain, mod.Heads, mod.Layers, j.GPUs))
	case !found:
		return TransformerPlan{}, smallest
	}
	return j.plan(best), nil
}

// Failures is the interruption model of a long job (the scenario's goodput
// section uses the same first-order model): failures arrive at PerGPUYear
// per GPU-year; each costs a restart and, on average, half a checkpoint
// interval of lost work; each checkpoint stalls training for its write.
type Failures struct {
	PerGPUYear          float64 // failures per GPU-year
	RestartS            float64 // s
	CheckpointIntervalS float64 // s
	CheckpointWriteS    float64 // s a checkpoint stalls training
	Overheads                   // the run's other parts (whole_run.go)
	// Stretch is the whole run's model error: its time over what the
	// parts above give (0 or 1: none). A range's ends set it to ask what a
	// run that goes as published runs went would take.
	Stretch float64
}

// LlamaFailures is Llama 3's published rate, 419 unexpected interruptions in
// 54 days on 16,384 H100 GPUs (Dubey et al. 2024, section 3.3.4), with a
// 6-minute restart and a 15-minute checkpoint interval written
// asynchronously: at 16,384 GPUs it gives 93% goodput, the ">90% effective
// training time" the report states.
var LlamaFailures = Failures{PerGPUYear: 419.0 / (16384 * 54) * 365, RestartS: 360, CheckpointIntervalS: 900, Overheads: DefaultOverheads}

// Goodput is the share of a job's time on gpus GPUs not lost to failures,
// never below 5% (past that the first-order model no longer holds).
func (fl Failures) Goodput(gpus float64) float64 {
	lost := gpus * fl.PerGPUYear / (365 * 86400) * (fl.RestartS + fl.CheckpointIntervalS/2)
	return math.Max(0.05, 1-lost-fl.CheckpointWriteS/fl.CheckpointIntervalS)
}

// Metrics a published transformer run states, which the model predicts.
const (
	MetricMFU          = "mfu"                  // ratio
	MetricFLOPsPerGPU  = "flops_per_gpu"        // FLOP/s, model FLOPs (or hardware, see TransformerRun.HardwareFLOPs)
	MetricTokensPerGPU = "tokens_per_s_per_gpu" // tokens/s
	MetricGPUHours     = "gpu_hours"            // lost work included
	calibrationGPUs    = 2048                   // a run that does not say its GPUs
)

// TransformerCalibrationRow is one published figure of a run beside the
// model's: Error is (Predicted-Published)/Published.
type TransformerCalibrationRow struct {
	Run                         TransformerRun
	Plan                        TransformerPlan
	Metric                      string
	Published, Predicted, Error float64
}

// CalibrateTransformers plans every published run with f and sets each
// figure it publishes beside the model's. A run is planned at its published
// layout where the source gives TP (one-sequence micro-batches, ZeRO-1, the
// deepest interleaving, full recomputation where its FLOP/s count it and
// none otherwise), else at the searched one; on 2,048 GPUs where it does not
// say how many. GPU-hours include lost work (LlamaFailures).
func CalibrateTransformers(f Factors) ([]TransformerCalibrationRow, error) {
	var rows []TransformerCalibrationRow
	for _, r := range TransformerRuns() {
		tj, err := RunJob(r)
		if err != nil {
			return nil, err
		}
		p, err := PlanTransformer(tj, f)
		if err != nil {
			return nil, minfmt.Errorf("run %s: %w", r.ID, err)
		}
		perGPU := p.TokensPerSecond / float64(tj.GPUs)
		flops := p.ModelFLOPsPerToken * perGPU
		if r.HardwareFLOPs {
			flops = p.HardwareFLOPsPerToken * perGPU
		}
		// Where tokens/s are published, FLOP/s say the same under the
		// source's own FLOP count (NeMo's does not halve causal attention).
		published := r.PublishedFLOPsPerGPU
		if r.PublishedTokensPerGPU > 0 {
			published = 0
		}
		for _, c := range []struct {
			metric          string
			published, pred float64
		}{
			{MetricMFU, r.PublishedMFU, p.MFU},
			{MetricFLOPsPerGPU, published, flops},
			{MetricTokensPerGPU, r.PublishedTokensPerGPU, perGPU},
			{MetricGPUHours, r.PublishedGPUHours, p.GPUHours / LlamaFailures.RunShare(float64(tj.GPUs))},
		} {
			if c.published > 0 {
				rows = append(rows, TransformerCalibrationRow{Run: r, Plan: p, Metric: c.metric,
					Published: c.published, Predicted: c.pred, Error: (c.pred - c.published) / c.published})
			}
		}
	}
	return rows, nil
}

// RunJob is the job of a published run, from the catalog.
func RunJob(r TransformerRun) (TransformerJob, error) {
	m, okM := TransformerModelByID(r.Model)
	g, okG := GPUByID(r.GPU)
	s, okS := SystemByID(r.System)
	in, okI := NetworkByID(s.IntraLink)
	fab, okF := NetworkByID(s.Network)
	if !okM || !okG || !okS || !okI || !okF {
		return TransformerJob{}, minfmt.Errorf("run %s: a catalog id is unknown", r.ID)
	}
	tj := TransformerJob{Model: m, GPU: g, System: s, IntraLink: in, Fabric: fab, GPUs: r.GPUs, Tokens: r.Tokens,
		Seq: r.Seq, Precision: r.Precision, GlobalBatchTokens: r.GlobalBatchTokens}
	if tj.GPUs == 0 {
		tj.GPUs = calibrationGPUs
	}
	if tj.Tokens == 0 {
		tj.Tokens = 1 // a throughput measurement: the rates do not depend on it
	}
	if pl := r.Layout; pl.TP > 0 {
		pp, cp := max(pl.PP, 1), max(pl.CP, 1)
		re := RecomputeNone
		if r.HardwareFLOPs {
			re = RecomputeFull
		}
		v := 1
		if pp > 1 {
			v = (m.Layers + pp - 1) / pp
		}
		tj.Layout = &Layout{TP: pl.TP, PP: pp, CP: cp, DP: tj.GPUs / (pl.TP * pp * cp), EP: max(pl.EP, 1), MicroBatch: 1,
			Recompute: re, ZeRO: 1, Interleave: v}
	}
	return tj, nil
}

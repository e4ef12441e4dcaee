package hardware

import (
	"errors"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// Fine-tuning: what a run trains of a transformer, and what that costs in
// memory and time beside pre-training.

// Mode is what a transformer run trains.
type Mode string

const (
	Pretrain Mode = "pretrain" // every weight, from scratch
	FullTune Mode = "full"     // every weight, from a trained model: as pre-training per token
	LoRA     Mode = "lora"     // low-rank adapters beside frozen 16-bit weights (Hu et al. 2021)
	QLoRA    Mode = "qlora"    // LoRA beside frozen 4-bit NF4 weights (Dettmers et al. 2023)
)

// Modes lists the modes, pre-training first.
func Modes() []Mode { return []Mode{Pretrain, FullTune, LoRA, QLoRA} }

// LoRATargets is which of a layer's matrices carry adapters.
type LoRATargets string

const (
	// TargetAll adapts every matrix of every block, attention and
	// feed-forward (experts included): QLoRA's choice, which it found
	// needed to match full fine-tuning (Dettmers et al. 2023, section 4).
	TargetAll LoRATargets = "all"
	// TargetAttention adapts the attention projections only.
	TargetAttention LoRATargets = "attention"
)

// DefaultLoRARank is the adapters' rank when a run names none.
const DefaultLoRARank = 16

// Tuning is how a run trains the model; the zero value is pre-training.
type Tuning struct {
	Mode    Mode
	Rank    int         // adapters' rank r; 0: DefaultLoRARank
	Targets LoRATargets // "": TargetAll
}

// Adapters reports whether the run trains adapters beside frozen weights.
func (t Tuning) Adapters() bool { return t.Mode == LoRA || t.Mode == QLoRA }

// Resolve fills the defaults a run with adapters leaves out: the rank and
// the targets. Pre-training is Pretrain.
func (t Tuning) Resolve() Tuning {
	if t.Mode == "" {
		t.Mode = Pretrain
	}
	if t.Adapters() {
		t.Rank, t.Targets = t.rank(), t.targets()
	}
	return t
}

func (t Tuning) rank() int {
	if t.Rank > 0 {
		return t.Rank
	}
	return DefaultLoRARank
}

func (t Tuning) targets() LoRATargets {
	if t.Targets == "" {
		return TargetAll
	}
	return t.Targets
}

// nf4Bits is QLoRA's bits per quantized weight: 4-bit NormalFloat, plus
// its block constants (one FP32 scale per 64 weights) quantized again to
// 8 bits in blocks of 256: 4 + 8/64 + 32/(64 x 256) = 4.127 (Dettmers et
// al. 2023, section 3, "Double Quantization").
const nf4Bits = 4 + 8.0/64 + 32.0/(64*256)

// adapterParams is the parameters of rank-r adapters on the matrices:
// r x (in + out) each (Hu et al. 2021, section 4.1).
func (ms *matrices) adapterParams(r int) float64 {
	var n float64
	for _, x := range ms.list() {
		n += float64(r) * (x.in + x.out)
	}
	return n
}

// Adapters is the parameters a LoRA run trains: total, those active per
// token (a MoE model's routed experts count as they route) and those on
// routed experts, which expert parallelism splits. Zero for a run that
// trains every weight. The router and the output layer carry none (peft's
// "all-linear" leaves the output layer out; a router is r x (hidden +
// experts), too small to count).
func (m TransformerModel) Adapters(t Tuning) (total, active, expert float64) {
	if !t.Adapters() {
		return 0, 0, 0
	}
	r := t.rank()
	attnMs := m.attentionMatrices()
	attn := attnMs.adapterParams(r)
	var ffn, perExpert float64
	if t.targets() == TargetAll {
		dense, expertMs := m.ffnMatrices(m.FFN), m.ffnMatrices(m.ExpertFFN)
		ffn, perExpert = dense.adapterParams(r), expertMs.adapterParams(r)
	}
	denseLayers := float64(m.Layers)
	if m.MoE() {
		denseLayers = float64(m.DenseLayers)
		moe := float64(m.Layers - m.DenseLayers)
		expert = moe * float64(m.Experts) * perExpert
		total += moe * (attn + float64(m.Experts+m.SharedExperts)*perExpert)
		active += moe * (attn + float64(m.ExpertsPerToken+m.SharedExperts)*perExpert)
	}
	dense := denseLayers * (attn + ffn)
	return total + dense, active + dense, expert
}

// embeddingParams is the weights outside the blocks' matrices: the token
// embedding and output layer (once when tied) or a vision model's patch
// projection, a tubelet of Tubelet frames of Patch x Patch pixels projected
// to Hidden. Quantization leaves them at 16 bits, as bitsandbytes does.
func (m TransformerModel) embeddingParams() float64 {
	embed := float64(m.Vocab) * float64(m.Hidden)
	if !m.TiedEmbeddings {
		embed *= 2
	}
	if m.Patch > 0 {
		embed += float64(m.Patch*m.Patch*max(m.Tubelet, 1)*imageChannels) * float64(m.Hidden)
	}
	return embed
}

// frozenBytes is the frozen weights' bytes, all and on routed experts: 16
// bits each under LoRA; under QLoRA nf4Bits for the blocks' matrices and 16
// for the embeddings. None when every weight trains.
func (m TransformerModel) frozenBytes(t Tuning) (total, expert float64) {
	params, _ := m.Params()
	expert = m.expertParams()
	switch t.Mode {
	case LoRA:
		return 2 * params, 2 * expert
	case QLoRA:
		embed := m.embeddingParams()
		return nf4Bits/8*(params-embed) + 2*embed, nf4Bits / 8 * expert
	}
	return 0, 0
}

// TrainingFLOPsPerToken is a run's FLOPs per token as its MFU counts them.
// Training every weight: ModelFLOPsPerToken, 6N plus attention. With
// adapters the frozen matrices skip their weight gradients: 2N forward and
// 2N for the input gradients, plus 6 x the active adapters and attention
// (whose products have no weights and run in full).
func (m TransformerModel) TrainingFLOPsPerToken(seq int, t Tuning) float64 {
	if !t.Adapters() {
		return m.ModelFLOPsPerToken(seq)
	}
	_, active, _ := m.Adapters(t)
	return 4*m.matrixParams() + 6*active + m.AttentionFLOPsPerToken(seq)
}

// TrainableParams is the parameters a run updates: every one, or its
// adapters'.
func (m TransformerModel) TrainableParams(t Tuning) float64 {
	if t.Adapters() {
		total, _, _ := m.Adapters(t)
		return total
	}
	total, _ := m.Params()
	return total
}

// StateBytes is the training state the run keeps however it is laid out,
// before activations: the frozen weights and 16 bytes per trained
// parameter (weights, gradients, Adam's FP32 copies).
func (m TransformerModel) StateBytes(t Tuning) float64 {
	frozen, _ := m.frozenBytes(t)
	return frozen + stateBytesPerParam*m.TrainableParams(t)
}

// maxHoldGPUs bounds FewestGPUsToHold's ladder: the largest job (the gpus
// bound).
const maxHoldGPUs = 1 << 17

// FewestGPUsToHold is the fewest GPUs of the job's kind, on GPUStep's
// ladder (powers of two to a system, then whole systems), whose memory
// holds it at some layout: the answer to "does it fit on N of them?". The
// job's GPUs and layout are not read. It returns the plan at that count,
// or the last *FitError (wrapped) when no count holds it.
func FewestGPUsToHold(tj TransformerJob, f Factors) (int, TransformerPlan, error) {
	tj.Layout = nil
	floor := tj.Model.StateBytes(tj.Tuning) / tj.GPU.Memory
	var last error
	run, _, err := WalkLadder(max(tj.System.GPUs, 1), floor, maxHoldGPUs, func(n int) (SizedRun, bool, error) {
		tj.GPUs = n
		p, err := PlanTransformer(tj, f)
		var fit *FitError
		if errors.As(err, &fit) {
			last = err
			return SizedRun{GPUs: n}, false, nil
		}
		return SizedRun{GPUs: n, Plan: p}, err == nil, err
	})
	if errors.Is(err, ErrNoGPUCount) && last != nil {
		return 0, TransformerPlan{}, minfmt.Errorf("%w: %w", err, last)
	}
	return run.GPUs, run.Plan, err
}

package estimator

import (
	"errors"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// A transformer's memory per GPU, part by part, beside the GPU's capacity,
// and what a job that does not fit is told: the part that overflows and the
// change that fits at the fewest GPU-hours (hardware.AdviseFit).

var srcZeRO = Text{"2 + 2 + 12 bytes per parameter of BF16 weights, BF16 gradients and Adam's FP32 state, over tp x pp and, from ZeRO stages 3, 2 and 1, over dp (Rajbhandari et al. 2020)",
	"パラメータあたり BF16 の重み 2 バイト、BF16 の勾配 2 バイト、Adam の FP32 状態 12 バイトを tp × pp で分け、ZeRO ステージ 3・2・1 以上ではさらに dp で分ける（Rajbhandari ら 2020 年）"}

// memoryParts are a GPU's training memory part by part, in the order they
// stack, each with its name and its quantity.
var memoryParts = []struct {
	part hardware.MemoryPart
	name Text
	kind kind
}{
	{hardware.PartWeights, Text{"Weights", "重み"}, kind{"train.<w>.memory.weights.<s>", Text{"<w>: weights per <s> GPU", "<w>: <s> の GPU 1 基あたりの重み"}, Bytes,
		"2 bytes (BF16) x parameters / (tp x pp), / dp under ZeRO stage 3, at the layout", &srcZeRO, modelled}},
	{hardware.PartGradients, Text{"Gradients", "勾配"}, kind{"train.<w>.memory.gradients.<s>", Text{"<w>: gradients per <s> GPU", "<w>: <s> の GPU 1 基あたりの勾配"}, Bytes,
		"2 bytes (BF16) x parameters / (tp x pp), / dp under ZeRO stage 2 or 3, at the layout", &srcZeRO, modelled}},
	{hardware.PartOptimizer, Text{"Optimizer state", "オプティマイザの状態"}, kind{"train.<w>.memory.optimizer.<s>", Text{"<w>: optimizer state per <s> GPU", "<w>: <s> の GPU 1 基あたりのオプティマイザの状態"}, Bytes,
		"12 bytes (Adam's FP32 master weights, momentum, variance) x parameters / (tp x pp), / dp under ZeRO stage 1-3, at the layout", &srcZeRO, modelled}},
	{hardware.PartActivations, Text{"Activations", "活性化"}, kind{"train.<w>.memory.activations.<s>", Text{"<w>: activations per <s> GPU", "<w>: <s> の GPU 1 基あたりの活性化"}, Bytes,
		"s x b x h x (34 + 5as/h) / tp per layer (less under recomputation) x the first stage's layers x micro-batches in flight, at the layout (Korthikanti et al. 2022)", &srcTransformer, modelled}},
	{hardware.PartWorkspace, Text{"Workspace", "ワークスペース"}, kind{"train.<w>.memory.workspace.<s>", Text{"<w>: workspace per <s> GPU", "<w>: <s> の GPU 1 基あたりのワークスペース"}, Bytes,
		"{factors.workspace_fraction} x (weights + gradients + optimizer state + activations)", &srcTransformer, modelled}},
}

var (
	trainGPUMemoryCatalog = kind{"train.<w>.gpu_memory.<s>", Text{"<w>: memory of one <s> GPU", "<w>: <s> の GPU 1 基のメモリ"}, Bytes,
		"{catalog.gpus.<g>.memory}", &srcCatalog, arithmetic}
	trainGPUMemoryGiven = kind{"train.<w>.gpu_memory.<s>", Text{"<w>: memory of one <s> GPU", "<w>: <s> の GPU 1 基のメモリ"}, Bytes,
		"{systems[<si>].gpu_memory_gb} * GB", &srcArticle, arithmetic}
)

// memoryPerPair is the quantities addMemory adds per workload and system.
const memoryPerPair = 6

// MemoryPart is one part of a transformer workload's memory per GPU: its
// quantity's id and its name.
type MemoryPart struct {
	ID   string
	Name Text
}

// MemoryParts are workload w's memory parts per GPU of system s, in the
// order they stack, and the id of the GPU's memory they must fit.
func MemoryParts(w, s string) (parts []MemoryPart, capacity string) {
	c := subject{w: w, s: s}
	for _, p := range memoryParts {
		parts = append(parts, MemoryPart{ID: c.expand(p.kind.id), Name: p.name})
	}
	return parts, c.expand(trainGPUMemoryCatalog.id)
}

// addMemory adds workload c's memory per GPU of system c, part by part, and
// the GPU's memory it must fit.
func addMemory(s *Scenario, b *builder, c *subject, mem hardware.TransformerMemory) {
	for _, p := range memoryParts {
		b.add(&p.kind, c, mem.Part(p.part))
	}
	if s.Systems[c.si].GPUMemoryGB != nil {
		b.add(&trainGPUMemoryGiven, c, mem.Capacity)
	} else {
		b.add(&trainGPUMemoryCatalog, c, mem.Capacity)
	}
}

// fitWords says why the job of key on system si does not fit its GPUs'
// memory and what would: the memory it needs, its largest part and the
// change hardware.AdviseFit finds cheapest for a run of tokens, in English
// and Japanese.
func (hw catalogView) fitWords(s *Scenario, key planKey, si int, tokens float64) Text {
	job := hw.job(key, si)
	job.Tokens = tokens
	a, err := hardware.AdviseFit(job, key.factors, maxJobGPUs)
	if err != nil {
		return errorWords(err)
	}
	const gib = 1 << 30
	m, l, gpu := a.Memory, a.Layout, hw.devices[si].id
	var t Text
	if key.layout.Recompute == "" {
		t = Text{minfmt.Sprintf("no layout fits; the smallest (TP %d, PP %d, DP %d, ZeRO stage %d, %s recomputation) ", l.TP, l.PP, l.DP, l.ZeRO, recomputeWords[l.Recompute].EN),
			minfmt.Sprintf("収まる並列化構成がありません。最小の構成（TP %d、PP %d、DP %d、ZeRO ステージ %d、%s）は", l.TP, l.PP, l.DP, l.ZeRO, recomputeWords[l.Recompute].JA)}
	} else {
		t = Text{"the layout ", "この並列化構成は"}
	}
	t = t.With(minfmt.Sprintf("needs %.1f GiB per GPU, %.1f GiB more than the %.1f GiB of one %s", m.Total/gib, (m.Total-m.Capacity)/gib, m.Capacity/gib, gpu),
		minfmt.Sprintf(" GPU 1 基あたり %.1f GiB 必要で、%s 1 基の %.1f GiB より %.1f GiB 多すぎます", m.Total/gib, gpu, m.Capacity/gib, (m.Total-m.Capacity)/gib))
	for _, p := range memoryParts {
		if p.part == a.Part {
			t = t.With(minfmt.Sprintf("; the largest part: %s, %.1f GiB", p.name.EN, m.Part(p.part)/gib),
				minfmt.Sprintf("。最大の部分は%s（%.1f GiB）", p.name.JA, m.Part(p.part)/gib))
		}
	}
	if a.Change == "" {
		var en, ja []string
		for _, c := range a.Tried {
			w := triedWords[c]
			if c == hardware.ChangeGPUs {
				w = Text{minfmt.Sprintf(w.EN, a.MostGPUs), minfmt.Sprintf(w.JA, a.MostGPUs)}
			}
			en, ja = append(en, w.EN), append(ja, w.JA)
		}
		return t.With("; no one change fits (tried: "+strings.Join(en, ", ")+")", "。単独で収まる変更はありません（試したもの: "+strings.Join(ja, "、")+"）")
	}
	change := changeWords(a, hw.devices[si].system)
	hoursEN, hoursJA := numtext.Count(a.Plan.GPUHours)
	return t.With(minfmt.Sprintf("; the change that fits at the fewest GPU-hours: %s (%.1f GiB per GPU, %s GPU-hours without failures)", change.EN, a.Plan.Memory.Total/gib, hoursEN),
		minfmt.Sprintf("。収まる変更のうち GPU 時間が最も少ないのは %s（GPU 1 基あたり %.1f GiB、障害なしで %s GPU 時間）", change.JA, a.Plan.Memory.Total/gib, hoursJA))
}

// recomputeWords name a recomputation in a sentence.
var recomputeWords = map[hardware.Recompute]Text{
	hardware.RecomputeNone:      {"no", "再計算なし"},
	hardware.RecomputeSelective: {"selective", "選択的な再計算"},
	hardware.RecomputeFull:      {"full", "全体の再計算"},
}

// triedWords name the changes advice tries; %d is the most GPUs.
var triedWords = map[hardware.FitChange]Text{
	hardware.ChangeTP:        {"more TP within the NVLink domain", "NVLink ドメイン内で TP を増やす"},
	hardware.ChangeZeRO:      {"a higher ZeRO stage", "ZeRO ステージを上げる"},
	hardware.ChangeRecompute: {"more recomputation", "再計算を増やす"},
	hardware.ChangeGPUs:      {"up to %d GPUs", "GPU を %d 基まで増やす"},
	hardware.ChangeGPU:       {"a larger GPU of the catalog", "カタログのより大きな GPU"},
}

// changeWords names the change a's job makes.
func changeWords(a hardware.FitAdvice, sys hardware.System) Text {
	l := a.Plan.Layout
	switch a.Change {
	case hardware.ChangeTP:
		return Text{minfmt.Sprintf("TP %d", l.TP), minfmt.Sprintf("TP %d", l.TP)}
	case hardware.ChangeZeRO:
		return Text{minfmt.Sprintf("ZeRO stage %d", l.ZeRO), minfmt.Sprintf("ZeRO ステージ %d", l.ZeRO)}
	case hardware.ChangeRecompute:
		w := recomputeWords[l.Recompute]
		return Text{w.EN + " recomputation", w.JA}
	case hardware.ChangeGPUs:
		n := a.Job.GPUs
		return Text{minfmt.Sprintf("%d GPUs, %d %s systems", n, n/max(sys.GPUs, 1), sys.ID), minfmt.Sprintf("GPU %d 基、%s %d 台", n, sys.ID, n/max(sys.GPUs, 1))}
	}
	g := a.Job.GPU
	return Text{minfmt.Sprintf("the %s GPU (%.0f GiB)", g.ID, g.Memory/(1<<30)), minfmt.Sprintf("GPU %s（%.0f GiB）", g.ID, g.Memory/(1<<30))}
}

// errLayoutTooLarge is a plan of a layout given whole that does not fit:
// nothing else would stop it from being bought and priced.
var errLayoutTooLarge = errors.New("the layout does not fit the GPU's memory")

// fitError is a plan's error as its field error says it: a job that does
// not fit is told why and what would (fitWords).
func (hw catalogView) fitError(s *Scenario, key planKey, si int, j jobPlan, tokens float64) Text {
	var fit *hardware.FitError
	if errors.As(j.err, &fit) || errors.Is(j.err, errLayoutTooLarge) {
		key.gpus = j.gpus
		return hw.fitWords(s, key, si, tokens)
	}
	return errorWords(j.err)
}

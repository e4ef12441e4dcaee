package tool

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

var (
	srcTransformer = text("transformer model (estimator/hardware PlanTransformer): roofline matrix multiplies, TP/PP/DP/EP communication, the fastest layout that fits; factors fitted to published runs (hardware.TransformerRuns)",
		"Transformer モデル（estimator/hardware PlanTransformer）: 行列積のルーフライン、TP/PP/DP/EP の通信、収まる中で最速の並列化構成。係数は公開された実行例に合わせた（hardware.TransformerRuns）")
	srcFLOPs = text("Narayanan et al. 2021 (Megatron-LM), eq. 3; Kaplan et al. 2020, Table 1 (causal attention counted half)",
		"Narayanan ら 2021 年（Megatron-LM）の式 3、Kaplan ら 2020 年の表 1（因果的アテンションは半分として数える）")
	srcTMemory = text("Rajbhandari et al. 2020 (ZeRO): 16 bytes per parameter before partitioning; Korthikanti et al. 2022: activations s*b*h*(34 + 5as/h)/t per layer",
		"Rajbhandari ら 2020 年（ZeRO）: 分割前はパラメータあたり 16 バイト。Korthikanti ら 2022 年: 層あたりの活性化 s*b*h*(34 + 5as/h)/t")
	srcFailures = text("first-order goodput as the scenario's: failures x (restart + half a checkpoint interval) + checkpoint stalls; Llama 3's rate, 419 interruptions in 54 days on 16,384 H100 (Dubey et al. 2024, section 3.3.4)",
		"シナリオと同じ一次近似のグッドプット: 障害回数 ×（再起動 + チェックポイント間隔の半分）+ チェックポイント書き込みの停止。障害率は Llama 3 のもの、H100 16,384 基で 54 日間に 419 回の中断（Dubey ら 2024 年、3.3.4 節）")
	srcTuning    = estimator.SourceTuning
	srcOverheads = text("a whole run's parts beyond steady training (hardware.DefaultOverheads): evaluation, the batch ramp and warm-up (Llama 3's batch schedule, Dubey et al. 2024, section 3.4.1), stragglers (its 1-2% daily swing, section 3.3.4) and data stalls, each a share of the steady time; failures and checkpoint stalls as goodput",
		"定常の学習以外の実行全体の部分（hardware.DefaultOverheads）: 評価、バッチの立ち上げとウォームアップ（Llama 3 のバッチの段階的な拡大。Dubey ら 2024 年、3.4.1 節）、遅いノード（1 日 1〜2% の変動、3.3.4 節）、データ待ち。いずれも定常の時間に対する割合。障害とチェックポイントの停止はグッドプットとして")
	srcLlamaTime = text("chosen so Llama 3's rate gives its >90% effective training time at 16,384 GPUs",
		"Llama 3 の障害率で 16,384 GPU の実効学習時間が 90% を超えるように選んだ値")
)

// TransformerRequest asks what training a transformer on GPUs of one kind
// takes. The model is one of Model, Config and Shape.
type TransformerRequest struct {
	Model string // catalog transformer id, or
	// Config is a Hugging Face config.json as published, read into a tree
	// (estimator.ReadTree; a request object's "config"), or
	Config any
	// Shape is a shape in the scenario's form (workloads[].transformer.shape),
	// read likewise; Seq is then required.
	Shape     any
	GPU       string  // catalog GPU id
	System    string  // catalog system id; "": the first catalog system with the GPU
	GPUs      int     // >= 1
	Tokens    float64 // training tokens, > 0
	Precision string  // bf16 (default), fp8 or fp4
	Seq       int     // 0: the model's
	// GlobalBatchTokens is the tokens per optimizer step; 0: the model's default.
	GlobalBatchTokens float64
	// MFU, when set, replaces the modelled utilisation; in [0.001, 1].
	MFU *float64
	// TP and PP fix the layout (both or neither); MicroBatch its micro-batch
	// (default 1 when TP and PP are given).
	TP, PP, MicroBatch *int
	Tuning
	Factors Factors // zero: the calibrated defaults
}

// Tuning is what a requested run trains: Mode pretrain (""), full, lora or
// qlora; LoRARank (0: 16) and LoRATargets (all or attention; "": all) its
// adapters, read with lora and qlora only.
type Tuning struct {
	Mode        string
	LoRARank    int
	LoRATargets string
}

// Transformer answers a TransformerRequest: the run's FLOPs, the layout the
// model picks (or is given), its memory per GPU, MFU, throughput, and the
// GPU-hours and wall time with failures.
func Transformer(req TransformerRequest) (*Result, error) {
	var errs estimator.ErrorList
	m, okM := transformerOf(&errs, req)
	dev, okG := lookupGPU(&errs, "gpu", req.GPU)
	g := dev.gpu
	required(&errs, "gpus", req.GPUs != 0, text("the job's GPUs; to find the fewest that meet a deadline, ask trainscale size", "ジョブの GPU 数。期限に間に合う最少の GPU 数は trainscale size で求めます"))
	if req.GPUs != 0 {
		estimator.CheckBound(&errs, "gpus", "gpus", float64(req.GPUs))
	}
	required(&errs, "tokens", req.Tokens != 0, text("the run's training tokens, e.g. 15e12", "学習トークン数（例: 15e12）"))
	if req.Tokens != 0 {
		estimator.CheckBound(&errs, "tokens", "tokens", req.Tokens)
	}
	p := transformerPrecision(&errs, req.Precision, g, okG)
	switch {
	case req.Seq != 0: // 0: the model's
		estimator.CheckBound(&errs, "seq", "seq", float64(req.Seq))
	case okM && m.Seq == 0 && req.Shape != nil:
		errs.Add("seq", text("is required with shape: a shape has no sequence length", "shape を指定するときは必須です（形状には系列長がありません）"), nil)
	case okM && m.Seq == 0:
		errs.Add("seq", text("is required: the config gives no context length", "必須です: config にコンテキスト長がありません"), nil)
	}
	if req.GlobalBatchTokens != 0 { // 0: the default
		estimator.CheckBound(&errs, "global_batch_tokens", "batch_tokens", req.GlobalBatchTokens)
	}
	if req.MFU != nil && !(*req.MFU >= 0.001 && *req.MFU <= 1) {
		errs.Add("mfu", text("must be in [0.001, 1]", "0.001 以上 1 以下にしてください"), *req.MFU)
	}
	tuning := req.Tuning.check(&errs, p)
	sys, okS := systemFor(&errs, req.System, g, okG)
	layout := layoutOf(&errs, req, m, okM)
	if layout != nil && okS && layout.TP > sys.NVLinkGPUs() {
		errs.Add("tp", text(fmt.Sprintf("must be at most the %d GPUs of %s's NVLink domain", sys.NVLinkGPUs(), sys.ID), fmt.Sprintf("%s の NVLink ドメインの GPU 数 %d 以下にしてください", sys.ID, sys.NVLinkGPUs())), layout.TP)
	}
	f := checkFactors(&errs, req.Factors)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	in, _ := hardware.NetworkByID(sys.IntraLink)
	fab, _ := hardware.NetworkByID(sys.Network)
	tj := hardware.TransformerJob{Model: m, GPU: g, System: sys, IntraLink: in, Fabric: fab, GPUs: req.GPUs,
		Tokens: req.Tokens, Seq: req.Seq, Precision: p, GlobalBatchTokens: req.GlobalBatchTokens, MFU: req.MFU, Layout: layout, Tuning: tuning}
	plan, err := hardware.PlanTransformer(tj, f)
	fewest, _, fewestErr := hardware.FewestGPUsToHold(tj, f)
	var fit *hardware.FitError
	var bad *hardware.LayoutError
	switch {
	case errors.As(err, &bad) && layout != nil: // a part of the layout the request fixed
		path, got := bad.Field, any(nil)
		switch bad.Field {
		case "micro_batch":
			got = *req.MicroBatch
		case "pp":
			got = *req.PP
		case "gpus":
			got = req.GPUs
		default:
			path, got = "tp", *req.TP
		}
		return nil, &estimator.FieldError{Path: path, Rule: estimator.Text{EN: bad.Error(), JA: bad.In("ja")}, Got: got}
	case errors.As(err, &fit) && layout != nil:
		return nil, &estimator.FieldError{Path: "tp", Rule: estimator.Text{EN: fmt.Sprintf("must leave a layout that fits with pp: %s", fit.Error()), JA: fmt.Sprintf("pp と合わせて収まる並列化構成にしてください: %s", fit.In("ja"))},
			Got: *req.TP}
	case errors.As(err, &fit) && fewestErr == nil:
		return nil, &estimator.FieldError{Path: "gpus", Rule: estimator.Text{EN: fmt.Sprintf("must hold the model at some layout, at least %d %s: %s", fewest, g.ID, fit.Error()), JA: fmt.Sprintf("いずれかの並列化構成でモデルが収まる GPU 数（%s を %d 基以上）にしてください: %s", g.ID, fewest, fit.In("ja"))},
			Got: req.GPUs}
	case errors.As(err, &fit):
		return nil, &estimator.FieldError{Path: "gpus", Rule: estimator.Text{EN: fmt.Sprintf("must hold the model at some layout, which no count of %s does: %s", g.ID, fit.Error()), JA: fmt.Sprintf("いずれかの並列化構成でモデルが収まる GPU 数にしてください（%s では何基でも収まりません）: %s", g.ID, fit.In("ja"))},
			Got: req.GPUs}
	case err != nil:
		return nil, err
	}
	seq := req.Seq
	if seq == 0 {
		seq = m.Seq
	}
	return transformerResult(req, tj, plan, seq, fewest, f)
}

// check is what the request trains, its rules applied: the mode and, for
// lora and qlora, the adapters.
func (req Tuning) check(errs *estimator.ErrorList, p hardware.Precision) hardware.Tuning {
	t := hardware.Tuning{Mode: hardware.Mode(req.Mode), Rank: req.LoRARank, Targets: hardware.LoRATargets(req.LoRATargets)}.Resolve()
	if !slices.Contains(hardware.Modes(), t.Mode) {
		errs.Add("mode", text("must be one of pretrain, full, lora, qlora", "pretrain、full、lora、qlora のいずれかにしてください"), strconv.Quote(req.Mode))
		return hardware.Tuning{}
	}
	if !t.Adapters() {
		for path, given := range map[string]bool{"lora_rank": req.LoRARank != 0, "lora_targets": req.LoRATargets != ""} {
			if given {
				errs.Add(path, text("is only read with mode lora or qlora", "mode が lora か qlora のときだけ読みます"), nil)
			}
		}
		return t
	}
	if req.LoRARank != 0 {
		estimator.CheckBound(errs, "lora_rank", "lora_rank", float64(req.LoRARank))
	}
	switch t.Targets {
	case "", hardware.TargetAll, hardware.TargetAttention:
	default:
		errs.Add("lora_targets", text("must be all or attention", "all か attention にしてください"), strconv.Quote(req.LoRATargets))
	}
	if t.Mode == hardware.QLoRA && p != hardware.BF16 {
		errs.Add("precision", estimator.QLoRAPrecisionRule, strconv.Quote(string(p)))
	}
	return t
}

// transformerOf is the request's model: its catalog entry, its config's or
// its shape's, exactly one of them.
func transformerOf(errs *estimator.ErrorList, req TransformerRequest) (hardware.TransformerModel, bool) {
	given := 0
	for _, g := range []bool{req.Model != "", req.Config != nil, req.Shape != nil} {
		if g {
			given++
		}
	}
	switch {
	case given > 1:
		errs.Add("model", text("give one of model, config or shape, not two", "model、config、shape のうち 1 つだけを指定してください"), nil)
		return hardware.TransformerModel{}, false
	case req.Config != nil:
		return estimator.ConfigModel(errs, "config", req.Config)
	case req.Shape != nil:
		return estimator.ShapeModel(errs, req.Shape)
	case req.Model == "":
		errs.Add("model", text("is required unless config or shape gives the model (known: "+strings.Join(hardware.TransformerModelIDs(), ", ")+")",
			"config か shape でモデルを指定しない限り必須です（既知: "+strings.Join(hardware.TransformerModelIDs(), ", ")+"）"), nil)
		return hardware.TransformerModel{}, false
	}
	return lookup(errs, "model", req.Model, hardware.TransformerModelByID, hardware.TransformerModelIDs)
}

// systemFor is the request's system, or the first catalog system with the GPU.
func systemFor(errs *estimator.ErrorList, id string, g hardware.GPU, okG bool) (hardware.System, bool) {
	if id != "" {
		s, ok := lookup(errs, "system", id, hardware.SystemByID, hardware.SystemIDs)
		if ok && okG && s.GPU != g.ID {
			errs.Add("system", text("must hold the GPU "+g.ID+", it holds "+s.GPU, "GPU "+g.ID+" を搭載するシステムにしてください（搭載しているのは "+s.GPU+"）"), strconv.Quote(id))
		}
		return s, ok
	}
	if !okG {
		return hardware.System{}, false
	}
	for _, s := range hardware.Systems() {
		if s.GPU == g.ID {
			return s, true
		}
	}
	errs.Add("system", text("is required: no catalog system holds "+g.ID, "必須です: "+g.ID+" を搭載するカタログのシステムがありません"), nil)
	return hardware.System{}, false
}

// layoutOf is the layout TP and PP fix, nil when neither is given.
func layoutOf(errs *estimator.ErrorList, req TransformerRequest, m hardware.TransformerModel, okM bool) *hardware.Layout {
	if req.TP == nil && req.PP == nil {
		if req.MicroBatch != nil {
			errs.Add("micro_batch", text("is only read with tp and pp", "tp と pp を指定したときだけ読みます"), *req.MicroBatch)
		}
		return nil
	}
	if req.TP == nil || req.PP == nil {
		errs.Add("tp", text("is given with pp, both or neither", "pp と一緒に、両方指定するかどちらも省略してください"), nil)
		return nil
	}
	mb := 0 // searched
	if req.MicroBatch != nil {
		mb = *req.MicroBatch
	}
	tp, pp := *req.TP, *req.PP
	switch {
	case tp < 1 || pp < 1 || tp*pp > max(req.GPUs, 1) || max(req.GPUs, 1)%(tp*pp) != 0:
		errs.Add("tp", text("tp x pp must divide the GPUs", "tp × pp で GPU 数が割り切れるようにしてください"), fmt.Sprintf("%d x %d", tp, pp))
		return nil
	case req.MicroBatch != nil && !estimator.BoundOf("batch").Allows(float64(mb)):
		estimator.CheckBound(errs, "micro_batch", "batch", float64(mb))
		return nil
	case !okM:
		return nil
	case tp > 1 && m.Heads%tp != 0:
		errs.Add("tp", text(fmt.Sprintf("must divide the model's %d attention heads", m.Heads), fmt.Sprintf("モデルのアテンションヘッド数 %d を割り切れる値にしてください", m.Heads)), tp)
		return nil
	case pp > m.Layers:
		errs.Add("pp", text(fmt.Sprintf("must be at most the model's %d layers", m.Layers), fmt.Sprintf("モデルの層数 %d 以下にしてください", m.Layers)), pp)
		return nil
	}
	// The rest (recomputation, ZeRO, interleaving, EP) is searched.
	return &hardware.Layout{TP: tp, PP: pp, MicroBatch: mb}
}

func transformerResult(req TransformerRequest, tj hardware.TransformerJob, plan hardware.TransformerPlan, seq, fewest int, f hardware.Factors) (*Result, error) {
	m, g, l := tj.Model, tj.GPU, plan.Layout
	b := newBuilder(req.Factors, f)
	b.title(text(fmt.Sprintf("%s on %d x %s (%s), %s, %.4g tokens", m.Name, req.GPUs, g.Name, tj.System.ID, tj.Precision, req.Tokens),
		fmt.Sprintf("%s を %s（%s）%d 基で、%s、%.4g トークン", m.Name, g.Name, tj.System.ID, req.GPUs, tj.Precision, req.Tokens)))
	b.input("transformer.gpus", text("GPUs in the job", "ジョブの GPU 数"), estimator.Count, float64(req.GPUs), srcInput)
	b.input("transformer.tokens", text("Training tokens", "学習トークン数"), estimator.Count, req.Tokens, srcInput)
	b.input("transformer.seq", text("Sequence length", "系列長"), estimator.Count, float64(seq), srcInput.With(" or the model's", "またはモデルの値"))
	total, active := m.Params()
	modelSource, modelName, headline := cite(m.Source), m.ID, []string(nil)
	if req.Model == "" { // a config's or a shape's: the count is the news
		modelSource, modelName = text("the "+m.Name+" given", "指定の "+m.Name), m.Name
		headline = []string{"transformer.params", "transformer.active_params"}
	}
	b.addWords("transformer.params", text("Parameters (total)", "パラメータ数（合計）"), estimator.Count, total, "counted from the model's shape: embeddings, attention, feed-forward blocks, every expert", nil, modelSource)
	b.addWords("transformer.active_params", text("Parameters active per token", "1 トークンで使われるパラメータ数"), estimator.Count, active, "counted from the model's shape: the shared and routed experts a token visits", nil, modelSource)
	attn := m.AttentionFLOPsPerToken(seq)
	b.addWords("transformer.attention_flops_per_token", text("Attention FLOPs per token", "1 トークンあたりのアテンション計算量"), estimator.FLOPs, attn,
		"6 x layers x seq x d_attn (causal: half of the full square; 12 x ... for a vision encoder)", []string{"transformer.seq"}, srcFLOPs)
	b.addWords("transformer.matrix_params", text("Active parameters in matrix multiplies", "行列積で使われるパラメータ数"), estimator.Count, m.ModelFLOPsPerToken(0)/6,
		"active parameters less the input embedding, a lookup", []string{"transformer.active_params"}, srcFLOPs)
	tuning := tj.Tuning
	if tuning.Adapters() {
		trainable, activeAdapters, _ := m.Adapters(tuning)
		b.addWords("transformer.trainable_params", text("Parameters trained (adapters)", "学習するパラメータ数（アダプタ）"), estimator.Count, trainable,
			fmt.Sprintf("rank %d x (inputs + outputs) of each adapted matrix (%s), every layer, every expert", tuning.Rank, tuning.Targets), nil, srcTuning)
		b.addWords("transformer.active_adapter_params", text("Adapter parameters active per token", "1 トークンで使われるアダプタのパラメータ数"), estimator.Count, activeAdapters,
			"the adapters of the experts a token visits", []string{"transformer.trainable_params"}, srcTuning)
		b.add("transformer.flops_per_token", text("Training FLOPs per token (model)", "1 トークンあたりの学習計算量（モデル）"), estimator.FLOPs, plan.ModelFLOPsPerToken,
			"4 * {transformer.matrix_params} + 6 * {transformer.active_adapter_params} + {transformer.attention_flops_per_token}", srcTuning)
	} else {
		b.add("transformer.trainable_params", text("Parameters trained", "学習するパラメータ数"), estimator.Count, total, "{transformer.params}", srcFLOPs)
		b.add("transformer.flops_per_token", text("Training FLOPs per token (model)", "1 トークンあたりの学習計算量（モデル）"), estimator.FLOPs, plan.ModelFLOPsPerToken,
			"6 * {transformer.matrix_params} + {transformer.attention_flops_per_token}", srcFLOPs)
	}
	b.add("transformer.flops", text("Training FLOPs (model)", "学習計算量（モデル）"), estimator.FLOPs, plan.TotalFLOPs,
		"{transformer.flops_per_token} * {transformer.tokens}", srcFLOPs)
	b.addWords("transformer.hardware_flops_per_token", text("FLOPs per token the GPUs run (recomputation included)", "GPU が実行する 1 トークンあたりの計算量（再計算込み）"), estimator.FLOPs, plan.HardwareFLOPsPerToken,
		"model FLOPs + the recomputed forward work: all of it under full recomputation, attention's under selective", []string{"transformer.flops_per_token"}, srcFLOPs)
	b.input("transformer.tp", text("Tensor-parallel GPUs", "テンソル並列 GPU 数"), estimator.Count, float64(l.TP), layoutSource(req))
	b.input("transformer.pp", text("Pipeline stages", "パイプライン段数"), estimator.Count, float64(l.PP), layoutSource(req))
	b.add("transformer.dp", text("Data-parallel replicas", "データ並列数"), estimator.Count, float64(l.DP), "{transformer.gpus} / ({transformer.tp} * {transformer.pp})", srcTransformer)
	b.input("transformer.ep", text("Expert-parallel GPUs", "エキスパート並列 GPU 数"), estimator.Count, float64(l.EP), layoutSource(req))
	b.input("transformer.micro_batch", text("Sequences per micro-batch", "マイクロバッチあたりの系列数"), estimator.Count, float64(l.MicroBatch), layoutSource(req))
	b.input("transformer.interleave", text("Model chunks per pipeline stage", "パイプライン段あたりのモデルチャンク数"), estimator.Count, float64(l.Interleave), layoutSource(req))
	b.input("transformer.zero", text("ZeRO stage", "ZeRO のステージ"), estimator.Count, float64(l.ZeRO), layoutSource(req))
	batchSource := text("given, or Llama 3's 16M tokens (Dubey et al. 2024, Table 4), at least a sequence per replica, in whole micro-batches", "指定値、または Llama 3 の 16M トークン（Dubey ら 2024 年の表 4）。複製ごとに 1 系列以上、マイクロバッチ単位")
	if tuning.Mode != hardware.Pretrain {
		batchSource = text("given, or a fine-tune's 64 sequences as Llama 2-Chat's (Touvron et al. 2023, section 3.1), at least a sequence per replica, in whole micro-batches", "指定値、またはファインチューニングの 64 系列（Llama 2-Chat と同じ。Touvron ら 2023 年の 3.1 節）。複製ごとに 1 系列以上、マイクロバッチ単位")
	}
	b.input("transformer.global_batch_tokens", text("Tokens per optimizer step", "オプティマイザ 1 ステップのトークン数"), estimator.Count, plan.GlobalBatchTokens, batchSource)
	mem := plan.Memory
	weights, trained := "2 bytes x parameters", "parameters"
	switch tuning.Mode {
	case hardware.LoRA:
		weights, trained = "2 bytes x (parameters + adapters)", "adapters"
	case hardware.QLoRA:
		weights, trained = "(4.127 bits x block weights + 2 bytes x (embeddings + adapters))", "adapters"
	}
	b.addWords("transformer.memory_weights", text("Weights per GPU", "GPU 1 基あたりの重み"), estimator.Bytes, mem.Weights, weights+" / (TP x PP) (experts also / EP); / DP under ZeRO-3", nil, srcTMemory)
	b.addWords("transformer.memory_gradients", text("Gradients per GPU", "GPU 1 基あたりの勾配"), estimator.Bytes, mem.Gradients, "2 bytes x "+trained+" / (TP x PP) (experts also / EP); / DP under ZeRO-2 and 3", nil, srcTMemory)
	b.addWords("transformer.memory_optimizer", text("Optimizer state per GPU", "GPU 1 基あたりのオプティマイザ状態"), estimator.Bytes, mem.Optimizer, "12 bytes x "+trained+" / (TP x PP) (experts also / EP); / DP under ZeRO 1-3", nil, srcTMemory)
	b.addWords("transformer.memory_activations", text("Activations per GPU (first pipeline stage)", "GPU 1 基あたりの活性化（パイプライン初段）"), estimator.Bytes, mem.Activations,
		"s*b*h*(34 + 5as/h)/TP per layer (selective: 34; full: 2) x the stage's layers x the micro-batches in flight (1F1B: PP)", nil, srcTMemory)
	b.add("transformer.memory_workspace", text("Workspace and allocator slack", "ワークスペースとアロケータの余裕"), estimator.Bytes, mem.Workspace,
		"{factors.workspace_fraction} * ({transformer.memory_weights} + {transformer.memory_gradients} + {transformer.memory_optimizer} + {transformer.memory_activations})", srcTMemory)
	b.add("transformer.memory_per_gpu", text("Memory per GPU", "GPU 1 基あたりのメモリ"), estimator.Bytes, mem.Total,
		"{transformer.memory_weights} + {transformer.memory_gradients} + {transformer.memory_optimizer} + {transformer.memory_activations} + {transformer.memory_workspace}", srcTMemory)
	b.input("transformer.capacity", text("GPU memory", "GPU メモリ"), estimator.Bytes, mem.Capacity, cite(g.Source))
	b.add("transformer.fits", text("Fits the GPU's memory", "GPU メモリに収まるか"), estimator.Flag, flag(plan.Fits), "if({transformer.memory_per_gpu} <= {transformer.capacity}, 1, 0)", srcTMemory)
	b.addWords("transformer.fewest_gpus", text("Fewest of these GPUs that hold the run", "この GPU で学習が収まる最少の基数"), estimator.Count, float64(fewest),
		"the first of 1, 2, 4, ... GPUs (then whole systems, doubling) at which some layout fits", []string{"transformer.capacity"}, srcTMemory)
	b.input("transformer.peak", text("Dense peak per GPU at the precision", "その精度での GPU 1 基の密行列ピーク性能"), estimator.FLOPS, g.Peak(tj.Precision), cite(g.Source))
	b.add("transformer.bubble", text("Pipeline bubble", "パイプラインのバブル"), estimator.Share, plan.Bubble,
		"({transformer.pp} - 1) / ({transformer.interleave} * {transformer.global_batch_tokens} / ({transformer.dp} * {transformer.micro_batch} * {transformer.seq}) + {transformer.pp} - 1)",
		cite("Narayanan et al. 2021, sections 2.2.1-2.2.2: (p-1)/(v*m+p-1)"))
	mfuWords := "model FLOPs of a step / (step time x GPUs x peak); the step: micro-batches through the fullest stage at the roofline of each matrix multiply, TP and EP communication, the bubble, DP communication the backward pass does not hide"
	stepSrc := srcTransformer
	if req.MFU != nil {
		mfuWords = "given"
		stepSrc = srcInput
	}
	b.addWords("transformer.step_time", text("Time per optimizer step", "オプティマイザ 1 ステップの時間"), estimator.Seconds, plan.StepTime, mfuWords,
		[]string{"transformer.global_batch_tokens", "transformer.flops_per_token", "transformer.peak"}, stepSrc)
	b.addWords("transformer.compute_time", text("Computing per step (bubble included)", "1 ステップの計算時間（バブル込み）"), estimator.Seconds, plan.ComputeTime, "matrix multiplies at their roofline, attention and element-wise work, through the pipeline", nil, stepSrc)
	b.addWords("transformer.comm_exposed", text("Communication not hidden, per step", "1 ステップで隠れない通信時間"), estimator.Seconds, plan.CommExposed, "TP all-reduces, pipeline sends, EP all-to-all, and the DP rest the backward pass does not hide", nil, stepSrc)
	b.add("transformer.mfu", text("Model FLOPs utilisation", "モデル FLOPs 使用率（MFU）"), estimator.Share, plan.MFU,
		"{transformer.flops_per_token} * {transformer.global_batch_tokens} / ({transformer.step_time} * {transformer.gpus} * {transformer.peak})",
		cite("Chowdhery et al. 2022 (PaLM), appendix B"))
	b.add("transformer.tokens_per_s", text("Tokens per second (whole job)", "毎秒のトークン数（ジョブ全体）"), estimator.PerSecond, plan.TokensPerSecond,
		"{transformer.global_batch_tokens} / {transformer.step_time}", srcTransformer)
	fl := hardware.LlamaFailures
	b.input("transformer.failures_per_gpu_year", text("Failures per GPU-year", "GPU 年あたりの障害数"), estimator.Count, fl.PerGPUYear, srcFailures)
	b.input("transformer.restart_time", text("Restart after a failure", "障害後の再起動時間"), estimator.Seconds, fl.RestartS, srcLlamaTime)
	b.input("transformer.checkpoint_interval", text("Checkpoint interval", "チェックポイント間隔"), estimator.Seconds, fl.CheckpointIntervalS, srcLlamaTime)
	b.input("transformer.checkpoint_write", text("Training stalled per checkpoint", "チェックポイントごとに学習が止まる時間"), estimator.Seconds, fl.CheckpointWriteS, text("asynchronous checkpoints", "非同期チェックポイント"))
	b.add("transformer.goodput", text("Share of time not lost to failures", "障害に失われない時間の割合"), estimator.Share, fl.Goodput(float64(req.GPUs)),
		"max(0.05, 1 - {transformer.gpus} * {transformer.failures_per_gpu_year} / (365 * DAY) * ({transformer.restart_time} + {transformer.checkpoint_interval} / 2) - {transformer.checkpoint_write} / {transformer.checkpoint_interval})", srcFailures)
	o := fl.Overheads
	b.input("transformer.evaluation_share", text("Evaluation, a share of the steady time", "評価（定常の時間に対する割合）"), estimator.Share, o.Evaluation, srcOverheads)
	b.input("transformer.ramp_share", text("Batch ramp and warm-up, a share of the steady time", "バッチの立ち上げとウォームアップ（定常の時間に対する割合）"), estimator.Share, o.Ramp, srcOverheads)
	b.input("transformer.straggler_share", text("Stragglers, a share of the steady time", "遅いノード（定常の時間に対する割合）"), estimator.Share, o.Stragglers, srcOverheads)
	b.input("transformer.data_stall_share", text("Data stalls, a share of the steady time", "データ待ち（定常の時間に対する割合）"), estimator.Share, o.DataStalls, srcOverheads)
	b.add("transformer.run_share", text("Share of the run's time training at the steady rate", "定常の速度で学習している時間の割合"), estimator.Share, fl.RunShare(float64(req.GPUs)),
		"{transformer.goodput} / (1 + {transformer.evaluation_share} + {transformer.ramp_share} + {transformer.straggler_share} + {transformer.data_stall_share})", srcOverheads)
	wall := b.add("transformer.wall_time", text("Wall time of the whole run", "実行全体の経過時間"), estimator.Seconds, plan.WallTime/b.valueOf("transformer.run_share"),
		"{transformer.tokens} / {transformer.tokens_per_s} / {transformer.run_share}", srcOverheads)
	b.banded()
	b.add("transformer.gpu_hours", text("GPU-hours of the whole run", "実行全体の GPU 時間"), estimator.Count, wall*float64(req.GPUs)/3600,
		"{transformer.wall_time} * {transformer.gpus} / HOUR", srcOverheads)
	b.banded()
	b.note("whole_run", estimator.WholeRunNote())
	b.add("transformer.gpu_hours_failure_free", text("GPU-hours without failures", "GPU 時間（障害なし）"), estimator.Count, plan.GPUHours,
		"{transformer.tokens} / {transformer.tokens_per_s} * {transformer.gpus} / HOUR", srcTransformer)
	// The whole run's parts, as a scenario's goodput section lays them out.
	shares := [4]string{"{transformer.evaluation_share}", "{transformer.ramp_share}", "{transformer.straggler_share}", "{transformer.data_stall_share}"}
	exprs := estimator.RunPartFormulas("{transformer.gpu_hours_failure_free}", "{transformer.gpu_hours}",
		"{transformer.checkpoint_write} / {transformer.checkpoint_interval}", shares, "",
		func(name string) string { return "{transformer.run_hours." + name + "}" })
	parts := fl.RunParts(plan.GPUHours, plan.GPUHours/fl.RunShare(float64(req.GPUs)))
	for _, i := range estimator.RunPartOrder {
		w := estimator.RunPartWords[i]
		b.add("transformer.run_hours."+parts[i].Name, text("GPU-hours of the whole run: "+w.EN, "実行全体の GPU 時間: "+w.JA), estimator.Count, parts[i].Hours, exprs[i], srcOverheads)
	}
	b.note("model", cite(modelName))
	if req.Model == "" {
		b.note("shape", shapeWords(m))
	}
	b.note("gpu", cite(g.ID))
	b.note("system", cite(tj.System.ID))
	b.note("precision", cite(string(tj.Precision)))
	b.note("mode", cite(string(tuning.Mode)))
	b.note("recompute", cite(string(l.Recompute)))
	layout := cite(fmt.Sprintf("TP %d x PP %d x DP %d", l.TP, l.PP, l.DP))
	if l.EP > 1 {
		layout = layout.With(fmt.Sprintf(" (EP %d)", l.EP), fmt.Sprintf("（EP %d）", l.EP))
	}
	layout = layout.With(fmt.Sprintf(", micro-batch %d, ZeRO-%d", l.MicroBatch, l.ZeRO), fmt.Sprintf("、マイクロバッチ %d、ZeRO-%d", l.MicroBatch, l.ZeRO))
	if l.PP > 1 {
		layout = layout.With(fmt.Sprintf(", %d model chunks per stage", l.Interleave), fmt.Sprintf("、段あたりモデルチャンク %d 個", l.Interleave))
	}
	b.note("layout", layout)
	gib := float64(1 << 30)
	if !plan.Fits {
		over := (mem.Total - mem.Capacity) / gib
		b.note("verdict", text(fmt.Sprintf("does not fit: %.1f GiB per GPU more than the GPU holds; %d %s hold it", over, fewest, g.ID),
			fmt.Sprintf("収まらない: GPU 1 基あたり %.1f GiB が GPU の容量を超える。%s %d 基なら収まる", over, g.ID, fewest)))
	} else {
		b.note("verdict", text(fmt.Sprintf("fits: %.1f of %.1f GiB per GPU; the fewest %s that hold it: %d", mem.Total/gib, mem.Capacity/gib, g.ID, fewest),
			fmt.Sprintf("収まる: GPU 1 基あたり %.1f / %.1f GiB。収まる最少の %s は %d 基", mem.Total/gib, mem.Capacity/gib, g.ID, fewest)))
	}
	return b.finish(append(headline, "transformer.flops", "transformer.mfu", "transformer.tokens_per_s", "transformer.gpu_hours",
		"transformer.wall_time", "transformer.memory_per_gpu", "transformer.fits", "transformer.fewest_gpus", "transformer.tp", "transformer.pp", "transformer.dp"))
}

// shapeWords says a model's shape, as a config or a shape gave it.
func shapeWords(m hardware.TransformerModel) estimator.Text {
	head := m.HeadDim
	if head == 0 {
		head = m.Hidden / m.Heads
	}
	ffn, ffnJA := "plain", "通常"
	if m.GatedFFN {
		ffn, ffnJA = "gated", "ゲート付き"
	}
	tied, tiedJA := "untied", "入出力で別"
	if m.TiedEmbeddings {
		tied, tiedJA = "tied", "入出力で共有"
	}
	t := text(fmt.Sprintf("%d layers, hidden %d, %d heads of %d (%d key/value), feed-forward %d (%s), vocabulary %d (%s)", m.Layers, m.Hidden, m.Heads, head, m.KVHeads, m.FFN, ffn, m.Vocab, tied),
		fmt.Sprintf("%d 層、隠れ次元 %d、ヘッド %d 個 × %d（キー・バリュー %d 個）、FFN %d（%s）、語彙 %d（埋め込みは%s）", m.Layers, m.Hidden, m.Heads, head, m.KVHeads, m.FFN, ffnJA, m.Vocab, tiedJA))
	if m.KVRank > 0 {
		t = t.With(fmt.Sprintf("; latent attention, ranks %d (queries) and %d (keys and values)", m.QRank, m.KVRank),
			fmt.Sprintf("。潜在アテンション（ランク: クエリ %d、キー・バリュー %d）", m.QRank, m.KVRank))
	}
	if m.MoE() {
		t = t.With(fmt.Sprintf("; %d experts of %d, %d per token, %d shared, %d dense layers", m.Experts, m.ExpertFFN, m.ExpertsPerToken, m.SharedExperts, m.DenseLayers),
			fmt.Sprintf("。エキスパート %d 個（幅 %d）、トークンあたり %d 個、共有 %d 個、密な層 %d", m.Experts, m.ExpertFFN, m.ExpertsPerToken, m.SharedExperts, m.DenseLayers))
	}
	return t
}

// layoutSource says where the layout came from.
func layoutSource(req TransformerRequest) estimator.Text {
	if req.TP != nil {
		return srcInput
	}
	return srcTransformer.With(": the layout search", ": 並列化構成の探索")
}

// transformerMetricUnit is the unit of a transformer run's published figure.
func transformerMetricUnit(metric string) estimator.Unit {
	return map[string]estimator.Unit{hardware.MetricMFU: estimator.Share, hardware.MetricFLOPsPerGPU: estimator.FLOPS,
		hardware.MetricTokensPerGPU: estimator.PerSecond, hardware.MetricGPUHours: estimator.Count}[metric]
}

// TransformerCalibration sets every figure of the published transformer runs
// (hardware.TransformerRuns) beside the model's, with its relative error.
func TransformerCalibration(tf Factors) (*Result, error) {
	var errs estimator.ErrorList
	f := checkFactors(&errs, tf)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	rows, err := hardware.CalibrateTransformers(f)
	if err != nil {
		return nil, err
	}
	b := newBuilder(tf, f)
	b.title(text("Calibration: the transformer model against published training runs", "較正: 公開された学習実行と Transformer モデルの比較"))
	table := [][]string{{"#", "run", "GPUs", "precision", "metric", "published", "model", "error", "set"}}
	for i, r := range rows {
		k := fmt.Sprintf("calibration.%d", i+1)
		unit := transformerMetricUnit(r.Metric)
		what := r.Run.ID + " " + r.Metric
		b.input(k+".published", text(what+": published", what+": 公表値"), unit, r.Published, cite(r.Run.Source))
		b.addWords(k+".predicted", text(what+": model", what+": モデル"), unit, r.Predicted,
			"PlanTransformer at the run's published layout (else the searched one); GPU-hours with Llama 3's failure rate", nil, srcTransformer)
		b.add(k+".error", text(what+": error (relative)", what+": 誤差（相対）"), estimator.Ratio, r.Error, relErrorExpr(k+".predicted", k+".published"), srcCalibration)
		set := "fitted"
		if r.Run.HeldOut {
			set = "held out"
		}
		table = append(table, []string{strconv.Itoa(i + 1), r.Run.ID, strconv.Itoa(r.Plan.Layout.TP * r.Plan.Layout.PP * r.Plan.Layout.DP * r.Plan.Layout.CP),
			string(r.Run.Precision), r.Metric, present.FormatToolValue(r.Published, unit, estimator.English), present.FormatToolValue(r.Predicted, unit, estimator.English),
			formatError(r.Error, "relative"), set})
	}
	b.res.Sections = append(b.res.Sections, present.Section{Title: "Published transformer runs", Rows: table})
	return b.finish(nil)
}

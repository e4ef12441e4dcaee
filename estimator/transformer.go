package estimator

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// Transformer makes a workload a transformer sized in tokens. It splits a
// run as Calculon does: the model (a catalog id, a shape, or a Hugging Face
// config.json), then how it is
// trained (sequence, precision, tokens, job size, batch, layout); the
// hardware is the scenario's systems.
type Transformer struct {
	Model string            `json:"model,omitempty"` // catalog transformer id, or
	Shape *TransformerShape `json:"shape,omitempty"` // a shape of one's own, or
	// Config is a model's config.json as published, read by ConfigModel.
	Config    map[string]any `json:"config,omitempty"`
	Seq       *float64       `json:"seq,omitempty" check:"bound=seq"` // tokens per sequence; default: the catalog model's, or the config's context (at most 8,192)
	Precision string         `json:"precision" check:"oneof=bf16|fp8|fp4"`
	// Tokens is one run's training tokens; default: training.epochs x the
	// data's tokens (dataset.tokens, or the fleet's frames cut into tokens).
	Tokens *float64 `json:"tokens,omitempty" check:"bound=tokens"`
	// GPUs is one job's GPUs; default: whole systems enough to meet
	// team.target_days at the modelled rate.
	GPUs              *float64           `json:"gpus,omitempty" check:"bound=gpus"`
	GlobalBatchTokens *float64           `json:"global_batch_tokens,omitempty" check:"bound=batch_tokens"`
	MFU               *float64           `json:"mfu,omitempty" check:"ge=0.001,le=1"` // replaces the modelled utilisation
	Layout            *TransformerLayout `json:"layout,omitempty"`                    // replaces the layout search
	// Mode is what a run trains: pretrain (default), full fine-tuning of
	// every weight, or lora and qlora adapters beside frozen weights.
	Mode *string `json:"mode,omitempty" check:"oneof=pretrain|full|lora|qlora"`
	LoRA *LoRA   `json:"lora,omitempty"` // the adapters of mode lora or qlora; default rank 16 on every matrix
}

// LoRA is a LoRA or QLoRA run's adapters.
type LoRA struct {
	Rank    float64 `json:"rank" check:"bound=lora_rank"`
	Targets *string `json:"targets,omitempty" check:"oneof=all|attention"` // default: all
}

// trainableExpr is trainable_params' formula for the mode.
func trainableExpr(t hardware.Tuning) string {
	if !t.Adapters() {
		return "{train.<w>.params}"
	}
	return "rank x (inputs + outputs) of each adapted matrix of every layer (experts: each), of " + modelOfWorkload
}

// QLoRAPrecisionRule is the precision a QLoRA run takes, as the scenario
// and the transformer tool refuse another.
var QLoRAPrecisionRule = Text{"must be bf16 with mode qlora (its 4-bit weights are computed on in bf16)", "mode が qlora のときは bf16 にしてください（4 ビットの重みは bf16 に戻して計算します）"}

// tuning is what the workload trains, as the model takes it.
func (tr *Transformer) tuning() hardware.Tuning {
	var t hardware.Tuning
	if tr.Mode != nil {
		t.Mode = hardware.Mode(*tr.Mode)
	}
	if l := tr.LoRA; l != nil {
		t.Rank = int(l.Rank)
		if l.Targets != nil {
			t.Targets = hardware.LoRATargets(*l.Targets)
		}
	}
	return t
}

// TransformerShape is a transformer given by its shape rather than a catalog
// id (hardware.TransformerModel's fields, as numbers a scenario can range).
type TransformerShape struct {
	Layers     float64  `json:"layers" check:"bound=layers"`
	Hidden     float64  `json:"hidden" check:"bound=hidden"`
	Heads      float64  `json:"heads" check:"bound=heads"`
	KVHeads    *float64 `json:"kv_heads,omitempty" check:"bound=heads"` // default: heads (no grouped-query attention)
	FFN        float64  `json:"ffn" check:"bound=ffn"`
	Activation string   `json:"activation" check:"oneof=gelu|swiglu"` // swiglu: a gated block of three matrices
	Vocab      float64  `json:"vocab" check:"bound=vocab"`            // 0 for a vision model
	// Mixture of experts: routed experts, those active per token, shared
	// experts always active, each expert's feed-forward size, and the layers
	// that stay dense.
	Experts         *float64 `json:"experts,omitempty" check:"bound=experts"`
	ExpertsPerToken *float64 `json:"experts_per_token,omitempty" check:"bound=experts"`
	SharedExperts   *float64 `json:"shared_experts,omitempty" check:"bound=shared_experts"`
	ExpertFFN       *float64 `json:"expert_ffn,omitempty" check:"bound=ffn"`
	DenseLayers     *float64 `json:"dense_layers,omitempty" check:"bound=dense_layers"`
}

// TransformerLayout fixes how a job splits the model; data parallelism takes
// the rest of transformer.gpus.
type TransformerLayout struct {
	TP         float64  `json:"tp" check:"bound=tp"`
	PP         float64  `json:"pp" check:"bound=pp"`
	EP         *float64 `json:"ep,omitempty" check:"bound=ep"` // MoE only; default 1
	MicroBatch float64  `json:"micro_batch" check:"bound=batch"`
	Recompute  string   `json:"recompute" check:"oneof=none|selective|full"`
	ZeRO       float64  `json:"zero" check:"int,ge=0,le=3"`
}

// Tokenizer cuts the frames a fleet keeps into a video transformer's tokens:
// patch x patch pixels of tubelet consecutive frames make one token, as
// ViViT and VideoMAE do; a frame not a whole number of patches is padded.
type Tokenizer struct {
	Width   float64  `json:"width" check:"bound=pixels"`  // pixels of a frame as the model sees it
	Height  float64  `json:"height" check:"bound=pixels"` // (after resizing)
	Patch   float64  `json:"patch" check:"bound=patch"`
	Tubelet float64  `json:"tubelet" check:"bound=tubelet"`
	Cameras *float64 `json:"cameras,omitempty" check:"bound=sensors"` // per car; default: fleet.sensors' cameras
}

var (
	srcTokens      = Text{"frames kept x (width / patch) x (height / patch) / tubelet tokens per frame (Arnab et al. 2021, ViViT, tubelet embedding)", "残すフレーム数 ×（幅 / パッチ）×（高さ / パッチ）/ チューブレット = フレームあたりのトークン数（Arnab ら 2021 年、ViViT のチューブレット埋め込み）"}
	srcFLOPs       = Text{"6 x active parameters + attention per token (Kaplan et al. 2020, Table 1; Narayanan et al. 2021, eq. 3)", "1 トークンあたり 6 × 有効パラメータ数 + アテンション（Kaplan ら 2020 年の表 1、Narayanan ら 2021 年の式 3）"}
	srcTransformer = Text{"trainscale transformer model (estimator/hardware): layout search, roofline of the matrix multiplies, exposed communication, pipeline bubble", "trainscale の Transformer モデル（estimator/hardware）: 並列化構成の探索、行列積のルーフライン、隠しきれない通信、パイプラインの空き時間"}
	srcWorkload    = Text{"the scenario's transformer workload", "シナリオの Transformer ワークロード"}
	// SourceTuning cites fine-tuning's rules; the transformer tool cites it too.
	SourceTuning  = Text{"LoRA: r x (inputs + outputs) parameters per adapted matrix, frozen weights without gradients or optimizer state (Hu et al. 2021, section 4.1); QLoRA: frozen weights at 4.127 bits (Dettmers et al. 2023, section 3)", "LoRA: 適用する行列 1 つあたり r ×（入力 + 出力）個のパラメータ。凍結した重みには勾配もオプティマイザ状態もない（Hu ら 2021 年、4.1 節）。QLoRA: 凍結した重みは 4.127 ビット（Dettmers ら 2023 年、3 節）"}
	srcParams     = Text{"the model's matrices counted from its shape (estimator/hardware), which reproduces the catalog models' published counts", "形状から数えたモデルの行列のパラメータ数（estimator/hardware）。カタログのモデルの公表値を再現します"}
	srcMFU        = Text{"MFU = model FLOP/s per GPU / dense peak (Chowdhery et al. 2022, PaLM, appendix B)", "MFU = GPU 1 基あたりのモデル FLOP/s / 密行列ピーク性能（Chowdhery ら 2022 年、PaLM の付録 B）"}
	srcEpochs     = Text{"one run reads the data's tokens training.epochs times", "学習 1 回でデータのトークンを training.epochs 回読む"}
	srcTokenReads = srcStorage.With(" (bytes per token: the data's bytes over its tokens)", "（トークンあたりのバイト数: データのバイト数 / トークン数）")
)

var (
	dataTokensFromDataset = kind{"data.tokens", Text{"Training data, in tokens", "学習データのトークン数"}, Count,
		"{dataset.tokens}", &srcDataset, arithmetic}
	dataFrames = kind{"data.frames", Text{"Camera frames kept per year", "年間に残すカメラフレーム数"}, Count,
		"", &srcTokens, arithmetic} // the formula names the scenario's camera count
	dataTokensPerFrame = kind{"data.tokens_per_frame", Text{"Tokens per kept frame", "残したフレーム 1 枚あたりのトークン数"}, Count,
		"ceil({tokens.width} / {tokens.patch}) * ceil({tokens.height} / {tokens.patch}) / {tokens.tubelet}", &srcTokens, arithmetic}
	dataTokensFromFrames = kind{"data.tokens", Text{"Training data, in tokens", "学習データのトークン数"}, Count,
		"{data.frames} * {data.tokens_per_frame}", &srcTokens, arithmetic}

	trainTokensGiven = kind{"train.<w>.tokens", Text{"<w>: tokens of one training run", "<w>: 学習 1 回のトークン数"}, Count,
		"{workloads[<wi>].transformer.tokens}", &srcWorkload, arithmetic}
	trainTokensFromData = kind{"train.<w>.tokens", Text{"<w>: tokens of one training run", "<w>: 学習 1 回のトークン数"}, Count,
		"{training.epochs} * {data.tokens}", &srcEpochs, arithmetic}
	trainFLOPsPerTokenCatalog = kind{"train.<w>.flops_per_token", Text{"<w>: training FLOPs per token", "<w>: 1 トークンあたりの学習計算量（FLOPs）"}, FLOPs,
		"", &srcFLOPs, arithmetic} // the formula names the catalog model
	trainFLOPsPerTokenShape = kind{"train.<w>.flops_per_token", Text{"<w>: training FLOPs per token", "<w>: 1 トークンあたりの学習計算量（FLOPs）"}, FLOPs,
		"6 x active parameters in matrix multiplies (logits in) + attention 12 x layers x seq x d_attn, halved when causal, of " + shapeOfWorkload, &srcFLOPs, modelled}
	trainParams = kind{"train.<w>.params", Text{"<w>: parameters", "<w>: パラメータ数"}, Count,
		"embeddings + layers x (attention + feed-forward), every expert counted, of " + shapeOfWorkload, &srcParams, modelled}
	trainActiveParams = kind{"train.<w>.active_params", Text{"<w>: parameters active per token", "<w>: 1 トークンあたりの有効パラメータ数"}, Count,
		"embeddings + layers x (attention + feed-forward), the experts a token is routed to, of " + shapeOfWorkload, &srcParams, modelled}
	trainFLOPsPerTokenAdapters = kind{"train.<w>.flops_per_token", Text{"<w>: training FLOPs per token", "<w>: 1 トークンあたりの学習計算量（FLOPs）"}, FLOPs,
		"4 x the active matrix parameters (frozen: no weight gradients) + 6 x the active adapter parameters + attention, of " + modelOfWorkload, &SourceTuning, modelled}
	trainTrainableParams = kind{"train.<w>.trainable_params", Text{"<w>: parameters the run trains", "<w>: 学習で更新するパラメータ数"}, Count,
		"", &SourceTuning, modelled} // the formula follows the mode
	trainFLOPs = kind{"train.<w>.flops", Text{"<w>: training FLOPs of one run", "<w>: 学習 1 回の計算量（FLOPs）"}, FLOPs,
		"{train.<w>.tokens} * {train.<w>.flops_per_token}", &srcFLOPs, arithmetic}

	trainTP = kind{"train.<w>.tp.<s>", Text{"<w>: tensor-parallel GPUs on <s>", "<w>: <s> でのテンソル並列 GPU 数"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainPP = kind{"train.<w>.pp.<s>", Text{"<w>: pipeline stages on <s>", "<w>: <s> でのパイプライン段数"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainDP = kind{"train.<w>.dp.<s>", Text{"<w>: data-parallel replicas on <s>", "<w>: <s> でのデータ並列数"}, Count,
		"{team.<w>.gpus_per_job.<s>} / (tp x pp) of the layout", &srcTransformer, modelled}
	trainEP = kind{"train.<w>.ep.<s>", Text{"<w>: expert-parallel GPUs on <s>", "<w>: <s> でのエキスパート並列 GPU 数"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainCP = kind{"train.<w>.cp.<s>", Text{"<w>: context-parallel GPUs on <s>", "<w>: <s> でのコンテキスト並列 GPU 数"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainInterleave = kind{"train.<w>.interleave.<s>", Text{"<w>: model chunks per pipeline stage on <s> (interleaved schedule)", "<w>: <s> でのパイプライン段あたりのモデルチャンク数（インターリーブ）"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainMicroBatch = kind{"train.<w>.micro_batch.<s>", Text{"<w>: sequences per micro-batch on <s>", "<w>: <s> でのマイクロバッチの系列数"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainZeRO = kind{"train.<w>.zero.<s>", Text{"<w>: ZeRO stage on <s>", "<w>: <s> での ZeRO ステージ"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainRecompute = kind{"train.<w>.recompute.<s>", Text{"<w>: activation recomputation on <s> (0 none, 1 selective, 2 full)", "<w>: <s> での活性化の再計算（0 なし、1 選択的、2 全体）"}, Count,
		layoutFormula, &srcTransformer, modelled}
	trainGPUHoursFailureFree = kind{"train.<w>.gpu_hours_failure_free.<s>", Text{"<w>: GPU-hours of one run on <s>, without failures", "<w>: <s> での学習 1 回の GPU 時間（障害なし）"}, Count,
		"{train.<w>.gpu_time.<s>} / HOUR", &srcTransformer, arithmetic}
	trainGPUHoursGoodput = kind{"train.<w>.gpu_hours.<s>", Text{"<w>: GPU-hours of one whole run on <s> (failures, stalls and ramps included)", "<w>: <s> での学習 1 回の GPU 時間（実行全体: 障害・停止・立ち上がり込み）"}, Count,
		"{train.<w>.gpu_hours_failure_free.<s>} / {team.<w>.goodput.<s>}", &srcGoodput, arithmetic}
	trainGPUHoursNoFailures = kind{"train.<w>.gpu_hours.<s>", Text{"<w>: GPU-hours of one run on <s> (no goodput section: no failures charged)", "<w>: <s> での学習 1 回の GPU 時間（goodput の項がなく障害は計上しない）"}, Count,
		"{train.<w>.gpu_hours_failure_free.<s>}", &srcTransformer, arithmetic}
	trainMemoryPerGPU = kind{"train.<w>.memory_per_gpu.<s>", Text{"<w>: training memory per <s> GPU", "<w>: <s> の GPU 1 基あたりの学習メモリ"}, Bytes,
		"weights + gradients + optimizer state (ZeRO) + activations (Korthikanti et al. 2022) + workspace, at the layout", &srcTransformer, modelled}
	trainFits = kind{"train.<w>.fits.<s>", Text{"<w>: the layout fits one <s> GPU's memory", "<w>: 並列化構成が <s> の GPU 1 基のメモリに収まるか"}, Flag,
		"memory per GPU <= the GPU's memory, at the layout", &srcTransformer, modelled}
	trainMFUModelled = kind{"train.<w>.mfu.<s>", Text{"<w>: model FLOPs utilisation on <s>", "<w>: <s> でのモデル FLOPs 使用率（MFU）"}, Share,
		"modelled step time of the layout on <g> at {workloads[<wi>].transformer.precision}", &srcTransformer, modelled}
	trainMFUGiven = kind{"train.<w>.mfu.<s>", Text{"<w>: model FLOPs utilisation on <s>", "<w>: <s> でのモデル FLOPs 使用率（MFU）"}, Share,
		"{workloads[<wi>].transformer.mfu}", &srcMFU, arithmetic}
	trainTokensPerS = kind{"train.<w>.tokens_per_s.<s>", Text{"<w>: tokens per second per <s> GPU", "<w>: <s> の GPU 1 基が毎秒処理するトークン数"}, PerSecond,
		"", &srcMFU, arithmetic} // the formula names the GPU's peak at the precision
	trainGPUTimeTokens = kind{"train.<w>.gpu_time.<s>", Text{"<w>: one training run on one <s> GPU", "<w>: <s> の GPU 1 基での学習 1 回の時間"}, Seconds,
		"{train.<w>.tokens} / {train.<w>.tokens_per_s.<s>}", &srcMFU, arithmetic}
	trainSystemTimeTokens = kind{"train.<w>.system_time.<s>", Text{"<w>: one training run on one <s>", "<w>: <s> 1 台での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {systems[<si>].gpus}", &srcTransformer, arithmetic}
	teamGPUsPerJobGiven = kind{"team.<w>.gpus_per_job.<s>", Text{"<w>: <s> GPUs of one job", "<w>: 1 ジョブの <s> GPU 数"}, Count,
		"{workloads[<wi>].transformer.gpus}", &srcWorkload, arithmetic}
	teamGPUsPerJobSized = kind{"team.<w>.gpus_per_job.<s>", Text{"<w>: <s> GPUs of one job", "<w>: 1 ジョブの <s> GPU 数"}, Count,
		"whole <s> systems whose GPUs, at the rate modelled for that job, train {train.<w>.tokens} within {team.target_days}; at least the fewest that hold the model", &srcTransformer, modelled}
	storageNodeReadTokens = kind{"storage.<w>.node_read_rate.<s>", Text{"<w>: storage reads of one <s>", "<w>: <s> 1 台のストレージ読み出し速度"}, BytesPerSecond,
		"{systems[<si>].gpus} * {train.<w>.tokens_per_s.<s>} * {data.processed} / {data.tokens}", &srcTokenReads, arithmetic}
	trainJobTimeTokens = kind{"train.<w>.job_time.<s>", Text{"<w>: one training run on the job's <s> GPUs", "<w>: ジョブの <s> GPU 群での学習 1 回の時間"}, Seconds,
		"{train.<w>.gpu_time.<s>} / {team.<w>.gpus_per_job.<s>}", &srcTransformer, arithmetic}
)

// layoutFormula is how each part of a transformer's layout is found.
const layoutFormula = "the fastest layout that fits <g>'s memory (or workloads[<wi>].transformer.layout)"

// recomputeLevels number the recomputation as its quantity shows it.
var recomputeLevels = map[hardware.Recompute]float64{hardware.RecomputeNone: 0, hardware.RecomputeSelective: 1, hardware.RecomputeFull: 2}

// shapeOfWorkload is where a workload gives its model's shape; a config's
// workload names its config instead.
const shapeOfWorkload = "workloads[<wi>].transformer.shape"

// modelOfWorkload is the workload's model, whichever way it is given.
const modelOfWorkload = "the model of workloads[<wi>].transformer"

// RunPartWords are the names of a whole run's parts (hardware.RunParts),
// in its order, for every surface that names them.
var RunPartWords = []Text{{"steady training", "定常の学習"}, {"failures and restarts", "障害と再起動"}, {"checkpoint stalls", "チェックポイントの停止"},
	{"evaluation", "評価"}, {"batch ramp and warm-up", "バッチの立ち上げとウォームアップ"}, {"stragglers", "遅いノード"}, {"data stalls", "データ待ち"},
	{"spare GPUs held", "待機させる予備の GPU"}}

// trainRunPart is one part of a whole run's GPU-hours.
var trainRunPart = kind{"train.<w>.run_hours.<p>.<s>", Text{"<w>: GPU-hours of one run on <s>: <p>", "<w>: <s> での学習 1 回の GPU 時間: <p>"}, Count,
	"", &srcGoodput, arithmetic} // the formula is the part's (addRunParts)

// addRunParts splits a run's GPU-hours on the job's GPUs into its named
// parts (RunPartFormulas).
func addRunParts(s *Scenario, b *builder, c *subject, steady, whole float64) {
	parts := s.Goodput.failures().RunParts(steady, whole)
	var exprs []string
	if b.describe {
		shares := s.Goodput.overheadExprs()
		exprs = RunPartFormulas("{train.<w>.gpu_hours_failure_free.<s>}", "{train.<w>.gpu_hours.<s>}",
			"{goodput.checkpoint_write_minutes} / ({goodput.checkpoint_interval_hours} * 60)", shares, s.Goodput.reservedExpr(),
			func(name string) string { return "{train.<w>.run_hours." + name + ".<s>}" })
	}
	for _, i := range RunPartOrder {
		k := trainRunPart
		var expr string
		if b.describe { // an estimate again records the values alone
			k.id = strings.Replace(k.id, "<p>", parts[i].Name, 1)
			k.label = Text{strings.Replace(k.label.EN, "<p>", RunPartWords[i].EN, 1), strings.Replace(k.label.JA, "<p>", RunPartWords[i].JA, 1)}
			expr = exprs[i]
		}
		b.addExpr(&k, c, expr, parts[i].Hours)
	}
}

// RunPartOrder is the order a whole run's parts are laid out in: failures,
// whose formula names the others, last.
var RunPartOrder = []int{0, 2, 3, 4, 5, 6, 7, 1}

// RunPartFormulas are the formulas of a whole run's parts, in
// hardware.RunParts' order, for every surface that lays them out: the steady
// hours, the checkpoint stalls' share of the training GPUs' hours, each
// overhead's share of the steady hours, the spare GPUs' share of the hours
// held, and failures the rest. steady and whole name the two GPU-hours,
// checkpoint the checkpoint stalls' share, shares the overheads' (in
// hardware.Overheads' order), reserved the spare GPUs' share ("" for none)
// and part each part's own quantity.
func RunPartFormulas(steady, whole, checkpoint string, shares [4]string, reserved string, part func(name string) string) []string {
	training, spares := whole, "0"
	if reserved != "" {
		training = whole + " / (1 + " + reserved + ")"
		spares = whole + " - " + training
	}
	exprs := []string{steady, "", training + " * " + checkpoint,
		steady + " * " + shares[0], steady + " * " + shares[1], steady + " * " + shares[2], steady + " * " + shares[3], spares}
	var rest []string
	for i, name := range hardware.RunPartNames {
		if i != 1 {
			rest = append(rest, part(name))
		}
	}
	exprs[1] = whole + " - (" + strings.Join(rest, " + ") + ")"
	return exprs
}

// transformerQuantities counts what computeTransformer lays out: per
// workload and per system (the latter without goodput, and without the two
// storage reads it adds when the data's tokens are known).
const transformerPerWorkload, transformerPerPair = 6, 23

// tokenChain computes the training data in tokens, where the scenario gives
// them: dataset.tokens, or the kept frames of the fleet's cameras cut into
// tokens. It returns 0 when neither is given.
func tokenChain(s *Scenario, b *builder) float64 {
	if d := s.Dataset; d != nil && d.Tokens != nil {
		return b.add(&dataTokensFromDataset, &subject{}, *d.Tokens)
	}
	t := s.Tokens
	if t == nil {
		return 0
	}
	cameras, camerasExpr := cameraCount(s, b.describe)
	f, p := s.Fleet, s.Preprocessing
	var expr string
	if b.describe {
		expr = "{fleet.cars} * {fleet.hours_per_day} * {fleet.days_per_year} * HOUR * {preprocessing.sampled_fps} * " + camerasExpr
	}
	frames := b.addExpr(&dataFrames, &subject{}, expr, f.Cars*f.HoursPerDay*f.DaysPerYear*Hour*p.SampledFPS*cameras)
	perFrame := b.add(&dataTokensPerFrame, &subject{}, math.Ceil(t.Width/t.Patch)*math.Ceil(t.Height/t.Patch)/t.Tubelet)
	return b.add(&dataTokensFromFrames, &subject{}, frames*perFrame)
}

// cameraCount is the cameras per car whose frames become tokens, with its
// formula: tokens.cameras, else the sum of the camera sensors' counts.
func cameraCount(s *Scenario, describe bool) (float64, string) {
	if c := s.Tokens.Cameras; c != nil {
		return *c, "{tokens.cameras}"
	}
	var n float64
	var terms []string
	for i, sn := range s.Fleet.Sensors {
		if sn.Kind == "camera" {
			n += sn.Count
			if describe {
				terms = append(terms, minfmt.Sprintf("{fleet.sensors[%d].count}", i))
			}
		}
	}
	return n, "(" + strings.Join(terms, " + ") + ")"
}

// computeTransformer is the transformer stage of one workload: its tokens and
// FLOPs, then on each system the modelled plan (layout, memory, utilisation)
// and the job and team sizes that follow from it.
func computeTransformer(s *Scenario, hw catalogView, b *builder, wi int, dataTokens float64, results *chain) {
	w := s.Workloads[wi]
	tr := w.Transformer
	c := subject{w: w.ID, wName: w.Name(), wi: wi}
	var tokens float64
	if tr.Tokens != nil {
		tokens = b.add(&trainTokensGiven, &c, *tr.Tokens)
	} else {
		tokens = b.add(&trainTokensFromData, &c, s.Epochs()*dataTokens)
	}
	target := s.Target()
	model := hw.transformerModel(tr, wi)
	total, active := model.Params()
	var modelOf string
	if b.describe {
		modelOf = "workloads[<wi>].transformer." + tr.given()
	}
	b.addExpr(&trainParams, &c, strings.Replace(trainParams.expr, shapeOfWorkload, modelOf, 1), total)
	b.addExpr(&trainActiveParams, &c, strings.Replace(trainActiveParams.expr, shapeOfWorkload, modelOf, 1), active)
	tuning := tr.tuning()
	b.addExpr(&trainTrainableParams, &c, trainableExpr(tuning), model.TrainableParams(tuning))
	var fpt float64
	switch {
	case tuning.Adapters():
		fpt = b.add(&trainFLOPsPerTokenAdapters, &c, model.TrainingFLOPsPerToken(model.Seq, tuning))
	case tr.Model == "":
		var expr string
		if b.describe {
			expr = strings.Replace(trainFLOPsPerTokenShape.expr, shapeOfWorkload, modelOf, 1)
		}
		fpt = b.addExpr(&trainFLOPsPerTokenShape, &c, expr, model.ModelFLOPsPerToken(model.Seq))
	default:
		var expr string
		if b.describe {
			cat := "{catalog.transformers." + tr.Model + "."
			seq := cat + "seq}"
			if tr.Seq != nil {
				seq = "{workloads[<wi>].transformer.seq}"
			}
			expr = "6 * " + cat + "matrix_params} + " + cat + "attention_flops} * " + seq
		}
		// As the catalog facts split it: the same as ModelFLOPsPerToken.
		fpt = b.addExpr(&trainFLOPsPerTokenCatalog, &c, expr, 6*transformerMatrixParams(model)+model.AttentionFLOPsPerToken(1)*float64(model.Seq))
	}
	b.add(&trainFLOPs, &c, tokens*fpt)
	precision := hardware.Precision(tr.Precision)
	// The model's MFU carries its error; a job sized to meet the target at
	// f x that MFU is the one sized for tokens / f at the plan's own.
	mfuError := 1.0
	if tr.MFU == nil {
		mfuError = s.ModelError.factor(errTransformer)
	}
	for si, sys := range s.Systems {
		d := hw.devices[si]
		c.s, c.sName, c.si, c.g = sys.ID, sys.Name(), si, d.id
		j := hw.plans.plan(s, hw, wi, si, model, tokens/mfuError, target, b)
		p := j.plan
		b.add(&trainTP, &c, float64(p.Layout.TP))
		b.add(&trainPP, &c, float64(p.Layout.PP))
		b.add(&trainDP, &c, float64(p.Layout.DP))
		b.add(&trainEP, &c, float64(max(p.Layout.EP, 1)))
		b.add(&trainCP, &c, float64(max(p.Layout.CP, 1)))
		b.add(&trainInterleave, &c, float64(max(p.Layout.Interleave, 1)))
		b.add(&trainMicroBatch, &c, float64(p.Layout.MicroBatch))
		b.add(&trainZeRO, &c, float64(p.Layout.ZeRO))
		b.add(&trainRecompute, &c, recomputeLevels[p.Layout.Recompute])
		b.add(&trainMemoryPerGPU, &c, p.Memory.Total)
		addMemory(s, b, &c, p.Memory)
		b.add(&trainFits, &c, flag(p.Fits))
		var mfu float64
		if tr.MFU != nil {
			mfu = b.add(&trainMFUGiven, &c, *tr.MFU)
		} else {
			mfu = b.modelled(&trainMFUModelled, &c, s.ModelError, errTransformer, p.MFU*mfuError)
		}
		var expr string
		if b.describe {
			expr = "{train.<w>.mfu.<s>} * {catalog.gpus.<g>." + string(precision) + "} / {train.<w>.flops_per_token}"
		}
		// By MFU's definition; the plan's own tokens per second agree.
		rate := b.addExpr(&trainTokensPerS, &c, expr, mfu*d.gpu.Peak(precision)/fpt)
		gpuTime := b.add(&trainGPUTimeTokens, &c, tokens/rate)
		b.add(&trainSystemTimeTokens, &c, gpuTime/sys.GPUs)

		r := results.pair(wi, si)
		r.gpuTime = gpuTime
		switch {
		case tr.GPUs != nil:
			r.gpusPerJob = b.add(&teamGPUsPerJobGiven, &c, *tr.GPUs)
		case s.IsProject():
			r.gpusPerJob = b.add(&teamGPUsPerJobProject, &c, float64(j.gpus))
		default:
			r.gpusPerJob = b.add(&teamGPUsPerJobSized, &c, float64(j.gpus))
		}
		r.jobTime = b.add(&trainJobTimeTokens, &c, gpuTime/r.gpusPerJob)
		if !s.IsProject() { // a project's run meets its deadline with failures (projectSystems)
			b.add(&teamMeetsTarget, &c, flag(r.jobTime <= target*1.000001))
		}
		r.teamSystems = teamSystems(s, b, &c, r, true)
		// The GPU-hours people quote: failures included where the scenario
		// prices them (the goodput teamSystems laid out), the failure-free
		// figure beside them.
		ideal := b.add(&trainGPUHoursFailureFree, &c, gpuTime/Hour)
		if s.Goodput != nil {
			whole := addHeldHours(s, b, &trainGPUHoursGoodput, &c, ideal/goodputFactor(s, c.wi, r.gpusPerJob))
			addRunParts(s, b, &c, ideal, whole)
		} else {
			b.add(&trainGPUHoursNoFailures, &c, ideal)
		}
		addSystemsToBuy(s, b, &c, r.teamSystems)
		perMember(s, b, &c, r)
		if dataTokens > 0 { // the data's bytes per token are known
			nodeRead := b.add(&storageNodeReadTokens, &c, sys.GPUs*rate*results.processed/dataTokens)
			b.add(&storageClusterRead, &c, nodeRead*r.teamSystems)
		}
	}
}

// planCache keeps the model's plans of a Calculation: the layout search runs
// once per workload, system and job, and estimating again (sampling, sweeps)
// only looks the plan up. Uncertainty's workers share it.
type planCache struct {
	mu    sync.Mutex
	plans map[planKey]jobPlan
	limit int // plans kept before the cache starts again
}

// newPlanCache is an empty cache of at most limit plans.
func newPlanCache(limit int) *planCache {
	return &planCache{plans: map[planKey]jobPlan{}, limit: limit}
}

// planKey is everything a plan depends on but the run's tokens (which only
// scale its hours, and which the scenario's quantities scale themselves).
type planKey struct {
	model     hardware.TransformerModel // without its words, which only slow the hashing
	gpuMemory float64                   // the system's GPU is hw.devices[si]'s; its memory may be the scenario's
	system    string
	gpus      int
	precision hardware.Precision
	batch     float64
	mfu       float64         // 0: modelled
	layout    hardware.Layout // zero: searched
	factors   hardware.Factors
	tuning    hardware.Tuning
}

// jobPlan is a plan with the job size it was made for.
type jobPlan struct {
	plan hardware.TransformerPlan
	gpus int
	err  error
}

// calculationPlans bounds a Calculation's cache: sampling a job size that
// follows the tokens can make a new job every sample. plannerPlans bounds a
// LayoutCache's: the planner's sweeps of a 405B model over every catalog
// system search 6,600 layouts, and a cache that started again at 4,096
// searched 15,600 (about 1 KB a plan, so 16 MB at most).
const (
	calculationPlans = 4096
	plannerPlans     = 16384
)

// plan is the plan of workload wi on system si: for transformer.gpus, or else
// for the job of whole systems that meets the target (see sizeJob). A plan
// the model cannot make is the builder's error.
func (pc *planCache) plan(s *Scenario, hw catalogView, wi, si int, model hardware.TransformerModel, tokens, target float64, b *builder) jobPlan {
	tr := s.Workloads[wi].Transformer
	key := hw.jobKey(s, wi, si, model)
	var j jobPlan
	switch {
	case tr.GPUs != nil:
		key.gpus = int(*tr.GPUs)
		j = pc.get(key, hw, si)
	case s.IsProject():
		goodput := func(n int) float64 {
			if s.Goodput == nil {
				return 1
			}
			return goodputFactor(s, wi, float64(n))
		}
		j = pc.sizeProject(key, hw, si, s.Systems[si].GPUs, tokens, target, goodput, !b.sweep)
	default:
		j = pc.sizeJob(key, hw, si, s.Systems[si].GPUs, tokens, target)
	}
	if j.err == nil && tr.Layout != nil && !j.plan.Fits {
		// A layout given whole is not searched, so nothing else stops a
		// run that does not fit from being bought and priced.
		j.err = errLayoutTooLarge
	}
	if j.err != nil {
		if b.err == nil {
			path := minfmt.Sprintf("workloads[%d].transformer", wi)
			var bad *hardware.LayoutError
			switch {
			case errors.Is(j.err, errDeadline):
				path = "project.deadline_days"
			case errors.As(j.err, &bad) && bad.Field == "gpus":
				path += ".gpus"
			case errors.As(j.err, &bad):
				path += ".layout." + bad.Field
			case tr.Layout != nil && !j.plan.Fits:
				path += ".layout"
			}
			why := hw.fitError(s, key, si, j, tokens)
			b.err = NewFieldError(path, Text{
				minfmt.Sprintf("cannot be trained on systems[%d] (%s): %s", si, s.Systems[si].ID, why.EN),
				minfmt.Sprintf("systems[%d]（%s）では学習できません: %s", si, s.Systems[si].ID, why.JA)}, nil)
		}
		j.plan.MFU, j.plan.ModelFLOPsPerToken = math.NaN(), math.NaN()
	}
	return j
}

// sizeJob finds the job when the scenario leaves its GPUs out: the fewest
// whole systems, doubling, that hold the model; then as many whole systems as
// the run needs at that job's rate to meet the target, sized again at the
// rate of the larger job (which scales less than linearly) a few times.
func (pc *planCache) sizeJob(key planKey, hw catalogView, si int, perSystem, tokens, target float64) jobPlan {
	wholeSystems := func(n float64) int { return int(min(math.Ceil(n/perSystem)*perSystem, maxJobGPUs)) }
	return pc.rateSize(key, hw, si, int(perSystem), func(n int) int { return 2 * n }, wholeSystems, tokens, target, noFailures)
}

// noFailures is the goodput of a team's job, whose failures add systems
// rather than time.
func noFailures(int) float64 { return 1 }

// rateSize sizes a job by its rate: from start GPUs, grown (doubling) until
// the model fits, then, a few times, the count (round) that the rate of the
// job at its size, less its failures (goodput), says trains tokens within
// the deadline. A team's jobs are sized so, and the planner's sweep over a
// project's deadlines.
func (pc *planCache) rateSize(key planKey, hw catalogView, si, start int, grow func(int) int, round func(float64) int, tokens, deadline float64, goodput func(int) float64) jobPlan {
	key.gpus = start
	j := pc.get(key, hw, si)
	for (j.err != nil || !j.plan.Fits) && key.gpus < maxJobGPUs {
		key.gpus = grow(key.gpus)
		j = pc.get(key, hw, si)
	}
	for range 4 {
		if j.err != nil {
			return j
		}
		perGPU := j.plan.TokensPerSecond / float64(key.gpus) * goodput(key.gpus)
		need := round(tokens / perGPU / deadline)
		if need <= key.gpus {
			return j
		}
		key.gpus = need
		j = pc.get(key, hw, si)
	}
	return j
}

func (pc *planCache) get(key planKey, hw catalogView, si int) jobPlan {
	pc.mu.Lock()
	j, ok := pc.plans[key]
	pc.mu.Unlock()
	if ok {
		return j
	}
	job := hw.job(key, si)
	p, err := hardware.PlanTransformer(job, key.factors)
	j = jobPlan{plan: p, gpus: key.gpus, err: err}
	pc.mu.Lock()
	if len(pc.plans) >= pc.limit {
		clear(pc.plans)
	}
	pc.plans[key] = j
	pc.mu.Unlock()
	return j
}

// jobKey is the scenario's current description of a job, but its GPUs.
func (hw catalogView) jobKey(s *Scenario, wi, si int, model hardware.TransformerModel) planKey {
	tr := s.Workloads[wi].Transformer
	sys := s.Systems[si]
	d := hw.devices[si]
	model.Name, model.Family, model.Source, model.AsOf = "", "", "", ""
	k := planKey{model: model, gpuMemory: d.gpu.Memory, system: d.system.ID, precision: hardware.Precision(tr.Precision),
		factors: s.Factors.Resolve(), tuning: tr.tuning()}
	if sys.GPUMemoryGB != nil {
		k.gpuMemory = *sys.GPUMemoryGB * s.Units.GB()
	}
	if tr.GlobalBatchTokens != nil {
		k.batch = *tr.GlobalBatchTokens
	}
	if tr.MFU != nil {
		k.mfu = *tr.MFU
	}
	if l := tr.Layout; l != nil {
		k.layout = hardware.Layout{TP: int(l.TP), PP: int(l.PP), EP: 1, MicroBatch: int(l.MicroBatch), Recompute: hardware.Recompute(l.Recompute), ZeRO: int(l.ZeRO)}
		if l.EP != nil {
			k.layout.EP = int(*l.EP)
		}
	}
	return k
}

// job turns a key back into the model's question.
func (hw catalogView) job(k planKey, si int) hardware.TransformerJob {
	d := hw.devices[si]
	intra, _ := hardware.NetworkByID(d.system.IntraLink)
	fabric, _ := hardware.NetworkByID(d.system.Network)
	gpu := d.gpu
	gpu.Memory = k.gpuMemory
	job := hardware.TransformerJob{Model: k.model, GPU: gpu, System: d.system, IntraLink: intra, Fabric: fabric,
		GPUs: k.gpus, Precision: k.precision, GlobalBatchTokens: k.batch, Tuning: k.tuning}
	if k.mfu > 0 {
		mfu := k.mfu
		job.MFU = &mfu
	}
	if k.layout.TP > 0 {
		l := k.layout
		l.DP = k.gpus / (l.TP * l.PP)
		job.Layout = &l
	}
	return job
}

// given names the field that gives the model: model, shape or config.
func (tr *Transformer) given() string {
	switch {
	case tr.Shape != nil:
		return "shape"
	case tr.Config != nil:
		return "config"
	}
	return "model"
}

// transformerModel is workload wi's model: the catalog's, its shape, or its
// config's (mapped once, by viewOf); transformer.seq replaces its sequence.
func (hw catalogView) transformerModel(tr *Transformer, wi int) hardware.TransformerModel {
	var m hardware.TransformerModel
	switch {
	case tr.Shape != nil:
		m = tr.Shape.Model()
	case tr.Config != nil:
		m = hw.configs[wi]
	default:
		m, _ = hardware.TransformerModelByID(tr.Model)
	}
	if tr.Seq != nil {
		m.Seq = int(*tr.Seq)
	}
	return m
}

// Model is the shape as the transformer model takes it; its Seq is 0, the
// workload's to give.
func (sh *TransformerShape) Model() hardware.TransformerModel {
	opt := func(v *float64, unset float64) int {
		if v == nil {
			return int(unset)
		}
		return int(*v)
	}
	m := hardware.TransformerModel{ID: "shape", Name: "shape", Modality: "text", Layers: int(sh.Layers), Hidden: int(sh.Hidden),
		Heads: int(sh.Heads), KVHeads: opt(sh.KVHeads, sh.Heads), FFN: int(sh.FFN), GatedFFN: sh.Activation == "swiglu",
		Vocab: int(sh.Vocab), Experts: opt(sh.Experts, 0), ExpertsPerToken: opt(sh.ExpertsPerToken, 0),
		SharedExperts: opt(sh.SharedExperts, 0), ExpertFFN: opt(sh.ExpertFFN, 0), DenseLayers: opt(sh.DenseLayers, 0)}
	if m.Vocab == 0 {
		m.Modality = "video"
	}
	m.PublishedParams, m.PublishedActive = m.Params()
	return m
}

// checkTransformer applies a transformer workload's rules.
func checkTransformer(path string, w Workload, s *Scenario, errs *errorList) {
	tr, tp := w.Transformer, path+".transformer"
	for name, set := range map[string]bool{"mb_per_s": w.MBPerS != nil, "model": w.Model != "", "precision": w.Precision != "",
		"batch": w.Batch != nil, "optimizer": w.Optimizer != "", "sample_kb": w.SampleKB != nil} {
		if set {
			errs.add(path+"."+name, Text{"is not used with transformer (a transformer workload is sized in tokens; give " + tp + ".* instead)", "transformer と併用しません（transformer ワークロードはトークン数で見積もります。代わりに " + tp + ".* を指定してください）"}, nil)
		}
	}
	ways := 0
	for _, given := range []bool{tr.Model != "", tr.Shape != nil, tr.Config != nil} {
		if given {
			ways++
		}
	}
	switch {
	case ways > 1:
		second := tp + ".shape"
		if tr.Config != nil {
			second = tp + ".config"
		}
		errs.add(second, Text{"give one of " + tp + ".model, .shape or .config, not two", tp + ".model、.shape、.config のうち 1 つだけを指定してください"}, nil)
	case ways == 0:
		known := strings.Join(hardware.TransformerModelIDs(), ", ")
		errs.add(tp+".model", Text{"is required unless " + tp + ".shape or .config gives the model's shape (known models: " + known + ")",
			tp + ".shape か .config でモデルの形状を指定しない限り必須です（既知のモデル: " + known + "）"}, nil)
	case tr.Model != "":
		if _, ok := hardware.TransformerModelByID(tr.Model); !ok {
			errs.add(tp+".model", knownAs("unknown catalog transformer", "カタログにない Transformer です", hardware.TransformerModelIDs()), strconv.Quote(tr.Model))
		}
	case tr.Shape != nil:
		if tr.Seq == nil {
			errs.add(tp+".seq", Text{"is required with " + tp + ".shape (a catalog model brings its own)", tp + ".shape を指定するときは必須です（カタログのモデルには値があります）"}, nil)
		}
		tr.Shape.check(tp+".shape", errs)
	default:
		if m := configModel(tr.Config, tp+".config", errs); m.Layers > 0 && m.Seq == 0 && tr.Seq == nil {
			errs.add(tp+".seq", Text{"is required: " + tp + ".config gives no context length", tp + ".config にコンテキスト長がないため必須です"}, nil)
		}
	}
	if t := tr.tuning(); tr.LoRA != nil && !t.Adapters() {
		errs.add(tp+".lora", Text{"is only used with " + tp + ".mode lora or qlora", tp + ".mode が lora か qlora のときだけ使います"}, nil)
	} else if t.Mode == hardware.QLoRA && tr.Precision != string(hardware.BF16) {
		errs.add(tp+".precision", QLoRAPrecisionRule, strconv.Quote(tr.Precision))
	}
	hasDataTokens := s.Tokens != nil || s.Dataset != nil && s.Dataset.Tokens != nil
	if tr.Tokens == nil && !hasDataTokens {
		errs.add(tp+".tokens", Text{"is required unless dataset.tokens or the tokens section (with fleet) gives the training data in tokens", "dataset.tokens か（fleet と併用する）tokens で学習データのトークン数を指定しない限り必須です"}, nil)
	}
	if l := tr.Layout; l != nil {
		if tr.GPUs == nil {
			errs.add(tp+".gpus", Text{"is required with " + tp + ".layout (data parallelism takes the GPUs tp x pp leave)", tp + ".layout を指定するときは必須です（tp × pp の残りの GPU がデータ並列になります）"}, nil)
		} else if math.Mod(*tr.GPUs, l.TP*l.PP) != 0 {
			errs.add(tp+".layout.pp", Text{minfmt.Sprintf("tp x pp (%v) must divide %s.gpus (%v)", l.TP*l.PP, tp, *tr.GPUs), minfmt.Sprintf("tp × pp（%v）で %s.gpus（%v）が割り切れるようにしてください", l.TP*l.PP, tp, *tr.GPUs)}, l.PP)
		}
	}
	for i, sys := range s.Systems {
		if sys.CPU != "" {
			errs.add(minfmt.Sprintf("systems[%d].cpu", i), Text{"a CPU-only system cannot train the transformer of " + path, "CPU のみのシステムでは " + path + " の Transformer を学習できません"}, nil)
			continue
		}
		if g := resolveDevice(sys).gpu; g.ID != "" && g.Peak(hardware.Precision(tr.Precision)) == 0 {
			errs.add(tp+".precision", Text{minfmt.Sprintf("must be one the %s of %s runs: the catalog gives it no dense %s peak", g.Name, sys.Name(), tr.Precision),
				minfmt.Sprintf("%s の %s が扱える精度にしてください（カタログに %s の密行列ピーク性能がありません）", sys.Name(), g.Name, tr.Precision)}, strconv.Quote(tr.Precision))
		}
	}
}

// ShapeModel reads shape, a transformer's shape in the scenario's form
// (workloads[].transformer.shape) as ReadTree reads it, under the
// scenario's rules; each problem goes to errs under "shape". The model's Seq
// is 0: a shape has none.
func ShapeModel(errs *ErrorList, shape any) (hardware.TransformerModel, bool) {
	var file struct {
		Shape TransformerShape `json:"shape"`
	}
	if err := decodeTree(map[string]any{"shape": shape}, &file, nil); err != nil {
		errs.join(err)
		return hardware.TransformerModel{}, false
	}
	var own errorList
	file.Shape.check("shape", &own)
	for _, e := range own {
		errs.join(e)
	}
	return file.Shape.Model(), len(own) == 0
}

// check applies the rules relating a shape's fields; sp is its path.
func (sh *TransformerShape) check(sp string, errs *errorList) {
	if math.Mod(sh.Hidden, sh.Heads) != 0 {
		errs.add(sp+".hidden", Text{minfmt.Sprintf("must be a multiple of %s.heads (%v)", sp, sh.Heads), minfmt.Sprintf("%s.heads（%v）の倍数にしてください", sp, sh.Heads)}, sh.Hidden)
	}
	if kv := sh.KVHeads; kv != nil && math.Mod(sh.Heads, *kv) != 0 {
		errs.add(sp+".kv_heads", Text{minfmt.Sprintf("must divide %s.heads (%v)", sp, sh.Heads), minfmt.Sprintf("%s.heads（%v）を割り切れる値にしてください", sp, sh.Heads)}, *kv)
	}
	moe := []struct {
		name     string
		v        *float64
		required bool
	}{{"experts_per_token", sh.ExpertsPerToken, true}, {"shared_experts", sh.SharedExperts, false},
		{"expert_ffn", sh.ExpertFFN, true}, {"dense_layers", sh.DenseLayers, false}}
	for _, f := range moe {
		switch {
		case sh.Experts == nil && f.v != nil:
			errs.add(sp+"."+f.name, Text{"is only used with " + sp + ".experts (a mixture of experts)", sp + ".experts（混合エキスパート）と併用するときだけ使います"}, *f.v)
		case sh.Experts != nil && f.v == nil && f.required:
			errs.add(sp+"."+f.name, Text{"is required with " + sp + ".experts", sp + ".experts を指定するときは必須です"}, nil)
		}
	}
	if sh.Experts == nil {
		return
	}
	if k := sh.ExpertsPerToken; k != nil && *k > *sh.Experts {
		errs.add(sp+".experts_per_token", Text{minfmt.Sprintf("must be <= %s.experts (%v)", sp, *sh.Experts), minfmt.Sprintf("%s.experts（%v）以下にしてください", sp, *sh.Experts)}, *k)
	}
	if d := sh.DenseLayers; d != nil && *d >= sh.Layers {
		errs.add(sp+".dense_layers", Text{minfmt.Sprintf("must be < %s.layers (%v)", sp, sh.Layers), minfmt.Sprintf("%s.layers（%v）より小さい値にしてください", sp, sh.Layers)}, *d)
	}
}

// checkTokens applies the tokens section's rules.
func checkTokens(s *Scenario, errs *errorList) {
	t := s.Tokens
	if t == nil {
		return
	}
	if s.Fleet == nil {
		errs.add("tokens", Text{"is only used with fleet (dataset.tokens gives a fixed dataset's tokens)", "fleet と併用するときだけ使います（固定のデータセットのトークン数は dataset.tokens で指定します）"}, nil)
		return
	}
	if t.Cameras == nil && !slices.ContainsFunc(s.Fleet.Sensors, func(sn Sensor) bool { return sn.Kind == "camera" }) {
		errs.add("tokens.cameras", Text{"is required when fleet.sensors lists no camera", "fleet.sensors にカメラがないときは必須です"}, nil)
	}
}

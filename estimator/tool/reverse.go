package tool

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// The reverse questions of transformer training (issue 16, item 3): from
// GPUs, a time and a budget to the compute-optimal model and the largest
// that fits; from a model and a deadline to the fewest GPUs. The search
// lives in estimator/hardware (Sizing); this lays its answer out as
// quantities.

var (
	srcChinchilla = text("Hoffmann et al. 2022, Training Compute-Optimal Large Language Models (arXiv 2203.15556), approaches 1 and 2: ~20 tokens per parameter, C = 6ND",
		"Hoffmann ら 2022 年「Training Compute-Optimal Large Language Models」（arXiv 2203.15556）のアプローチ 1 と 2: パラメータあたり約 20 トークン、C = 6ND")
	srcSizing = text("reverse sizing (estimator/hardware Sizing): bisection over the transformer model, each candidate planned forward by PlanTransformer",
		"逆算（estimator/hardware Sizing）: Transformer モデルでの二分探索。各候補は PlanTransformer で順方向に計画")
	srcScaleModel = text("hardware.ScaleModel: the family's head width, feed-forward width, hidden units per layer and vocabulary, at this size",
		"hardware.ScaleModel: ファミリーのヘッド幅、フィードフォワード幅、層あたりの隠れ次元、語彙をこの規模で保つ")
	srcGoodput = text("Llama 3's failure rate with the first-order goodput of trainscale transformer (hardware.LlamaFailures.Goodput)",
		"Llama 3 の障害率と trainscale transformer と同じ一次近似のグッドプット（hardware.LlamaFailures.Goodput）")
)

// Limits of a sizing request, besides estimator.Bounds'.
const (
	minSizeParam = 1e9 // hardware.Sizing's smallest model
	maxSizeParam = 1e14
)

// SizeRequest asks a reverse question of transformer training on GPUs of one
// kind. Without Model and Params it asks for the compute-optimal model on
// GPUs GPUs in Days (and Budget), and the largest model that fits them; with
// either it asks for the fewest GPUs that train that model within Days.
type SizeRequest struct {
	GPU       string // catalog GPU id
	System    string // catalog system id; "": the first catalog system with the GPU
	Precision string // bf16 (default), fp8 or fp4
	Days      float64
	// Budget caps the run's GPU-hours (failures included) at Budget /
	// PricePerGPUHour; nil: no cap. PricePerGPUHour alone prices the run.
	// Both are in Currency (default USD); the cloud catalog that would
	// supply a price is the planner's.
	Budget, PricePerGPUHour *float64
	Currency                string
	// Family is the catalog dense language model whose proportions a size
	// outside the catalog takes; "": hardware.ScaleFamily.
	Family string
	// GPUs is the GPUs of the compute-optimal question, in [1, 131072].
	GPUs int
	// Model (a catalog transformer id), Config (a Hugging Face config.json
	// read into a tree) or Params (a size in the family's proportions) asks
	// the fewest-GPUs question instead.
	Model  string
	Config any
	Params float64
	// Tokens the model trains on in the fewest-GPUs question; 0: 20 per
	// parameter (Hoffmann et al. 2022), which a fine-tune must replace.
	Tokens float64
	// Tuning is what the fewest-GPUs question's run trains.
	Tuning
	Factors Factors
}

// Size answers a SizeRequest: the compute-optimal model and the largest that
// fits when the request gives GPUs, the fewest GPUs when it gives a model.
func Size(req SizeRequest) (*Result, error) {
	var errs estimator.ErrorList
	dev, okG := lookupGPU(&errs, "gpu", req.GPU)
	g := dev.gpu
	p := transformerPrecision(&errs, req.Precision, g, okG)
	sys, okS := systemFor(&errs, req.System, g, okG)
	famID := req.Family
	if famID == "" {
		famID = hardware.ScaleFamily
	}
	fam, okF := lookup(&errs, "family", famID, hardware.TransformerModelByID, hardware.TransformerModelIDs)
	if okF {
		if _, err := hardware.ScaleModel(fam, minSizeParam); err != nil {
			errs.Add("family", text("must be a dense language model (no experts, a vocabulary)", "密な言語モデル（エキスパートなし、語彙あり）にしてください"), strconv.Quote(famID))
		}
	}
	required(&errs, "days", req.Days != 0, text("the days the run may take", "学習に使える日数"))
	if req.Days != 0 {
		estimator.CheckBound(&errs, "days", "days", req.Days)
	}
	if req.Budget != nil {
		estimator.CheckBound(&errs, "budget", "money", *req.Budget)
	}
	if req.PricePerGPUHour != nil {
		estimator.CheckBound(&errs, "price_per_gpu_hour", "gpu_hour_price", *req.PricePerGPUHour)
	}
	if req.Budget != nil && req.PricePerGPUHour == nil {
		errs.Add("budget", text("needs price_per_gpu_hour to turn money into GPU-hours", "金額を GPU 時間に換算するため price_per_gpu_hour が必要です"), *req.Budget)
	}
	currency := req.Currency
	if currency == "" {
		currency = "USD"
	}
	if !estimator.Unit(currency).IsCurrency() { // as the money section checks it
		errs.Add("currency", text("must be a three-letter ISO 4217 code such as USD or JPY", "USD や JPY のような 3 文字の ISO 4217 コードにしてください"), strconv.Quote(req.Currency))
	}
	fewest := req.Model != "" || req.Params != 0 || req.Config != nil
	var m hardware.TransformerModel
	okM := true
	switch {
	case req.Model != "" && req.Params != 0:
		errs.Add("params", text("is given instead of model, not with it", "model の代わりに指定し、同時には指定しないでください"), req.Params)
		okM = false
	case req.Config != nil && (req.Model != "" || req.Params != 0):
		errs.Add("config", text("is given instead of model or params, not with them", "model や params の代わりに指定し、同時には指定しないでください"), nil)
		okM = false
	case req.Config != nil:
		m, okM = estimator.ConfigModel(&errs, "config", req.Config)
	case req.Model != "":
		m, okM = lookup(&errs, "model", req.Model, hardware.TransformerModelByID, hardware.TransformerModelIDs)
	case req.Params != 0:
		okM = req.Params >= minSizeParam && req.Params <= maxSizeParam
		if !okM {
			errs.Add("params", text(fmt.Sprintf("must be in [%g, %g]", minSizeParam, maxSizeParam), inRangeJA(true, minSizeParam, maxSizeParam)), req.Params)
		}
	}
	switch {
	case fewest && req.GPUs != 0:
		errs.Add("gpus", text("is not read with a model: the fewest GPUs is the answer", "モデルを指定したときは読みません: 最少 GPU 数が答えです"), req.GPUs)
	case !fewest && req.GPUs == 0:
		required(&errs, "gpus", false, text("the GPUs to size a model for; or give a model (or params) to ask for the fewest GPUs",
			"モデルの規模を求める GPU 数。最少 GPU 数を求めるときはモデル（または params）を指定"))
	case !fewest:
		estimator.CheckBound(&errs, "gpus", "gpus", float64(req.GPUs))
	}
	switch {
	case !fewest && req.Tokens != 0:
		errs.Add("tokens", text("is only read with a model: without one the tokens are the answer", "モデルを指定したときだけ読みます: 指定しないときはトークン数が答えです"), req.Tokens)
	case req.Tokens != 0: // 0: 20 per parameter
		estimator.CheckBound(&errs, "tokens", "tokens", req.Tokens)
	}
	tuning := req.Tuning.check(&errs, p)
	switch {
	case !fewest && tuning.Mode != hardware.Pretrain:
		errs.Add("mode", text("is only read with a model (model, config or params): the compute-optimal model is pre-trained", "モデル（model、config、params）を指定したときだけ読みます: 計算最適なモデルは事前学習です"), strconv.Quote(req.Mode))
	case tuning.Mode != hardware.Pretrain && req.Tokens == 0:
		required(&errs, "tokens", false, text("a fine-tune's tokens are its dataset's, not 20 per parameter", "ファインチューニングのトークン数はデータセットのもので、パラメータあたり 20 ではありません"))
	}
	f := checkFactors(&errs, req.Factors)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	if req.Params != 0 && okF {
		m, _ = hardware.ScaleModel(fam, req.Params)
	}
	in, _ := hardware.NetworkByID(sys.IntraLink)
	fab, _ := hardware.NetworkByID(sys.Network)
	s := hardware.Sizing{Job: hardware.TransformerJob{GPU: g, System: sys, IntraLink: in, Fabric: fab, GPUs: req.GPUs, Precision: p, Tuning: tuning},
		Family: fam, Failures: hardware.LlamaFailures, Factors: f}
	b := newBuilder(req.Factors, f)
	sb := &sizeBuilder{builder: b, req: req, currency: estimator.Unit(currency), sys: sys, tuning: tuning}
	if fewest && okM && okS {
		return sb.fewest(s, m)
	}
	return sb.optimal(s)
}

// transformerPrecision is a transformer request's precision, bf16 when it
// gives none, checked against the GPU's dense paths.
func transformerPrecision(errs *estimator.ErrorList, precision string, g hardware.GPU, okG bool) hardware.Precision {
	p := hardware.Precision(precision)
	if p == "" {
		p = hardware.BF16
	}
	all := []hardware.Precision{hardware.BF16, hardware.FP8, hardware.FP4}
	if !slices.Contains(all, p) {
		errs.Add("precision", text("must be one of bf16, fp8, fp4", "bf16、fp8、fp4 のいずれかにしてください"), strconv.Quote(precision))
		return hardware.BF16
	}
	if okG && g.Peak(p) <= 0 {
		var has []string
		for _, q := range all {
			if g.Peak(q) > 0 {
				has = append(has, string(q))
			}
		}
		en, ja := "has none of bf16, fp8, fp4 (tensor cores from Ampere on): choose another GPU", "には bf16、fp8、fp4 のいずれもありません（Ampere 以降のテンソルコア）。別の GPU を選んでください"
		if len(has) > 0 {
			en, ja = "has no "+string(p)+"; it has "+strings.Join(has, ", "), "には "+string(p)+" がありません。あるのは "+strings.Join(has, "、")+" です"
		}
		errs.Add("precision", text("must be a precision the GPU has a dense path for: "+g.ID+" "+en,
			"GPU に密行列の演算経路がある精度にしてください: "+g.ID+" "+ja), strconv.Quote(string(p)))
	}
	return p
}

// sizeBuilder lays out a sizing answer.
type sizeBuilder struct {
	*builder
	req      SizeRequest
	currency estimator.Unit
	sys      hardware.System
	tuning   hardware.Tuning // resolved
}

// limits lays out the days, the price and the budget, and size.time, the
// time the run may take: with a budget on known GPUs (perGPU), the shorter
// of the days and the GPU-hours the budget buys.
func (b *sizeBuilder) limits(perGPU bool) {
	b.input("size.days", text("Days the run may take", "学習に使える日数"), estimator.Count, b.req.Days, srcInput)
	if b.req.PricePerGPUHour != nil {
		b.input("size.price_per_gpu_hour", text("Price per GPU-hour", "GPU 1 時間あたりの価格"), b.currency, *b.req.PricePerGPUHour, srcInput)
	}
	if b.req.Budget != nil {
		b.input("size.budget", text("Budget", "予算"), b.currency, *b.req.Budget, srcInput)
	}
	if perGPU && b.req.Budget != nil {
		b.add("size.time", text("Time the whole run may take", "実行全体に使える時間"), estimator.Seconds,
			min(b.req.Days*estimator.Day, *b.req.Budget / *b.req.PricePerGPUHour / float64(b.req.GPUs) * estimator.Hour),
			"min({size.days} * DAY, {size.budget} / {size.price_per_gpu_hour} / {size.gpus} * HOUR)", srcInput)
		return
	}
	b.add("size.time", text("Time the whole run may take", "実行全体に使える時間"), estimator.Seconds, b.req.Days*estimator.Day, "{size.days} * DAY", srcInput)
}

// run lays out the planned run of the answer: its model's shape, FLOPs,
// MFU, memory, wall time against the time allowed, GPU-hours and cost.
func (b *sizeBuilder) run(r hardware.SizedRun) {
	m := r.Model
	total, _ := m.Params()
	src := cite(m.Source)
	switch {
	case b.req.Config != nil:
		src = text("the "+m.Name+" given", "指定の "+m.Name)
	case m.PublishedParams == 0:
		src = srcScaleModel
	}
	b.addWords("size.params", text("Parameters of the model", "モデルのパラメータ数"), estimator.Count, total, "counted from the model's shape", nil, src)
	b.input("size.layers", text("Layers", "層数"), estimator.Count, float64(m.Layers), src)
	b.input("size.hidden", text("Hidden size (d_model)", "隠れ次元（d_model）"), estimator.Count, float64(m.Hidden), src)
	b.input("size.heads", text("Attention heads", "アテンションヘッド数"), estimator.Count, float64(m.Heads), src)
	flopsWords, flopsSrc := "6 x active matrix parameters + attention, as trainscale transformer counts them", srcFLOPs
	if b.tuning.Adapters() {
		flopsWords, flopsSrc = "4 x active matrix parameters (frozen) + 6 x active adapter parameters + attention, as trainscale transformer counts them", srcTuning
	}
	b.addWords("size.flops_per_token", text("Training FLOPs per token (model)", "1 トークンあたりの学習計算量（モデル）"), estimator.FLOPs, r.Plan.ModelFLOPsPerToken,
		flopsWords, nil, flopsSrc)
	b.addWords("size.mfu", text("Model FLOPs utilisation at the layout found", "探索した並列化構成でのモデル FLOPs 使用率"), estimator.Share, r.Plan.MFU,
		"PlanTransformer: the fastest layout that fits, as trainscale transformer plans it", nil, srcTransformer)
	b.addWords("size.goodput", text("Share of time not lost to failures", "障害に失われない時間の割合"), estimator.Share, r.Goodput,
		"first-order: failures x (restart + half a checkpoint interval), as transformer.goodput", nil, srcGoodput)
	b.add("size.planned_flops", text("Training FLOPs planned (model)", "計画した学習計算量（モデル）"), estimator.FLOPs, r.Plan.TotalFLOPs,
		"{size.flops_per_token} * {size.tokens}", srcFLOPs)
	b.add("size.wall_time", text("Wall time of the whole run", "実行全体の経過時間"), estimator.Seconds, r.WallTime,
		"{size.tokens} * {size.flops_per_token} / ({size.mfu} * {size.peak} * {size.gpus} * {size.goodput})", srcTransformer)
	b.banded()
	b.add("size.meets_time", text("Meets the time", "時間内に終わるか"), estimator.Flag, flag(r.WallTime <= b.valueOf("size.time")),
		"if({size.wall_time} <= {size.time}, 1, 0)", srcSizing)
	b.addWords("size.memory_per_gpu", text("Memory per GPU", "GPU 1 基あたりのメモリ"), estimator.Bytes, r.Plan.Memory.Total,
		"weights, gradients, optimizer state, activations and workspace at the layout found", nil, srcTMemory)
	b.add("size.gpu_hours", text("GPU-hours of the whole run", "実行全体の GPU 時間"), estimator.Count, r.WallTime*float64(r.GPUs)/estimator.Hour,
		"{size.wall_time} * {size.gpus} / HOUR", srcFailures)
	b.banded()
	b.note("whole_run", estimator.WholeRunNote())
	if b.req.PricePerGPUHour != nil {
		cost := b.add("size.cost", text("Cost of the GPU-hours", "GPU 時間の費用"), b.currency, b.valueOf("size.gpu_hours")**b.req.PricePerGPUHour,
			"{size.gpu_hours} * {size.price_per_gpu_hour}", srcInput)
		b.banded()
		if b.req.Budget != nil {
			b.add("size.within_budget", text("Within the budget", "予算内か"), estimator.Flag, flag(cost <= *b.req.Budget),
				"if({size.cost} <= {size.budget}, 1, 0)", srcInput)
		}
	}
	l := r.Plan.Layout
	b.note("model", cite(m.ID))
	b.note("layout", text(fmt.Sprintf("TP %d x PP %d x DP %d, micro-batch %d, ZeRO-%d, %s recomputation", l.TP, l.PP, l.DP, l.MicroBatch, l.ZeRO, l.Recompute),
		fmt.Sprintf("TP %d × PP %d × DP %d、マイクロバッチ %d、ZeRO-%d、再計算 %s", l.TP, l.PP, l.DP, l.MicroBatch, l.ZeRO, l.Recompute)))
}

// optimal answers the compute-optimal question and the largest model that
// fits the same GPUs.
func (b *sizeBuilder) optimal(s hardware.Sizing) (*Result, error) {
	g := s.Job.GPU
	b.title(text(fmt.Sprintf("Compute-optimal transformer for %d x %s (%s), %s, %g days", b.req.GPUs, g.Name, b.sys.ID, s.Job.Precision, b.req.Days),
		fmt.Sprintf("%s（%s）%d 基、%s、%g 日での計算最適な Transformer", g.Name, b.sys.ID, b.req.GPUs, s.Job.Precision, b.req.Days)))
	b.input("size.gpus", text("GPUs", "GPU 数"), estimator.Count, float64(b.req.GPUs), srcInput)
	b.limits(true)
	seconds := b.valueOf("size.time")
	o, err := s.Optimal(seconds)
	var fit *hardware.FitError
	switch {
	case errors.Is(err, hardware.ErrTooSmall):
		return nil, &estimator.FieldError{Path: "days", Rule: estimator.Text{EN: "must leave the GPUs time to train a model of at least a billion parameters", JA: "10 億パラメータ以上のモデルを学習できる時間にしてください"},
			Got: b.req.Days}
	case errors.As(err, &fit):
		return nil, &estimator.FieldError{Path: "gpus", Rule: estimator.Text{EN: "must hold the smallest model the time buys at some layout: " + fit.Error(), JA: "時間で買える最小のモデルがいずれかの並列化構成で収まる GPU 数にしてください: " + fit.In("ja")},
			Got: b.req.GPUs}
	case err != nil:
		return nil, err
	}
	b.input("size.peak", text("Dense peak per GPU at the precision", "その精度での GPU 1 基の密行列ピーク性能"), estimator.FLOPS, g.Peak(s.Job.Precision), cite(g.Source))
	b.addWords("size.utilisation", text("Share of the peak spent on 6N FLOPs per token", "ピーク性能のうち 1 トークン 6N FLOPs に使われる割合"), estimator.Share, o.Utilisation,
		"the largest u at which the model the budget buys, planned forward, reaches MFU x 6N / model FLOPs per token >= u (bisection)", nil, srcSizing)
	b.add("size.compute", text("Compute budget (6ND)", "計算予算（6ND）"), estimator.FLOPs, o.Compute,
		"{size.gpus} * {size.peak} * {size.utilisation} * {size.time} * {size.goodput}", srcChinchilla)
	b.input("size.tokens_per_param", text("Compute-optimal tokens per parameter", "計算最適なパラメータあたりトークン数"), estimator.Ratio, hardware.ChinchillaTokensPerParam, srcChinchilla)
	b.add("size.optimal_params", text("Compute-optimal parameters", "計算最適なパラメータ数"), estimator.Count, o.Params,
		"({size.compute} / (6 * {size.tokens_per_param})) ^ 0.5", srcChinchilla)
	b.add("size.tokens", text("Compute-optimal training tokens", "計算最適な学習トークン数"), estimator.Count, o.Tokens,
		"{size.tokens_per_param} * {size.optimal_params}", srcChinchilla)
	b.run(o.SizedRun)
	b.input("size.memory_bound", text("Memory, not time, bounds the model", "時間ではなくメモリがモデルの規模を制約するか"), estimator.Flag, flag(o.MemoryBound), srcSizing)
	binds := text("the time", "時間")
	if b.req.Budget != nil && b.valueOf("size.time") < b.req.Days*estimator.Day {
		binds = text("the budget", "予算")
	}
	if o.MemoryBound {
		binds = text("the GPUs' memory: a larger model fits no layout", "GPU のメモリ: これより大きいモデルはどの並列化構成にも収まらない")
	}
	b.note("binds", binds)

	largest, err := s.LargestFitting(o.Tokens)
	switch {
	case errors.Is(err, hardware.ErrBeyondSizes):
		b.note("largest.limit", text("the search stops at 1e14 parameters: larger models may fit too", "探索は 1e14 パラメータまで: それより大きいモデルも収まる可能性がある"))
	case err != nil:
		return nil, err
	}
	lm := largest.Model
	total, _ := lm.Params()
	b.addWords("size.largest.params", text("Largest model that fits the GPUs (any layout)", "GPU に収まる最大のモデル（任意の並列化構成）"), estimator.Count, total,
		"the largest size in the family's proportions at which some layout fits (bisection to 1 part in 10^4)", nil, srcSizing)
	b.input("size.largest.layers", text("Layers of the largest model", "最大モデルの層数"), estimator.Count, float64(lm.Layers), srcScaleModel)
	b.input("size.largest.hidden", text("Hidden size of the largest model", "最大モデルの隠れ次元"), estimator.Count, float64(lm.Hidden), srcScaleModel)
	b.addWords("size.largest.memory_per_gpu", text("Memory per GPU of the largest model", "最大モデルの GPU 1 基あたりのメモリ"), estimator.Bytes, largest.Plan.Memory.Total,
		"weights, gradients, optimizer state, activations and workspace at the layout that fits", nil, srcTMemory)
	b.input("size.capacity", text("GPU memory", "GPU メモリ"), estimator.Bytes, g.Memory, cite(g.Source))
	l := largest.Plan.Layout
	b.note("largest.layout", text(fmt.Sprintf("TP %d x PP %d x DP %d, ZeRO-%d, %s recomputation", l.TP, l.PP, l.DP, l.ZeRO, l.Recompute),
		fmt.Sprintf("TP %d × PP %d × DP %d、ZeRO-%d、再計算 %s", l.TP, l.PP, l.DP, l.ZeRO, l.Recompute)))
	b.note("family", cite(s.Family.ID))
	return b.finish([]string{"size.compute", "size.optimal_params", "size.tokens", "size.params", "size.mfu", "size.wall_time",
		"size.meets_time", "size.cost", "size.largest.params"})
}

// resized ranges the fewest-GPUs answer as the scenario's estimate does: at
// the whole run's P10 and P90 the time takes a job of its own, so the GPUs,
// time, hours and cost are each end's job. Where no job meets the time at an
// end, the figures keep the run's range at the GPUs found.
func (b *sizeBuilder) resized(s hardware.Sizing, m hardware.TransformerModel, tokens float64, maxGPUs int) {
	lo, hi := estimator.WholeRunBand()
	var ends [2]hardware.SizedRun
	for i, f := range []float64{lo, hi} {
		s.Failures.Stretch = f
		r, _, err := s.FewestGPUs(m, tokens, b.valueOf("size.time"), maxGPUs)
		if err != nil {
			return
		}
		ends[i] = r
	}
	hours := func(r hardware.SizedRun) float64 { return r.WallTime * float64(r.GPUs) / estimator.Hour }
	b.rangeOf("size.gpus", float64(ends[0].GPUs), float64(ends[1].GPUs))
	b.rangeOf("size.wall_time", ends[0].WallTime, ends[1].WallTime)
	b.rangeOf("size.gpu_hours", hours(ends[0]), hours(ends[1]))
	if p := b.req.PricePerGPUHour; p != nil {
		b.rangeOf("size.cost", hours(ends[0])**p, hours(ends[1])**p)
	}
}

// fewest answers the fewest-GPUs question for model m.
func (b *sizeBuilder) fewest(s hardware.Sizing, m hardware.TransformerModel) (*Result, error) {
	g := s.Job.GPU
	b.title(text(fmt.Sprintf("Fewest %s (%s) to train %s in %g days, %s", g.Name, b.sys.ID, m.Name, b.req.Days, s.Job.Precision),
		fmt.Sprintf("%s を %g 日で学習する最少の %s（%s）、%s", m.Name, b.req.Days, g.Name, b.sys.ID, s.Job.Precision)))
	b.limits(false)
	total, _ := m.Params()
	b.input("size.tokens_per_param", text("Compute-optimal tokens per parameter", "計算最適なパラメータあたりトークン数"), estimator.Ratio, hardware.ChinchillaTokensPerParam, srcChinchilla)
	tokens := b.req.Tokens
	if tokens == 0 {
		tokens = hardware.ChinchillaTokensPerParam * total
	}
	maxGPUs := int(estimator.BoundOf("gpus").Max)
	run, below, err := s.FewestGPUs(m, tokens, b.valueOf("size.time"), maxGPUs)
	if errors.Is(err, hardware.ErrNoGPUCount) {
		return nil, &estimator.FieldError{Path: "days", Rule: estimator.Text{EN: fmt.Sprintf("must leave time enough for at most %d GPUs to train the model", maxGPUs), JA: fmt.Sprintf("%d 基以下の GPU でモデルを学習できる日数にしてください", maxGPUs)},
			Got: b.req.Days}
	}
	if err != nil {
		return nil, err
	}
	b.input("size.peak", text("Dense peak per GPU at the precision", "その精度での GPU 1 基の密行列ピーク性能"), estimator.FLOPS, g.Peak(s.Job.Precision), cite(g.Source))
	b.addWords("size.gpus", text("Fewest GPUs that meet the time", "時間内に終わる最少の GPU 数"), estimator.Count, float64(run.GPUs),
		fmt.Sprintf("the first count on the ladder 1, 2, 4, ... then whole %d-GPU systems that meets the time, walked up from the first whose peak at the matrix multiplies' efficiency could", b.sys.GPUs), nil, srcSizing)
	if b.req.Tokens != 0 {
		b.input("size.tokens", text("Training tokens", "学習トークン数"), estimator.Count, tokens, srcInput)
	} else {
		b.add("size.tokens", text("Training tokens (compute-optimal for the model)", "学習トークン数（モデルにとって計算最適）"), estimator.Count, tokens,
			"{size.tokens_per_param} * {size.params}", srcChinchilla)
	}
	b.run(run)
	b.resized(s, m, tokens, maxGPUs)
	if below.GPUs > 0 {
		b.addWords("size.below.gpus", text("One step fewer GPUs", "1 段少ない GPU 数"), estimator.Count, float64(below.GPUs), "the ladder's step below the answer", nil, srcSizing)
		b.input("size.below.fits", text("The model fits one step fewer", "1 段少ない GPU 数でモデルが収まるか"), estimator.Flag, flag(below.Plan.Fits), srcSizing)
		if below.Plan.Fits {
			b.addWords("size.below.wall_time", text("Wall time on one step fewer GPUs", "1 段少ない GPU 数での経過時間"), estimator.Seconds, below.WallTime,
				"PlanTransformer at the step below, over the whole run", nil, srcTransformer)
		}
	}
	if m.PublishedParams == 0 && b.req.Config == nil {
		b.note("family", cite(s.Family.ID))
	}
	b.note("mode", cite(string(b.tuning.Mode)))
	return b.finish([]string{"size.gpus", "size.tokens", "size.wall_time", "size.meets_time", "size.mfu", "size.gpu_hours", "size.cost", "size.within_budget", "size.below.gpus", "size.below.wall_time"})
}

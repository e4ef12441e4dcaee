package estimator

import (
	"math"
	"slices"
	"strconv"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// Reverse sizing for transformers: from GPUs, days and a budget to the model
// and data they can train. (The other direction, the fewest GPUs that train
// a given model within a deadline, is MakePlan on a transformer scenario.)

// ReverseRequest is "what can we train on GPUs of this kind in this time,
// for this money".
type ReverseRequest struct {
	GPU       string             // catalog GPU id
	GPUs      int                // > 0
	Days      float64            // > 0
	Precision hardware.Precision // bf16, fp8 or fp4; "": bf16
	MFU       float64            // model FLOPs utilisation; 0: DefaultReverseMFU
	// Budget caps the GPU-hours at PerGPUHour each (USD); 0: no budget.
	Budget     float64
	PerGPUHour float64 // USD; 0 with a budget: the cheapest on-demand price of the GPU in Prices
	Prices     []hardware.CloudOffer
}

// DefaultReverseMFU is the utilisation reverse sizing assumes when the
// request gives none: Llama 3 405B's 38-43% on 8,192-16,384 H100 (Dubey et
// al. 2024, Table 4), rounded down.
const DefaultReverseMFU = 0.38

// chinchillaTokensPerParam is the compute-optimal ratio of training tokens to
// parameters (Hoffmann et al. 2022, Training Compute-Optimal Large Language
// Models: N and D grow equally with compute, about 20 tokens a parameter).
const chinchillaTokensPerParam = 20

// bytesPerParamSharded is what mixed-precision Adam keeps per parameter
// (2 weights + 2 gradients + 12 optimizer state) when ZeRO stage 3 spreads it
// over every GPU (Rajbhandari et al. 2020).
const bytesPerParamSharded = 16

var (
	srcChinchilla = Text{"Hoffmann et al. 2022, Training Compute-Optimal Large Language Models (Chinchilla): C = 6 N D, D about 20 N",
		"Hoffmann ら 2022 年「Training Compute-Optimal Large Language Models」（Chinchilla）: C = 6 N D、D は N の約 20 倍"}
	srcZeRO = Text{"Rajbhandari et al. 2020, ZeRO: 16 bytes a parameter for mixed-precision Adam, partitioned over every GPU (stage 3); activations recomputed and left out",
		"Rajbhandari ら 2020 年、ZeRO: 混合精度 Adam でパラメータ 1 つあたり 16 バイトを全 GPU に分割（ステージ 3）。活性化は再計算として除外"}
	srcReverseInput = Text{"the request", "リクエスト"}
)

// Reverse answers the request: the compute the GPUs deliver in the time (or
// the budget buys, whichever is less), the compute-optimal parameters and
// tokens for it, and the largest model the GPUs' memory holds at any layout.
// Every figure is a quantity whose formula the workbook can evaluate.
func Reverse(r ReverseRequest) ([]Quantity, error) {
	var errs errorList
	gpu, ok := hardware.GPUByID(r.GPU)
	if !ok {
		errs.add("gpu", knownAs("unknown catalog GPU", "カタログにない GPU です", hardware.GPUIDs()), strconv.Quote(r.GPU))
	}
	if r.GPUs <= 0 {
		errs.add("gpus", Text{"must be > 0", "0 より大きい値にしてください"}, r.GPUs)
	}
	if !(r.Days > 0) || math.IsInf(r.Days, 0) {
		errs.add("days", Text{"must be > 0", "0 より大きい値にしてください"}, r.Days)
	}
	if r.MFU == 0 {
		r.MFU = DefaultReverseMFU
	}
	if !(r.MFU > 0 && r.MFU <= 1) {
		errs.add("mfu", Text{"must be > 0 and <= 1", "0 より大きく 1 以下にしてください"}, r.MFU)
	}
	if r.Precision == "" {
		r.Precision = hardware.BF16
	}
	if !slices.Contains([]hardware.Precision{hardware.BF16, hardware.FP8, hardware.FP4}, r.Precision) {
		errs.add("precision", oneOf([]string{"bf16", "fp8", "fp4"}), strconv.Quote(string(r.Precision)))
	} else if ok && gpu.Peak(r.Precision) == 0 {
		errs.add("precision", Text{"the GPU " + gpu.ID + " has no " + string(r.Precision) + " path", "GPU " + gpu.ID + " には " + string(r.Precision) + " の演算経路がありません"}, strconv.Quote(string(r.Precision)))
	}
	if r.Budget < 0 || math.IsNaN(r.Budget) || math.IsInf(r.Budget, 0) {
		errs.add("budget", Text{"must be >= 0", "0 以上にしてください"}, r.Budget)
	}
	if r.Budget > 0 && r.PerGPUHour == 0 && ok {
		for _, o := range r.Prices {
			if o.GPU == gpu.ID && o.OnDemand > 0 && (r.PerGPUHour == 0 || o.OnDemand < r.PerGPUHour) {
				r.PerGPUHour = o.OnDemand
			}
		}
		if r.PerGPUHour == 0 {
			errs.add("price", Text{"is required with a budget: no cloud offer of " + gpu.ID + " has an on-demand price", "予算を指定するときは必須です: " + gpu.ID + " のクラウドの提供品にオンデマンド価格がありません"}, nil)
		}
	}
	if r.PerGPUHour < 0 || math.IsNaN(r.PerGPUHour) || math.IsInf(r.PerGPUHour, 0) {
		errs.add("price", Text{"must be >= 0", "0 以上にしてください"}, r.PerGPUHour)
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}

	in := func(id string, label Text, unit Unit, v float64) Quantity {
		return Quantity{ID: id, Label: label.EN, LabelJA: label.JA, Value: v, Unit: unit, Formula: strconv.FormatFloat(v, 'g', -1, 64),
			Expr: strconv.FormatFloat(v, 'g', -1, 64), Source: srcReverseInput.EN, SourceJA: srcReverseInput.JA}
	}
	qs := []Quantity{
		in("reverse.gpus", Text{"GPUs", "GPU 数"}, Count, float64(r.GPUs)),
		in("reverse.days", Text{"Days", "日数"}, Seconds, r.Days*Day),
		in("reverse.peak", Text{gpu.Name + ": dense peak at " + string(r.Precision), gpu.Name + ": " + string(r.Precision) + " の密行列ピーク性能"}, FLOPS, gpu.Peak(r.Precision)),
		in("reverse.mfu", Text{"Model FLOPs utilisation", "モデル FLOPs 使用率（MFU）"}, Share, r.MFU),
		in("reverse.memory", Text{gpu.Name + ": memory per GPU", gpu.Name + ": GPU 1 基のメモリ"}, Bytes, gpu.Memory),
	}
	hours := float64(r.GPUs) * r.Days * Day / Hour
	hoursExpr := "{reverse.gpus} * {reverse.days} / HOUR"
	hoursSrc := Text{"GPUs x time", "GPU 数 × 時間"}
	if r.Budget > 0 {
		qs = append(qs, in("reverse.budget", Text{"Budget", "予算"}, USD, r.Budget), in("reverse.per_gpu_hour", Text{"Price per GPU-hour", "GPU 時間単価"}, USD, r.PerGPUHour))
		hours = min(hours, r.Budget/r.PerGPUHour)
		hoursExpr = "min(" + hoursExpr + ", {reverse.budget} / {reverse.per_gpu_hour})"
		hoursSrc = Text{"GPUs x time, or what the budget buys, whichever is less", "GPU 数 × 時間と予算で買える GPU 時間の小さい方"}
	}
	compute := hours * Hour * gpu.Peak(r.Precision) * r.MFU
	params := math.Sqrt(compute / (6 * chinchillaTokensPerParam))
	qs = append(qs,
		NewQuantity("reverse.gpu_hours", Text{"GPU time available", "使える GPU 時間"}, Seconds, hours*Hour, "("+hoursExpr+") * HOUR", hoursSrc),
		NewQuantity("reverse.compute", Text{"Training compute", "学習の計算量"}, FLOPs, compute, "{reverse.gpu_hours} * {reverse.peak} * {reverse.mfu}", srcMFU),
		NewQuantity("reverse.params", Text{"Compute-optimal parameters", "計算量最適なパラメータ数"}, Count, params, "({reverse.compute} / (6 * 20)) ^ 0.5", srcChinchilla),
		NewQuantity("reverse.tokens", Text{"Compute-optimal training tokens", "計算量最適な学習トークン数"}, Count, chinchillaTokensPerParam*params, "20 * {reverse.params}", srcChinchilla),
		NewQuantity("reverse.max_params_memory", Text{"Largest model the GPUs' memory holds, at any layout", "どの並列化構成でも GPU メモリに収まる最大のモデル"}, Count,
			float64(r.GPUs)*gpu.Memory/bytesPerParamSharded, "{reverse.gpus} * {reverse.memory} / 16", srcZeRO),
	)
	return qs, nil
}

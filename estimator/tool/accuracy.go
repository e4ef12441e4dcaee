package tool

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

// AccuracyReport is every published figure beside the model's prediction,
// and the error of each group of them: how often the models are right.
type AccuracyReport struct {
	Rows   []AccuracyRow   `json:"rows"`
	Groups []AccuracyGroup `json:"groups"`
}

// AccuracyRow is one published figure (a CNN measurement or a transformer
// run's figure) beside the model's, with the groups it counts in.
type AccuracyRow struct {
	ID         string         `json:"id"`   // the quantities' id prefix, e.g. "accuracy.4"
	What       estimator.Text `json:"what"` // pointLabel: "resnet-50 on 8x a100-sxm4-80gb in dgx-a100, mixed precision, ..."
	Metric     string         `json:"metric"`
	Unit       estimator.Unit `json:"unit"`
	Published  float64        `json:"published"`
	Predicted  float64        `json:"predicted"`
	Ratio      float64        `json:"ratio"` // predicted / published
	AbsError   float64        `json:"abs_error"`
	AtLeast    bool           `json:"at_least,omitempty"` // the source gives a lower bound: only falling short is an error
	GPUs       int            `json:"gpus"`
	Family     estimator.Text `json:"family"`
	Generation estimator.Text `json:"generation"`
	Scale      estimator.Text `json:"scale"`
	Set        estimator.Text `json:"set"`
	Source     string         `json:"source"`
	model      estimator.Text // the source of the prediction: the roofline or the transformer model
}

// AccuracyGroup is the error of the rows that share one value of a grouping:
// Kind is family, generation, scale, set or all.
type AccuracyGroup struct {
	ID     string         `json:"id"` // the quantities' id prefix, e.g. "accuracy.group.scale.multi-node"
	Kind   estimator.Text `json:"kind"`
	Name   estimator.Text `json:"name"`
	Points int            `json:"points"`
	Median float64        `json:"median_abs_error"`
	P90    float64        `json:"p90_abs_error"`
}

// The groupings a row counts in, in the order the table shows them.
var (
	kindAll        = text("all", "全体")
	kindFamily     = text("model family", "モデル系統")
	kindGeneration = text("GPU generation", "GPU 世代")
	kindScale      = text("scale", "規模")
	kindSet        = text("set", "区分")

	scaleOne   = text("1 device", "デバイス 1 台")
	scaleMulti = text("multi-GPU", "複数 GPU（1 ノード）")
	scaleNodes = text("multi-node", "複数ノード")

	setCalibration = text("calibration", "較正用")
	setHeldOut     = text("held out", "検証用（較正に不使用）")
	allPoints      = text("all points", "全測定値")
)

// families name a model's family by the first fragment its id contains.
var families = []struct {
	fragment string
	name     estimator.Text
}{
	{"cifar", text("CIFAR-10 CNNs", "CIFAR-10 の CNN")},
	{"resnet", text("ResNet (ImageNet)", "ResNet（ImageNet）")},
	{"vgg", text("VGG (ImageNet)", "VGG（ImageNet）")},
	{"alexnet", text("AlexNet (ImageNet)", "AlexNet（ImageNet）")},
	{"inception", text("Inception (ImageNet)", "Inception（ImageNet）")},
	{"gpt", text("GPT-style dense transformers", "GPT 型の密なトランスフォーマー")},
	{"bloom", text("GPT-style dense transformers", "GPT 型の密なトランスフォーマー")},
	{"llama", text("Llama", "Llama")},
	{"nemotron", text("Nemotron", "Nemotron")},
	{"mixtral", text("mixture-of-experts transformers", "混合エキスパート型トランスフォーマー")},
	{"deepseek", text("mixture-of-experts transformers", "混合エキスパート型トランスフォーマー")},
}

// generationNames name the GPU architectures (hardware.GPU.Generation) as
// the accuracy table shows them.
var generationNames = map[string]estimator.Text{
	"maxwell":   text("Maxwell", "Maxwell 世代"),
	"pascal":    text("Pascal", "Pascal 世代"),
	"volta":     text("Volta", "Volta 世代"),
	"ampere":    text("Ampere", "Ampere 世代"),
	"hopper":    text("Hopper", "Hopper 世代"),
	"blackwell": text("Blackwell", "Blackwell 世代"),
	"cdna3":     text("CDNA 3", "CDNA 3 世代"),
}

var (
	otherFamily     = text("other", "その他")
	cpuGeneration   = text("CPU", "CPU のみ")
	otherGeneration = text("other", "その他")
)

// pointWords are the words a published figure's label is made of, in
// English and Japanese, in one table: the phrase joining model and hardware,
// the GPU count and system, the batch, each precision and each metric.
// {holes} take the catalog's ids and counts, which are names and read the
// same in both languages. A slice of literals, not a map of text() calls, is
// static data: the page's module, which links this package, runs no code to
// build it (the calls cost estimator.wasm 12 KB).
var pointWords = []pointWord{
	{"on", estimator.Text{EN: "{model} on {device}", JA: "{model}、{device}"}},
	{"gpus", estimator.Text{EN: "{n}x {gpu}", JA: "{gpu} × {n}"}},
	{"gpus.in", estimator.Text{EN: "{n}x {gpu} in {system}", JA: "{system} の {gpu} × {n}"}},
	{"sep", estimator.Text{EN: ", ", JA: "、"}},
	{"batch", estimator.Text{EN: "batch {n}", JA: "バッチ {n}"}},

	{"precision." + string(hardware.FP32), estimator.Text{EN: "FP32", JA: "FP32"}},
	{"precision." + string(hardware.TF32), estimator.Text{EN: "TF32", JA: "TF32"}},
	{"precision." + string(hardware.Mixed), estimator.Text{EN: "mixed precision", JA: "混合精度"}},
	{"precision." + string(hardware.BF16), estimator.Text{EN: "BF16", JA: "BF16"}},
	{"precision." + string(hardware.FP8), estimator.Text{EN: "FP8", JA: "FP8"}},
	{"precision." + string(hardware.FP4), estimator.Text{EN: "FP4", JA: "FP4"}},

	{"metric." + hardware.MetricImagesPerS, estimator.Text{EN: "images/s", JA: "画像/秒"}},
	{"metric." + hardware.MetricBytesPerS, estimator.Text{EN: "data read per second", JA: "1 秒あたりの読み込みデータ量"}},
	{"metric." + hardware.MetricSpeedup, estimator.Text{EN: "speed-up over 1 GPU", JA: "1 GPU に対する高速化率"}},
	{"metric." + hardware.MetricEfficiency, estimator.Text{EN: "scaling efficiency vs {n} GPUs", JA: "{n} GPU 比のスケーリング効率"}},
	{"metric." + hardware.MetricMemoryBytes, estimator.Text{EN: "memory per GPU", JA: "GPU あたりのメモリ使用量"}},
	{"metric." + hardware.MetricDeviceSpeedup, estimator.Text{EN: "speed-up over {cpu}", JA: "{cpu} に対する高速化率"}},
	{"metric." + hardware.MetricTimeToTrain, estimator.Text{EN: "time to train {n} epochs", JA: "{n} エポックの学習時間"}},
	{"metric." + hardware.MetricMFU, estimator.Text{EN: "MFU", JA: "MFU（モデル FLOPs 使用率）"}},
	{"metric." + hardware.MetricFLOPsPerGPU, estimator.Text{EN: "FLOP/s per GPU", JA: "GPU あたりの FLOP/s"}},
	{"metric." + hardware.MetricTokensPerGPU, estimator.Text{EN: "tokens/s per GPU", JA: "GPU あたりのトークン/秒"}},
	{"metric." + hardware.MetricGPUHours, estimator.Text{EN: "GPU-hours", JA: "GPU 時間"}},
}

// pointWord is one entry of pointWords.
type pointWord struct {
	key   string
	words estimator.Text
}

// word is the entry of pointWords under key with its holes filled (pairs
// of name, value); a key the table lacks reads as the id it names.
func word(key string, holes ...string) estimator.Text {
	i := slices.IndexFunc(pointWords, func(w pointWord) bool { return w.key == key })
	if i < 0 {
		_, id, _ := strings.Cut(key, ".")
		return cite(id)
	}
	w := pointWords[i].words
	for i := 0; i+1 < len(holes); i += 2 {
		w = fill(w, holes[i], cite(holes[i+1]))
	}
	return w
}

// fill puts v into w's {name} holes, each language its own.
func fill(w estimator.Text, name string, v estimator.Text) estimator.Text {
	h := "{" + name + "}"
	return text(strings.ReplaceAll(w.EN, h, v.EN), strings.ReplaceAll(w.JA, h, v.JA))
}

// pointLabel names a published figure or a user's measurement in English
// and Japanese: "resnet-50 on 8x a100-sxm4-80gb in dgx-a100, mixed
// precision, batch 256, speed-up over 1 GPU". withMetric false leaves the
// metric out, where every point has the same (a fit's images/s).
func pointLabel(e CalibrationEntry, withMetric bool) estimator.Text {
	device := cite(e.Device)
	switch {
	case e.GPUs > 1 && e.System != "":
		device = word("gpus.in", "n", strconv.Itoa(e.GPUs), "gpu", e.Device, "system", e.System)
	case e.GPUs > 1:
		device = word("gpus", "n", strconv.Itoa(e.GPUs), "gpu", e.Device)
	}
	parts := []estimator.Text{fill(word("on", "model", e.Model), "device", device), word("precision." + e.Precision)}
	if e.Batch > 0 {
		parts = append(parts, word("batch", "n", strconv.Itoa(e.Batch)))
	}
	if withMetric {
		n := e.BaseGPUs
		if e.Metric == hardware.MetricTimeToTrain {
			n = e.Epochs
		}
		parts = append(parts, word("metric."+e.Metric, "n", strconv.Itoa(n), "cpu", e.Baseline))
	}
	sep := word("sep")
	var en, ja []string
	for _, p := range parts {
		en, ja = append(en, p.EN), append(ja, p.JA)
	}
	return text(strings.Join(en, sep.EN), strings.Join(ja, sep.JA))
}

func familyOf(model string) estimator.Text {
	for _, f := range families {
		if strings.Contains(model, f.fragment) {
			return f.name
		}
	}
	return otherFamily
}

func generationOf(device string) estimator.Text {
	if g, ok := hardware.GPUByID(device); ok {
		if name, ok := generationNames[g.Generation]; ok {
			return name
		}
	}
	if _, ok := hardware.CPUByID(device); ok {
		return cpuGeneration
	}
	return otherGeneration
}

// scaleOf is where gpus GPUs of a system holding perSystem sit.
func scaleOf(gpus, perSystem int) estimator.Text {
	switch {
	case gpus <= 1:
		return scaleOne
	case gpus <= perSystem:
		return scaleMulti
	}
	return scaleNodes
}

// AccuracyRequest asks for the published figures, every one or one Kind's,
// beside the models run with Factors.
type AccuracyRequest struct {
	Factors Factors
	// Kind keeps the figures of one kind of training: "cnn" (the roofline's
	// CNNs on a device, in a system, across systems) or "transformer" (the
	// transformer model's runs); "" keeps every figure. A report keeps the
	// kind its scenario trains.
	Kind string
}

// The kinds of figure AccuracyRequest.Kind keeps.
const (
	KindCNN         = "cnn"
	KindTransformer = "transformer"
)

// Accuracy sets every published figure (hardware.Measurements and the
// transformer runs' figures, or those of req.Kind alone) beside the models'
// predictions, with the ratio
// and its absolute error |predicted / published - 1|, and gives the median
// and 90th percentile of that error per model family, GPU generation,
// scale (one device, several GPUs in one system, several systems) and set
// (calibration or held out).
func Accuracy(req AccuracyRequest) (*Result, error) {
	var errs estimator.ErrorList
	f := checkFactors(&errs, req.Factors)
	if req.Kind != "" && req.Kind != KindCNN && req.Kind != KindTransformer {
		errs.Add("kind", text("must be cnn or transformer (or empty for both)", "cnn か transformer にしてください（両方なら空）"), strconv.Quote(req.Kind))
	}
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	var transformers []hardware.TransformerCalibrationRow
	if req.Kind != KindCNN {
		var err error
		if transformers, err = hardware.CalibrateTransformers(f); err != nil {
			return nil, err
		}
	}
	var cnns []hardware.CalibrationRow
	if req.Kind != KindTransformer {
		cnns = hardware.Calibrate(f)
	}
	b := newBuilder(req.Factors, f)
	b.res.Title.EN = "How accurate is this? The models against every published figure"
	b.res.Title.JA = "どれほど正確か: すべての公表値とモデルの比較"
	var rows []AccuracyRow
	for _, c := range cnns {
		e := CalibrationEntry{Model: c.Model, Device: c.Device, Baseline: c.Baseline, System: c.System, GPUs: max(c.GPUs, 1),
			BaseGPUs: c.BaseGPUs, Epochs: c.Epochs, Precision: string(c.Precision), Batch: c.Batch, Metric: c.Metric}
		perSystem := 1
		if s, ok := hardware.SystemByID(c.System); ok {
			perSystem = s.GPUs
		}
		rows = append(rows, AccuracyRow{What: pointLabel(e, true), Metric: c.Metric, Unit: metricUnit(c.Metric),
			Published: c.Value, Predicted: c.Predicted, AtLeast: c.AtLeast, GPUs: e.GPUs,
			Family: familyOf(c.Model), Generation: generationOf(c.Device), Scale: scaleOf(e.GPUs, perSystem),
			Set: setOf(c.HeldOut), Source: c.Source, model: srcRoofline})
	}
	for _, t := range transformers {
		l := t.Plan.Layout
		gpus := l.TP * l.PP * l.DP * l.CP
		sys, _ := hardware.SystemByID(t.Run.System) // RunJob has checked it
		e := CalibrationEntry{Model: t.Run.ID, Device: t.Run.GPU, System: t.Run.System, GPUs: gpus, Precision: string(t.Run.Precision), Metric: t.Metric}
		rows = append(rows, AccuracyRow{What: pointLabel(e, true),
			Metric: t.Metric, Unit: transformerMetricUnit(t.Metric), Published: t.Published, Predicted: t.Predicted, GPUs: gpus,
			Family: familyOf(t.Run.Model), Generation: generationOf(t.Run.GPU), Scale: scaleOf(gpus, sys.GPUs),
			Set: setOf(t.Run.HeldOut), Source: t.Run.Source + " (" + t.Run.AsOf + ")", model: srcTransformer})
	}
	report := &AccuracyReport{}
	for i := range rows {
		r := &rows[i]
		r.ID = fmt.Sprintf("accuracy.%d", i+1)
		r.Ratio = r.Predicted / r.Published
		r.AbsError = math.Abs(r.Ratio - 1)
		errExpr := fmt.Sprintf("max({%s.ratio} - 1, 1 - {%s.ratio})", r.ID, r.ID)
		if r.AtLeast {
			r.AbsError = math.Max(1-r.Ratio, 0)
			errExpr = fmt.Sprintf("max(1 - {%s.ratio}, 0)", r.ID)
		}
		b.input(r.ID+".published", text(r.What.EN+": published", r.What.JA+": 公表値"), r.Unit, r.Published, text(r.Source, r.Source))
		b.addWords(r.ID+".predicted", text(r.What.EN+": predicted", r.What.JA+": 予測"), r.Unit, r.Predicted,
			"the model of this figure with the factors below (calibrate, transformer --calibration)", nil, r.model)
		b.add(r.ID+".ratio", text(r.What.EN+": predicted / published", r.What.JA+": 予測 / 公表値"), estimator.Ratio, r.Ratio,
			fmt.Sprintf("{%s.predicted} / {%s.published}", r.ID, r.ID), srcAccuracy)
		b.add(r.ID+".abs_error", text(r.What.EN+": absolute error", r.What.JA+": 誤差の絶対値"), estimator.Ratio, r.AbsError,
			errExpr, srcAccuracy.With(": |ratio - 1|, or the shortfall alone for a lower bound", "：|比 - 1|。下限値は不足分のみ"))
	}
	report.Rows = rows
	for _, kind := range []struct {
		name estimator.Text
		of   func(AccuracyRow) estimator.Text
	}{
		{kindAll, func(AccuracyRow) estimator.Text { return allPoints }},
		{kindFamily, func(r AccuracyRow) estimator.Text { return r.Family }},
		{kindGeneration, func(r AccuracyRow) estimator.Text { return r.Generation }},
		{kindScale, func(r AccuracyRow) estimator.Text { return r.Scale }},
		{kindSet, func(r AccuracyRow) estimator.Text { return r.Set }},
	} {
		for _, name := range groupNames(rows, kind.of) {
			report.Groups = append(report.Groups, b.group(kind.name, name, rows, kind.of))
		}
	}
	b.res.Accuracy = report
	b.res.Sections = append(b.res.Sections,
		present.Section{Title: "Error by group (|predicted / published - 1|)", Rows: AccuracyTable(report, "en")},
		present.Section{Title: "Published figures", Rows: AccuracyPointTable(report, "en")})
	all := report.Groups[0].ID
	return b.finish([]string{all + ".points", all + ".median", all + ".p90"})
}

func setOf(heldOut bool) estimator.Text {
	if heldOut {
		return setHeldOut
	}
	return setCalibration
}

// groupNames are the distinct values of of over rows, in order of first
// appearance.
func groupNames(rows []AccuracyRow, of func(AccuracyRow) estimator.Text) []estimator.Text {
	var names []estimator.Text
	for _, r := range rows {
		if n := of(r); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// group lays out the count, median and 90th percentile of the absolute
// errors of the rows of one group.
func (b *builder) group(kind, name estimator.Text, rows []AccuracyRow, of func(AccuracyRow) estimator.Text) AccuracyGroup {
	g := AccuracyGroup{ID: "accuracy.group." + slug(kind.EN) + "." + slug(name.EN), Kind: kind, Name: name}
	var errs []float64
	var ids []string
	for _, r := range rows {
		if of(r) == name {
			errs = append(errs, r.AbsError)
			ids = append(ids, r.ID+".abs_error")
		}
	}
	g.Points = len(errs)
	what, whatJA := kind.EN+" "+name.EN, kind.JA+"「"+name.JA+"」"
	if kind == kindAll {
		what, whatJA = name.EN, name.JA
	}
	b.input(g.ID+".points", text("Published figures, "+what, "公表値の数（"+whatJA+"）"), estimator.Count, float64(g.Points), srcAccuracy)
	e := b.errorSpread(g.ID, "", errs, ids,
		text("Median absolute error, "+what, "誤差の絶対値の中央値（"+whatJA+"）"),
		text("90th percentile of the absolute error, "+what, "誤差の絶対値の 90 パーセンタイル（"+whatJA+"）"))
	g.Median, g.P90 = e.Median, e.P90
	return g
}

// errorSpread lays out the median and 90th percentile of a group's absolute
// errors errs (the quantities ids) as id.median<side> and id.p90<side>,
// labelled median and p90.
func (b *builder) errorSpread(id, side string, errs []float64, ids []string, median, p90 estimator.Text) GroupError {
	slices.Sort(errs)
	e := GroupError{Median: estimator.Percentile(errs, 0.5), P90: estimator.Percentile(errs, 0.9)}
	b.addWords(id+".median"+side, median, estimator.Ratio, e.Median, "the median of the group's absolute errors", ids, srcAccuracy)
	b.addWords(id+".p90"+side, p90, estimator.Ratio, e.P90,
		"the 90th percentile of the group's absolute errors, interpolated between the ranks around it", ids, srcAccuracy)
	return e
}

// srcAccuracy is the source of the accuracy table's own arithmetic.
var srcAccuracy = text("accuracy: the model's prediction against the published figure", "精度: モデルの予測と公表値の比較")

// slug is s as an id fragment: lower case, runs of anything but letters and
// digits as one '-'.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// AccuracyRecords are the report's rows for a CSV file: a header, then one
// record per published figure with its numbers unrounded.
func AccuracyRecords(r *AccuracyReport) [][]string {
	out := [][]string{{"id", "figure", "metric", "unit", "published", "predicted", "ratio", "abs_error", "at_least",
		"gpus", "family", "generation", "scale", "set", "source"}}
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, row := range r.Rows {
		out = append(out, []string{row.ID, row.What.EN, row.Metric, string(row.Unit), g(row.Published), g(row.Predicted), g(row.Ratio),
			g(row.AbsError), strconv.FormatBool(row.AtLeast), strconv.Itoa(row.GPUs), row.Family.EN, row.Generation.EN,
			row.Scale.EN, row.Set.EN, row.Source})
	}
	return out
}

// AccuracyPointNumber says whether column col of AccuracyPointTable holds
// numbers: the figure's #, and published to absolute error.
func AccuracyPointNumber(col int) bool { return col == 0 || col >= 2 && col <= 5 }

// AccuracyPointTable is every published figure of Accuracy's report in
// lang, the header first: #, the figure, published, predicted, ratio and
// absolute error beside it, then its model family, GPU generation, scale
// and set. A lower bound reads "at least 7".
func AccuracyPointTable(r *AccuracyReport, lang estimator.Lang) [][]string {
	head := append([]string{"#"}, words(lang, "figure", "published", "predicted", "ratio", "error")...)
	out := [][]string{append(head, kindFamily.In(lang), kindGeneration.In(lang), kindScale.In(lang), kindSet.In(lang))}
	for i, row := range r.Rows {
		published := present.FormatToolValue(row.Published, row.Unit, lang)
		if row.AtLeast {
			published = fill(AccuracyWords["at_least"], "v", cite(published)).In(lang)
		}
		out = append(out, []string{strconv.Itoa(i + 1), row.What.In(lang), published, present.FormatToolValue(row.Predicted, row.Unit, lang),
			FormatRatio(row.Ratio), FormatError(row.AbsError), row.Family.In(lang), row.Generation.In(lang), row.Scale.In(lang), row.Set.In(lang)})
	}
	return out
}

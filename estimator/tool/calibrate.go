package tool

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
)

// CalibrateRequest sets the models beside measurements. Without
// Measurements it uses the published figures (hardware.Measurements); with
// them it fits the throughput factors to them (hardware.Fit) and reports
// the error before and after.
type CalibrateRequest struct {
	Measurements []hardware.Measurement // single-device images_per_s points
	Factors      Factors                // the factors to start from
}

// CalibrationEntry is one measurement beside the model's prediction.
type CalibrationEntry struct {
	ID        string         `json:"id"` // the quantities' id prefix, e.g. "calibration.4"
	Model     string         `json:"model"`
	Device    string         `json:"device"`
	Baseline  string         `json:"baseline,omitempty"` // the CPU a device speed-up is against
	System    string         `json:"system,omitempty"`
	GPUs      int            `json:"gpus"`
	Precision string         `json:"precision"`
	BaseGPUs  int            `json:"base_gpus,omitempty"` // an efficiency's reference GPU count
	Epochs    int            `json:"epochs,omitempty"`    // a time to train's passes over the dataset
	Batch     int            `json:"batch"`
	Metric    string         `json:"metric"`
	Unit      estimator.Unit `json:"unit"`
	Measured  float64        `json:"measured"`
	Predicted float64        `json:"predicted"`
	// Error is relative, (predicted - measured) / measured, or absolute for
	// speed-ups and efficiencies of several GPUs (ErrorKind).
	Error     float64 `json:"error"`
	ErrorKind string  `json:"error_kind"`
	Tolerance float64 `json:"tolerance"`
	AtLeast   bool    `json:"at_least,omitempty"`
	Within    bool    `json:"within"`
	HeldOut   bool    `json:"held_out,omitempty"`
	// After a fit: the prediction and error with the fitted factors.
	PredictedAfter *float64 `json:"predicted_after,omitempty"`
	ErrorAfter     *float64 `json:"error_after,omitempty"`
	Source         string   `json:"source"`
}

// Calibrate sets the models beside measurements: the published ones, or a
// user's own, to which it then fits the throughput factors.
func Calibrate(req CalibrateRequest) (*Result, error) {
	var errs estimator.ErrorList
	f := checkFactors(&errs, req.Factors)
	if req.Measurements != nil {
		checkMeasurements(&errs, req.Measurements)
	}
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	b := newBuilder(req.Factors, f)
	if req.Measurements == nil {
		b.calibrationTable(hardware.Calibrate(f))
		return b.finish([]string{"calibration.within", "calibration.points"})
	}
	fitted, err := hardware.Fit(req.Measurements, f)
	if err != nil {
		return nil, err
	}
	b.fitTable(req.Measurements, f, fitted)
	// The factors.* quantities hold the fitted values: the ones --out writes.
	b.factors, b.factorsSource = fitted, srcFit
	for _, s := range hardware.FactorSpecs {
		b.refs["factors."+s.Name] = true
	}
	b.res.Factors = &fitted
	return b.finish([]string{"fit.mean_abs_error_before", "fit.mean_abs_error_after"})
}

// FitAccuracyRequest sets a user's measurements beside the model with two
// sets of factors, as a report that uses fitted factors shows them.
type FitAccuracyRequest struct {
	Measurements []hardware.Measurement // single-device images_per_s points
	Before       Factors                // the calibrated defaults unless given
	After        Factors                // the factors the fit gave
}

// FitAccuracy lays out the measurements before and after a fit that was
// made already (calibrate --out wrote After): the table Calibrate gives for
// a fit (Result.Fit, Result.Calibration and the fit.* quantities), without
// fitting again.
func FitAccuracy(req FitAccuracyRequest) (*Result, error) {
	var errs estimator.ErrorList
	before := checkFactors(&errs, req.Before)
	after := checkFactors(&errs, req.After)
	checkMeasurements(&errs, req.Measurements)
	if errs.Len() > 0 {
		return nil, errs.Err()
	}
	b := newBuilder(req.After, after)
	b.fitTable(req.Measurements, before, after)
	return b.finish([]string{"fit.mean_abs_error_before", "fit.mean_abs_error_after"})
}

// checkMeasurements applies the rules of a list of fit points.
func checkMeasurements(errs *estimator.ErrorList, pts []hardware.Measurement) {
	if len(pts) == 0 {
		errs.Add("measurements", text("must hold at least one measurement", "測定値を 1 つ以上含めてください"), nil)
	}
	if len(pts) > maxMeasurements {
		errs.Add("measurements", text(fmt.Sprintf("must hold at most %d measurements", maxMeasurements), fmt.Sprintf("測定値は %d 個までにしてください", maxMeasurements)), len(pts))
	}
	for i, pt := range pts {
		checkMeasurement(errs, func(col string) string { return fmt.Sprintf("measurements[%d].%s", i, col) }, pt, nil)
	}
}

// calibrationTable lays out the published measurements beside the model.
func (b *builder) calibrationTable(rows []hardware.CalibrationRow) {
	b.title(text("Calibration: the models against published measurements", "較正: 公表された測定値とモデルの比較"))
	table := [][]string{{"#", "model", "device", "precision", "batch", "metric", "measured", "predicted", "error", "tolerance", "ok", "set"}}
	var within []string
	for i, row := range rows {
		k := fmt.Sprintf("calibration.%d", i+1)
		unit := metricUnit(row.Metric)
		e := CalibrationEntry{ID: k, Model: row.Model, Device: row.Device, Baseline: row.Baseline, System: row.System,
			GPUs: max(row.GPUs, 1), BaseGPUs: row.BaseGPUs, Epochs: row.Epochs, Precision: string(row.Precision), Batch: row.Batch, Metric: row.Metric, Unit: unit,
			Measured: row.Value, Predicted: row.Predicted, Error: row.Error, ErrorKind: row.ErrorKind,
			Tolerance: row.Tolerance, AtLeast: row.AtLeast, Within: row.Within, HeldOut: row.HeldOut, Source: row.Source}
		b.res.Calibration = append(b.res.Calibration, e)
		what := pointLabel(e, true)
		b.input(k+".measured", text(what.EN+": measured", what.JA+": 実測"), unit, row.Value, cite(row.Source))
		b.addWords(k+".predicted", text(what.EN+": predicted", what.JA+": 予測"), unit, row.Predicted,
			"the "+row.Metric+" model for this measurement with the factors below", nil, srcRoofline)
		errExpr := relErrorExpr(k+".predicted", k+".measured")
		if row.ErrorKind == "absolute" {
			errExpr = fmt.Sprintf("{%s.predicted} - {%s.measured}", k, k)
		}
		b.add(k+".error", text(what.EN+": error ("+row.ErrorKind+")", what.JA+": 誤差（"+errorKindJA[row.ErrorKind]+"）"), estimator.Ratio, row.Error, errExpr, srcCalibration)
		tol := strconv.FormatFloat(row.Tolerance, 'g', -1, 64)
		withinExpr := fmt.Sprintf("if(%s <= %s, 1, 0)", absExpr(k+".error"), tol)
		if row.AtLeast {
			withinExpr = fmt.Sprintf("if({%s.error} >= -%s, 1, 0)", k, tol)
		}
		b.add(k+".within", text(what.EN+": within tolerance", what.JA+": 許容誤差内か"), estimator.Flag, flag(row.Within), withinExpr, text("issue 3's tolerances", "issue 3 の許容誤差"))
		within = append(within, "{"+k+".within}")
		set := "calibration"
		if row.HeldOut {
			set = "held out"
		}
		ok := "yes"
		if !row.Within {
			ok = "NO"
		}
		table = append(table, []string{strconv.Itoa(i + 1), row.Model, deviceText(e), e.Precision, strconv.Itoa(row.Batch), metricText(e),
			present.FormatToolValue(row.Value, unit, estimator.English), present.FormatToolValue(row.Predicted, unit, estimator.English), formatError(row.Error, row.ErrorKind),
			formatTolerance(row), ok, set})
	}
	b.input("calibration.points", text("Published measurements", "公表された測定値"), estimator.Count, float64(len(rows)), cite("hardware.Measurements"))
	if len(within) > 0 {
		b.add("calibration.within", text("Measurements the model meets within tolerance", "モデルが許容誤差内に収まる測定値の数"), estimator.Count, b.sumWithin(), strings.Join(within, " + "), srcCalibration)
	}
	b.res.Sections = append(b.res.Sections, present.Section{Title: "Published measurements", Rows: table})
}

func (b *builder) sumWithin() float64 {
	n := 0.0
	for _, e := range b.res.Calibration {
		n += flag(e.Within)
	}
	return n
}

// fitTable lays out a user's measurements before and after the fit: each
// point's prediction and error with the start and the fitted factors, the
// mean absolute errors, and (fitAccuracy) the accuracy table's ratios and
// group errors.
func (b *builder) fitTable(points []hardware.Measurement, start, fitted hardware.Factors) {
	b.title(text(fmt.Sprintf("Fit of the throughput factors to %d measurements", len(points)), fmt.Sprintf("スループット係数の %d 件の測定値へのあてはめ", len(points))))
	table := [][]string{{"#", "model", "device", "precision", "batch", "measured", "before", "error", "after", "error", "where"}}
	var sumBefore, sumAfter []string
	var before, after float64
	for i, pt := range points {
		k := fmt.Sprintf("fit.%d", i+1)
		predBefore, predAfter := predictImages(pt, start), predictImages(pt, fitted)
		eb, ea := (predBefore-pt.Value)/pt.Value, (predAfter-pt.Value)/pt.Value
		before += math.Abs(eb)
		after += math.Abs(ea)
		e := CalibrationEntry{ID: k, Model: pt.Model, Device: pt.Device, GPUs: 1, Precision: string(pt.Precision), Batch: pt.Batch,
			Metric: pt.Metric, Unit: estimator.PerSecond, Measured: pt.Value, Predicted: predBefore, Error: eb, ErrorKind: "relative",
			Tolerance: pt.Tolerance, Within: math.Abs(eb) <= pt.Tolerance, PredictedAfter: &predAfter, ErrorAfter: &ea, Source: pt.Source}
		if e.Source == "" {
			e.Source = fmt.Sprintf("measurements[%d]", i)
		}
		b.res.Calibration = append(b.res.Calibration, e)
		what := pointLabel(e, true)
		b.input(k+".measured", text(what.EN+": measured", what.JA+": 実測"), estimator.PerSecond, pt.Value, cite(e.Source))
		b.addWords(k+".predicted_before", text(what.EN+": predicted with the starting factors", what.JA+": 初期係数での予測"), estimator.PerSecond, predBefore,
			"the throughput model for this measurement with the starting factors", nil, srcRoofline)
		b.add(k+".error_before", text(what.EN+": error before the fit", what.JA+": フィット前の誤差"), estimator.Ratio, eb,
			relErrorExpr(k+".predicted_before", k+".measured"), srcCalibration)
		b.addWords(k+".predicted_after", text(what.EN+": predicted with the fitted factors", what.JA+": フィット後の係数での予測"), estimator.PerSecond, predAfter,
			"the throughput model for this measurement with the fitted factors (factors.*)", nil, srcRoofline)
		b.add(k+".error_after", text(what.EN+": error after the fit", what.JA+": フィット後の誤差"), estimator.Ratio, ea,
			relErrorExpr(k+".predicted_after", k+".measured"), srcCalibration)
		sumBefore = append(sumBefore, absExpr(k+".error_before"))
		sumAfter = append(sumAfter, absExpr(k+".error_after"))
		table = append(table, []string{strconv.Itoa(i + 1), pt.Model, pt.Device, string(pt.Precision), strconv.Itoa(pt.Batch),
			present.FormatToolValue(pt.Value, estimator.PerSecond, estimator.English), present.FormatToolValue(predBefore, estimator.PerSecond, estimator.English), formatError(eb, "relative"),
			present.FormatToolValue(predAfter, estimator.PerSecond, estimator.English), formatError(ea, "relative"), pt.Source})
	}
	n := float64(len(points))
	b.add("fit.mean_abs_error_before", text("Mean absolute error before the fit", "フィット前の平均絶対誤差"), estimator.Ratio, before/n,
		"("+strings.Join(sumBefore, " + ")+") / "+strconv.Itoa(len(points)), srcCalibration)
	b.add("fit.mean_abs_error_after", text("Mean absolute error after the fit", "フィット後の平均絶対誤差"), estimator.Ratio, after/n,
		"("+strings.Join(sumAfter, " + ")+") / "+strconv.Itoa(len(points)), srcCalibration)
	b.res.Sections = append(b.res.Sections, present.Section{Title: "Measurements", Rows: table})
	b.fitAccuracy()
	factors := [][]string{{"factor", "before", "after"}}
	for _, s := range hardware.FactorSpecs {
		u := estimator.Unit(s.Unit)
		factors = append(factors, []string{s.Name, present.FormatToolValue(*s.Field(&start), u, estimator.English), present.FormatToolValue(*s.Field(&fitted), u, estimator.English)})
	}
	b.res.Sections = append(b.res.Sections, present.Section{Title: "Factors", Rows: factors})
}

// FitReport is a user's measurements against the model before and after a
// fit, in the accuracy table's form (AccuracyReport): each point's ratio
// and absolute error with both sets of factors, and the median and 90th
// percentile of the error per group.
type FitReport struct {
	Rows   []FitRow   `json:"rows"`
	Groups []FitGroup `json:"groups"`
}

// FitRow is one of a user's measurements with the model's prediction before
// and after the fit.
type FitRow struct {
	ID         string         `json:"id"`   // the quantities' id prefix, e.g. "fit.1"
	What       estimator.Text `json:"what"` // "resnet-50 on a100-sxm4-80gb, mixed precision, batch 256"
	Model      string         `json:"model"`
	Device     string         `json:"device"`
	Precision  string         `json:"precision"`
	Batch      int            `json:"batch"`
	Measured   float64        `json:"measured"` // images/s
	Before     FitPrediction  `json:"before"`
	After      FitPrediction  `json:"after"`
	Family     estimator.Text `json:"family"`
	Generation estimator.Text `json:"generation"`
	Source     string         `json:"source"`
}

// FitPrediction is the model's images/s for one measurement with one set of
// factors, its ratio to the measurement and the absolute error |ratio - 1|.
type FitPrediction struct {
	Predicted float64 `json:"predicted"`
	Ratio     float64 `json:"ratio"`
	AbsError  float64 `json:"abs_error"`
}

// FitGroup is the error of the measurements that share one value of a
// grouping (all, model family, GPU generation), before and after the fit.
type FitGroup struct {
	ID     string         `json:"id"` // the quantities' id prefix, e.g. "fit.group.all.all-points"
	Kind   estimator.Text `json:"kind"`
	Name   estimator.Text `json:"name"`
	Points int            `json:"points"`
	Before GroupError     `json:"before"`
	After  GroupError     `json:"after"`
}

// GroupError is the median and 90th percentile of a group's absolute errors.
type GroupError struct {
	Median float64 `json:"median_abs_error"`
	P90    float64 `json:"p90_abs_error"`
}

// fitAccuracy adds the accuracy table's columns to the fit's points laid out
// in b.res.Calibration (fitTable): the ratio and absolute error before and
// after, and the group errors, as the quantities fit.<n>.ratio_before ...,
// fit.group.<kind>.<name>.median_before ... and as Result.Fit.
func (b *builder) fitAccuracy() {
	report := &FitReport{}
	for _, e := range b.res.Calibration {
		r := FitRow{ID: e.ID, Model: e.Model, Device: e.Device, Precision: e.Precision, Batch: e.Batch, Measured: e.Measured,
			What:   pointLabel(e, false), // every point is images/s
			Before: b.fitPrediction(e, "before", e.Predicted), After: b.fitPrediction(e, "after", *e.PredictedAfter),
			Family: familyOf(e.Model), Generation: generationOf(e.Device), Source: e.Source}
		report.Rows = append(report.Rows, r)
	}
	for _, kind := range []struct {
		name estimator.Text
		of   func(FitRow) estimator.Text
	}{
		{kindAll, func(FitRow) estimator.Text { return allPoints }},
		{kindFamily, func(r FitRow) estimator.Text { return r.Family }},
		{kindGeneration, func(r FitRow) estimator.Text { return r.Generation }},
	} {
		var names []estimator.Text
		for _, r := range report.Rows {
			if n := kind.of(r); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		for _, name := range names {
			g := b.fitGroup(kind.name, name, report.Rows, kind.of)
			report.Groups = append(report.Groups, g)
		}
	}
	b.res.Fit = report
	b.res.Sections = append(b.res.Sections, present.Section{Title: "Error by group before and after the fit (|predicted / measured - 1|)", Rows: FitGroupTable(report, "en")})
}

// fitPrediction lays out the ratio and absolute error of one measurement's
// prediction on one side of the fit ("before" or "after").
func (b *builder) fitPrediction(e CalibrationEntry, side string, predicted float64) FitPrediction {
	k := e.ID
	p := FitPrediction{Predicted: predicted, Ratio: predicted / e.Measured}
	p.AbsError = math.Abs(p.Ratio - 1)
	what := pointLabel(e, true)
	sideJA := map[string]string{"before": "フィット前", "after": "フィット後"}[side]
	b.add(k+".ratio_"+side, text(what.EN+": predicted / measured, "+side+" the fit", what.JA+": 予測 / 実測（"+sideJA+"）"), estimator.Ratio, p.Ratio,
		fmt.Sprintf("{%s.predicted_%s} / {%s.measured}", k, side, k), srcAccuracy)
	b.add(k+".abs_error_"+side, text(what.EN+": absolute error, "+side+" the fit", what.JA+": 誤差の絶対値（"+sideJA+"）"), estimator.Ratio, p.AbsError,
		fmt.Sprintf("max({%s.ratio_%s} - 1, 1 - {%s.ratio_%s})", k, side, k, side), srcAccuracy.With(": |ratio - 1|", "：|比 - 1|"))
	return p
}

// fitGroup lays out the count, median and 90th percentile of the absolute
// errors before and after the fit of the points of one group.
func (b *builder) fitGroup(kind, name estimator.Text, rows []FitRow, of func(FitRow) estimator.Text) FitGroup {
	g := FitGroup{ID: "fit.group." + slug(kind.EN) + "." + slug(name.EN), Kind: kind, Name: name}
	what, whatJA := kind.EN+" "+name.EN, kind.JA+"「"+name.JA+"」"
	if kind == kindAll {
		what, whatJA = name.EN, name.JA
	}
	for _, r := range rows {
		if of(r) == name {
			g.Points++
		}
	}
	b.input(g.ID+".points", text("Measurements, "+what, "測定値の数（"+whatJA+"）"), estimator.Count, float64(g.Points), srcAccuracy)
	for _, side := range []struct {
		name, ja string
		err      func(FitRow) float64
		into     *GroupError
	}{
		{"before", "フィット前", func(r FitRow) float64 { return r.Before.AbsError }, &g.Before},
		{"after", "フィット後", func(r FitRow) float64 { return r.After.AbsError }, &g.After},
	} {
		var errs []float64
		var ids []string
		for _, r := range rows {
			if of(r) == name {
				errs = append(errs, side.err(r))
				ids = append(ids, r.ID+".abs_error_"+side.name)
			}
		}
		*side.into = b.errorSpread(g.ID, "_"+side.name, errs, ids,
			text("Median absolute error "+side.name+" the fit, "+what, "誤差の絶対値の中央値（"+side.ja+"、"+whatJA+"）"),
			text("90th percentile of the absolute error "+side.name+" the fit, "+what, "誤差の絶対値の 90 パーセンタイル（"+side.ja+"、"+whatJA+"）"))
	}
	return g
}

// AccuracyWords are the headings and column names of the accuracy tables
// (Accuracy's groups, a fit's points and groups), by key, in English and
// Japanese: the CLI, the page and every report name them alike.
var AccuracyWords = map[string]estimator.Text{
	"title": text("How accurate is this?", "どれほど正確か"),
	"lead": text("The models against every published figure trainscale holds (vendor benchmarks, papers, training reports): the absolute error |predicted / published - 1| of each group, its median and its 90th percentile (P90), then every figure with its ratio predicted / published. trainscale accuracy --format csv adds each figure's source.",
		"モデルと trainscale が持つすべての公表値（ベンダーのベンチマーク、論文、学習の報告）の比較です。グループごとに誤差の絶対値 |予測 / 公表値 - 1| の中央値と 90 パーセンタイル（P90）を示し、続いて各公表値と比（予測 / 公表値）を示します。各公表値の出典は trainscale accuracy --format csv で一覧できます。"),
	// A report's appendix keeps the figures of the kind of training its
	// scenario does (AccuracyRequest.Kind) and says where the rest are.
	"lead.cnn": text("The models against every published figure of CNN training trainscale holds (vendor benchmarks, papers), the kind of training this scenario does: the absolute error |predicted / published - 1| of each group, its median and its 90th percentile (P90), then every figure with its ratio predicted / published. The transformer runs are left out here: trainscale accuracy lists every figure, and trainscale accuracy --format csv adds each figure's source.",
		"このシナリオが行うのと同じ CNN の学習について、モデルと trainscale が持つすべての公表値（ベンダーのベンチマーク、論文）の比較です。グループごとに誤差の絶対値 |予測 / 公表値 - 1| の中央値と 90 パーセンタイル（P90）を示し、続いて各公表値と比（予測 / 公表値）を示します。トランスフォーマーの学習の公表値はここでは省いています。すべての公表値とその出典は trainscale accuracy --format csv で一覧できます。"),
	"lead.transformer": text("The models against every published figure of transformer training trainscale holds (papers, training reports), the kind of training this scenario does: the absolute error |predicted / published - 1| of each group, its median and its 90th percentile (P90), then every figure with its ratio predicted / published. The CNN figures are left out here: trainscale accuracy lists every figure, and trainscale accuracy --format csv adds each figure's source.",
		"このシナリオが行うのと同じトランスフォーマーの学習について、モデルと trainscale が持つすべての公表値（論文、学習の報告）の比較です。グループごとに誤差の絶対値 |予測 / 公表値 - 1| の中央値と 90 パーセンタイル（P90）を示し、続いて各公表値と比（予測 / 公表値）を示します。CNN の公表値はここでは省いています。すべての公表値とその出典は trainscale accuracy --format csv で一覧できます。"),
	"lead.factors": text("Here the models run with this scenario's factors (its factors section), as trainscale accuracy --factors runs them.",
		"ここではモデルをこのシナリオ自身の係数で動かしています（trainscale accuracy --factors と同じ）。"),
	"points.title":  text("Every published figure", "すべての公表値"),
	"figure":        text("published figure", "公表値の対象"),
	"published":     text("published", "公表値"),
	"predicted":     text("predicted", "予測"),
	"ratio":         text("ratio", "比"),
	"error":         text("|error|", "誤差"),
	"at_least":      text("at least {v}", "{v} 以上"),
	"grouping":      text("grouping", "分類"),
	"group":         text("group", "グループ"),
	"points":        text("points", "件数"),
	"median":        text("median |error|", "誤差の中央値"),
	"p90":           text("P90 |error|", "誤差の P90"),
	"fit.title":     text("Your measurements before and after the fit", "手元の測定値: フィットの前と後"),
	"fit.lead":      text("The measurements given to trainscale calibrate --measurements beside the model with trainscale's calibrated factors (before) and with the factors this report uses (after), which the fit wrote.", "trainscale calibrate --measurements に与えた測定値と、trainscale の較正済み係数（フィット前）およびこのレポートが使う係数（フィット後、フィットが書き出したもの）でのモデルの予測の比較です。"),
	"measurement":   text("measurement", "測定"),
	"measured":      text("measured", "実測"),
	"before":        text("predicted before", "フィット前の予測"),
	"after":         text("predicted after", "フィット後の予測"),
	"ratio.before":  text("ratio before", "比（前）"),
	"ratio.after":   text("ratio after", "比（後）"),
	"error.before":  text("|error| before", "誤差（前）"),
	"error.after":   text("|error| after", "誤差（後）"),
	"median.before": text("median before", "中央値（前）"),
	"p90.before":    text("P90 before", "P90（前）"),
	"median.after":  text("median after", "中央値（後）"),
	"p90.after":     text("P90 after", "P90（後）"),
}

// AccuracyGroupWords are the grouping and the name of every group Accuracy
// can form, under its id with ".kind" and ".name" appended: what a surface
// shows the groups by without running Accuracy (the page in Japanese, whose
// module would otherwise carry every model and published figure).
func AccuracyGroupWords() map[string]estimator.Text {
	out := map[string]estimator.Text{}
	add := func(kind estimator.Text, names ...estimator.Text) {
		for _, n := range names {
			id := "accuracy.group." + slug(kind.EN) + "." + slug(n.EN) // as group names them
			out[id+".kind"], out[id+".name"] = kind, n
		}
	}
	add(kindAll, allPoints)
	for _, f := range families {
		add(kindFamily, f.name)
	}
	add(kindFamily, otherFamily)
	for _, g := range hardware.Generations() {
		add(kindGeneration, generationNames[g])
	}
	add(kindGeneration, cpuGeneration, otherGeneration)
	add(kindScale, scaleOne, scaleMulti, scaleNodes)
	add(kindSet, setCalibration, setHeldOut)
	return out
}

// words are the AccuracyWords of keys in lang.
func words(lang estimator.Lang, keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = AccuracyWords[k].In(lang)
	}
	return out
}

// FormatError is an absolute error as the accuracy tables print it: 5.0%.
func FormatError(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// FormatRatio is a predicted / published ratio as the accuracy tables print it: 1.102.
func FormatRatio(v float64) string { return fmt.Sprintf("%.3f", v) }

// AccuracyTable is the error of each group of Accuracy's report in lang,
// the header first: grouping, group, points, median and P90.
func AccuracyTable(r *AccuracyReport, lang estimator.Lang) [][]string {
	out := [][]string{words(lang, "grouping", "group", "points", "median", "p90")}
	for _, g := range r.Groups {
		out = append(out, []string{g.Kind.In(lang), g.Name.In(lang), strconv.Itoa(g.Points), FormatError(g.Median), FormatError(g.P90)})
	}
	return out
}

// FitTable is each measurement of a fit report in lang, the header first:
// what, measured, and the prediction, ratio and error before and after.
// Columns from 1 on hold numbers.
func FitTable(r *FitReport, lang estimator.Lang) [][]string {
	out := [][]string{words(lang, "measurement", "measured", "before", "ratio.before", "error.before", "after", "ratio.after", "error.after")}
	show := func(v float64) string { return present.FormatToolValue(v, estimator.PerSecond, estimator.English) }
	for _, row := range r.Rows {
		out = append(out, []string{row.What.In(lang), show(row.Measured),
			show(row.Before.Predicted), FormatRatio(row.Before.Ratio), FormatError(row.Before.AbsError),
			show(row.After.Predicted), FormatRatio(row.After.Ratio), FormatError(row.After.AbsError)})
	}
	return out
}

// FitGroupTable is the error of each group of a fit report in lang, the
// header first: grouping, group, points, and median and P90 before and after.
func FitGroupTable(r *FitReport, lang estimator.Lang) [][]string {
	out := [][]string{words(lang, "grouping", "group", "points", "median.before", "p90.before", "median.after", "p90.after")}
	for _, g := range r.Groups {
		out = append(out, []string{g.Kind.In(lang), g.Name.In(lang), strconv.Itoa(g.Points), FormatError(g.Before.Median), FormatError(g.Before.P90),
			FormatError(g.After.Median), FormatError(g.After.P90)})
	}
	return out
}

// FitRecords are a fit report's rows for a CSV file: a header, then one
// record per measurement with its numbers unrounded.
func FitRecords(r *FitReport) [][]string {
	out := [][]string{{"id", "measurement", "model", "device", "precision", "batch", "measured", "predicted_before", "ratio_before",
		"abs_error_before", "predicted_after", "ratio_after", "abs_error_after", "family", "generation", "source"}}
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, row := range r.Rows {
		out = append(out, []string{row.ID, row.What.EN, row.Model, row.Device, row.Precision, strconv.Itoa(row.Batch), g(row.Measured),
			g(row.Before.Predicted), g(row.Before.Ratio), g(row.Before.AbsError), g(row.After.Predicted), g(row.After.Ratio), g(row.After.AbsError),
			row.Family.EN, row.Generation.EN, row.Source})
	}
	return out
}

// relErrorExpr is the formula of the relative error of the quantity pred
// against the quantity measured.
func relErrorExpr(pred, measured string) string {
	return fmt.Sprintf("({%s} - {%s}) / {%s}", pred, measured, measured)
}

// absExpr is the formula of the quantity id's absolute value.
func absExpr(id string) string {
	return fmt.Sprintf("max({%s}, -{%s})", id, id)
}

// predictImages is the model's images/s for a validated single-device point.
func predictImages(pt hardware.Measurement, f hardware.Factors) float64 {
	m, _ := hardware.ModelByID(pt.Model)
	d, _ := measuredDevice(pt.Device)
	return hardware.EstimateThroughput(m, d, pt.Precision, pt.Batch, f).ImagesPerS
}

// measuredDevice is the device a user's measurement names: a catalog GPU
// or CPU.
func measuredDevice(id string) (hardware.Device, bool) {
	if g, ok := hardware.GPUByID(id); ok {
		return g.Device(), true
	}
	c, ok := hardware.CPUByID(id)
	return c.Device(), ok
}

// deviceText names a measurement's hardware: "8x v100-sxm2-16gb in dgx-1-v100",
// "rtx-3050 vs core-i7-12700".
func deviceText(e CalibrationEntry) string {
	switch {
	case e.GPUs > 1:
		return fmt.Sprintf("%dx %s in %s", e.GPUs, e.Device, e.System)
	case e.Baseline != "":
		return e.Device + " vs " + e.Baseline
	}
	return e.Device
}

func metricText(e CalibrationEntry) string {
	switch {
	case e.BaseGPUs > 1:
		return fmt.Sprintf("%s vs %d GPUs", e.Metric, e.BaseGPUs)
	case e.Epochs > 0:
		return fmt.Sprintf("%s, %d epochs", e.Metric, e.Epochs)
	}
	return e.Metric
}

// errorKindJA names an error kind in Japanese, for the quantities' labels.
var errorKindJA = map[string]string{"absolute": "絶対", "relative": "相対"}

func metricUnit(metric string) estimator.Unit {
	switch metric {
	case hardware.MetricImagesPerS:
		return estimator.PerSecond
	case hardware.MetricBytesPerS:
		return estimator.BytesPerSecond
	case hardware.MetricMemoryBytes:
		return estimator.Bytes
	case hardware.MetricTimeToTrain:
		return estimator.Seconds
	}
	return estimator.Ratio
}

func formatError(e float64, kind string) string {
	if kind == "absolute" {
		return fmt.Sprintf("%+.2f", e)
	}
	return fmt.Sprintf("%+.1f%%", 100*e)
}

func formatTolerance(row hardware.CalibrationRow) string {
	s := "±" + present.FormatToolValue(row.Tolerance, estimator.Ratio, estimator.English)
	if row.ErrorKind == "relative" {
		s = "±" + present.FormatToolValue(100*row.Tolerance, estimator.Ratio, estimator.English) + "%"
	}
	if row.AtLeast {
		s = ">= -" + strings.TrimPrefix(s, "±")
	}
	return s
}

// csvColumns is the header of a measurements file, in order.
var csvColumns = []string{"model", "device", "precision", "batch", "images_per_s"}

// The physical range of one device's measured training throughput. Below a
// thousandth of an image per second (one image in 17 minutes) nothing is being
// measured; ten million per second is twice the most the model predicts for
// any catalog device (4.7 million: cifar-small on a B200 in mixed precision).
// Inside it every error and log ratio the fit computes is finite and every
// figure prints in a few digits.
const (
	minImagesPerS = 1e-3 // exclusive
	maxImagesPerS = 1e7
)

// ParseMeasurementsCSV reads a user's own single-device throughputs, one per
// line under the header model,device,precision,batch,images_per_s (device:
// a catalog GPU or CPU id). Lines starting with # are comments. Every problem
// is reported, each as a *FieldError whose path is name:line: column.
func ParseMeasurementsCSV(r io.Reader, name string) ([]hardware.Measurement, error) {
	data, err := io.ReadAll(io.LimitReader(r, estimator.MaxScenarioBytes+1))
	if err != nil {
		return nil, &estimator.FieldError{Path: name, Rule: estimator.Text{EN: "unreadable: " + err.Error(), JA: "読めません: " + err.Error()}}
	}
	if len(data) > estimator.MaxScenarioBytes {
		return nil, &estimator.FieldError{Path: name, Rule: estimator.Text{EN: fmt.Sprintf("must be at most %d bytes", estimator.MaxScenarioBytes), JA: fmt.Sprintf("%d バイト以下にしてください", estimator.MaxScenarioBytes)}}
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))) // a spreadsheet's byte-order mark
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.FieldsPerRecord = -1
	var errs estimator.ErrorList
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &estimator.FieldError{Path: name, Rule: estimator.Text{EN: "is empty: the first line must be the header " + strings.Join(csvColumns, ","), JA: "空です: 1 行目は見出し " + strings.Join(csvColumns, ",") + " にしてください"}}
		}
		return nil, csvError(name, err)
	}
	if !equalFold(header, csvColumns) {
		line, _ := cr.FieldPos(0)
		return nil, &estimator.FieldError{Path: fmt.Sprintf("%s:%d", name, line), Rule: estimator.Text{EN: "the header must be " + strings.Join(csvColumns, ","), JA: "見出しは " + strings.Join(csvColumns, ",") + " にしてください"},
			Got: strconv.Quote(strings.Join(header, ","))}
	}
	var out []hardware.Measurement
	columns := strings.Join(csvColumns, ",")
	columnsRule := text(fmt.Sprintf("must have %d columns (%s)", len(csvColumns), columns), fmt.Sprintf("列を %d 個にしてください（%s）", len(csvColumns), columns))
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fe := csvError(name, err)
			errs.Add(fe.Path, text(fe.Rule.EN, fe.Rule.JA), fe.Got)
			break
		}
		line, _ := cr.FieldPos(0)
		where := name + ":" + strconv.Itoa(line)
		at := func(col string) string { return where + ": " + col }
		if len(rec) != len(csvColumns) {
			errs.Add(where, columnsRule, len(rec))
			continue
		}
		if len(out) == maxMeasurements {
			errs.Add(where, text(fmt.Sprintf("too many measurements: at most %d", maxMeasurements), fmt.Sprintf("測定値が多すぎます: %d 個まで", maxMeasurements)), nil)
			break
		}
		pt := hardware.Measurement{Model: strings.TrimSpace(rec[0]), Device: strings.TrimSpace(rec[1]),
			Precision: hardware.Precision(strings.TrimSpace(rec[2])), GPUs: 1, Metric: hardware.MetricImagesPerS,
			Tolerance: 0.15, Source: where}
		unparsed := map[string]string{}
		if v, err := strconv.Atoi(strings.TrimSpace(estimator.ASCIIDigits(rec[3]))); err != nil {
			unparsed["batch"] = rec[3]
		} else {
			pt.Batch = v
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(estimator.ASCIIDigits(rec[4])), 64); err != nil {
			unparsed["images_per_s"] = rec[4]
		} else {
			pt.Value = v
		}
		checkMeasurement(&errs, at, pt, unparsed)
		out = append(out, pt)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, &estimator.FieldError{Path: name, Rule: estimator.Text{EN: "must hold at least one measurement below the header", JA: "見出しの下に測定値を 1 つ以上含めてください"}}
	}
	return out, nil
}

func csvError(name string, err error) *estimator.FieldError {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &estimator.FieldError{Path: fmt.Sprintf("%s:%d", name, pe.Line), Rule: estimator.Text{EN: "invalid CSV: " + pe.Err.Error(), JA: "CSV として正しくありません: " + pe.Err.Error()}}
	}
	return &estimator.FieldError{Path: name, Rule: estimator.Text{EN: "unreadable: " + err.Error(), JA: "読めません: " + err.Error()}}
}

func equalFold(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !strings.EqualFold(strings.TrimSpace(got[i]), want[i]) {
			return false
		}
	}
	return true
}

// checkMeasurement applies a fit point's rules, column by column; at names a
// column's path, unparsed holds the text of columns that were not numbers.
func checkMeasurement(errs *estimator.ErrorList, at func(col string) string, pt hardware.Measurement, unparsed map[string]string) {
	lookupModel(errs, at("model"), pt.Model)
	if _, ok := measuredDevice(pt.Device); !ok {
		known := "GPUs: " + strings.Join(hardware.GPUIDs(), ", ") + "; CPUs: " + strings.Join(hardware.CPUIDs(), ", ")
		errs.Add(at("device"), text("unknown id (known "+known+")", "不明な ID です（既知の "+known+"）"), strconv.Quote(pt.Device))
	}
	checkPrecision(errs, at("precision"), pt.Precision)
	if raw, ok := unparsed["batch"]; ok {
		errs.Add(at("batch"), text("must be a whole number", "整数にしてください"), strconv.Quote(raw))
	} else {
		checkBatch(errs, at("batch"), pt.Batch)
	}
	if raw, ok := unparsed["images_per_s"]; ok {
		errs.Add(at("images_per_s"), text("must be a number", "数値にしてください"), strconv.Quote(raw))
	} else if !(pt.Value > minImagesPerS && pt.Value <= maxImagesPerS) {
		errs.Add(at("images_per_s"), text(fmt.Sprintf("must be in (%v, %v] images per second", minImagesPerS, maxImagesPerS), fmt.Sprintf("毎秒 %v 枚より多く %v 枚以下にしてください", minImagesPerS, maxImagesPerS)), pt.Value)
	}
	if pt.Metric != hardware.MetricImagesPerS || pt.GPUs > 1 {
		errs.Add(at("metric"), text("must be images_per_s on one device", "1 台のデバイスでの images_per_s にしてください"), pt.Metric)
	}
}

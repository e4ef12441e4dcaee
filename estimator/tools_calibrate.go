package estimator

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// CalibrateRequest sets the models beside measurements. Without
// Measurements it uses the published figures (hardware.Measurements); with
// them it fits the throughput factors to them (hardware.Fit) and reports
// the error before and after.
type CalibrateRequest struct {
	Measurements []hardware.Measurement // single-device images_per_s points
	ToolFactors                         // the factors to start from
}

// CalibrationEntry is one measurement beside the model's prediction.
type CalibrationEntry struct {
	ID        string  `json:"id"` // the quantities' id prefix, e.g. "calibration.4"
	Model     string  `json:"model"`
	Device    string  `json:"device"`
	Baseline  string  `json:"baseline,omitempty"` // the CPU a device speed-up is against
	System    string  `json:"system,omitempty"`
	GPUs      int     `json:"gpus"`
	Precision string  `json:"precision"`
	BaseGPUs  int     `json:"base_gpus,omitempty"` // an efficiency's reference GPU count
	Batch     int     `json:"batch"`
	Metric    string  `json:"metric"`
	Unit      Unit    `json:"unit"`
	Measured  float64 `json:"measured"`
	Predicted float64 `json:"predicted"`
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

// RunCalibration sets the models beside measurements: the published ones, or a
// user's own, to which it then fits the throughput factors.
func RunCalibration(req CalibrateRequest) (*ToolResult, error) {
	var errs errorList
	f := toolCheckFactors(&errs, req.ToolFactors)
	if req.Measurements != nil {
		if len(req.Measurements) == 0 {
			errs.add("measurements", "must hold at least one measurement", nil)
		}
		if len(req.Measurements) > toolMaxMeasurements {
			errs.add("measurements", fmt.Sprintf("must hold at most %d measurements", toolMaxMeasurements), len(req.Measurements))
		}
		for i, pt := range req.Measurements {
			toolCheckMeasurement(&errs, func(col string) string { return fmt.Sprintf("measurements[%d].%s", i, col) }, pt, nil)
		}
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	b := newToolBuilder(req.ToolFactors, f)
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
	b.factors, b.factorsSource = fitted, toolSrcFit
	for _, fc := range toolFactorList(fitted) {
		b.refs["factors."+fc.name] = true
	}
	b.res.Factors = &fitted
	return b.finish([]string{"fit.mean_abs_error_before", "fit.mean_abs_error_after"})
}

// calibrationTable lays out the published measurements beside the model.
func (b *toolBuilder) calibrationTable(rows []hardware.CalibrationRow) {
	b.res.Title = "Calibration: the models against published measurements"
	table := [][]string{{"#", "model", "device", "precision", "batch", "metric", "measured", "predicted", "error", "tolerance", "ok", "set"}}
	var within []string
	for i, row := range rows {
		k := fmt.Sprintf("calibration.%d", i+1)
		unit := toolMetricUnit(row.Metric)
		e := CalibrationEntry{ID: k, Model: row.Model, Device: row.Device, Baseline: row.Baseline, System: row.System,
			GPUs: max(row.GPUs, 1), BaseGPUs: row.BaseGPUs, Precision: string(row.Precision), Batch: row.Batch, Metric: row.Metric, Unit: unit,
			Measured: row.Value, Predicted: row.Predicted, Error: row.Error, ErrorKind: row.ErrorKind,
			Tolerance: row.Tolerance, AtLeast: row.AtLeast, Within: row.Within, HeldOut: row.HeldOut, Source: row.Source}
		b.res.Calibration = append(b.res.Calibration, e)
		what := toolCalibrationLabel(e)
		b.input(k+".measured", what+": measured", unit, row.Value, row.Source)
		b.addWords(k+".predicted", what+": predicted", unit, row.Predicted,
			"the "+row.Metric+" model for this measurement with the factors below", nil, toolSrcRoofline)
		errExpr := toolRelErrorExpr(k+".predicted", k+".measured")
		if row.ErrorKind == "absolute" {
			errExpr = fmt.Sprintf("{%s.predicted} - {%s.measured}", k, k)
		}
		b.add(k+".error", what+": error ("+row.ErrorKind+")", Ratio, row.Error, errExpr, "calibration")
		tol := strconv.FormatFloat(row.Tolerance, 'g', -1, 64)
		withinExpr := fmt.Sprintf("if(%s <= %s, 1, 0)", toolAbsExpr(k+".error"), tol)
		if row.AtLeast {
			withinExpr = fmt.Sprintf("if({%s.error} >= -%s, 1, 0)", k, tol)
		}
		b.add(k+".within", what+": within tolerance", Flag, flag(row.Within), withinExpr, "issue 3's tolerances")
		within = append(within, "{"+k+".within}")
		set := "calibration"
		if row.HeldOut {
			set = "held out"
		}
		ok := "yes"
		if !row.Within {
			ok = "NO"
		}
		table = append(table, []string{strconv.Itoa(i + 1), row.Model, toolDeviceText(e), e.Precision, strconv.Itoa(row.Batch), toolMetricText(e),
			FormatToolValue(row.Value, unit), FormatToolValue(row.Predicted, unit), toolFormatError(row.Error, row.ErrorKind),
			toolFormatTolerance(row), ok, set})
	}
	b.input("calibration.points", "Published measurements", Count, float64(len(rows)), "hardware.Measurements")
	if len(within) > 0 {
		b.add("calibration.within", "Measurements the model meets within tolerance", Count, b.sumWithin(), strings.Join(within, " + "), "calibration")
	}
	b.res.Sections = append(b.res.Sections, Section{Title: "Published measurements", Rows: table})
}

func (b *toolBuilder) sumWithin() float64 {
	n := 0.0
	for _, e := range b.res.Calibration {
		n += flag(e.Within)
	}
	return n
}

// fitTable lays out a user's measurements before and after the fit.
func (b *toolBuilder) fitTable(points []hardware.Measurement, start, fitted hardware.Factors) {
	b.res.Title = fmt.Sprintf("Fit of the throughput factors to %d measurements", len(points))
	table := [][]string{{"#", "model", "device", "precision", "batch", "measured", "before", "error", "after", "error", "where"}}
	var sumBefore, sumAfter []string
	var before, after float64
	for i, pt := range points {
		k := fmt.Sprintf("fit.%d", i+1)
		predBefore, predAfter := toolPredictImages(pt, start), toolPredictImages(pt, fitted)
		eb, ea := (predBefore-pt.Value)/pt.Value, (predAfter-pt.Value)/pt.Value
		before += math.Abs(eb)
		after += math.Abs(ea)
		e := CalibrationEntry{ID: k, Model: pt.Model, Device: pt.Device, GPUs: 1, Precision: string(pt.Precision), Batch: pt.Batch,
			Metric: pt.Metric, Unit: PerSecond, Measured: pt.Value, Predicted: predBefore, Error: eb, ErrorKind: "relative",
			Tolerance: pt.Tolerance, Within: math.Abs(eb) <= pt.Tolerance, PredictedAfter: &predAfter, ErrorAfter: &ea, Source: pt.Source}
		if e.Source == "" {
			e.Source = fmt.Sprintf("measurements[%d]", i)
		}
		b.res.Calibration = append(b.res.Calibration, e)
		what := toolCalibrationLabel(e)
		b.input(k+".measured", what+": measured", PerSecond, pt.Value, e.Source)
		b.addWords(k+".predicted_before", what+": predicted with the starting factors", PerSecond, predBefore,
			"the throughput model for this measurement with the starting factors", nil, toolSrcRoofline)
		b.add(k+".error_before", what+": error before the fit", Ratio, eb,
			toolRelErrorExpr(k+".predicted_before", k+".measured"), "calibration")
		b.addWords(k+".predicted_after", what+": predicted with the fitted factors", PerSecond, predAfter,
			"the throughput model for this measurement with the fitted factors (factors.*)", nil, toolSrcRoofline)
		b.add(k+".error_after", what+": error after the fit", Ratio, ea,
			toolRelErrorExpr(k+".predicted_after", k+".measured"), "calibration")
		sumBefore = append(sumBefore, toolAbsExpr(k+".error_before"))
		sumAfter = append(sumAfter, toolAbsExpr(k+".error_after"))
		table = append(table, []string{strconv.Itoa(i + 1), pt.Model, pt.Device, string(pt.Precision), strconv.Itoa(pt.Batch),
			FormatToolValue(pt.Value, PerSecond), FormatToolValue(predBefore, PerSecond), toolFormatError(eb, "relative"),
			FormatToolValue(predAfter, PerSecond), toolFormatError(ea, "relative"), pt.Source})
	}
	n := float64(len(points))
	b.add("fit.mean_abs_error_before", "Mean absolute error before the fit", Ratio, before/n,
		"("+strings.Join(sumBefore, " + ")+") / "+strconv.Itoa(len(points)), "calibration")
	b.add("fit.mean_abs_error_after", "Mean absolute error after the fit", Ratio, after/n,
		"("+strings.Join(sumAfter, " + ")+") / "+strconv.Itoa(len(points)), "calibration")
	b.res.Sections = append(b.res.Sections, Section{Title: "Measurements", Rows: table})
	factors := [][]string{{"factor", "before", "after"}}
	sf, ff := toolFactorList(start), toolFactorList(fitted)
	for i := range sf {
		factors = append(factors, []string{sf[i].name, FormatToolValue(sf[i].value, sf[i].unit), FormatToolValue(ff[i].value, ff[i].unit)})
	}
	b.res.Sections = append(b.res.Sections, Section{Title: "Factors", Rows: factors})
}

// toolRelErrorExpr is the formula of the relative error of the quantity pred
// against the quantity measured.
func toolRelErrorExpr(pred, measured string) string {
	return fmt.Sprintf("({%s} - {%s}) / {%s}", pred, measured, measured)
}

// toolAbsExpr is the formula of the quantity id's absolute value.
func toolAbsExpr(id string) string {
	return fmt.Sprintf("max({%s}, -{%s})", id, id)
}

// toolPredictImages is the model's images/s for a validated single-device point.
func toolPredictImages(pt hardware.Measurement, f hardware.Factors) float64 {
	m, _ := hardware.ModelByID(pt.Model)
	d, _ := toolMeasuredDevice(pt.Device)
	return hardware.EstimateThroughput(m, d, pt.Precision, pt.Batch, f).ImagesPerS
}

// toolMeasuredDevice is the device a user's measurement names: a catalog GPU
// or CPU.
func toolMeasuredDevice(id string) (hardware.Device, bool) {
	if g, ok := hardware.GPUByID(id); ok {
		return g.Device(), true
	}
	c, ok := hardware.CPUByID(id)
	return c.Device(), ok
}

func toolCalibrationLabel(e CalibrationEntry) string {
	return fmt.Sprintf("%s on %s, %s, batch %d, %s", e.Model, toolDeviceText(e), e.Precision, e.Batch, toolMetricText(e))
}

// toolDeviceText names a measurement's hardware: "8x v100-sxm2-16gb in dgx-1-v100",
// "rtx-3050 vs core-i7-12700".
func toolDeviceText(e CalibrationEntry) string {
	switch {
	case e.GPUs > 1:
		return fmt.Sprintf("%dx %s in %s", e.GPUs, e.Device, e.System)
	case e.Baseline != "":
		return e.Device + " vs " + e.Baseline
	}
	return e.Device
}

func toolMetricText(e CalibrationEntry) string {
	if e.BaseGPUs > 1 {
		return fmt.Sprintf("%s vs %d GPUs", e.Metric, e.BaseGPUs)
	}
	return e.Metric
}

func toolMetricUnit(metric string) Unit {
	switch metric {
	case hardware.MetricImagesPerS:
		return PerSecond
	case hardware.MetricBytesPerS:
		return BytesPerSecond
	case hardware.MetricMemoryBytes:
		return Bytes
	}
	return Ratio
}

func toolFormatError(e float64, kind string) string {
	if kind == "absolute" {
		return fmt.Sprintf("%+.2f", e)
	}
	return fmt.Sprintf("%+.1f%%", 100*e)
}

func toolFormatTolerance(row hardware.CalibrationRow) string {
	s := "±" + trim(row.Tolerance, 2)
	if row.ErrorKind == "relative" {
		s = "±" + trim(100*row.Tolerance, 0) + "%"
	}
	if row.AtLeast {
		s = ">= -" + strings.TrimPrefix(s, "±")
	}
	return s
}

// toolCSVColumns is the header of a measurements file, in order.
var toolCSVColumns = []string{"model", "device", "precision", "batch", "images_per_s"}

// The physical range of one device's measured training throughput. Below a
// thousandth of an image per second (one image in 17 minutes) nothing is being
// measured; ten million per second is twice the most the model predicts for
// any catalog device (4.7 million: cifar-small on a B200 in mixed precision).
// Inside it every error and log ratio the fit computes is finite and every
// figure prints in a few digits.
const (
	toolMinImagesPerS = 1e-3 // exclusive
	toolMaxImagesPerS = 1e7
)

// ParseMeasurementsCSV reads a user's own single-device throughputs, one per
// line under the header model,device,precision,batch,images_per_s (device:
// a catalog GPU or CPU id). Lines starting with # are comments. Every problem
// is reported, each as a *FieldError whose path is name:line: column.
func ParseMeasurementsCSV(r io.Reader, name string) ([]hardware.Measurement, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxScenarioBytes+1))
	if err != nil {
		return nil, &FieldError{Path: name, Rule: "unreadable: " + err.Error()}
	}
	if len(data) > MaxScenarioBytes {
		return nil, &FieldError{Path: name, Rule: fmt.Sprintf("must be at most %d bytes", MaxScenarioBytes)}
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))) // a spreadsheet's byte-order mark
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.FieldsPerRecord = -1
	var errs csvErrors
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &FieldError{Path: name, Rule: "is empty: the first line must be the header " + strings.Join(toolCSVColumns, ",")}
		}
		return nil, toolCSVError(name, err)
	}
	if !toolEqualFold(header, toolCSVColumns) {
		line, _ := cr.FieldPos(0)
		return nil, &FieldError{Path: fmt.Sprintf("%s:%d", name, line), Rule: "the header must be " + strings.Join(toolCSVColumns, ","),
			Got: strconv.Quote(strings.Join(header, ","))}
	}
	var out []hardware.Measurement
	columnsRule := fmt.Sprintf("must have %d columns (%s)", len(toolCSVColumns), strings.Join(toolCSVColumns, ","))
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errs.keep(errorList{toolCSVError(name, err)})
			break
		}
		line, _ := cr.FieldPos(0)
		where := name + ":" + strconv.Itoa(line)
		at := func(col string) string { return where + ": " + col }
		var row errorList
		if len(rec) != len(toolCSVColumns) {
			row.add(where, columnsRule, len(rec))
			errs.keep(row)
			continue
		}
		if len(out) == toolMaxMeasurements {
			row.add(where, fmt.Sprintf("too many measurements: at most %d", toolMaxMeasurements), nil)
			errs.keep(row)
			break
		}
		pt := hardware.Measurement{Model: strings.TrimSpace(rec[0]), Device: strings.TrimSpace(rec[1]),
			Precision: hardware.Precision(strings.TrimSpace(rec[2])), GPUs: 1, Metric: hardware.MetricImagesPerS,
			Tolerance: 0.15, Source: where}
		unparsed := map[string]string{}
		if v, err := strconv.Atoi(strings.TrimSpace(rec[3])); err != nil {
			unparsed["batch"] = rec[3]
		} else {
			pt.Batch = v
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(rec[4]), 64); err != nil {
			unparsed["images_per_s"] = rec[4]
		} else {
			pt.Value = v
		}
		toolCheckMeasurement(&row, at, pt, unparsed)
		errs.keep(row)
		out = append(out, pt)
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, &FieldError{Path: name, Rule: "must hold at least one measurement below the header"}
	}
	return out, nil
}

// csvErrors keeps a file's first MaxErrors errors and counts the rest, so a
// large bad file costs no memory either.
type csvErrors struct {
	kept    errorList
	dropped int
}

func (c *csvErrors) keep(l errorList) {
	n := min(len(l), MaxErrors-len(c.kept))
	c.kept = append(c.kept, l[:n]...)
	c.dropped += len(l) - n
}

func (c *csvErrors) err() error {
	if c.dropped > 0 {
		return errors.Join(c.kept.err(), moreErrors(c.dropped))
	}
	return c.kept.err()
}

func toolCSVError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &FieldError{Path: fmt.Sprintf("%s:%d", name, pe.Line), Rule: "invalid CSV: " + pe.Err.Error()}
	}
	return &FieldError{Path: name, Rule: "unreadable: " + err.Error()}
}

func toolEqualFold(got, want []string) bool {
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

// toolCheckMeasurement applies a fit point's rules, column by column; at names a
// column's path, unparsed holds the text of columns that were not numbers.
func toolCheckMeasurement(errs *errorList, at func(col string) string, pt hardware.Measurement, unparsed map[string]string) {
	toolModel(errs, at("model"), pt.Model)
	if _, ok := toolMeasuredDevice(pt.Device); !ok {
		errs.add(at("device"), "unknown id (known GPUs: "+strings.Join(hardware.GPUIDs(), ", ")+
			"; CPUs: "+strings.Join(hardware.CPUIDs(), ", ")+")", strconv.Quote(pt.Device))
	}
	toolCheckPrecision(errs, at("precision"), pt.Precision)
	if raw, ok := unparsed["batch"]; ok {
		errs.add(at("batch"), "must be a whole number", strconv.Quote(raw))
	} else {
		toolCheckBatch(errs, at("batch"), pt.Batch)
	}
	if raw, ok := unparsed["images_per_s"]; ok {
		errs.add(at("images_per_s"), "must be a number", strconv.Quote(raw))
	} else if !(pt.Value > toolMinImagesPerS && pt.Value <= toolMaxImagesPerS) {
		errs.add(at("images_per_s"), fmt.Sprintf("must be in (%v, %v] images per second", toolMinImagesPerS, toolMaxImagesPerS), pt.Value)
	}
	if pt.Metric != hardware.MetricImagesPerS || pt.GPUs > 1 {
		errs.add(at("metric"), "must be images_per_s on one device", pt.Metric)
	}
}

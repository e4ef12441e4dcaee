package tool_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
)

func TestCalibrateFitLowersTheError(t *testing.T) {
	res, err := tool.Calibrate(tool.CalibrateRequest{Measurements: userPoints})
	require.NoError(t, err)
	before, after := valueOf(t, res, "fit.mean_abs_error_before"), valueOf(t, res, "fit.mean_abs_error_after")
	assert.Less(t, after, before)
	assert.Less(t, after, 0.05)
	require.NotNil(t, res.Factors)
	assert.Equal(t, res.Factors.FP32Efficiency, valueOf(t, res, "factors.fp32_efficiency"))

	// Starting from the fitted factors, there is nothing left to gain.
	again, err := tool.Calibrate(tool.CalibrateRequest{Measurements: userPoints, Factors: tool.Factors{Values: res.Factors}})
	require.NoError(t, err)
	assert.InDelta(t, after, valueOf(t, again, "fit.mean_abs_error_before"), 1e-12)
}

func TestCalibrationTableMarksHeldOutPoints(t *testing.T) {
	res, err := tool.Calibrate(tool.CalibrateRequest{})
	require.NoError(t, err)
	held := 0
	for _, e := range res.Calibration {
		if e.HeldOut {
			held++
		}
		assert.NotEmpty(t, e.Source, e.ID)
	}
	assert.Positive(t, held)
	require.NotEmpty(t, res.Sections)
	table := res.Sections[len(res.Sections)-1].Rows
	assert.Len(t, table, len(res.Calibration)+1)
	assert.Equal(t, "held out", table[len(table)-1][len(table[0])-1])
}

func TestParseMeasurementsCSV(t *testing.T) {
	good := "\ufeffModel, Device, Precision, Batch, Images_per_s\n# lab notes\nresnet-50,a100-sxm4-80gb,mixed,256,2470\n\nresnet-18, core-i7-12700 ,fp32,32,55.5\n"
	pts, err := tool.ParseMeasurementsCSV(strings.NewReader(good), "m.csv")
	require.NoError(t, err)
	require.Len(t, pts, 2)
	assert.Equal(t, hardware.Measurement{Model: "resnet-18", Device: "core-i7-12700", Precision: "fp32", Batch: 32, GPUs: 1,
		Metric: hardware.MetricImagesPerS, Value: 55.5, Tolerance: 0.15, Source: "m.csv:5"}, pts[1])

	// Full-width digits, as a Japanese spreadsheet may write them, read as ASCII.
	pts, err = tool.ParseMeasurementsCSV(strings.NewReader("model,device,precision,batch,images_per_s\nresnet-50,a100-sxm4-80gb,mixed,２５６,２４７０．５\n"), "m.csv")
	require.NoError(t, err)
	require.Len(t, pts, 1)
	assert.Equal(t, 256, pts[0].Batch)
	assert.Equal(t, 2470.5, pts[0].Value)

	header := "model,device,precision,batch,images_per_s\n"
	for _, tc := range []struct{ data, want string }{
		{"", "m.csv: is empty"},
		{"model,gpu,batch\n", `m.csv:1: the header must be model,device,precision,batch,images_per_s, got "model,gpu,batch"`},
		{header, "m.csv: must hold at least one measurement"},
		{header + "resnet-50,h100-sxm,fp32,0,10\n", "m.csv:2: batch: must be > 0, got 0"},
		{header + "resnet-50,h100-sxm,fp32,8,-1\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got -1"},
		{header + "resnet-50,h100-sxm,fp32,8,Inf\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got +Inf"},
		{header + "resnet-50,h100-sxm,fp32,8,5e-324\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got 5e-324"},
		{header + "resnet-50,h100-sxm,fp32,8,0.001\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got 0.001"},
		{header + "resnet-50,h100-sxm,fp32,8,1e300\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got 1e+300"},
		{header + "resnet-50,h100-sxm,fp32,8,10000001\n", "m.csv:2: images_per_s: must be in (0.001, 1e+07] images per second, got 10000001"},
		{header + "resnet-50,h100-sxm,fp32,8,fast\n", `m.csv:2: images_per_s: must be a number, got "fast"`},
		{header + "resnet-50,h100-sxm,fp32,8.5,1\n", `m.csv:2: batch: must be a whole number, got "8.5"`},
		{header + "resnet-50,h100-sxm,fp16,8,1\n", `m.csv:2: precision: must be one of fp32, tf32, mixed, got "fp16"`},
		{header + "resnet-5,h100-sxm,fp32,8,1\n", `m.csv:2: model: unknown id (known: alexnet,`},
		{header + "resnet-50,h1000,fp32,8,1\n", `m.csv:2: device: unknown id (known GPUs: a100-sxm4-40gb`},
		{header + "resnet-50,h100-sxm,fp32\n", "m.csv:2: must have 5 columns"},
		{header + "resnet-50,\"h100-sxm,fp32,8,1\n", "m.csv:2: invalid CSV"},
		{header + strings.Repeat("resnet-50,h100-sxm,fp32,8,1\n", 1001), "m.csv:1002: too many measurements: at most 1000"},
	} {
		_, err := tool.ParseMeasurementsCSV(strings.NewReader(tc.data), "m.csv")
		require.Error(t, err, tc.data)
		assert.True(t, estimator.IsInvalidInput(err), tc.data)
		assert.Contains(t, err.Error(), tc.want)
	}
	_, err = tool.ParseMeasurementsCSV(strings.NewReader(header+strings.Repeat("x", estimator.MaxScenarioBytes)), "m.csv")
	assert.ErrorContains(t, err, "m.csv: must be at most")
}

// A file of bad lines reports its first 50 errors and counts the rest, so
// 1 MiB of them prints a few kilobytes, not 46 MB.
func TestParseMeasurementsCSVCapsErrors(t *testing.T) {
	header := "model,device,precision,batch,images_per_s\n"
	for _, tc := range []struct {
		name, body string
		more       int
	}{
		{"short lines", strings.Repeat("x\n", 500_000), 500_000 - 50},
		// Five errors a line (model, device, precision, batch, images_per_s);
		// the file stops at 1000 measurements, whose error is counted too.
		{"bad columns", strings.Repeat("resnet-5,h1000,fp16,0,fast\n", 2000), 1000*5 + 1 - 50},
		{"exactly 50", strings.Repeat("x\n", 50), 0},
	} {
		first := "m.csv:2: must have 5 columns (model,device,precision,batch,images_per_s), got 1"
		if tc.name == "bad columns" {
			first = `m.csv:2: model: unknown id (known: alexnet,`
		}
		t.Run(tc.name, func(t *testing.T) {
			_, err := tool.ParseMeasurementsCSV(strings.NewReader(header+tc.body), "m.csv")
			require.Error(t, err)
			assert.True(t, estimator.IsInvalidInput(err))
			lines := strings.Split(err.Error(), "\n")
			if tc.more == 0 {
				assert.Len(t, lines, 50)
				assert.NotContains(t, err.Error(), "more")
				return
			}
			require.Len(t, lines, 51)
			assert.True(t, strings.HasPrefix(lines[0], first), lines[0])
			assert.Equal(t, fmt.Sprintf("... and %d more", tc.more), lines[50])
			assert.Less(t, len(err.Error()), 50*1024)
		})
	}
}

// No calibration prints a number in more than a few characters, whatever the
// inputs the bounds allow: the largest and smallest throughputs, and factors
// at the ends of their ranges.
func TestCalibrationFiguresStayShort(t *testing.T) {
	lo, hi := math.Nextafter(1e-3, 1), 1e7
	var points []hardware.Measurement
	for _, v := range []float64{lo, hi} {
		for _, dev := range []string{"b200", "core-i7-12700"} {
			points = append(points, hardware.Measurement{Model: "cifar-small", Device: dev, Precision: "fp32", Batch: 1, GPUs: 1,
				Metric: hardware.MetricImagesPerS, Value: v})
		}
	}
	extreme := hardware.DefaultFactors()
	extreme.CPUEfficiency, extreme.HostInputRate, extreme.StepOverhead, extreme.WorkspaceFraction = 5e-324, math.MaxFloat64, 10, 10
	// A GPU efficiency of 5e-324 is in (0, 1] but makes a step last forever:
	// the published table cannot be predicted, and says so as an input error.
	starved := hardware.DefaultFactors()
	starved.FP32Efficiency, starved.MemoryEfficiency = 5e-324, 5e-324
	_, err := tool.Calibrate(tool.CalibrateRequest{Factors: tool.Factors{Values: &starved}})
	require.Error(t, err)
	assert.True(t, estimator.IsInvalidInput(err))
	assert.Contains(t, err.Error(), "factors: make calibration.8.predicted not a finite number; move them toward their defaults, got NaN")
	_, err = tool.Throughput(tool.ThroughputRequest{Model: "resnet-50", GPU: "h100-sxm", Factors: tool.Factors{Values: &starved}})
	assert.EqualError(t, err, "factors: make throughput.compute_time not a finite number; move them toward their defaults, got +Inf", "every tool says so")
	for _, tc := range []struct {
		name string
		req  tool.CalibrateRequest
	}{
		{"published", tool.CalibrateRequest{Factors: tool.Factors{Values: &extreme}}},
		{"fit from defaults", tool.CalibrateRequest{Measurements: points}},
		{"fit from extremes", tool.CalibrateRequest{Measurements: points, Factors: tool.Factors{Values: &extreme}}},
		{"fit from starved GPUs", tool.CalibrateRequest{Measurements: points, Factors: tool.Factors{Values: &starved}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tool.Calibrate(tc.req)
			require.NoError(t, err)
			for _, q := range res.Quantities {
				assert.LessOrEqual(t, len(present.FormatToolValue(q.Value, q.Unit, estimator.English)), 24, q.ID)
			}
			for _, sec := range res.Sections {
				for _, row := range sec.Rows {
					for _, cell := range row[1:] {
						if !strings.Contains(cell, ".csv") && !strings.Contains(cell, " ") {
							assert.LessOrEqual(t, len(cell), 24, "%s: %q", sec.Title, cell)
						}
					}
				}
			}
		})
	}
}

// FuzzParseMeasurementsCSV: any file either fails with input errors or
// yields points that fit without error; nothing panics.
func FuzzParseMeasurementsCSV(f *testing.F) {
	f.Add("model,device,precision,batch,images_per_s\nresnet-50,a100-sxm4-80gb,mixed,256,2470\n")
	f.Add("model,device,precision,batch,images_per_s\n\"a\nb\",c,d,1e309,-0\n")
	f.Add("\ufeffmodel,device,precision,batch,images_per_s\r\ncifar-small,core-i7-12700,tf32,9999999999999,1e-300\r\n")
	f.Add("model,device,precision,batch,images_per_s\nresnet-50,a100-sxm4-80gb,mixed,256,5e-324\n")
	f.Add("model,device,precision,batch,images_per_s\ncifar-small,b200,mixed,1,1e7\ncifar-small,core-i7-12700,fp32,1048576,0.0010000001\n")
	f.Add("model,device,precision,batch,images_per_s\nresnet-50,a100-sxm4-80gb,mixed,256,1e300\n")
	f.Add("model,device,precision,batch,images_per_s\n" + strings.Repeat("x\n", 100))
	f.Fuzz(func(t *testing.T, data string) {
		pts, err := tool.ParseMeasurementsCSV(strings.NewReader(data), "f.csv")
		if err != nil {
			if !estimator.IsInvalidInput(err) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if len(pts) > 3 {
			pts = pts[:3] // the fit's cost grows with the points; three exercise it
		}
		res, err := tool.Calibrate(tool.CalibrateRequest{Measurements: pts})
		if err != nil {
			t.Fatalf("valid points failed to fit: %v", err)
		}
		for _, q := range res.Quantities {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
				t.Fatalf("%s = %v", q.ID, q.Value)
			}
			if s := present.FormatToolValue(q.Value, q.Unit, estimator.English); len(s) > 24 {
				t.Fatalf("%s prints as %q", q.ID, s)
			}
		}
	})
}

func TestFitReportBeforeAndAfter(t *testing.T) {
	res, err := tool.Calibrate(tool.CalibrateRequest{Measurements: userPoints})
	require.NoError(t, err)
	require.NotNil(t, res.Fit)
	require.Len(t, res.Fit.Rows, len(userPoints))

	// The A100's mixed-precision ResNet-50 point: the default model runs
	// 10.2% fast (docs/accuracy.md, calibration row 15); the fit brings it near 2470.
	r := res.Fit.Rows[0]
	assert.Equal(t, "fit.1", r.ID)
	assert.Equal(t, "resnet-50 on a100-sxm4-80gb, mixed precision, batch 256", r.What.EN)
	assert.Equal(t, "resnet-50、a100-sxm4-80gb、混合精度、バッチ 256", r.What.JA)
	assert.InDelta(t, 2470, r.Measured, 0)
	assert.InDelta(t, 2722, r.Before.Predicted, 0.5)
	assert.InDelta(t, 1.102, r.Before.Ratio, 0.0005)
	assert.InDelta(t, 0.102, r.Before.AbsError, 0.0005)
	assert.InDelta(t, r.After.Predicted/2470, r.After.Ratio, 1e-12)
	assert.Equal(t, "Ampere", r.Generation.EN)
	assert.Equal(t, "ResNet (ImageNet)", r.Family.EN)
	for _, id := range []string{"fit.1.ratio_before", "fit.1.abs_error_before", "fit.1.ratio_after", "fit.1.abs_error_after"} {
		assert.Contains(t, []float64{r.Before.Ratio, r.Before.AbsError, r.After.Ratio, r.After.AbsError}, valueOf(t, res, id), id)
	}

	// The groups: all points first, then family and generation; the medians
	// are those of the rows' errors.
	all := res.Fit.Groups[0]
	assert.Equal(t, "fit.group.all.all-points", all.ID)
	assert.Equal(t, len(userPoints), all.Points)
	errs := make([]float64, 0, len(userPoints))
	for _, r := range res.Fit.Rows {
		errs = append(errs, r.Before.AbsError)
	}
	slices.Sort(errs)
	assert.InDelta(t, (errs[1]+errs[2])/2, all.Before.Median, 1e-12)
	assert.InDelta(t, all.Before.Median, valueOf(t, res, "fit.group.all.all-points.median_before"), 0)
	assert.InDelta(t, all.After.P90, valueOf(t, res, "fit.group.all.all-points.p90_after"), 0)
	assert.Less(t, all.After.Median, all.Before.Median)
	var kinds []string
	for _, g := range res.Fit.Groups {
		kinds = append(kinds, g.Kind.EN+": "+g.Name.EN)
	}
	assert.Equal(t, []string{"all: all points", "model family: ResNet (ImageNet)", "model family: CIFAR-10 CNNs",
		"GPU generation: Ampere", "GPU generation: CPU"}, kinds)

	recs := tool.FitRecords(res.Fit)
	require.Len(t, recs, len(userPoints)+1)
	assert.Equal(t, []string{"fit.1", "resnet-50 on a100-sxm4-80gb, mixed precision, batch 256", "resnet-50", "a100-sxm4-80gb", "mixed", "256", "2470"}, recs[1][:7])
}

func TestFitAccuracyNeedsNoFit(t *testing.T) {
	fit, err := tool.Calibrate(tool.CalibrateRequest{Measurements: userPoints})
	require.NoError(t, err)
	// A report with the fitted factors shows the same table as the fit did.
	res, err := tool.FitAccuracy(tool.FitAccuracyRequest{Measurements: userPoints, After: tool.Factors{Values: fit.Factors}})
	require.NoError(t, err)
	assert.Equal(t, fit.Fit, res.Fit)
	assert.Nil(t, res.Factors)

	_, err = tool.FitAccuracy(tool.FitAccuracyRequest{})
	require.ErrorContains(t, err, "measurements: must hold at least one measurement")
}

// Every group Accuracy forms has its words in AccuracyGroupWords, under its id.
func TestAccuracyGroupWordsNameEveryGroup(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	words := tool.AccuracyGroupWords()
	for _, g := range res.Accuracy.Groups {
		assert.Equal(t, g.Kind, words[g.ID+".kind"], g.ID)
		assert.Equal(t, g.Name, words[g.ID+".name"], g.ID)
	}
	assert.Equal(t, "複数ノード", words["accuracy.group.scale.multi-node.name"].JA)
}

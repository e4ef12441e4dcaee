package estimator_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

func TestCalibrateFitLowersTheError(t *testing.T) {
	res, err := estimator.RunCalibration(estimator.CalibrateRequest{Measurements: toolUserPoints})
	require.NoError(t, err)
	before, after := toolValue(t, res, "fit.mean_abs_error_before"), toolValue(t, res, "fit.mean_abs_error_after")
	assert.Less(t, after, before)
	assert.Less(t, after, 0.05)
	require.NotNil(t, res.Factors)
	assert.Equal(t, res.Factors.FP32Efficiency, toolValue(t, res, "factors.fp32_efficiency"))

	// Starting from the fitted factors, there is nothing left to gain.
	again, err := estimator.RunCalibration(estimator.CalibrateRequest{Measurements: toolUserPoints, ToolFactors: estimator.ToolFactors{Factors: res.Factors}})
	require.NoError(t, err)
	assert.InDelta(t, after, toolValue(t, again, "fit.mean_abs_error_before"), 1e-12)
}

func TestCalibrationTableMarksHeldOutPoints(t *testing.T) {
	res, err := estimator.RunCalibration(estimator.CalibrateRequest{})
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
	pts, err := estimator.ParseMeasurementsCSV(strings.NewReader(good), "m.csv")
	require.NoError(t, err)
	require.Len(t, pts, 2)
	assert.Equal(t, hardware.Measurement{Model: "resnet-18", Device: "core-i7-12700", Precision: "fp32", Batch: 32, GPUs: 1,
		Metric: hardware.MetricImagesPerS, Value: 55.5, Tolerance: 0.15, Source: "m.csv:5"}, pts[1])

	header := "model,device,precision,batch,images_per_s\n"
	for _, tc := range []struct{ data, want string }{
		{"", "m.csv: is empty"},
		{"model,gpu,batch\n", `m.csv:1: the header must be model,device,precision,batch,images_per_s, got "model,gpu,batch"`},
		{header, "m.csv: must hold at least one measurement"},
		{header + "resnet-50,h100-sxm,fp32,0,10\n", "m.csv:2: batch: must be > 0, got 0"},
		{header + "resnet-50,h100-sxm,fp32,8,-1\n", "m.csv:2: images_per_s: must be > 0, got -1"},
		{header + "resnet-50,h100-sxm,fp32,8,Inf\n", "m.csv:2: images_per_s: must be > 0, got +Inf"},
		{header + "resnet-50,h100-sxm,fp32,8,fast\n", `m.csv:2: images_per_s: must be a number, got "fast"`},
		{header + "resnet-50,h100-sxm,fp32,8.5,1\n", `m.csv:2: batch: must be a whole number, got "8.5"`},
		{header + "resnet-50,h100-sxm,fp16,8,1\n", `m.csv:2: precision: must be one of fp32, tf32, mixed, got "fp16"`},
		{header + "resnet-5,h100-sxm,fp32,8,1\n", `m.csv:2: model: unknown id (known: alexnet,`},
		{header + "resnet-50,h1000,fp32,8,1\n", `m.csv:2: device: unknown id (known GPUs: a100-sxm4-40gb`},
		{header + "resnet-50,h100-sxm,fp32\n", "m.csv:2: must have 5 columns"},
		{header + "resnet-50,\"h100-sxm,fp32,8,1\n", "m.csv:2: invalid CSV"},
		{header + strings.Repeat("resnet-50,h100-sxm,fp32,8,1\n", 1001), "m.csv:1002: too many measurements: at most 1000"},
	} {
		_, err := estimator.ParseMeasurementsCSV(strings.NewReader(tc.data), "m.csv")
		require.Error(t, err, tc.data)
		assert.True(t, estimator.IsInvalidInput(err), tc.data)
		assert.Contains(t, err.Error(), tc.want)
	}
	_, err = estimator.ParseMeasurementsCSV(strings.NewReader(header+strings.Repeat("x", estimator.MaxScenarioBytes)), "m.csv")
	assert.ErrorContains(t, err, "m.csv: must be at most")
}

// FuzzParseMeasurementsCSV: any file either fails with input errors or
// yields points that fit without error; nothing panics.
func FuzzParseMeasurementsCSV(f *testing.F) {
	f.Add("model,device,precision,batch,images_per_s\nresnet-50,a100-sxm4-80gb,mixed,256,2470\n")
	f.Add("model,device,precision,batch,images_per_s\n\"a\nb\",c,d,1e309,-0\n")
	f.Add("\ufeffmodel,device,precision,batch,images_per_s\r\ncifar-small,core-i7-12700,tf32,9999999999999,1e-300\r\n")
	f.Fuzz(func(t *testing.T, data string) {
		pts, err := estimator.ParseMeasurementsCSV(strings.NewReader(data), "f.csv")
		if err != nil {
			if !estimator.IsInvalidInput(err) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if len(pts) > 3 {
			pts = pts[:3] // the fit's cost grows with the points; three exercise it
		}
		res, err := estimator.RunCalibration(estimator.CalibrateRequest{Measurements: pts})
		if err != nil {
			t.Fatalf("valid points failed to fit: %v", err)
		}
		for _, q := range res.Quantities {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
				t.Fatalf("%s = %v", q.ID, q.Value)
			}
		}
	})
}

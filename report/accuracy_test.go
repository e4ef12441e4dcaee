package report_test

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/reporttest"
)

func TestTheAppendixIsToolAccuracy(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Lang: "ja"})
	require.NoError(t, err)
	assert.Nil(t, b.Fit, "no measurements, no fit table")
	pts, groups := b.FitTables()
	assert.Nil(t, pts)
	assert.Nil(t, groups)

	// The scenario sets no factors and trains CNNs: the appendix is
	// `trainscale accuracy`'s CNN figures.
	assert.Equal(t, tool.KindCNN, b.AccuracyKind)
	want, err := tool.Accuracy(tool.AccuracyRequest{Kind: tool.KindCNN})
	require.NoError(t, err)
	require.Equal(t, want.Accuracy.Groups, b.Accuracy.Groups)
	table := b.AccuracyTable()
	require.Len(t, table, len(want.Accuracy.Groups)+1)
	assert.Equal(t, []string{"分類", "グループ", "件数", "誤差の中央値", "誤差の P90"}, table[0])
	// The counts follow the validation set, which grows.
	n := len(want.Accuracy.Rows)
	all := want.Accuracy.Groups[0]
	assert.Equal(t, []string{"全体", "全測定値", strconv.Itoa(n), tool.FormatError(all.Median), tool.FormatError(all.P90)}, table[1])
	// Then every figure, in the bundle's language.
	points := b.AccuracyPoints()
	require.Len(t, points, n+1)
	assert.Equal(t, tool.AccuracyPointTable(want.Accuracy, "ja"), points)
	assert.Equal(t, "alexnet、p100-sxm2、FP32、バッチ 256、1 秒あたりの読み込みデータ量", points[1][1])
}

func TestTheFitTablesShowTheMeasurementsBeforeAndAfter(t *testing.T) {
	b := reporttest.Fitted(t, "en", "")
	require.NotNil(t, b.Fit)
	points, groups := b.FitTables()
	require.Len(t, points, 4)
	assert.Equal(t, []string{"measurement", "measured", "predicted before", "ratio before", "|error| before", "predicted after", "ratio after", "|error| after"}, points[0])
	// The A100's mixed ResNet-50 rate: 10.2% fast with the calibrated
	// factors (docs/accuracy.md, calibration row 15), met by the fitted ones.
	assert.Equal(t, []string{"resnet-50 on a100-sxm4-80gb, mixed precision, batch 256", "2,470/s", "2,722/s", "1.102", "10.2%", "2,470/s", "1.000", "0.0%"}, points[1])
	assert.Equal(t, []string{"grouping", "group", "points", "median before", "P90 before", "median after", "P90 after"}, groups[0])
	assert.Equal(t, []string{"all", "all points", "3", "10.2%", "49.8%", "0.0%", "0.0%"}, groups[1])
	assert.InDelta(t, 0.102, b.Fit.Groups[0].Before.Median, 0.0005)
	assert.Regexp(t, `^The models against every published figure .* Here the models run with this scenario's factors`, b.AccuracyWord("lead"))
	assert.Regexp(t, `できます。ここではモデルをこのシナリオ自身の係数で`, reporttest.Fitted(t, "ja", "").AccuracyWord("lead"))

	// The published figures are set beside the models as these factors run
	// them, which no longer match the FP32 ones.
	fitted := b.Accuracy.Groups[0]
	def, err := tool.Accuracy(tool.AccuracyRequest{Kind: tool.KindCNN})
	require.NoError(t, err)
	assert.Greater(t, fitted.Median, def.Accuracy.Groups[0].Median)
	// A bundle without factors after it has the defaults' appendix again.
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	again, err := report.Build(est, report.Options{})
	require.NoError(t, err)
	assert.Equal(t, def.Accuracy, again.Accuracy)
}

// issue 26: a proposal's appendix weighs the models on the kind of
// training its scenario does, and says where the rest are: an LLM's
// proposal listed CIFAR-10 CNNs on a desktop CPU.
func TestTheAppendixKeepsTheScenariosKind(t *testing.T) {
	cnnFamilies := []string{"AlexNet (ImageNet)", "ResNet (ImageNet)", "Inception (ImageNet)", "VGG (ImageNet)", "CIFAR-10 CNNs"}
	for _, tc := range []struct {
		scenario string
		kind     string
		lead     string // in English, then Japanese
		leadJA   string
	}{
		{"article-2017", tool.KindCNN, "The transformer runs are left out here: trainscale accuracy lists every figure", "トランスフォーマーの学習の公表値はここでは省いています。"},
		{"modern-2026", tool.KindCNN, "The transformer runs are left out here", "トランスフォーマーの学習の公表値はここでは省いています。"},
		{"llama-3-405b", tool.KindTransformer, "The CNN figures are left out here: trainscale accuracy lists every figure", "CNN の公表値はここでは省いています。"},
		{"av-world-model-2026", tool.KindTransformer, "The CNN figures are left out here", "CNN の公表値はここでは省いています。"},
	} {
		data, _ := examples.Read(tc.scenario)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err)
		est, err := estimator.Run(s)
		require.NoError(t, err)
		b, err := report.Build(est, report.Options{})
		require.NoError(t, err)
		assert.Equal(t, tc.kind, b.AccuracyKind, tc.scenario)
		req := tool.AccuracyRequest{Kind: tc.kind}
		if s.Factors != nil { // modern-2026's own, as the bundle runs them
			h := s.Factors.Resolve()
			req.Factors = tool.Factors{Values: &h}
		}
		want, err := tool.Accuracy(req)
		require.NoError(t, err)
		assert.Equal(t, want.Accuracy, b.Accuracy, tc.scenario)
		for _, row := range b.Accuracy.Rows {
			assert.Equal(t, tc.kind == tool.KindCNN, slices.Contains(cnnFamilies, row.Family.EN), "%s: %s", tc.scenario, row.What.EN)
		}
		assert.Contains(t, b.AccuracyWord("lead"), tc.lead, tc.scenario)
		assert.Contains(t, b.AccuracyWord("lead"), "the kind of training this scenario does", tc.scenario)
		b.Lang = "ja"
		assert.Contains(t, b.AccuracyWord("lead"), tc.leadJA, tc.scenario)
	}

	// A scenario that trains both keeps every figure.
	data, _ := examples.Read("llama-3-405b")
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	s.Workloads = append(s.Workloads, estimator.Workload{ID: "resnet-50", Model: "resnet-50", Precision: "mixed"})
	days := 90.0
	s.Project.DeadlineDays = &days // the CNN's job is sized to the deadline
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{})
	require.NoError(t, err)
	assert.Empty(t, b.AccuracyKind)
	all, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	assert.Equal(t, all.Accuracy, b.Accuracy)
	assert.Regexp(t, `^The models against every published figure trainscale holds`, b.AccuracyWord("lead"))
	cnn, err := tool.Accuracy(tool.AccuracyRequest{Kind: tool.KindCNN})
	require.NoError(t, err)
	transformer, err := tool.Accuracy(tool.AccuracyRequest{Kind: tool.KindTransformer})
	require.NoError(t, err)
	assert.Equal(t, len(all.Accuracy.Rows), len(cnn.Accuracy.Rows)+len(transformer.Accuracy.Rows), "the two kinds are every figure")
}

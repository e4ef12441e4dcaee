package tool_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

// The accuracy table holds every published figure, spread over GPU
// generations and scales, and each group's median and P90 are those of its
// rows' absolute errors.
func TestAccuracyCoversThePublishedFigures(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	require.NotNil(t, res.Accuracy)
	rows := res.Accuracy.Rows
	transformers, err := hardware.CalibrateTransformers(hardware.DefaultFactors())
	require.NoError(t, err)
	assert.Len(t, rows, len(hardware.Measurements())+len(transformers))
	assert.GreaterOrEqual(t, len(rows), 40)

	generations, scales, sets := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		generations[r.Generation.EN]++
		scales[r.Scale.EN]++
		sets[r.Set.EN]++
		assert.NotEqual(t, "other", r.Family.EN, r.What)
		assert.NotEqual(t, "other", r.Generation.EN, r.What)
		assert.InDelta(t, r.Predicted/r.Published, r.Ratio, 1e-12, r.What)
		if !r.AtLeast {
			assert.InDelta(t, math.Abs(r.Ratio-1), r.AbsError, 1e-12, r.What)
		}
	}
	delete(generations, "CPU")
	assert.GreaterOrEqual(t, len(generations), 4, "GPU generations: %v", generations)
	for _, s := range []string{"1 device", "multi-GPU", "multi-node"} {
		assert.Positive(t, scales[s], s)
	}
	assert.Positive(t, sets["calibration"])
	assert.Positive(t, sets["held out"])

	all := res.Accuracy.Groups[0]
	assert.Equal(t, "all", all.Kind.EN)
	assert.Equal(t, len(rows), all.Points)
	q, ok := res.Get(all.ID + ".median")
	require.True(t, ok)
	assert.Equal(t, all.Median, q.Value)
	points := 0
	for _, g := range res.Accuracy.Groups[1:] {
		if g.Kind.EN == "set" {
			points += g.Points
		}
		assert.LessOrEqual(t, g.Median, g.P90, g.ID)
	}
	assert.Equal(t, len(rows), points, "calibration and held out split every point")
}

// A lower bound ("more than 7x") is an error only where the model falls
// short of it.
func TestAccuracyLowerBound(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	var found bool
	for _, r := range res.Accuracy.Rows {
		if r.AtLeast {
			found = true
			assert.Equal(t, math.Max(1-r.Ratio, 0), r.AbsError, r.What)
		}
	}
	assert.True(t, found)
}

// The CSV records carry one line per figure under the header, numbers
// unrounded.
func TestAccuracyRecords(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	recs := tool.AccuracyRecords(res.Accuracy)
	require.Len(t, recs, len(res.Accuracy.Rows)+1)
	assert.Equal(t, "id", recs[0][0])
	assert.Equal(t, "accuracy.1", recs[1][0])
	for _, r := range recs {
		assert.Len(t, r, len(recs[0]))
	}
}

// Factors outside their ranges are refused with the field named.
func TestAccuracyRejectsBadFactors(t *testing.T) {
	f := hardware.DefaultFactors()
	f.FP32Efficiency = 2
	_, err := tool.Accuracy(tool.AccuracyRequest{Factors: tool.Factors{Values: &f}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "fp32_efficiency")
}

// Kind keeps one kind of training's figures: the roofline's CNN
// measurements or the transformer model's runs, each group over those
// alone; any other kind is refused with the field named.
func TestAccuracyKeepsOneKind(t *testing.T) {
	transformers, err := hardware.CalibrateTransformers(hardware.DefaultFactors())
	require.NoError(t, err)
	for kind, n := range map[string]int{tool.KindCNN: len(hardware.Measurements()), tool.KindTransformer: len(transformers)} {
		res, err := tool.Accuracy(tool.AccuracyRequest{Kind: kind})
		require.NoError(t, err, kind)
		assert.Len(t, res.Accuracy.Rows, n, kind)
		assert.Equal(t, n, res.Accuracy.Groups[0].Points, kind)
		for _, g := range res.Accuracy.Groups {
			assert.Positive(t, g.Points, "%s: %s", kind, g.ID)
		}
	}
	_, err = tool.Accuracy(tool.AccuracyRequest{Kind: "rnn"})
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "kind", fe.Path)
	assert.Equal(t, "must be cnn or transformer (or empty for both)", fe.Rule.EN)
	assert.Equal(t, "cnn か transformer にしてください（両方なら空）", fe.Rule.JA)
}

// Every figure is named in English and Japanese from the one table of
// words and the catalog's ids, which read the same in both.
func TestAccuracyPointLabels(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	rows := res.Accuracy.Rows
	for _, r := range rows {
		assert.NotEqual(t, r.What.EN, r.What.JA, r.ID)
		// a metric or precision missing from the words would show its id
		assert.NotContains(t, r.What.JA, r.Metric, r.ID)
		assert.NotRegexp(t, `, (fp32|tf32|mixed|bf16|fp8|fp4)(,|$)`, r.What.EN, r.ID)
		q, ok := res.Get(r.ID + ".published")
		require.True(t, ok, r.ID)
		assert.Equal(t, r.What.JA+": 公表値", q.Label.JA)
	}
	byEN := map[string]estimator.Text{}
	for _, r := range rows {
		byEN[r.What.EN] = r.What
	}
	for _, want := range []estimator.Text{
		{EN: "alexnet on p100-sxm2, FP32, batch 256, data read per second", JA: "alexnet、p100-sxm2、FP32、バッチ 256、1 秒あたりの読み込みデータ量"},
		{EN: "resnet-50 on 256x p100-sxm2 in big-basin-p100, FP32, batch 32, scaling efficiency vs 8 GPUs",
			JA: "resnet-50、big-basin-p100 の p100-sxm2 × 256、FP32、バッチ 32、8 GPU 比のスケーリング効率"},
		{EN: "resnet-50-cifar on rtx-3050, FP32, batch 32, speed-up over core-i7-12700",
			JA: "resnet-50-cifar、rtx-3050、FP32、バッチ 32、core-i7-12700 に対する高速化率"},
		{EN: "resnet-50 on 8x v100-sxm2-16gb in dgx-1-v100, mixed precision, batch 256, speed-up over 1 GPU",
			JA: "resnet-50、dgx-1-v100 の v100-sxm2-16gb × 8、混合精度、バッチ 256、1 GPU に対する高速化率"},
		{EN: "resnet-50 on 8x h100-sxm in dgx-h100, mixed precision, batch 400, time to train 35 epochs",
			JA: "resnet-50、dgx-h100 の h100-sxm × 8、混合精度、バッチ 400、35 エポックの学習時間"},
		{EN: "llama3-405b-16k-gpus on 16384x h100-sxm in dgx-h100, BF16, MFU",
			JA: "llama3-405b-16k-gpus、dgx-h100 の h100-sxm × 16384、BF16、MFU（モデル FLOPs 使用率）"},
	} {
		assert.Equal(t, want, byEN[want.EN], want.EN)
	}
}

// The table of every figure is the CLI's "Published figures" section and
// what the reports and the page show, in either language: the header, then
// one formatted row per figure.
func TestAccuracyPointTable(t *testing.T) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	r := res.Accuracy
	en, ja := tool.AccuracyPointTable(r, "en"), tool.AccuracyPointTable(r, "ja")
	require.Len(t, en, len(r.Rows)+1)
	require.Len(t, ja, len(r.Rows)+1)
	assert.Equal(t, []string{"#", "published figure", "published", "predicted", "ratio", "|error|", "model family", "GPU generation", "scale", "set"}, en[0])
	assert.Equal(t, []string{"#", "公表値の対象", "公表値", "予測", "比", "誤差", "モデル系統", "GPU 世代", "規模", "区分"}, ja[0])
	for _, row := range append(en[1:], ja[1:]...) {
		assert.Len(t, row, len(en[0]))
	}
	// The article's AlexNet on one P100: 157.3 MB/s published, the model 1.5% above.
	assert.Equal(t, []string{"1", "alexnet on p100-sxm2, FP32, batch 256, data read per second", "157.3 MB/s", "159.7 MB/s", "1.015", "1.5%",
		"AlexNet (ImageNet)", "Pascal", "1 device", "calibration"}, en[1])
	assert.Equal(t, []string{"1", "alexnet、p100-sxm2、FP32、バッチ 256、1 秒あたりの読み込みデータ量", "157.3 MB/s", "159.7 MB/s", "1.015", "1.5%",
		"AlexNet（ImageNet）", "Pascal 世代", "デバイス 1 台", "較正用"}, ja[1])
	// A lower bound says so: ResNet-18 on the RTX 3050 is "more than 7x" the CPU.
	for i, row := range r.Rows {
		if row.AtLeast {
			assert.Equal(t, "at least 7", en[i+1][2], row.ID)
			assert.Equal(t, "7 以上", ja[i+1][2], row.ID)
		}
	}
	sections := map[string][][]string{}
	for _, s := range res.Sections {
		sections[s.Title] = s.Rows
	}
	assert.Equal(t, en, sections["Published figures"])
	assert.Equal(t, tool.AccuracyTable(r, "en"), sections["Error by group (|predicted / published - 1|)"])
}

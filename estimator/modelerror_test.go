package estimator_test

import (
	"bytes"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

func decodeExampleScenario(t *testing.T, name string, overrides ...estimator.Override) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data), overrides...)
	require.NoError(t, err)
	return s
}

// Each scenario gets a default range for what it models and nothing for what
// it measures: the article's MB/s and linear scaling carry no model error.
func TestModelErrorDefaultsFollowWhatIsModelled(t *testing.T) {
	widths := map[string]estimator.ModelErrorWidth{}
	for _, w := range estimator.ModelErrorWidths() {
		widths[w.Path] = w
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"article-2017", nil},
		{"realistic-2017", nil},
		{"modern-2026", []string{"model_error.memory", "model_error.scaling", "model_error.throughput"}},
		{"cifar10-cpu-vs-gpu", []string{"model_error.memory", "model_error.throughput"}},
		{"vgg16-titan-x", []string{"model_error.memory", "model_error.scaling", "model_error.throughput"}},
		// A whole run's error holds the MFU's: the transformer's default
		// gives way to it where a goodput section models the whole run.
		{"llama-3-405b", []string{"model_error.whole_run"}},
		{"av-world-model-2026", []string{"model_error.whole_run"}},
	} {
		s := decodeExampleScenario(t, tc.name)
		ranges := estimator.RangesOf(s)
		var added []string
		for p, d := range ranges {
			if _, own := s.Ranges[p]; own {
				assert.Equal(t, s.Ranges[p], d, "%s: %s keeps its own range", tc.name, p)
				continue
			}
			added = append(added, p)
			assert.Equal(t, widths[p].Dist(), d, "%s: %s", tc.name, p)
			if !widths[p].Asymmetric {
				assert.Equal(t, 1.0, d.Median, "%s: %s", tc.name, p)
			}
		}
		slices.Sort(added)
		assert.Equal(t, tc.want, added, tc.name)
	}
}

// Every width rests on points, is a real spread, and puts its P10 and P90
// where the range says: 1/P90 and P90 (median 1), or the whole run's own.
func TestModelErrorWidths(t *testing.T) {
	ws := estimator.ModelErrorWidths()
	require.Len(t, ws, 5)
	for _, w := range ws {
		assert.Greater(t, w.P90, 1.0, w.Path)
		assert.Less(t, w.P90, 2.0, w.Path)
		d := w.Dist()
		assert.InDelta(t, w.P10, d.Quantile(0.1), 1e-9, w.Path)
		assert.InDelta(t, w.P90, d.Quantile(0.9), 1e-9, w.Path)
		assert.Equal(t, 1.0, d.Center(), "%s: the point is the model's own estimate", w.Path)
		if !w.Asymmetric {
			assert.InDelta(t, 1/w.P90, w.P10, 1e-12, w.Path)
		}
		// Only the memory model has no held-out point.
		assert.Equal(t, w.Path != "model_error.memory", w.HeldOut, w.Path)
	}
}

// A scenario turns the defaults off, or gives a factor of its own: a point
// multiplies the modelled number (and the formula says so), a range replaces
// the default one.
func TestModelErrorOverrides(t *testing.T) {
	off := decodeExampleScenario(t, "modern-2026", estimator.Override{Path: "model_error.defaults", Value: "off"})
	assert.Equal(t, off.Ranges, estimator.RangesOf(off))

	base := mustEstimate(t, "modern-2026")
	est := mustEstimate(t, "modern-2026", set("model_error.throughput", 1.1), set("model_error.scaling", 2))
	rate := "train.resnet-50.gpu_rate.dgx-h100"
	assert.InDelta(t, 1.1*value(t, base, rate), value(t, est, rate), 1e-6*value(t, base, rate))
	q, _ := est.Get(rate)
	assert.Contains(t, q.Inputs, "model_error.throughput")
	// Twice the modelled speed-up is capped at the system's 8 GPUs.
	assert.Equal(t, 8.0, value(t, est, "scale.resnet-50.system_speedup.dgx-h100"))
	s := decodeExampleScenario(t, "modern-2026", set("model_error.throughput", 1.1))
	assert.NotContains(t, estimator.RangesOf(s), "model_error.throughput", "a point is exact")
	assert.Contains(t, estimator.RangesOf(s), "model_error.scaling")

	own := estimator.Override{Path: "model_error.scaling", Value: `{"median": 1, "p90": 1.5, "why": "our cluster"}`}
	s = decodeExampleScenario(t, "modern-2026", own)
	assert.Equal(t, estimator.Dist{Median: 1, P90: 1.5, Why: "our cluster"}, estimator.RangesOf(s)["model_error.scaling"])

	// Half the modelled MFU doubles the GPU time of a transformer.
	llama := mustEstimate(t, "llama-3-405b")
	half := mustEstimate(t, "llama-3-405b", set("model_error.transformer", 0.5))
	for _, id := range []string{"train.llama-3-405b.mfu.dgx-h100", "train.llama-3-405b.gpu_time.dgx-h100"} {
		ratio := value(t, half, id) / value(t, llama, id)
		if id == "train.llama-3-405b.gpu_time.dgx-h100" {
			ratio = 1 / ratio
		}
		assert.InDelta(t, 0.5, ratio, 1e-9, id)
	}
}

func TestModelErrorRejectsBadInput(t *testing.T) {
	data, _ := examples.Read("modern-2026")
	for _, tc := range []struct {
		set  estimator.Override
		path string
	}{
		{set("model_error.throughput", 0), "model_error.throughput"},
		{set("model_error.memory", -1), "model_error.memory"},
		{estimator.Override{Path: "model_error.defaults", Value: "sometimes"}, "model_error.defaults"},
		{estimator.Override{Path: "model_error.scaling", Value: `{"median": 1, "p90": 0.9}`}, "model_error.scaling.p90"},
		// modern-2026 trains no transformer: the factor would change nothing.
		{set("model_error.transformer", 1.2), "model_error.transformer"},
	} {
		_, err := decodeAndRun(data, tc.set)
		var fe *estimator.FieldError
		require.True(t, errors.As(err, &fe), "%v", tc.set)
		assert.Equal(t, tc.path, fe.Path)
	}
	article, _ := examples.Read("article-2017")
	_, err := decodeAndRun(article, set("model_error.throughput", 0.9))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "model_error.throughput: applies to nothing in this scenario: no workload's throughput comes from the roofline model (each gives mb_per_s or is a transformer)")
}

// The model errors are sampled like any range: the same seed gives the same
// spread, which is wider than without them.
func TestUncertaintyIncludesModelError(t *testing.T) {
	s := decodeExampleScenario(t, "cifar10-cpu-vs-gpu")
	a, err := estimator.RunUncertainty(s, 2000, 7, 2)
	require.NoError(t, err)
	b, err := estimator.RunUncertainty(s, 2000, 7, 1)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, []string{"model_error.memory", "model_error.throughput"}, a.Ranged)
	id := "train.resnet-50.system_time.rtx-3050-desktop"
	i := slices.IndexFunc(a.Quantities, func(sp estimator.Spread) bool { return sp.ID == id })
	require.GreaterOrEqual(t, i, 0)
	sp := a.Quantities[i]
	w := estimator.ModelErrorWidths()[0]
	require.Equal(t, "model_error.throughput", w.Path)
	// Time is inversely proportional to the throughput: its P10-P90 is the factor's.
	assert.InDelta(t, w.P90*w.P90, sp.P90/sp.P10, 0.05*w.P90*w.P90)

	exact := decodeExampleScenario(t, "cifar10-cpu-vs-gpu", estimator.Override{Path: "model_error.defaults", Value: "off"})
	u, err := estimator.RunUncertainty(exact, 10, 7, 1)
	require.NoError(t, err)
	assert.Empty(t, u.Ranged)
	assert.Equal(t, u.Quantities[i].P10, u.Quantities[i].P90)
	// The scenario itself is left as it was.
	assert.Empty(t, s.Ranges)
	assert.Nil(t, s.ModelError)
}

// The tornado has one bar per model-error kind, its reason in both languages.
func TestSensitivityShowsModelError(t *testing.T) {
	s := decodeExampleScenario(t, "modern-2026")
	sens, err := estimator.RunSensitivity(s, "")
	require.NoError(t, err)
	paths := map[string]estimator.Swing{}
	for _, sw := range sens.Swings {
		paths[sw.Path] = sw
	}
	require.Contains(t, paths, "model_error.throughput")
	sw := paths["model_error.throughput"]
	assert.Greater(t, sw.Swing, 0.0)
	assert.Equal(t, "model error ×/÷ 1.147: the model came within it of 8 in 10 of 21 held-out published figures (trainscale accuracy)", sw.WhyIn("en"))
	assert.Equal(t, "モデル誤差 ×/÷ 1.147: 検証用（較正に不使用）の公表値 21 件の 8 割でモデルがこの範囲内（trainscale accuracy）", sw.WhyIn("ja"))
	f, ok := estimator.FieldOf(sw.Path)
	require.True(t, ok)
	assert.Equal(t, "モデル誤差: スループット", f.Label.JA)
	assert.ElementsMatch(t, slices.Collect(maps.Keys(estimator.RangesOf(s))), slices.Collect(maps.Keys(paths)))
}

// A whole run's figures carry the value at its model error's P10 and P90:
// the GPU-hours and the run's time exactly in proportion, the money that
// follows them moved too, and neither the run's parts nor its steady rate.
func TestWholeRunBands(t *testing.T) {
	p10, p90 := estimator.WholeRunBand()
	assert.InDelta(t, 1.0, p10, 0.01)
	assert.InDelta(t, 1.80, p90, 0.01)
	est := mustEstimate(t, "llama-3-405b")
	for _, id := range []string{"train.llama-3-405b.gpu_hours.dgx-h100", "project.llama-3-405b.run_time.dgx-h100", "project.llama-3-405b.gpu_hours.dgx-h100"} {
		q, _ := est.Get(id)
		require.True(t, q.HasBand(), id)
		assert.InDelta(t, q.Value*p10, q.P10, 1e-9*q.Value, id)
		assert.InDelta(t, q.Value*p90, q.P90, 1e-9*q.Value, id)
	}
	text, err := present.Explain(est, "train.llama-3-405b.gpu_hours.dgx-h100", "ja")
	require.NoError(t, err)
	assert.Contains(t, text, "  P10–P90 2,979.3 万–5,388.4 万: 公表された実行全体")
	rent, _ := est.Get("cost.rent")
	assert.Greater(t, rent.P90, 1.8*rent.Value, "renting the hours costs what the hours do")
	for _, id := range []string{"train.llama-3-405b.mfu.dgx-h100", "train.llama-3-405b.gpu_hours_failure_free.dgx-h100", "train.llama-3-405b.run_hours.failures.dgx-h100", "cost.hardware"} {
		q, _ := est.Get(id)
		assert.False(t, q.HasBand(), id)
	}

	// A factor the scenario gives is a point: no band, and the figures move by it.
	given := mustEstimate(t, "llama-3-405b", set("model_error.whole_run", 1.5))
	base, _ := est.Get("train.llama-3-405b.gpu_hours.dgx-h100")
	q, _ := given.Get("train.llama-3-405b.gpu_hours.dgx-h100")
	assert.False(t, q.HasBand())
	assert.InDelta(t, 1.5*base.Value, q.Value, 1e-9*q.Value)
	parts := 0.0
	for _, p := range []string{"steady", "failures", "checkpoints", "evaluation", "ramp", "stragglers", "data_stalls"} {
		part, ok := given.Get("train.llama-3-405b.run_hours." + p + ".dgx-h100")
		require.True(t, ok, p)
		parts += part.Value
	}
	assert.InDelta(t, q.Value, parts, 1e-6*q.Value, "the parts add up to the whole run")
	off := mustEstimate(t, "llama-3-405b", estimator.Override{Path: "model_error.defaults", Value: "off"})
	q, _ = off.Get("train.llama-3-405b.gpu_hours.dgx-h100")
	assert.False(t, q.HasBand())
	// Without a goodput section there is no whole run to range, and the
	// factor would apply to nothing.
	data, ok := examples.Read("modern-2026")
	require.True(t, ok)
	_, err = estimator.Decode(bytes.NewReader(data), set("model_error.whole_run", 1.2))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "model_error.whole_run")
}

// The sentence beside a whole run's figures reads the accuracy table's
// residuals in both languages.
func TestWholeRunNote(t *testing.T) {
	n := estimator.WholeRunNote()
	assert.Equal(t, "Published whole runs (10 held out in trainscale accuracy) came in at 0.93–2.96x the model's estimate, median 1.08x; the P10–P90 shown, 1.00–1.80x, holds 8 in 10 of them.", n.EN)
	assert.Contains(t, n.JA, "0.93〜2.96 倍")
}

package chart_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/internal/quickloop"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// build runs a built-in scenario and builds its charts, with a small Monte
// Carlo run so the uncertainty chart has data.
func build(t testing.TB, name string, lang estimator.Lang) []chart.Spec {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok, name)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	var (
		u    *estimator.Uncertainty
		sens *estimator.Sensitivity
	)
	if len(s.Ranges) > 0 {
		u, err = estimator.RunUncertainty(s, 2000, 1, 0)
		require.NoError(t, err)
		sens, err = estimator.RunSensitivity(s, "")
		require.NoError(t, err)
	}
	specs, err := chart.Build(est, u, sens, lang)
	require.NoError(t, err)
	return specs
}

// rounded keeps 6 significant digits, so the golden files do not depend on
// the last bit of a platform's floating point (arm64 fuses multiply-adds).
func rounded(specs []chart.Spec) []chart.Spec {
	r := func(v float64) float64 {
		if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return v
		}
		out, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
		return out
	}
	rs := func(vs []float64) []float64 {
		if vs == nil {
			return nil
		}
		out := make([]float64, len(vs))
		for i, v := range vs {
			out[i] = r(v)
		}
		return out
	}
	out := make([]chart.Spec, len(specs))
	for i, sp := range specs {
		sp.Base = r(sp.Base)
		sp.X.Per, sp.Y.Per = r(sp.X.Per), r(sp.Y.Per)
		series := make([]chart.Series, len(sp.Series))
		for j, se := range sp.Series {
			se.X, se.Y, se.Low, se.High = rs(se.X), rs(se.Y), rs(se.Low), rs(se.High)
			series[j] = se
		}
		sp.Series = series
		out[i] = sp
	}
	return out
}

func TestChartsGolden(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		lang     estimator.Lang
	}{
		{"article-2017", "en"},
		{"article-2017", "ja"},
		{"modern-2026", "en"},
		{"cifar10-cpu-vs-gpu", "en"},
		{"llama-3-405b", "en"},
		{"av-world-model-2026", "en"},
	} {
		t.Run(tc.scenario+"-"+string(tc.lang), func(t *testing.T) {
			got, err := json.MarshalIndent(rounded(build(t, tc.scenario, tc.lang)), "", "  ")
			require.NoError(t, err)
			path := filepath.Join("testdata", tc.scenario+"."+string(tc.lang)+".json")
			if *update {
				require.NoError(t, os.WriteFile(path, append(got, '\n'), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(got))
		})
	}
}

func TestEveryChartInOrder(t *testing.T) {
	for _, name := range quickloop.Examples() {
		specs := build(t, name, "en")
		var ids []string
		for _, sp := range specs {
			ids = append(ids, sp.ID)
			assert.NotEmpty(t, sp.Title, sp.ID)
			if sp.Empty() {
				assert.NotEmpty(t, sp.Note, "%s/%s: an empty chart says why", name, sp.ID)
			}
			for _, se := range sp.Series {
				n := len(se.Y)
				if sp.Kind == chart.Tornado {
					n = len(se.Low)
					assert.Len(t, se.High, n)
					assert.Len(t, sp.Y.Categories, n, "%s/%s", name, sp.ID)
				} else if sp.X.Categories != nil {
					assert.Len(t, sp.X.Categories, n, "%s/%s/%s", name, sp.ID, se.Name)
				} else {
					assert.Len(t, se.X, n, "%s/%s/%s", name, sp.ID, se.Name)
				}
				if se.IDs != nil {
					assert.Len(t, se.IDs, n)
				}
			}
		}
		var want []string
		for _, id := range chart.IDs() {
			if chart.Carries(specsScenario(t, name), id) {
				want = append(want, id)
			}
		}
		assert.Equal(t, want, ids, name)
	}
}

// issue 26: a report carries the charts that speak of its scenario. The
// CPU-vs-GPU study (CNNs on CIFAR-10) goes with a scenario that trains a
// CNN; the growth chart with one whose data grows (growth.factor > 1),
// transformer or CNN: a single pre-training run has one point to draw.
func TestChartsCarriedByScenario(t *testing.T) {
	for _, tc := range []struct {
		scenario    string
		growth, cpu bool
	}{
		{"article-2017", true, true},
		{"article-2017-decimal", true, true},
		{"realistic-2017", true, true},
		{"modern-2026", true, true},
		{"llama-3-405b", false, false},
		{"av-world-model-2026", true, false},
		{"cifar10-cpu-vs-gpu", false, true},
		{"vgg16-titan-x", false, true},
	} {
		ids := map[string]bool{}
		for _, sp := range build(t, tc.scenario, "en") {
			ids[sp.ID] = true
		}
		assert.Equal(t, tc.growth, ids[chart.ComputeGrowth], "%s: growth", tc.scenario)
		assert.Equal(t, tc.cpu, ids[chart.CPUvsGPU], "%s: cpu-vs-gpu", tc.scenario)
		for _, id := range []string{chart.DataFunnel, chart.Scaling, chart.SystemsByGeneration, chart.UncertaintyRanges, chart.TornadoChart} {
			assert.True(t, ids[id], "%s: every scenario carries %s", tc.scenario, id)
		}
		// A project's money is the project's, not years of it.
		assert.Equal(t, tc.scenario != "llama-3-405b", ids[chart.CostBreakdown], "%s: cost-breakdown", tc.scenario)
		// Memory parts are a transformer's.
		_, transformer := chart.Trains(specsScenario(t, tc.scenario))
		assert.Equal(t, transformer, ids[chart.Memory], "%s: memory", tc.scenario)
	}
	// Growth set on the LLM run draws it; a CNN added draws the study.
	est, err := estimator.Run(llamaWith(t, func(m map[string]any) {
		m["growth"] = map[string]any{"factor": 3, "exponent": 2}
	}))
	require.NoError(t, err)
	specs, err := chart.Build(est, nil, nil, "en")
	require.NoError(t, err)
	assert.Equal(t, chart.ComputeGrowth, specs[0].ID)
	assert.Len(t, specs[0].Series[0].Y, 3)
	assert.NotEqual(t, chart.CPUvsGPU, specs[len(specs)-1].ID)
	est, err = estimator.Run(llamaWith(t, func(m map[string]any) {
		m["workloads"] = append(m["workloads"].([]any), map[string]any{"id": "resnet-50", "model": "resnet-50", "precision": "mixed"})
	}))
	require.NoError(t, err)
	specs, err = chart.Build(est, nil, nil, "en")
	require.NoError(t, err)
	assert.Equal(t, chart.CPUvsGPU, specs[len(specs)-1].ID)
}

// specOf is the chart of id among specs.
func specOf(t *testing.T, specs []chart.Spec, id string) chart.Spec {
	t.Helper()
	for _, sp := range specs {
		if sp.ID == id {
			return sp
		}
	}
	t.Fatalf("no chart %s", id)
	return chart.Spec{}
}

// specsScenario is the built-in scenario name, decoded.
func specsScenario(t *testing.T, name string) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read(name)
	require.True(t, ok)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return s
}

func TestChartsReadTheEstimate(t *testing.T) {
	specs := build(t, "article-2017", "en")
	byID := map[string]chart.Spec{}
	for _, sp := range specs {
		byID[sp.ID] = sp
	}
	// The funnel's ends are the article's 208,000 TB and 104 TB.
	f := byID[chart.DataFunnel]
	assert.InDelta(t, 208000, f.Y.Show(f.Series[0].Y[0]), 0.5)
	assert.InDelta(t, 104, f.Y.Show(f.Series[0].Y[2]), 0.05)
	assert.Equal(t, "TB", f.Y.Suffix)
	// n^2: ten-fold data, a hundred-fold compute.
	g := byID[chart.ComputeGrowth]
	assert.Equal(t, 100.0, g.Series[0].Y[9])
	// The cost stack adds up to the total cost of ownership.
	c := byID[chart.CostBreakdown]
	var sum float64
	for _, se := range c.Series {
		for _, v := range se.Y {
			sum += v
		}
	}
	assert.InDelta(t, 31837386, sum, 1)
	// Modelled scaling never beats ideal.
	s := byID[chart.Scaling]
	for i := 0; i < len(s.Series); i += 2 {
		for j := range s.Series[i].Y {
			assert.GreaterOrEqual(t, s.Series[i+1].Y[j]*1.000001, s.Series[i].Y[j], s.Series[i+1].Name)
		}
	}
	// Uncertainty brackets its median.
	u := byID[chart.UncertaintyRanges].Series[0]
	for i := range u.Y {
		assert.LessOrEqual(t, u.Low[i], u.Y[i])
		assert.LessOrEqual(t, u.Y[i], u.High[i])
	}
}

// scalingOf is the scaling chart of a built-in scenario.
func scalingOf(t *testing.T, name string, lang estimator.Lang) chart.Spec {
	t.Helper()
	for _, sp := range build(t, name, lang) {
		if sp.ID == chart.Scaling {
			return sp
		}
	}
	t.Fatalf("%s has no scaling chart", name)
	return chart.Spec{}
}

// seriesNamed finds a series of sp by name.
func seriesNamed(t *testing.T, sp chart.Spec, name string) chart.Series {
	t.Helper()
	for _, se := range sp.Series {
		if se.Name == name {
			return se
		}
	}
	t.Fatalf("%s has no series %q", sp.ID, name)
	return chart.Series{}
}

func TestScalingDrawsTheTransformer(t *testing.T) {
	sp := scalingOf(t, "llama-3-405b", "en")
	assert.Equal(t, "Time to train against the number of GPUs: Llama 3.1 405B", sp.Title)
	assert.Contains(t, sp.Note, "Llama 3.1 405B at bf16 on the run's 15.6 T tokens")
	// The scenario names one system, dgx-h100: an ideal and a modelled line.
	require.Len(t, sp.Series, 2)
	ideal, modelled := seriesNamed(t, sp, "dgx-h100, ideal"), seriesNamed(t, sp, "dgx-h100, modelled")
	assert.True(t, ideal.Dashed)
	assert.False(t, modelled.Dashed)
	// Weights, gradients and Adam state take 16 bytes a parameter (ZeRO):
	// 16 x 405e9 = 6.48e12 bytes. Spread over 64 GPUs that is 101 GB each,
	// more than an H100's 80 GiB (85.9 GB) before any activation; over 128,
	// 50.6 GB. So the points start at 128 GPUs, and the note says why.
	// The top is 4 x the scenario's 16,384 GPUs, capped at 32,768.
	want := []float64{128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768}
	assert.Equal(t, want, modelled.X)
	assert.Equal(t, want, ideal.X)
	assert.Contains(t, sp.Note, "left out (dgx-h100 starts at 128 GPUs)")
	// Every point is tool.Transformer's wall time at that count: here the
	// scenario's own job of 16,384 GPUs.
	req := tool.TransformerRequest{Model: "llama-3.1-405b", GPU: "h100-sxm", System: "dgx-h100", GPUs: 16384,
		Tokens: 15.6e12, Seq: 8192, Precision: "bf16", GlobalBatchTokens: 16777216}
	res, err := tool.Transformer(req)
	require.NoError(t, err)
	wall, ok := res.Get("transformer.wall_time")
	require.True(t, ok)
	assert.Equal(t, wall.Value, modelled.Y[7])
	// The ideal starts at the smallest job and keeps its MFU: at 16,384
	// GPUs it is the tool's answer with the 128-GPU job's MFU given.
	req.GPUs = 128
	small, err := tool.Transformer(req)
	require.NoError(t, err)
	mfu, _ := small.Get("transformer.mfu")
	smallWall, _ := small.Get("transformer.wall_time")
	assert.Equal(t, smallWall.Value, modelled.Y[0])
	assert.InEpsilon(t, smallWall.Value, ideal.Y[0], 1e-12, "the same run, its MFU given back")
	req.GPUs, req.MFU = 16384, &mfu.Value
	held, err := tool.Transformer(req)
	require.NoError(t, err)
	heldWall, _ := held.Get("transformer.wall_time")
	assert.Equal(t, heldWall.Value, ideal.Y[7])
	// Linear but for failures, which cost more at 16,384 GPUs than at 128:
	// 128 times the GPUs, a little less than 128 times as fast.
	assert.InEpsilon(t, 128, ideal.Y[0]/ideal.Y[7], 0.12)
	assert.Less(t, ideal.Y[0]/ideal.Y[7], 128.0)
	assert.Equal(t, "years", sp.Y.Suffix)
}

func TestScalingTransformerOnEverySystem(t *testing.T) {
	sp := scalingOf(t, "av-world-model-2026", "ja")
	assert.Equal(t, "GPU 数と学習時間：Video world model", sp.Title)
	// Both of the scenario's systems, in its order.
	var names []string
	for _, se := range sp.Series {
		names = append(names, se.Name)
	}
	assert.Equal(t, []string{"dgx-b200（理想）", "dgx-b200（モデル）", "dgx-h100（理想）", "dgx-h100（モデル）"}, names)
	// ViT-L's 305M parameters fit one GPU, so nothing is left out; the
	// largest job the estimate sizes is 256 H100, and four times that,
	// 1,024, ends the powers of two.
	assert.Equal(t, []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}, sp.Series[1].X)
	assert.NotContains(t, sp.Note, "除いています")
	// A B200 trains faster than an H100 at every count.
	for i := range sp.Series[1].Y {
		assert.Less(t, sp.Series[1].Y[i], sp.Series[3].Y[i])
	}
}

// llamaWith is the llama-3-405b example with change applied to its JSON.
func llamaWith(t *testing.T, change func(m map[string]any)) *estimator.Scenario {
	t.Helper()
	data, ok := examples.Read("llama-3-405b")
	require.True(t, ok)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	change(m)
	// A deadline, for the changes that leave the job to be sized.
	m["project"].(map[string]any)["deadline_days"] = 90
	data, err := json.Marshal(m)
	require.NoError(t, err)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return s
}

func TestScalingTrainsTheFirstWorkloadItCanModel(t *testing.T) {
	resnet := map[string]any{"id": "resnet-50", "model": "resnet-50", "precision": "mixed"}
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
		title  string // after "Time to train against the number of GPUs: "
		note   string
	}{
		{"transformer first", func(m map[string]any) {
			m["workloads"] = append(m["workloads"].([]any), resnet)
		}, "Llama 3.1 405B", "the layout searched at each size"},
		{"CNN first", func(m map[string]any) {
			m["workloads"] = append([]any{resnet}, m["workloads"].([]any)...)
		}, "ResNet-50 v1.5", "the gradient all-reduce"},
		// A config.json the tool reads as the scenario does.
		{"transformer config", func(m map[string]any) {
			tr := m["workloads"].([]any)[0].(map[string]any)["transformer"].(map[string]any)
			delete(tr, "model")
			tr["config"] = map[string]any{"model_type": "llama", "num_hidden_layers": 126, "hidden_size": 16384, "num_attention_heads": 128,
				"num_key_value_heads": 8, "intermediate_size": 53248, "vocab_size": 128256, "max_position_embeddings": 131072, "rope_theta": 500000}
		}, "llama-3-405b", "config.json (llama) at bf16 on the run's 15.6 T tokens"},
		// A shape has no catalog id for tool.Transformer: AlexNet stands in.
		{"transformer shape", func(m map[string]any) {
			tr := m["workloads"].([]any)[0].(map[string]any)["transformer"].(map[string]any)
			delete(tr, "model")
			tr["shape"] = map[string]any{"layers": 126, "hidden": 16384, "heads": 128, "kv_heads": 8,
				"ffn": 53248, "activation": "swiglu", "vocab": 128256}
		}, "AlexNet", "AlexNet at 64 images per GPU stands in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			est, err := estimator.Run(llamaWith(t, tc.change))
			require.NoError(t, err)
			specs, err := chart.Build(est, nil, nil, "en")
			require.NoError(t, err)
			sp := specOf(t, specs, chart.Scaling)
			assert.Equal(t, "Time to train against the number of GPUs: "+tc.title, sp.Title)
			assert.Contains(t, sp.Note, tc.note)
		})
	}
}

// TestScalingLeavesOutWhatTheToolCannotRun: tool.Transformer models catalog
// systems as the catalog has them, so a DGX H100 given B200 GPUs by the
// scenario is drawn as an H100, which has no fp4 path: an empty chart that
// says why.
func TestScalingLeavesOutWhatTheToolCannotRun(t *testing.T) {
	est, err := estimator.Run(llamaWith(t, func(m map[string]any) {
		m["workloads"].([]any)[0].(map[string]any)["transformer"].(map[string]any)["precision"] = "fp4"
		m["systems"].([]any)[0].(map[string]any)["gpu"] = "b200"
	}))
	require.NoError(t, err)
	specs, err := chart.Build(est, nil, nil, "en")
	require.NoError(t, err)
	sp := specOf(t, specs, chart.Scaling)
	assert.True(t, sp.Empty())
	assert.Contains(t, sp.Note, "dgx-h100 has no dense fp4 path: left out.")
}

// A transformer gets the generations chart too: no bar where the GPU has no
// BF16 (P100, V100), and each later generation sizes its own job to the
// team's 90-day target, so it needs fewer systems.
func TestGenerationsPlanTheTransformer(t *testing.T) {
	var gen chart.Spec
	// The preset's job is given; with a deadline each generation is sized.
	est, err := estimator.Run(llamaWith(t, func(map[string]any) {}))
	require.NoError(t, err)
	specs, err := chart.Build(est, nil, nil, "en")
	require.NoError(t, err)
	for _, sp := range specs {
		if sp.ID == chart.SystemsByGeneration {
			gen = sp
		}
	}
	require.Len(t, gen.Series, 1)
	y := gen.Series[0].Y
	assert.Equal(t, "Llama 3.1 405B", gen.Series[0].Name)
	assert.Equal(t, []float64{0, 0}, y[:2], "P100 and V100 have no BF16")
	assert.Greater(t, y[2], y[3], "A100 needs more systems than H100")
	assert.Greater(t, y[3], y[4], "H100 more than B200")
	assert.Contains(t, gen.Note, "BF16 needs an A100 or later")
}

func TestBuildIsDeterministic(t *testing.T) {
	a, _ := json.Marshal(build(t, "modern-2026", "ja"))
	b, _ := json.Marshal(build(t, "modern-2026", "ja"))
	assert.Equal(t, string(a), string(b))
}

func TestTextFallsBackToEnglish(t *testing.T) {
	assert.Equal(t, "Assumptions", chart.Text("fr", "assumptions"))
	assert.Equal(t, "前提条件", chart.Text("ja", "assumptions"))
	for key := range map[string]bool{"report.title": true, "growth.title": true} {
		assert.NotEqual(t, chart.Text("en", key), chart.Text("ja", key), key)
	}
}

func TestEveryWordInEveryLanguage(t *testing.T) {
	assert.Empty(t, chart.Untranslated(), "every English word has a Japanese one")
}

// A Japanese money axis counts in 万 and 億 as the Japanese text does, its
// divisor the one its words name: the tornado of TCO ticks in 億 USD, not
// 百万 USD beside a note in 億.
func TestJapaneseAxesCountIn万And億(t *testing.T) {
	byID := func(specs []chart.Spec) map[string]chart.Spec {
		out := map[string]chart.Spec{}
		for _, sp := range specs {
			out[sp.ID] = sp
		}
		return out
	}
	ja, en := byID(build(t, "article-2017", "ja")), byID(build(t, "article-2017", "en"))
	for _, tc := range []struct {
		id       string
		axis     func(chart.Spec) chart.Axis
		per      float64
		ja, en   string
		enPer    float64
		shownTop float64 // the largest value as the Japanese axis shows it
	}{
		{chart.TornadoChart, func(sp chart.Spec) chart.Axis { return sp.X }, 1e8, "億 USD", "million USD", 1e6, 3.17044},
		{chart.CostBreakdown, func(sp chart.Spec) chart.Axis { return sp.Y }, 1e4, "万 USD", "million USD", 1e6, 2130.7},
	} {
		a := tc.axis(ja[tc.id])
		assert.Equal(t, tc.per, a.Per, tc.id)
		assert.Equal(t, tc.ja, a.Suffix, tc.id)
		assert.Equal(t, tc.en, tc.axis(en[tc.id]).Suffix, tc.id)
		assert.Equal(t, tc.enPer, tc.axis(en[tc.id]).Per, tc.id)
		top := 0.0
		for _, se := range ja[tc.id].Series {
			for _, v := range append(append(se.Y, se.Low...), se.High...) {
				top = max(top, a.Show(v))
			}
		}
		assert.InEpsilon(t, tc.shownTop, top, 1e-4, tc.id)
	}
}

func TestAxisRoundsAsItShows(t *testing.T) {
	money := chart.Axis{Per: 1e6, Digits: 2}
	for _, tc := range []struct {
		axis chart.Axis
		v    float64
		want float64
	}{
		{money, 21307000, 21.31},
		{money, 285210000.4, 285.21},
		{chart.Axis{Digits: 2}, 38.16212783073121, 38.16},
		{chart.Axis{Digits: 2}, 0.000476123, 0.000476}, // three significant digits below 1
		{chart.Axis{}, 512, 512},                       // whole numbers stay whole
		{chart.Axis{}, 3.14159, 3.14},                  // and three digits at least
		{money, -15584000, -15.58},
		{money, 0, 0},
	} {
		assert.Equal(t, tc.want, tc.axis.Round(tc.v), "%v", tc.v)
	}
}

// A rented scenario's money: the storage bought up front, then the rent.
func TestCostBreakdownOfARentedScenario(t *testing.T) {
	data, ok := examples.Read("modern-2026")
	require.True(t, ok)
	var sets []estimator.Override
	for _, set := range []string{"money.rent.provider=lambda", "money.rent.instance=8x H100", "money.rent.term=on-demand"} {
		o, err := estimator.ParseOverride(set)
		require.NoError(t, err)
		sets = append(sets, o)
	}
	s, err := estimator.Decode(bytes.NewReader(data), sets...)
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	specs, err := chart.Build(est, nil, nil, "en")
	require.NoError(t, err)
	sp := specOf(t, specs, chart.CostBreakdown)
	require.Len(t, sp.Series, 2)
	assert.Equal(t, "storage", sp.Series[0].Name)
	assert.Equal(t, "rent", sp.Series[1].Name)
	rent, _ := est.Get("cost.cloud_per_year")
	storage, _ := est.Get("cost.storage")
	assert.Equal(t, []float64{storage.Value, 0, 0, 0, 0}, sp.Series[0].Y)
	assert.Equal(t, []float64{0, rent.Value, rent.Value, rent.Value, rent.Value}, sp.Series[1].Y)
}

// The memory chart stacks each transformer workload's memory per GPU on each
// system, the estimate's parts as they are, against the GPU's memory.
func TestMemoryStacksThePartsAgainstTheGPU(t *testing.T) {
	est := mustRun(t, "av-world-model-2026")
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		specs, err := chart.Build(est, nil, nil, lang)
		require.NoError(t, err)
		sp := specOf(t, specs, chart.Memory)
		assert.Equal(t, chart.StackedBar, sp.Kind)
		require.Len(t, sp.Series, 6)
		limit := sp.Series[5]
		assert.True(t, limit.Limit)
		for _, se := range sp.Series[:5] {
			assert.False(t, se.Limit, se.Name)
		}
		var w estimator.Workload
		for _, wl := range est.Scenario.Workloads {
			if wl.Transformer != nil {
				w = wl
			}
		}
		require.Len(t, sp.X.Categories, len(est.Scenario.Systems))
		for i, sys := range est.Scenario.Systems {
			assert.Equal(t, sys.ID, sp.X.Categories[i], "one workload: its systems")
			parts, capacity := estimator.MemoryParts(w.ID, sys.ID)
			var sum float64
			for k, p := range parts {
				q, _ := est.Get(p.ID)
				assert.Equal(t, q.Value, sp.Series[k].Y[i], p.ID)
				assert.Equal(t, p.ID, sp.Series[k].IDs[i])
				assert.Equal(t, p.Name.In(lang), sp.Series[k].Name)
				sum += q.Value
			}
			held, _ := est.Get(capacity)
			assert.Equal(t, held.Value, limit.Y[i])
			total, _ := est.Get("train." + w.ID + ".memory_per_gpu." + sys.ID)
			assert.InEpsilon(t, total.Value, sum, 1e-12)
			assert.LessOrEqual(t, sum, held.Value, "a plan that fits")
		}
		assert.Contains(t, sp.Note, w.Name())
		assert.Contains(t, sp.Title, w.Name())
	}
	specs, err := chart.Build(est, nil, nil, "ja")
	require.NoError(t, err)
	sp := specOf(t, specs, chart.Memory)
	assert.Equal(t, "GPU メモリ", sp.Series[5].Name)
	assert.Equal(t, "重み", sp.Series[0].Name)
}

func mustRun(t *testing.T, name string) *estimator.Estimate {
	t.Helper()
	est, err := estimator.Run(specsScenario(t, name))
	require.NoError(t, err)
	return est
}

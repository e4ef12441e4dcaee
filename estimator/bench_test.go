package estimator_test

import (
	"bytes"
	"os"
	"runtime"
	"testing"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// BenchmarkEstimate is the hot path: a prepared scenario estimated again, as
// sampling and the page's recomputes do.
func BenchmarkEstimate(b *testing.B) {
	s, err := estimator.Decode(bytes.NewReader(article(b)))
	if err != nil {
		b.Fatal(err)
	}
	benchEstimate(b, s)
}

// benchEstimate times estimating s again once it is prepared: the per-change
// hot path the page and the Monte Carlo samples take.
func benchEstimate(b *testing.B, s *estimator.Scenario) {
	c, err := estimator.Prepare(s)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Estimate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	data := article(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := estimator.Decode(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRun includes validation and laying out the quantities.
func BenchmarkRun(b *testing.B) {
	s, err := estimator.Decode(bytes.NewReader(article(b)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := estimator.Run(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorstCase is the most work the limits allow (testdata/limits/
// worst.json) from the file's bytes to every quantity: it must stay under 1 s
// and 256 MB. live-MB is the heap the finished estimate holds.
func BenchmarkWorstCase(b *testing.B) {
	data, err := os.ReadFile(worstFile)
	if err != nil {
		b.Fatal(err)
	}
	run := func() []estimator.Quantity {
		s, err := estimator.Decode(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		est, err := estimator.Run(s)
		if err != nil {
			b.Fatal(err)
		}
		return est.Quantities()
	}
	b.ReportAllocs()
	for b.Loop() {
		run()
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	qs := run()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(qs)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "live-MB")
}

// BenchmarkEstimateTransformers is the hot path for transformer workloads:
// two of them (the av-world-model-2026 video model, sized to the target, and
// Llama 3.1 8B on 1T tokens over 256 GPUs) on three systems. The layout
// search ran in Prepare; estimating again looks the plans up (< 50 µs).
func BenchmarkEstimateTransformers(b *testing.B) {
	data, _ := examples.Read("av-world-model-2026")
	s, err := estimator.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	tokens, gpus := 1e12, 256.0
	s.Workloads = append(s.Workloads, estimator.Workload{ID: "llm", Transformer: &estimator.Transformer{
		Model: "llama-3.1-8b", Precision: "bf16", Tokens: &tokens, GPUs: &gpus}})
	s.Systems = append(s.Systems, estimator.System{ID: "dgx-h200", GPUs: 8})
	benchEstimate(b, s)
}

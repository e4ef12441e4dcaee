package estimator_test

import (
	"bytes"
	"os"
	"runtime"
	"testing"

	"github.com/trainscale/trainscale/estimator"
)

// BenchmarkEstimate is the hot path: a prepared scenario estimated again, as
// sampling and the page's recomputes do.
func BenchmarkEstimate(b *testing.B) {
	s, err := estimator.Decode(bytes.NewReader(article(b)))
	if err != nil {
		b.Fatal(err)
	}
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

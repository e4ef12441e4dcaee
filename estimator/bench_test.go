package estimator_test

import (
	"bytes"
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

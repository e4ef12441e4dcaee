package api

import (
	"bytes"
	"testing"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func BenchmarkEstimateCall(b *testing.B) {
	a := New(nil, nil)
	req := []byte(`{"set":[{"path":"fleet.cars","value":"300"}]}`)
	for b.Loop() {
		a.Call("estimate", req)
	}
}

func BenchmarkPieces(b *testing.B) {
	data, _ := examples.Read(examples.Default)
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			estimator.Decode(bytes.NewReader(data))
		}
	})
	s, _ := estimator.Decode(bytes.NewReader(data))
	b.Run("run", func(b *testing.B) {
		for b.Loop() {
			estimator.Run(s)
		}
	})
	b.Run("marshal-scenario", func(b *testing.B) {
		for b.Loop() {
			s.MarshalJSON()
		}
	})
	b.Run("estimate-only", func(b *testing.B) {
		c, _ := estimator.Prepare(s)
		for b.Loop() {
			c.Estimate()
		}
	})
}

func BenchmarkFastChange(b *testing.B) {
	reqs := [][]byte{[]byte(`{"compact":true,"set":[{"path":"fleet.cars","value":"300"}]}`), []byte(`{"compact":true,"set":[{"path":"fleet.cars","value":"301"}]}`)}
	a := New(nil, nil)
	i := 0
	for b.Loop() {
		a.Call("estimate", reqs[i%2])
		i++
	}
}

func BenchmarkValidate(b *testing.B) {
	data, _ := examples.Read(examples.Default)
	s, _ := estimator.Decode(bytes.NewReader(data))
	for b.Loop() {
		estimator.Validate(s)
	}
}

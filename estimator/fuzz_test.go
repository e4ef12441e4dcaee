package estimator_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// FuzzDecodeAndRun: any input either fails with an error or estimates to finite
// numbers; nothing panics.
func FuzzDecodeAndRun(f *testing.F) {
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		f.Add(data, "fleet.cars=37")
	}
	f.Add([]byte(`{"schema":"trainscale/v1"}`), "workloads[0].mb_per_s=1e-300")
	f.Add([]byte(`[]`), "a[")
	f.Fuzz(func(t *testing.T, data []byte, set string) {
		var overrides []estimator.Override
		if o, err := estimator.ParseOverride(set); err == nil {
			overrides = append(overrides, o)
		}
		s, err := estimator.Decode(bytes.NewReader(data), overrides...)
		if err != nil {
			return
		}
		est, err := estimator.Run(s)
		if err != nil {
			return
		}
		for _, q := range est.Quantities() {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
				t.Fatalf("%s = %v", q.ID, q.Value)
			}
		}
	})
}

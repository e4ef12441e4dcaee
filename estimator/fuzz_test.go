package estimator_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// FuzzDecodeAndRun: any input either fails with an error or estimates to finite
// numbers, and reads back from its own export; nothing panics.
func FuzzDecodeAndRun(f *testing.F) {
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		f.Add(data, "fleet.cars=37")
	}
	f.Add([]byte(`{"schema":"trainscale/v1"}`), "workloads[0].mb_per_s=1e-300")
	// The rules of issue 10: duplicate keys, a byte-order mark, zero and
	// fractional range endpoints, dotted ids, -0.
	data, _ := examples.Read(examples.Default)
	f.Add(bytes.Replace(data, []byte(`"cars":`), []byte(`"cars": 1, "cars":`), 1), "name=x")
	f.Add(append([]byte("\uFEFF"), data...), `money.price_per_kwh={"low":0,"likely":0.1,"high":0.2}`)
	f.Add(data, `fleet.cars={"low":1.5,"likely":100,"high":200}`)
	f.Add(data, `team.concurrent_jobs={"low":1,"likely":6,"high":31}`)
	f.Add(data, `workloads[1].id="alexnet.gpu_time"`)
	f.Add(data, `money.price_per_kwh={"median":0,"p90":1}`)
	f.Add(data, `money.price_per_kwh={"low":0,"low":1,"likely":1,"high":2}`)
	f.Add(data, "money.network_per_system=-0")
	f.Add([]byte(`[]`), "a[")
	// The least a project needs, and its frame's sections set wrongly.
	project := []byte(`{"schema": "trainscale/v1", "units": "decimal", "project": {"runs": 1, "deadline_days": 90},
		"workloads": [{"id": "m", "transformer": {"model": "llama-3.1-8b", "tokens": 1e12, "precision": "bf16"}}],
		"systems": [{"id": "dgx-h100", "gpus": 8}]}`)
	f.Add(project, "project.runs=3")
	f.Add(project, `team={"members": 1, "concurrent_jobs": 1, "target_days": 7}`)
	f.Add(project, "project.deadline_days=null")
	f.Fuzz(func(t *testing.T, data []byte, set string) {
		var overrides []estimator.Override
		if o, err := estimator.ParseOverride(set); err == nil {
			overrides = append(overrides, o)
		}
		s, err := estimator.Decode(bytes.NewReader(data), overrides...)
		if err != nil {
			return
		}
		// What Decode accepts, its own export gives back.
		exported, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := estimator.Decode(bytes.NewReader(exported))
		if err != nil {
			t.Fatalf("the export of an accepted scenario does not decode: %v\n%s", err, exported)
		}
		if again, _ := back.MarshalJSON(); !bytes.Equal(exported, again) {
			t.Fatalf("the export changes when read back:\n%s\n%s", exported, again)
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

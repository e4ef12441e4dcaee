package tool_test

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/tool"
)

// callLimit is the most one request may take: every loop of the models is
// bounded by constants, not by the magnitude of what a user types, so no
// request comes near it (the slowest known, a 1e14-parameter model's fewest
// GPUs, takes 0.3 s).
const callLimit = 5 * time.Second

// within runs call and fails the fuzz case when it takes longer than
// callLimit: a hang is reported with its input instead of stalling the run.
func within(t *testing.T, what string, call func() (*tool.Result, error)) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		res, err := call()
		if err == nil {
			err = finite(res)
		} else if !estimator.IsInvalidInput(err) {
			err = fmt.Errorf("not a field error: %w", err)
		} else {
			err = nil
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(callLimit):
		t.Fatalf("%s: no answer within %v", what, callLimit)
	}
}

func finite(res *tool.Result) error {
	for _, q := range res.Quantities {
		if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
			return fmt.Errorf("%s = %v", q.ID, q.Value)
		}
	}
	return nil
}

// pick is the i-th of ids, whatever i.
func pick(ids []string, i uint8) string { return ids[int(i)%len(ids)] }

// at is id's index in ids, for a seed.
func at(ids []string, id string) uint8 { return uint8(slices.Index(ids, id)) }

// FuzzTransformer: any request either answers with finite numbers or fails
// with a field error, within callLimit; the seeds are issue 25's hangs.
func FuzzTransformer(f *testing.F) {
	models, gpus := hardware.TransformerModelIDs(), hardware.GPUIDs()
	l405, l8, h100, v100 := at(models, "llama-3.1-405b"), at(models, "llama-3.1-8b"), at(gpus, "h100-sxm"), at(gpus, "v100-sxm2-32gb")
	f.Add(l405, h100, 16384, 15.6e12, 0, 1e19, 0, 0, 0, "bf16")
	f.Add(l8, h100, 16, 1e9, 0, 0.0, 1, 1, 4096, "bf16")
	f.Add(l8, v100, 8, 1e9, 0, 0.0, 0, 0, 0, "bf16")
	f.Add(l405, h100, 131072, 1e18, 1<<24, 1e12, 8, 1024, 1<<20, "fp8")
	f.Add(l8, h100, -1, -1.0, -1, -1.0, -1, -1, -1, "")
	f.Fuzz(func(t *testing.T, model, gpu uint8, gpus int, tokens float64, seq int, gbt float64, tp, pp, mb int, precision string) {
		req := tool.TransformerRequest{Model: pick(hardware.TransformerModelIDs(), model), GPU: pick(hardware.GPUIDs(), gpu),
			GPUs: gpus, Tokens: tokens, Seq: seq, GlobalBatchTokens: gbt, Precision: precision}
		if tp != 0 || pp != 0 {
			req.TP, req.PP = &tp, &pp
			if mb != 0 {
				req.MicroBatch = &mb
			}
		}
		within(t, fmt.Sprintf("%+v tp=%d pp=%d mb=%d", req, tp, pp, mb), func() (*tool.Result, error) { return tool.Transformer(req) })
	})
}

// FuzzSize: the reverse questions likewise, the walk over GPU counts
// included; the seeds are issue 25's hangs.
func FuzzSize(f *testing.F) {
	models, gpus := hardware.TransformerModelIDs(), hardware.GPUIDs()
	// model is odd to name a catalog model: model/2 is its index.
	l405, l8, h100 := 2*at(models, "llama-3.1-405b")+1, 2*at(models, "llama-3.1-8b")+1, at(gpus, "h100-sxm")
	f.Add(h100, l405, 0.0, 1e-9, 0.0, 0, 0.0, 0.0)
	f.Add(h100, l8, 0.0, 30.0, 1e30, 0, 0.0, 0.0)
	f.Add(h100, uint8(0), 1e14, 3000.0, 1e9, 0, 0.0, 0.0)
	f.Add(h100, uint8(0), 0.0, 90.0, 0.0, 1024, 1e7, 2.5)
	f.Fuzz(func(t *testing.T, gpu, model uint8, params, days, tokens float64, gpus int, budget, price float64) {
		req := tool.SizeRequest{GPU: pick(hardware.GPUIDs(), gpu), Days: days, Tokens: tokens, GPUs: gpus, Params: params}
		if model%2 == 1 && params == 0 {
			req.Model = pick(hardware.TransformerModelIDs(), model/2)
		}
		if price != 0 {
			req.PricePerGPUHour = &price
			if budget != 0 {
				req.Budget = &budget
			}
		}
		within(t, fmt.Sprintf("%+v", req), func() (*tool.Result, error) { return tool.Size(req) })
	})
}

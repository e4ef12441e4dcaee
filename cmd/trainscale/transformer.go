package main

// The transformer command: what training a catalog transformer takes on GPUs
// of one kind. The model, its checks and its formulas live in estimator/tool
// (Transformer) and estimator/hardware (PlanTransformer).

import (
	"flag"

	"github.com/trainscale/trainscale/estimator/tool"
)

func runTransformer(e *env, args []string) error {
	var (
		req         tool.TransformerRequest
		mfu         float64
		tp, pp, mb  int
		calibration bool
		flags       *flag.FlagSet
	)
	return runTool(e, args, "transformer", "",
		func(fs *flag.FlagSet) {
			flags = fs
			fs.StringVar(&req.Model, "model", "", "catalog transformer `id` (trainscale catalog transformers)")
			fs.StringVar(&req.GPU, "gpu", "", "catalog GPU `id`")
			fs.StringVar(&req.System, "system", "", "catalog system `id` (default: the first that holds the GPU)")
			fs.IntVar(&req.GPUs, "gpus", 0, "`N` GPUs in the job")
			addCount(fs, &req.Tokens, "tokens", "`N` training tokens, such as 15T or 1.5e13")
			fs.StringVar(&req.Precision, "precision", "bf16", "`PRECISION`: bf16, fp8 or fp4")
			fs.IntVar(&req.Seq, "seq", 0, "`N`, the sequence length (default: the model's)")
			addCount(fs, &req.GlobalBatchTokens, "global-batch-tokens", "`N` tokens per optimizer step, such as 16M (default: 16M, at least a sequence per replica)")
			fs.Float64Var(&mfu, "mfu", 0, "`X`, the model FLOPs utilisation to assume instead of the modelled one, in (0, 1]")
			fs.IntVar(&tp, "tp", 0, "`N` tensor-parallel GPUs, to fix the layout (with --pp)")
			fs.IntVar(&pp, "pp", 0, "`N` pipeline stages, to fix the layout (with --tp)")
			fs.IntVar(&mb, "micro-batch", 0, "`N` sequences per micro-batch of a fixed layout (default 1)")
			fs.BoolVar(&calibration, "calibration", false, "instead, the model against every published training run, with its error")
		},
		func(_ *int, f tool.Factors) (*tool.Result, error) {
			if calibration {
				return tool.TransformerCalibration(f)
			}
			req.Factors = f
			// A flag left out is nil, so that an explicit 0 is an error.
			flags.Visit(func(fl *flag.Flag) {
				switch fl.Name {
				case "mfu":
					req.MFU = &mfu
				case "tp":
					req.TP = &tp
				case "pp":
					req.PP = &pp
				case "micro-batch":
					req.MicroBatch = &mb
				}
			})
			return tool.Transformer(req)
		})
}

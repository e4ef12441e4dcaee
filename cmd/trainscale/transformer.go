package main

// The transformer command: what training a transformer (a catalog model, a
// Hugging Face config.json or a shape) takes on GPUs of one kind. The model,
// its checks and its formulas live in estimator/tool (Transformer),
// estimator (ConfigModel) and estimator/hardware (PlanTransformer).

import (
	"flag"
	"io"
	"os"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
)

func runTransformer(e *env, args []string) error {
	var (
		req         tool.TransformerRequest
		mfu         float64
		tp, pp, mb  int
		calibration bool
		config      string
		shape       string
		flags       *flag.FlagSet
	)
	return runTool(e, args, "transformer", "",
		func(fs *flag.FlagSet) {
			flags = fs
			fs.StringVar(&req.Model, "model", "", "catalog transformer `id` (trainscale catalog transformers)")
			fs.StringVar(&config, "config", "", "instead, a model's Hugging Face config.json `FILE` as published (- reads standard input); model_type one of "+strings.Join(estimator.ConfigTypes(), ", "))
			fs.StringVar(&shape, "shape", "", "instead, a JSON `FILE` holding a shape as a scenario's workloads[].transformer.shape (layers, hidden, heads, ffn, activation, vocab, ...); needs --seq")
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
			addTuning(fs, &req.Tuning)
			fs.BoolVar(&calibration, "calibration", false, "instead, the model against every published training run, with its error")
		},
		func(_ *int, f tool.Factors) (*tool.Result, error) {
			if calibration {
				return tool.TransformerCalibration(f)
			}
			req.Factors = f
			var err error
			if req.Config, err = readTreeFile(e, config, "config"); err != nil {
				return nil, err
			}
			if req.Shape, err = readTreeFile(e, shape, "shape"); err != nil {
				return nil, err
			}
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

// addTuning registers the flags of what a run trains, which transformer
// and size share.
func addTuning(fs *flag.FlagSet, t *tool.Tuning) {
	fs.StringVar(&t.Mode, "mode", "pretrain", "`MODE`: pretrain, full (fine-tuning every weight), lora or qlora (adapters beside frozen 16-bit or 4-bit weights)")
	fs.IntVar(&t.LoRARank, "lora-rank", 0, "`R`, the adapters' rank with --mode lora or qlora (default 16)")
	fs.StringVar(&t.LoRATargets, "lora-targets", "", "`WHICH` matrices carry adapters: all (every matrix of every block, the default) or attention")
}

// readTreeFile reads the JSON file a flag names (- is standard input) into
// the tree the estimator takes; nil without the flag. Its problems name the
// file.
func readTreeFile(e *env, file, name string) (any, error) {
	var r io.Reader
	switch file {
	case "":
		return nil, nil
	case "-":
		r = e.stdin
	default:
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	tree, err := estimator.ReadTree(r, name)
	if err != nil {
		return nil, &sourceError{file, err}
	}
	return tree, nil
}

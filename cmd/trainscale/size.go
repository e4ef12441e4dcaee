package main

// The size command: transformer training asked backwards. From GPUs, days
// and a budget to the compute-optimal model and the largest that fits; from
// a model and days to the fewest GPUs. The search and every check live in
// estimator/tool (Size) and estimator/hardware (Sizing).

import (
	"flag"

	"github.com/trainscale/trainscale/estimator/tool"
)

func runSize(e *env, args []string) error {
	fs := newFlags(e, "size")
	var (
		tf            toolFlags
		req           tool.SizeRequest
		budget, price float64
		config        string
	)
	tf.register(fs, "", true)
	// The shared flags offer table and json; the answer is quantities, so
	// CSV writes them as estimate's does.
	tf.format.choices = append(tf.format.choices, "csv")
	fs.Lookup("format").Usage = "output `FORMAT`: " + orList(tf.format.choices)
	fs.StringVar(&req.GPU, "gpu", "", "catalog GPU `id`")
	fs.StringVar(&req.System, "system", "", "catalog system `id` (default: the first that holds the GPU)")
	fs.IntVar(&req.GPUs, "gpus", 0, "`N` GPUs: asks for the compute-optimal model and the largest that fits")
	fs.Float64Var(&req.Days, "days", 0, "`D` days the whole run may take (failures, stalls and ramps included)")
	fs.Float64Var(&budget, "budget", 0, "`MONEY` the run may cost, with --price-per-gpu-hour")
	fs.Float64Var(&price, "price-per-gpu-hour", 0, "`MONEY` one GPU-hour costs (rented or amortised)")
	fs.StringVar(&req.Currency, "currency", "USD", "`CODE` of --budget and --price-per-gpu-hour")
	fs.StringVar(&req.Precision, "precision", "bf16", "`PRECISION`: bf16, fp8 or fp4")
	fs.StringVar(&req.Family, "family", "", "catalog dense transformer `id` whose proportions a size outside the catalog takes (default: llama-3.1-8b)")
	fs.StringVar(&req.Model, "model", "", "catalog transformer `id`: asks for the fewest GPUs instead")
	fs.StringVar(&config, "config", "", "a model's Hugging Face config.json `FILE` (- reads standard input): asks for the fewest GPUs instead")
	addTuning(fs, &req.Tuning)
	addCount(fs, &req.Params, "params", "`N` parameters in the family's proportions, such as 70B: asks for the fewest GPUs instead")
	addCount(fs, &req.Tokens, "tokens", "`N` training tokens of --model, --config or --params, such as 15T (default: 20 per parameter; required to fine-tune)")
	if _, err := tf.parse(fs, args, 0); err != nil {
		return err
	}
	f, err := tf.loadFactors()
	if err != nil {
		return err
	}
	req.Factors = f
	if req.Config, err = readTreeFile(e, config, "config"); err != nil {
		return err
	}
	// A money flag left out is nil, so that an explicit 0 is an error.
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "budget":
			req.Budget = &budget
		case "price-per-gpu-hour":
			req.PricePerGPUHour = &price
		}
	})
	res, err := tool.Size(req)
	if err != nil || tf.format.value != "csv" {
		return tf.write(e, res, flagErrors(err, fs))
	}
	return writeCSV(e.stdout, res.Quantities)
}

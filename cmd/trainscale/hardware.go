package main

// The hardware commands: catalog, throughput, scale, memory, devices and
// calibrate. Each parses its flags into an estimator request and prints the
// result; the numbers, their formatting and every input check live in
// package estimator (tools*.go).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/estimator/tool"
)

// toolFlags are the flags the hardware commands share.
type toolFlags struct {
	format  *formatFlag
	factors string
	batch   int
}

// register declares the shared flags; batchHelp "" means no --batch.
func (tf *toolFlags) register(fs *flag.FlagSet, batchHelp string, withFactors bool) {
	tf.format = addFormat(fs, "table", "json")
	if withFactors {
		fs.StringVar(&tf.factors, "factors", "", "efficiency factors from a JSON `file` {\"factors\": {...}}, as calibrate --out writes; fields left out keep their calibrated defaults")
	}
	if batchHelp != "" {
		fs.IntVar(&tf.batch, "batch", 0, batchHelp)
	}
}

// parse reads the command line and checks the shared flags.
func (tf *toolFlags) parse(fs *flag.FlagSet, args []string, maxPositional int) ([]string, error) {
	pos, err := parse(fs, args, maxPositional)
	if err != nil {
		return nil, err
	}
	if err := tf.format.check(); err != nil {
		return nil, err
	}
	return pos, nil
}

// batchArg is --batch when it was given, so that an explicit 0 is an error
// and an absent flag leaves the estimator its default.
func (tf *toolFlags) batchArg(fs *flag.FlagSet) *int {
	var b *int
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "batch" {
			b = &tf.batch
		}
	})
	return b
}

// loadFactors reads --factors; without it the estimator's defaults apply.
func (tf *toolFlags) loadFactors() (tool.Factors, error) {
	fs, err := tf.loadFactorsSection()
	if err != nil || tf.factors == "" {
		return tool.Factors{}, err
	}
	h := fs.Resolve() // a file without a factors section: the defaults
	return tool.Factors{Values: &h, Source: "--factors " + tf.factors}, nil
}

// loadFactorsSection reads --factors as a scenario's factors section; nil
// without it.
func (tf *toolFlags) loadFactorsSection() (*estimator.Factors, error) {
	if tf.factors == "" {
		return nil, nil
	}
	f, err := os.Open(tf.factors)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fs, err := estimator.DecodeFactors(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tf.factors, err)
	}
	return fs, nil
}

// write prints a tool's result as --format asks, or returns the error of the
// estimator call that made it.
func (tf *toolFlags) write(e *env, res *tool.Result, err error) error {
	if err != nil {
		return err
	}
	if tf.format.value == "json" {
		return writeJSON(e.stdout, res)
	}
	w := e.stdout
	fmt.Fprintf(w, "%s\n\n", estimator.Printable(res.Title.EN))
	for _, n := range res.Notes {
		fmt.Fprintf(w, "%s: %s\n", estimator.Printable(n.Key), estimator.Printable(n.Text.EN))
	}
	if len(res.Notes) > 0 {
		fmt.Fprintln(w)
	}
	// The title stands for the first section's own ("Result").
	return writeSections(w, res.Sections, false)
}

func runCatalog(e *env, args []string) error {
	fs := newFlags(e, "catalog")
	var tf toolFlags
	tf.register(fs, "", false)
	pos, err := tf.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("catalog needs a TABLE: %s", strings.Join(tool.Tables, ", "))
	}
	l, err := tool.Catalog(pos[0])
	if err != nil {
		return err
	}
	if tf.format.value == "json" {
		return writeJSON(e.stdout, l)
	}
	return writeSections(e.stdout, []present.Section{l.Section}, true)
}

// runTool runs a hardware command that takes the shared flags and no
// arguments: declare adds the command's own flags, and estimate answers them
// with --batch (nil when not given) and the factors of --factors.
func runTool(e *env, args []string, name, batchHelp string, declare func(*flag.FlagSet),
	estimate func(batch *int, f tool.Factors) (*tool.Result, error)) error {
	fs := newFlags(e, name)
	var tf toolFlags
	tf.register(fs, batchHelp, true)
	declare(fs)
	if _, err := tf.parse(fs, args, 0); err != nil {
		return err
	}
	f, err := tf.loadFactors()
	if err != nil {
		return err
	}
	res, err := estimate(tf.batchArg(fs), f)
	return tf.write(e, res, flagErrors(err, fs))
}

// flagErrors renames the request fields an estimator error names after the
// flags that set them ("gpus: must be in [1, 131072]" becomes "--gpus: ..."),
// so the message points at the command line. The rules stay the estimator's.
func flagErrors(err error, fs *flag.FlagSet) error {
	var fe *estimator.FieldError
	if list, ok := err.(estimator.Errors); ok {
		renamed := make(estimator.Errors, len(list))
		for i, e := range list {
			renamed[i] = flagErrors(e, fs)
		}
		return renamed
	} else if errors.As(err, &fe) && fs.Lookup(strings.ReplaceAll(fe.Path, "_", "-")) != nil {
		renamed := *fe
		renamed.Path = "--" + strings.ReplaceAll(fe.Path, "_", "-")
		return &renamed
	}
	return err
}

func runThroughput(e *env, args []string) error {
	var req tool.ThroughputRequest
	return runTool(e, args, "throughput", "`N` samples per step (default: the largest power of two up to 256 that fits the GPU's memory; 32 on a CPU)",
		func(fs *flag.FlagSet) {
			fs.StringVar(&req.Model, "model", "", "catalog model `id` (trainscale catalog models)")
			fs.StringVar(&req.GPU, "gpu", "", "catalog GPU `id` (trainscale catalog gpus)")
			fs.StringVar(&req.CPU, "cpu", "", "catalog CPU `id`, instead of --gpu")
			fs.StringVar(&req.Precision, "precision", "fp32", "`PRECISION`: fp32, tf32 or mixed")
		},
		func(batch *int, f tool.Factors) (*tool.Result, error) {
			req.Batch, req.Factors = batch, f
			return tool.Throughput(req)
		})
}

func runScale(e *env, args []string) error {
	var (
		req     tool.ScaleRequest
		loaders int
		flags   *flag.FlagSet
	)
	return runTool(e, args, "scale", "`N` samples per GPU per step (default: the largest power of two up to 256 that fits the GPU's memory)",
		func(fs *flag.FlagSet) {
			flags = fs
			fs.StringVar(&req.Model, "model", "", "catalog model `id`")
			fs.StringVar(&req.System, "system", "", "catalog system `id` (trainscale catalog systems)")
			fs.IntVar(&req.GPUs, "gpus", 0, "`N` GPUs in the job; more than one system's worth spans systems")
			fs.StringVar(&req.Precision, "precision", "fp32", "`PRECISION`: fp32, tf32 or mixed")
			fs.BoolVar(&req.Sweep, "sweep", false, "also print the curve from 1 GPU to --gpus")
			fs.IntVar(&loaders, "loader-processes", 0, "`N` host decoding processes per GPU, 0 for every host core (default: --factors' host_loader_processes_per_gpu, else 16, torchvision's reference script's --workers)")
			fs.StringVar(&req.Decode, "decode", "", "where the images are decoded: `host` (a CPU loader, PyTorch's DataLoader; the default) or gpu (NVIDIA DALI-style, so the host caps nothing)")
		},
		func(batch *int, f tool.Factors) (*tool.Result, error) {
			req.Batch, req.Factors = batch, f
			// Left out, the factors' loader holds; an explicit 0 is every core.
			flags.Visit(func(fl *flag.Flag) {
				if fl.Name == "loader-processes" {
					req.LoaderProcesses = &loaders
				}
			})
			return tool.Scale(req)
		})
}

func runMemory(e *env, args []string) error {
	var (
		req       tool.MemoryRequest
		density   float64
		blockSize int
	)
	return runTool(e, args, "memory", "`N` samples per GPU per step (required)",
		func(fs *flag.FlagSet) {
			fs.StringVar(&req.Model, "model", "", "catalog model `id`")
			fs.StringVar(&req.GPU, "gpu", "", "catalog GPU `id`")
			fs.StringVar(&req.Precision, "precision", "fp32", "`PRECISION`: fp32, tf32 or mixed")
			fs.StringVar(&req.Optimizer, "optimizer", "sgd", "`OPTIMIZER`: sgd (with momentum) or adam")
			fs.Float64Var(&density, "density", 1, "`X`, the fraction of weights block sparsity keeps, in (0, 1]")
			fs.IntVar(&blockSize, "block-size", 32, "`N`, the side of a sparse block, with --density below 1")
		},
		func(batch *int, f tool.Factors) (*tool.Result, error) {
			req.Batch, req.Factors, req.Density, req.BlockSize = batch, f, &density, &blockSize
			return tool.Memory(req)
		})
}

func runDevices(e *env, args []string) error {
	var req tool.DevicesRequest
	return runTool(e, args, "devices", "`N` samples per step on both devices (default 32, as in the RTX 3050 vs CPU study)",
		func(fs *flag.FlagSet) {
			fs.StringVar(&req.Model, "model", "", "catalog model `id`")
			fs.StringVar(&req.GPU, "gpu", "", "catalog GPU `id`")
			fs.StringVar(&req.CPU, "cpu", "", "catalog CPU `id` (trainscale catalog cpus)")
			fs.StringVar(&req.Dataset, "dataset", "", "`DATASET`: cifar10 or imagenet (default: the model's)")
			fs.IntVar(&req.Epochs, "epochs", 0, "`N` passes over the dataset")
			fs.StringVar(&req.Precision, "precision", "fp32", "`PRECISION`: fp32, tf32 or mixed")
		},
		func(batch *int, f tool.Factors) (*tool.Result, error) {
			req.Batch, req.Factors = batch, f
			return tool.Devices(req)
		})
}

func runCalibrate(e *env, args []string) error {
	fs := newFlags(e, "calibrate")
	var (
		tf                toolFlags
		measurements, out string
	)
	tf.register(fs, "", true)
	fs.StringVar(&measurements, "measurements", "", "your own throughputs, a CSV `file` with header model,device,precision,batch,images_per_s; fits the factors to them")
	fs.StringVar(&out, "out", "", "with --measurements, write the fitted factors to this JSON `file` for --factors")
	// With measurements, csv lists each point before and after the fit.
	tf.format.choices = append(tf.format.choices, "csv")
	fs.Lookup("format").Usage = "output `FORMAT`: " + orList(tf.format.choices) + " (csv: with --measurements)"
	if _, err := tf.parse(fs, args, 0); err != nil {
		return err
	}
	if tf.format.value == "csv" && measurements == "" {
		return usagef("--format csv needs --measurements (the published figures as CSV: trainscale accuracy --format csv)")
	}
	if out == "-" {
		return usagef("--out: standard output holds the table; name a file")
	}
	if out != "" && measurements == "" {
		return usagef("--out needs --measurements: there is nothing to fit")
	}
	var (
		req tool.CalibrateRequest
		err error
	)
	if req.Factors, err = tf.loadFactors(); err != nil {
		return err
	}
	if measurements != "" {
		f, err := os.Open(measurements)
		if err != nil {
			return err
		}
		req.Measurements, err = tool.ParseMeasurementsCSV(f, filepath.Base(measurements))
		f.Close()
		if err != nil {
			return err
		}
	}
	res, err := tool.Calibrate(req)
	if err != nil {
		return err
	}
	if out != "" {
		factors := func(w io.Writer) error {
			return writeJSON(w, struct {
				Factors *hardware.Factors `json:"factors"`
			}{res.Factors})
		}
		if _, err := writeOutputs(e, "name a file", output{out, factors}); err != nil {
			return err
		}
		res.Notes = append(res.Notes, tool.Note{Key: "written", Text: estimator.Text{EN: out + " (use it with --factors)"}})
	}
	if tf.format.value == "csv" {
		return writeRecords(e, tool.FitRecords(res.Fit))
	}
	return tf.write(e, res, nil)
}

// Command trainscale sizes deep-learning compute from fleet data, networks and
// team targets, after NVIDIA's 2017 self-driving estimate. Run "trainscale help".
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// command is one subcommand: its synopsis for usage, and run, which declares its flags and does the work.
type command struct {
	name, args, summary string
	run                 func(env *env, args []string) error
}

// env is what a command may touch, so tests run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// usageError is a wrong command line: the CLI exits 2 and shows usage.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

func commands() []command {
	return []command{
		{"estimate", "[FILE|-] [--scenario NAME] [--set path=value ...] [--format table|json|csv]", "size the compute for a scenario (default: the 2017 article)", runEstimate},
		{"explain", "[ID] [FILE|-] [--scenario NAME] [--set path=value ...]", "show each quantity's formula with the numbers put in", runExplain},
		{"compare", "FILE|- ... [--scenario NAME ...] [--set path=value ...] [--format table|json|csv] [--all]", "put scenarios side by side: the inputs that differ and the outputs", runCompare},
		{"validate", "FILE|-", "check a scenario file and list every problem", runValidate},
		{"scenarios", "", "list the built-in example scenarios", runScenarios},
		{"fields", "[--lang en|ja] [--format table|markdown|json]", "list every scenario path (what --set takes) with its unit, rule and default", runFields},
		{"catalog", "gpus|cpus|systems|models|networks|datasets [--format table|json]", "list a hardware or model catalog with sources", runCatalog},
		{"throughput", "--model M --gpu G|--cpu C [--precision P] [--batch B] [--factors FILE] [--format table|json]", "images/s of one device training one model (roofline)", runThroughput},
		{"scale", "--model M --system S --gpus N [--precision P] [--batch B] [--sweep] [--loader-processes N] [--decode host|gpu] [--factors FILE] [--format table|json]", "speed-up and efficiency of data-parallel training on N GPUs", runScale},
		{"memory", "--model M --gpu G --batch B [--precision P] [--optimizer sgd|adam] [--density D] [--block-size K] [--factors FILE] [--format table|json]", "GPU memory of a training step, and whether it fits", runMemory},
		{"devices", "--model M --gpu G --cpu C --epochs E [--dataset cifar10|imagenet] [--precision P] [--batch B] [--factors FILE] [--format table|json]", "time of a training run on a GPU and on a CPU", runDevices},
		{"transformer", "(--model ID | --config FILE | --shape FILE) --gpu ID --gpus N --tokens T [--precision bf16|fp8|fp4] [--seq L] [--system S] [--mfu U] [--tp T --pp P [--micro-batch B]] [--factors FILE] [--format table|json] | --calibration", "FLOPs, layout, memory, MFU and GPU-hours of training a transformer", runTransformer},
		{"size", "--gpu ID (--gpus N | --model ID | --params N) --days D [--budget M --price-per-gpu-hour P] [--currency C] [--tokens T] [--precision P] [--family ID] [--format table|json|csv]", "transformer training backwards: the compute-optimal model for GPUs and days (and the largest that fits), or the fewest GPUs for a model", runSize},
		{"calibrate", "[--measurements FILE.csv] [--out FILE.json] [--factors FILE] [--format table|json|csv]", "the models against published (or your own) measurements; fit the factors", runCalibrate},
		{"accuracy", "[--factors FILE] [--format table|json|csv]", "every published figure beside the models, with the median and P90 error per model family, GPU generation, scale and set", runAccuracy},
		{"uncertainty", "[FILE|-] [--scenario NAME] [--set ...] [--samples N] [--seed N] [--workers N] [--format table|json]", "P10/P50/P90 of data, time, systems, cost and energy over the scenario's ranges", runUncertainty},
		{"sensitivity", "[FILE|-] [--scenario NAME] [--set ...] [--target ID] [--format table|json]", "rank the ranged inputs by how far they swing a quantity (a tornado)", runSensitivity},
		{"plan", "[FILE|-] [--scenario NAME] [--set path=value ...] [--prices FILE] [--as-of YYYY-MM-DD] [--format table|json|csv]", "what to buy or rent: the cheapest plan meeting the plan section's deadline, budgets and power, and the frontier (" + askSize + ")", runPlan},
		{"serve", "[--dir site/dist] [--addr 127.0.0.1:8080]", "serve the built page (make site) with its MIME types and Content-Security-Policy", runServe},
		{"html", "[FILE|-] -o report.html [--scenario NAME] [--set ...] [--lang en|ja] [--echarts PATH] [--samples N] [--compare NAME|FILE ...]", "the report as one self-contained HTML page with charts", runHTML},
		{"pdf", "[FILE|-] -o proposal.pdf [--scenario NAME] [--set ...] [--lang en|ja] [--font PATH] [--paper a4|letter]", "a budget proposal as PDF, charts drawn as vectors", runPDF},
		{"report", "[FILE|-] -o DIR [--scenario NAME] [--set ...] [--lang en|ja] [--echarts PATH] [--font PATH] [--compare NAME|FILE ...] [--factors FILE [--measurements FILE.csv]]", "write DIR/plan.xlsx, DIR/report.html and DIR/proposal.pdf together", runReport},
		{"xlsx", "[FILE|-] -o plan.xlsx [--scenario NAME] [--set path=value ...] [--samples N] [--seed N] [--compare NAME|FILE ...] [--date YYYY-MM-DD]", "the estimate as an Excel workbook: live formulas over editable inputs", runXLSX},
		{"version", "", "print the version", runVersion},
		{"licenses", "", "print the licences of what the binary carries: the Japanese PDF's font (IPAex Gothic, IPA Font License v1.0) and the echarts script (Apache-2.0, with zrender and tslib)", runLicenses},
	}
}

func main() {
	os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}))
}

// run executes one command line and returns the exit status (see exitCodes).
func run(args []string, e *env) int { return runCommands(commands(), args, e) }

// exitCodes ends the usage text; run keeps to it.
const exitCodes = `Exit status: 0 done; 1 failed (a file could not be read or written);
2 bad input (a flag, an argument or a scenario); 3 internal error (a bug:
please report it; TRAINSCALE_DEBUG=1 prints the stack).`

// runCommands is run over a given command list, so that tests can add a
// command that panics.
func runCommands(cmds []command, args []string, e *env) (code int) {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			args = []string{args[1], "--help"}
		} else {
			printUsage(e.stdout, cmds)
			return 0
		}
	}
	for _, c := range cmds {
		if c.name != args[0] {
			continue
		}
		// A panic is a bug, not bad input: one line says so, with status 3.
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(e.stderr, "trainscale %s: internal error: %s\n", c.name, estimator.Printable(fmt.Sprint(v)))
				if os.Getenv("TRAINSCALE_DEBUG") == "1" {
					e.stderr.Write(debug.Stack())
				}
				code = 3
			}
		}()
		err := c.run(e, args[1:])
		if err == nil || errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(e.stderr, "trainscale "+c.name+": "+estimator.PrintableLines(err.Error(), "\n  "))
		var ue *usageError
		switch {
		case errors.As(err, &ue):
			fmt.Fprintf(e.stderr, "usage: trainscale %s %s\n", c.name, c.args)
			return 2
		case estimator.IsInvalidInput(err):
			return 2
		}
		return 1
	}
	fmt.Fprintf(e.stderr, "trainscale: unknown command %v\n\n", estimator.Shown(strconv.Quote(args[0]), "en"))
	printUsage(e.stderr, cmds)
	return 2
}

func printUsage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "trainscale sizes deep-learning compute: data, training time, systems, storage and host.")
	fmt.Fprintln(w, "\nUsage: trainscale COMMAND [arguments]\n\nCommands:")
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'trainscale COMMAND --help' for a command's flags.\n\n"+exitCodes)
}

// newFlags makes a command's flag set. Its -h and --help print the command's
// usage; a wrong flag prints only the error (the flag package would print the
// whole usage for both).
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	h := &helpFlag{print: func() {
		for _, c := range commands() {
			if c.name == name {
				fmt.Fprintf(e.stdout, "usage: trainscale %s %s\n\n%s.\n", c.name, c.args, c.summary)
			}
		}
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}}
	fs.Var(h, "help", "show this help")
	fs.Var(h, "h", "show this help")
	return fs
}

// helpFlag is -h and --help: a boolean flag that remembers it was given.
type helpFlag struct {
	asked bool
	print func()
}

func (h *helpFlag) String() string   { return "false" }
func (h *helpFlag) Set(string) error { h.asked = true; return nil }
func (h *helpFlag) IsBoolFlag() bool { return true }

// helpAsked prints the usage and reports true when -h or --help was given.
func helpAsked(fs *flag.FlagSet) bool {
	h, ok := fs.Lookup("help").Value.(*helpFlag)
	if ok && h.asked {
		h.print()
	}
	return ok && h.asked
}

// parse reads flags wherever they stand among the positional arguments, so
// "estimate plan.json --format json" and "estimate --format json plan.json" agree.
func parse(fs *flag.FlagSet, args []string, maxPositional int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usagef("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if helpAsked(fs) {
		return nil, flag.ErrHelp
	}
	if len(pos) > maxPositional {
		return nil, usagef("too many arguments: %s", strings.Join(pos, " "))
	}
	return pos, nil
}

// usageFlags are the flags a command's synopsis names, without their dashes,
// in order and each once.
func usageFlags(cmds []command, name string) []string {
	var out []string
	for _, c := range cmds {
		if c.name != name {
			continue
		}
		for _, m := range usageFlag.FindAllStringSubmatch(c.args, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

var usageFlag = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// multiFlag collects a repeated flag such as --set.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ", ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

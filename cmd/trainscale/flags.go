package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// formatFlag is --format: one of a few output formats, the first the default.
type formatFlag struct {
	value   string
	choices []string
}

// addFormat declares --format on fs.
func addFormat(fs *flag.FlagSet, choices ...string) *formatFlag {
	f := &formatFlag{choices: choices}
	fs.StringVar(&f.value, "format", choices[0], "output `FORMAT`: "+orList(choices))
	return f
}

// check reports a format outside the choices as a usage error. It runs after
// parsing, not in a flag.Value's Set, so that --help still works beside a
// wrong --format and the message is ours rather than the flag package's.
func (f *formatFlag) check() error { return oneOf("--format", f.value, f.choices...) }

// oneOf is a usage error unless got is one of allowed.
func oneOf(flagName, got string, allowed ...string) error {
	for _, a := range allowed {
		if got == a {
			return nil
		}
	}
	return usagef("%s: must be %s, got %v", flagName, orList(allowed), estimator.Shown(strconv.Quote(got), "en"))
}

// orList joins words as prose: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// parseScenario reads the command line of a command that takes at most one
// scenario FILE and a --format, checks the format and the flags in checks, and
// loads the scenario.
func parseScenario(e *env, fs *flag.FlagSet, args []string, sf *scenarioFlags, format *formatFlag, checks ...checker) (*estimator.Scenario, error) {
	pos, err := parse(fs, args, 1)
	if err != nil {
		return nil, err
	}
	if err := checkAll(append(checks, format)...); err != nil {
		return nil, err
	}
	return sf.load(e, first(pos))
}

// intFlag is an integer flag that must lie in [lo, hi]. Set keeps the text
// and check parses it after the command line is read, as formatFlag does, so
// that the error names the flag and the rule in one shape for every numeric
// flag ("--samples: must be between 0 and 1000000, got -5"), even for values
// past the type's range, and --help works beside a wrong value.
type intFlag[T int | uint64] struct {
	name   string
	text   string
	lo, hi T
	value  T
}

// seedFlag declares --seed: any 64-bit seed.
func seedFlag(fs *flag.FlagSet, usage string) *intFlag[uint64] {
	return addInt[uint64](fs, "seed", 1, 0, math.MaxUint64, usage)
}

// addInt declares the integer flag name on fs with its default and bounds.
func addInt[T int | uint64](fs *flag.FlagSet, name string, def, lo, hi T, usage string) *intFlag[T] {
	f := &intFlag[T]{name: name, text: fmt.Sprint(def), lo: lo, hi: hi, value: def}
	fs.Var(f, name, usage)
	return f
}

func (f *intFlag[T]) String() string     { return f.text }
func (f *intFlag[T]) Set(s string) error { f.text = s; return nil }

// check parses the flag's text into value, or says why it cannot.
func (f *intFlag[T]) check() error {
	n, ok := new(big.Int).SetString(f.text, 10)
	if !ok {
		return usagef("--%s: must be a whole number between %d and %d, got %v", f.name, f.lo, f.hi, estimator.Shown(strconv.Quote(f.text), "en"))
	}
	lo, _ := new(big.Int).SetString(fmt.Sprint(f.lo), 10)
	hi, _ := new(big.Int).SetString(fmt.Sprint(f.hi), 10)
	if n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
		return usagef("--%s: must be between %d and %d, got %v", f.name, f.lo, f.hi, estimator.Shown(n.String(), "en"))
	}
	if n.Sign() < 0 {
		f.value = T(n.Int64())
	} else {
		f.value = T(n.Uint64())
	}
	return nil
}

// A checker is a flag checked after parsing.
type checker interface{ check() error }

// checkAll runs the checks of a command's flags; the first failure wins.
func checkAll(checks ...checker) error {
	for _, c := range checks {
		if err := c.check(); err != nil {
			return err
		}
	}
	return nil
}

// countFlag is a count as people write it (estimator.ParseCount): --tokens
// 15T, 1.5e13 and 15e12 are the same.
type countFlag struct{ value *float64 }

// addCount declares the count flag name on fs, writing into p.
func addCount(fs *flag.FlagSet, p *float64, name, usage string) {
	fs.Var(countFlag{p}, name, usage)
}

func (f countFlag) String() string {
	if f.value == nil {
		return "0"
	}
	return strconv.FormatFloat(*f.value, 'g', -1, 64)
}

func (f countFlag) Set(s string) error {
	v, ok := estimator.ParseCount(s)
	if !ok {
		return errors.New("must be a number, such as 15T, 1.5e13 or 15e12 (suffixes k, M, B, T, P)")
	}
	*f.value = v
	return nil
}

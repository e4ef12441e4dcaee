package main

import (
	"flag"
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
	fs.StringVar(&f.value, "format", choices[0], "output `format`: "+orList(choices))
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
	return usagef("%s must be %s, got %q", flagName, orList(allowed), got)
}

// orList joins words as prose: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// parseScenario reads the command line of a command that takes at most one
// scenario FILE and a --format, checks the format, and loads the scenario.
func parseScenario(e *env, fs *flag.FlagSet, args []string, sf *scenarioFlags, format *formatFlag) (*estimator.Scenario, error) {
	pos, err := parse(fs, args, 1)
	if err != nil {
		return nil, err
	}
	if err := format.check(); err != nil {
		return nil, err
	}
	return sf.load(e, first(pos))
}

package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// scenarioFlags are the flags every command that reads a scenario shares.
type scenarioFlags struct {
	name string
	sets multiFlag
	// source names the scenario load read (the file as given, stdin or the
	// built-in name), for wrap.
	source string
}

func (sf *scenarioFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.name, "scenario", "", "a built-in scenario by `NAME` (see 'trainscale scenarios')")
	fs.Var(&sf.sets, "set", "override one field, `path=value` (e.g. fleet.cars=37); repeatable")
}

// load reads the scenario from file ("-" is stdin), or the named built-in one,
// or the default, and applies the --set overrides.
func (sf *scenarioFlags) load(e *env, file string) (*estimator.Scenario, error) {
	var overrides []estimator.Override
	for _, s := range sf.sets {
		o, err := estimator.ParseOverride(s)
		if err != nil {
			return nil, err
		}
		overrides = append(overrides, o)
	}
	var r io.Reader
	switch {
	case file != "" && sf.name != "":
		return nil, usagef("give a FILE or --scenario, not both")
	case file == "-":
		r, sf.source = e.stdin, "stdin"
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, sf.source = f, file
	default:
		sf.source = sf.name
		if sf.source == "" {
			sf.source = examples.Default
		}
		data, ok := examples.Read(sf.source)
		if !ok {
			return nil, usagef("no built-in scenario %v (have: %s)", estimator.Shown(strconv.Quote(sf.source), "en"), strings.Join(examples.Names(), ", "))
		}
		r = bytes.NewReader(data)
	}
	s, err := estimator.Decode(r, overrides...)
	return s, sf.wrap(err)
}

// wrap names the loaded scenario in an error about it (decoding, validation,
// an estimate that overflows), so the user knows which file to fix.
func (sf *scenarioFlags) wrap(err error) error {
	if err == nil {
		return nil
	}
	return &sourceError{sf.source, err}
}

// sourceError names the scenario on every line of its problems, so the
// problems of several files read apart.
type sourceError struct {
	name string
	err  error
}

func (e *sourceError) Unwrap() error { return e.err }

func (e *sourceError) Error() string {
	lines := strings.Split(e.err.Error(), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, e.name+": ") {
			lines[i] = e.name + ": " + l
		}
	}
	return strings.Join(lines, "\n")
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

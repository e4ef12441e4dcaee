package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// scenarioFlags are the flags every command that reads a scenario shares.
type scenarioFlags struct {
	name string
	sets multiFlag
}

func (sf *scenarioFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.name, "scenario", "", "a built-in scenario by name (see 'trainscale scenarios')")
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
	var (
		r    io.Reader
		name string
	)
	switch {
	case file != "" && sf.name != "":
		return nil, usagef("give a FILE or --scenario, not both")
	case file == "-":
		r, name = e.stdin, "stdin"
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, file
	default:
		name = sf.name
		if name == "" {
			name = examples.Default
		}
		data, ok := examples.Read(name)
		if !ok {
			return nil, usagef("no built-in scenario %q (have: %s)", name, strings.Join(examples.Names(), ", "))
		}
		r = bytes.NewReader(data)
	}
	s, err := estimator.Decode(r, overrides...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

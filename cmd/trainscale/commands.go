package main

import (
	"bytes"
	"fmt"
	"runtime/debug"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

func runExplain(e *env, args []string) error {
	fs := newFlags(e, "explain")
	var sf scenarioFlags
	sf.register(fs)
	pos, err := parse(fs, args, 2)
	if err != nil {
		return err
	}
	// One positional argument is an id unless it names a file or stdin.
	var id, file string
	switch len(pos) {
	case 2:
		id, file = pos[0], pos[1]
	case 1:
		if pos[0] == "-" || isFile(pos[0]) {
			file = pos[0]
		} else {
			id = pos[0]
		}
	}
	s, err := sf.load(e, file)
	if err != nil {
		return err
	}
	est, err := estimator.Run(s)
	if err != nil {
		return sf.wrap(err)
	}
	ids := []string{id}
	if id == "" {
		ids = ids[:0]
		for _, q := range est.Quantities() {
			ids = append(ids, q.ID)
		}
	}
	for _, id := range ids {
		text, err := est.Explain(id)
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, cleanLines(text, "\n"))
	}
	return nil
}

func runValidate(e *env, args []string) error {
	fs := newFlags(e, "validate")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("validate needs a FILE (or - for stdin)")
	}
	var sf scenarioFlags
	s, err := sf.load(e, pos[0])
	if err != nil {
		return err
	}
	if _, err := estimator.Run(s); err != nil {
		return sf.wrap(err)
	}
	fmt.Fprintf(e.stdout, "%s: valid (%s)\n", clean(pos[0]), clean(s.Name))
	return nil
}

func runScenarios(e *env, args []string) error {
	if _, err := parse(newFlags(e, "scenarios"), args, 0); err != nil {
		return err
	}
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		s, err := estimator.Decode(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("built-in scenario %s: %w", name, err)
		}
		fmt.Fprintf(e.stdout, "%-24s %s\n", name, s.Name)
	}
	return nil
}

// version is set at link time (-ldflags "-X main.version=v1.2.3"); otherwise
// the module's build information stands in.
var version = ""

func runVersion(e *env, args []string) error {
	if _, err := parse(newFlags(e, "version"), args, 0); err != nil {
		return err
	}
	v := version
	if v == "" {
		v = "devel"
		if info, ok := debug.ReadBuildInfo(); ok {
			for _, s := range info.Settings {
				if s.Key == "vcs.revision" {
					v += " " + s.Value
				}
			}
		}
	}
	fmt.Fprintf(e.stdout, "trainscale %s (schema %s)\n", v, estimator.SchemaV1)
	return nil
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

// compareSource is one scenario on the command line: a file ("-" for stdin) or
// a built-in name, in the order given.
type compareSource struct {
	file, builtin string
}

// builtinFlag is --scenario for compare: repeatable, and kept in line with the
// files around it so the columns follow the command line.
type builtinFlag struct{ sources *[]compareSource }

func (f builtinFlag) String() string { return "" }
func (f builtinFlag) Set(v string) error {
	*f.sources = append(*f.sources, compareSource{builtin: v})
	return nil
}

func runCompare(e *env, args []string) error {
	flags := newFlags(e, "compare")
	var sources []compareSource
	var sets multiFlag
	flags.Var(builtinFlag{&sources}, "scenario", "a built-in scenario by `NAME` (see 'trainscale scenarios'); repeatable")
	flags.Var(&sets, "set", "override one field in every scenario, `path=value` (e.g. team.target_days=14); repeatable")
	format := addFormat(flags, "table", "json", "csv")
	all := flags.Bool("all", false, "table: every quantity, not only the headline (json and csv always hold all)")
	for {
		if err := flags.Parse(args); err != nil {
			return usagef("%v", err)
		}
		if flags.NArg() == 0 {
			break
		}
		sources = append(sources, compareSource{file: flags.Arg(0)})
		args = flags.Args()[1:]
	}
	if helpAsked(flags) {
		return flag.ErrHelp
	}
	if err := format.check(); err != nil {
		return err
	}
	if len(sources) < 2 {
		return usagef("compare needs at least two scenarios (files, - for stdin, or --scenario NAME), got %d", len(sources))
	}
	for _, o := range sets { // once here, not once per scenario
		if _, err := estimator.ParseOverride(o); err != nil {
			return err
		}
	}
	stdin := 0
	for _, src := range sources {
		if src.file == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef("stdin (-) can be read only once")
	}

	ests := make([]*estimator.Estimate, len(sources))
	var errs []error
	for i, src := range sources {
		sf := scenarioFlags{name: src.builtin, sets: sets}
		s, err := sf.load(e, src.file)
		if err == nil {
			ests[i], err = estimator.Run(s)
			err = sf.wrap(err)
		}
		var ue *usageError
		if errors.As(err, &ue) {
			return err // an unknown built-in name: show the usage at once
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...) // every scenario's problems at once
	}

	cmp := present.Compare(columnNames(sources), ests)
	switch format.value {
	case "json":
		return writeJSON(e.stdout, cmp) // the one shape present.Comparison defines
	case "csv":
		return writeCompareCSV(e.stdout, cmp)
	}
	return writeCompareTable(e.stdout, cmp, ests, *all)
}

// display names the source in messages: the file as given, stdin, or the built-in name.
func (src compareSource) display() string {
	switch src.file {
	case "":
		return src.builtin
	case "-":
		return "stdin"
	}
	return src.file
}

// columnNames heads each column with the file's base name without .json (or
// the built-in name), numbering repeats so every column is told apart.
func columnNames(sources []compareSource) []string {
	names := make([]string, len(sources))
	seen := map[string]int{}
	for i, src := range sources {
		name := src.display()
		if src.file != "" && src.file != "-" {
			name = strings.TrimSuffix(filepath.Base(src.file), ".json")
		}
		seen[name]++
		if n := seen[name]; n > 1 {
			name += "#" + strconv.Itoa(n)
		}
		names[i] = name
	}
	return names
}

// unitSystemNote says which units a table's data and rates are shown in.
func unitSystemNote(us estimator.UnitSystem) string {
	if us == estimator.Decimal {
		return "decimal units: TB = 10^12 B, MB = 10^6 B"
	}
	return "binary units: TB = 2^40 B, MB = 2^20 B"
}

// writeCompareTable prints a Table 1: the scenarios, the inputs that differ,
// then the headline outputs (every output with all).
func writeCompareTable(w io.Writer, cmp present.Comparison, ests []*estimator.Estimate, all bool) error {
	fmt.Fprintf(w, "%d scenarios side by side (values in the first one's %s)\n\n", len(ests), unitSystemNote(cmp.Units))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for i, est := range ests {
		fmt.Fprintf(tw, "  %s\t%s\n", estimator.Printable(cmp.Columns[i]), estimator.Printable(est.Scenario.Name))
	}
	fmt.Fprintln(tw)
	header := "\t" + cleanRow(cmp.Columns)

	if len(cmp.Inputs) == 0 {
		fmt.Fprintln(tw, "Inputs: the same in every scenario")
	} else {
		fmt.Fprintln(tw, "Inputs that differ"+header)
		for _, r := range cmp.Inputs {
			cells := []string{r.Path}
			for _, v := range r.Values {
				cells = append(cells, v.String())
			}
			fmt.Fprintln(tw, cleanRow(cells))
		}
	}
	fmt.Fprintln(tw)

	rows, title := cmp.Headline(), "Outputs (headline; --all for every quantity)"
	if all {
		rows, title = cmp.Quantities, "Outputs"
	}
	fmt.Fprintln(tw, title+header)
	for _, r := range rows {
		cells := []string{r.ID}
		for i := range r.Values {
			cells = append(cells, r.Format(i, cmp.Units, estimator.English))
		}
		fmt.Fprintln(tw, cleanRow(cells))
	}
	return tw.Flush()
}

// rowUnit lists a row's units per column ("" where absent) and whether the
// present ones differ.
func rowUnit(r present.QuantityRow) ([]string, bool) {
	units := make([]string, len(r.Units))
	mixed := false
	for i, u := range r.Units {
		units[i] = string(u)
		if u != "" && u != r.Unit {
			mixed = true
		}
	}
	return units, mixed
}

// writeCompareCSV writes one row per differing input, then one per quantity;
// values are as in the files and in base units, empty where a scenario lacks one.
func writeCompareCSV(w io.Writer, cmp present.Comparison) error {
	cw := newCSV(w)
	cw.Write(append([]string{"kind", "id", "label", "unit"}, cmp.Columns...))
	for _, r := range cmp.Inputs {
		rec := []string{"input", r.Path, "", ""}
		for _, v := range r.Values {
			text := ""
			if v.Set {
				text = v.String()
			}
			rec = append(rec, text)
		}
		cw.Write(rec)
	}
	for _, r := range cmp.Quantities {
		unit := string(r.Unit)
		if units, mixed := rowUnit(r); mixed {
			unit = strings.Join(units, "|")
		}
		rec := []string{"quantity", r.ID, r.Label.EN, unit}
		for _, v := range r.Values {
			text := ""
			if v != nil {
				text = strconv.FormatFloat(*v, 'g', -1, 64)
			}
			rec = append(rec, text)
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/trainscale/trainscale/estimator"
)

func runEstimate(e *env, args []string) error {
	fs := newFlags(e, "estimate")
	var sf scenarioFlags
	sf.register(fs)
	format := addFormat(fs, "table", "json", "csv")
	s, err := parseScenario(e, fs, args, &sf, format)
	if err != nil {
		return err
	}
	est, err := estimator.Run(s)
	if err != nil {
		return sf.wrap(err)
	}
	switch format.value {
	case "json":
		return writeJSON(e.stdout, struct {
			Scenario   *estimator.Scenario  `json:"scenario"`
			Quantities []estimator.Quantity `json:"quantities"`
		}{s, est.Quantities()})
	case "csv":
		return writeCSV(e.stdout, est.Quantities())
	}
	return writeTable(e.stdout, est)
}

// cleanRow cleans each cell and joins them for a tabwriter.
func cleanRow(cells []string) string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = estimator.Printable(c)
	}
	return strings.Join(out, "\t")
}

func first(pos []string) string {
	if len(pos) == 0 {
		return ""
	}
	return pos[0]
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeCSV(w io.Writer, qs []estimator.Quantity) error {
	cw := newCSV(w)
	cw.Write([]string{"id", "label", "value", "unit", "formula", "source"})
	for _, q := range qs {
		cw.Write([]string{q.ID, q.Label, strconv.FormatFloat(q.Value, 'g', -1, 64), string(q.Unit), q.Formula, q.Source})
	}
	cw.Flush()
	return cw.Error()
}

// writeTable prints what the article prints, rounded as it rounds.
func writeTable(w io.Writer, est *estimator.Estimate) error {
	rep := estimator.Summarize(est)
	fmt.Fprintf(w, "%s (%s units)\n\n", estimator.Printable(rep.Name), est.Scenario.Units)
	return writeSections(w, rep.Sections, true)
}

// writeSections prints tables one under another, each followed by a blank
// line and headed by its title, but for the first unless firstTitle. Every
// cell is cleaned: names come from the scenario.
func writeSections(w io.Writer, sections []estimator.Section, firstTitle bool) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for i, sec := range sections {
		if i > 0 || firstTitle {
			fmt.Fprintf(tw, "%s\n", estimator.Printable(sec.Title))
		}
		for _, row := range sec.Rows {
			fmt.Fprintln(tw, cleanRow(row))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

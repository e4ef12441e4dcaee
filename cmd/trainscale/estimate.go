package main

import (
	"encoding/csv"
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
	format := fs.String("format", "table", "output `format`: table, json or csv")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *format != "table" && *format != "json" && *format != "csv" {
		return usagef("--format must be table, json or csv, got %q", *format)
	}
	s, err := sf.load(e, first(pos))
	if err != nil {
		return err
	}
	est, err := estimator.Run(s)
	if err != nil {
		return err
	}
	switch *format {
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
	cw := csv.NewWriter(w)
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
	fmt.Fprintf(w, "%s (%s units)\n\n", rep.Name, est.Scenario.Units)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for _, sec := range rep.Sections {
		fmt.Fprintf(tw, "%s\n", sec.Title)
		for _, row := range sec.Rows {
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

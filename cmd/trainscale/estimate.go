package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
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

// writeJSON writes v as indented JSON, the user's text in it kept as given
// but escaped as estimator.Printable's rule asks: encoding/json writes the
// C0 controls in a string as \u escapes already, and escapeJSON does the
// same for the rest (DEL, C1, the bidirectional controls), so no string can
// act on the terminal that shows it, and each still decodes to what it was.
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
}

// escapeJSON writes each rune from DEL up that estimator.Unprintable names
// as a \u escape. Outside its strings encoding/json writes ASCII only, so
// every such rune is inside a string, where the escape means the same rune.
func escapeJSON(b []byte) []byte {
	unprintable := func(r rune) bool { return r >= 0x7f && estimator.Unprintable(r) }
	if !bytes.ContainsFunc(b, unprintable) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if unprintable(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return out
}

func writeCSV(w io.Writer, qs []estimator.Quantity) error {
	cw := newCSV(w)
	cw.Write([]string{"id", "label", "value", "p10", "p90", "unit", "formula", "source"})
	for _, q := range qs {
		lo, hi := "", ""
		if q.HasBand() {
			lo, hi = strconv.FormatFloat(q.P10, 'g', -1, 64), strconv.FormatFloat(q.P90, 'g', -1, 64)
		}
		cw.Write([]string{q.ID, q.Label.EN, strconv.FormatFloat(q.Value, 'g', -1, 64), lo, hi, string(q.Unit), q.Formula, q.Source.EN})
	}
	cw.Flush()
	return cw.Error()
}

// writeTable prints what the article prints, rounded as it rounds.
func writeTable(w io.Writer, est *estimator.Estimate) error {
	rep := present.Summarize(est, estimator.English)
	fmt.Fprintf(w, "%s (%s units)\n\n", estimator.Printable(rep.Name), est.Scenario.Units)
	return writeSections(w, rep.Sections, true)
}

// writeSections prints tables one under another, each followed by a blank
// line and headed by its title, but for the first unless firstTitle. Every
// cell is cleaned: names come from the scenario.
func writeSections(w io.Writer, sections []present.Section, firstTitle bool) error {
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

package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
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
		text, err := present.Explain(est, id, estimator.English)
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, estimator.PrintableLines(text, "\n"))
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
	fmt.Fprintf(e.stdout, "%s: valid (%s)\n", estimator.Printable(pos[0]), estimator.Printable(s.Name))
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

// runFields prints the estimator's fields table: every path --set and a
// scenario file take, with its unit, its own rules and what leaving it out
// means. The markdown is docs/fields.md (a test keeps the two the same); the
// JSON is the table itself, in both languages.
func runFields(e *env, args []string) error {
	fs := newFlags(e, "fields")
	lang := fs.String("lang", "en", "`LANG` of the labels, units and notes: en or ja")
	format := addFormat(fs, "table", "markdown", "json")
	if _, err := parse(fs, args, 0); err != nil {
		return err
	}
	if err := checkAll(format); err != nil {
		return err
	}
	if err := oneOf("--lang", *lang, "en", "ja"); err != nil {
		return err
	}
	in := estimator.Lang(*lang)
	fields := estimator.Fields()
	switch format.value {
	case "json":
		return writeJSON(e.stdout, fields)
	case "markdown":
		return writeFieldsMarkdown(e.stdout, fields, in)
	}
	rows := [][]string{{"path", "unit", "label", "if left out", "rule"}}
	if in == estimator.Japanese {
		rows[0] = []string{"パス", "単位", "項目", "省略時", "規則"}
	}
	for _, f := range fields {
		r := fieldRow(f, in)
		rows = append(rows, []string{r.path, r.unit, r.label, r.unset, r.rule})
	}
	return writeColumns(e.stdout, rows)
}

// fieldText is a field in words, in one language. A unit in the scenario's
// currency names the field that sets it.
type fieldText struct{ path, unit, rule, unset, label, help string }

func fieldRow(f estimator.Field, lang estimator.Lang) fieldText {
	rule := f.RuleText(lang)
	if f.Optional {
		sep, optional := "; ", "optional"
		if lang == "ja" {
			sep, optional = "。", "省略可"
		}
		rule = strings.TrimPrefix(rule+sep+optional, sep)
	}
	unset := f.Unset.In(lang)
	if f.Optional && unset == "" {
		unset = "-"
	}
	return fieldText{f.Path, f.UnitIn(lang, "money.currency"), rule, unset, f.Label.In(lang), f.Help.In(lang)}
}

func writeFieldsMarkdown(w io.Writer, fields []estimator.Field, lang estimator.Lang) error {
	var b strings.Builder
	b.WriteString("| path | unit | rule | if left out | meaning |\n| --- | --- | --- | --- | --- |\n")
	for _, f := range fields {
		r := fieldRow(f, lang)
		meaning := r.label
		if r.help != "" {
			meaning += ": " + r.help
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.path, r.unit, r.rule, r.unset, meaning)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

package present

import (
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Comparison lines estimates up side by side, the way the article's Table 1
// sets its conservative assumptions beside alternatives: the inputs that differ
// between the scenarios, then every quantity any of them reports, one column per
// scenario. It picks values and computes none.
//
// Its JSON is the one shape every surface emits for a comparison (the CLI's
// compare --format json, the wasm API's compare): columns, the scenarios'
// names, the unit system, the differing inputs and every quantity row with
// its values in base units and as Format prints them.
type Comparison struct {
	Columns []string `json:"columns"` // one per scenario, as the caller named them
	Names   []string `json:"names"`   // each scenario's own name
	// Units is the unit system every column is shown in: the first scenario's, so
	// one yardstick reads across a row (a decimal scenario's 104 TB reads 94.59 TB
	// beside a binary one). Values themselves are base units and need no choice.
	Units      estimator.UnitSystem `json:"units"`
	Inputs     []InputRow           `json:"inputs"`     // the inputs whose values are not the same in every scenario
	Quantities []QuantityRow        `json:"quantities"` // every quantity id of any scenario
}

// InputRow is one scenario path with its value in each scenario.
type InputRow struct {
	Path   string       `json:"path"`
	Values []InputValue `json:"values"`
}

// InputValue is one scenario's value of an input: a number, or text for string
// and boolean fields. A field the scenario leaves out (a nil pointer, an empty
// string, a list element it does not have) is not Set.
type InputValue struct {
	Set    bool
	Number float64
	Text   string // non-empty for string and boolean fields
}

// String shows the value as the scenario file would: "-" when not set.
func (v InputValue) String() string {
	switch {
	case !v.Set:
		return "-"
	case v.Text != "":
		return v.Text
	}
	return strconv.FormatFloat(v.Number, 'g', -1, 64)
}

// MarshalJSON writes null, a number or a string.
func (v InputValue) MarshalJSON() ([]byte, error) {
	switch {
	case !v.Set:
		return []byte("null"), nil
	case v.Text != "":
		return minjson.Append(nil, v.Text)
	}
	return minjson.Append(nil, v.Number)
}

// QuantityRow is one quantity id with its value in each scenario.
type QuantityRow struct {
	ID    string         `json:"id"`
	Label estimator.Text `json:"label"` // from the first scenario that has it; JSON: label and label_ja (MarshalJSON)
	Unit  estimator.Unit `json:"unit"`  // from the first scenario that has it
	// Headline marks the figures a planner reads first (IsHeadline) in any
	// of the scenarios.
	Headline bool             `json:"headline"`
	Values   []*float64       `json:"values"` // per scenario, base units; nil where it has no such quantity
	Units    []estimator.Unit `json:"units"`  // per scenario ("" where absent); a money figure follows its scenario's currency
	Text     []string         `json:"text"`   // per scenario, as Format prints it in the comparison's unit system; "-" where absent
}

// MarshalJSON writes the row with its label as English text and its Japanese
// beside it (label, label_ja), as a quantity's JSON does.
func (r QuantityRow) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, struct {
		ID       string           `json:"id"`
		Label    string           `json:"label"`
		LabelJA  string           `json:"label_ja,omitempty"`
		Unit     estimator.Unit   `json:"unit"`
		Headline bool             `json:"headline"`
		Values   []*float64       `json:"values"`
		Units    []estimator.Unit `json:"units"`
		Text     []string         `json:"text"`
	}{r.ID, r.Label.EN, r.Label.JA, r.Unit, r.Headline, r.Values, r.Units, r.Text})
}

// Format shows column i's value with Format in unit system us and the unit
// words of lang ("21 days", "21 日"), "-" when absent. A row of times
// reads in one unit, its largest's (ChooseColumn): 52.6 days beside 44.97
// years reads 0.14 years.
func (r QuantityRow) Format(i int, us estimator.UnitSystem, lang estimator.Lang) string {
	if r.Values[i] == nil {
		return "-"
	}
	if r.Units[i] != estimator.Seconds {
		return Format(*r.Values[i], r.Units[i], us, lang)
	}
	var times []float64
	for j, v := range r.Values {
		if v != nil && r.Units[j] == estimator.Seconds {
			times = append(times, *v)
		}
	}
	return ChooseColumn(estimator.Seconds, us, times, Article).Format(*r.Values[i], lang)
}

// Compare lines up estimates; names[i] heads estimate i's column (the scenario's
// name when names is shorter).
//
// Inputs are compared by scenario path (the paths of --set and of a file's
// sources): every number InputValues lists and every string field except the
// scenario's schema, name, notes and the labels, which only describe. List
// elements are compared by position, so "workloads[0].id" shows which workload
// each scenario puts first. Rows and quantities keep the scenarios' own order:
// the first scenario's, with what a later one adds placed after the entry it
// follows there.
func Compare(names []string, ests []*estimator.Estimate) Comparison {
	c := Comparison{Columns: make([]string, len(ests)), Names: make([]string, len(ests)), Inputs: []InputRow{}, Quantities: []QuantityRow{}}
	for i, e := range ests {
		c.Columns[i], c.Names[i] = e.Scenario.Name, e.Scenario.Name
		if i < len(names) {
			c.Columns[i] = names[i]
		}
	}
	if len(ests) == 0 {
		return c
	}
	c.Units = ests[0].Scenario.Units

	inputs := make([]map[string]InputValue, len(ests))
	var paths []string
	for i, e := range ests {
		var order []string
		inputs[i], order = comparedInputs(e.Scenario)
		paths = mergeOrder(paths, order)
	}
	for _, p := range paths {
		row := InputRow{Path: p, Values: make([]InputValue, len(ests))}
		for i := range ests {
			row.Values[i] = inputs[i][p]
		}
		if slices.ContainsFunc(row.Values[1:], func(v InputValue) bool { return v != row.Values[0] }) {
			c.Inputs = append(c.Inputs, row)
		}
	}

	var ids []string
	headline := map[string]bool{}
	for _, e := range ests {
		var order []string
		for _, q := range e.Quantities() {
			order = append(order, q.ID)
		}
		ids = mergeOrder(ids, order)
		for _, id := range estimator.Headline(e) {
			headline[id] = true
		}
	}
	for _, id := range ids {
		row := QuantityRow{ID: id, Headline: headline[id], Values: make([]*float64, len(ests)), Units: make([]estimator.Unit, len(ests))}
		for i, e := range ests {
			q, ok := e.Get(id)
			if !ok {
				continue
			}
			if row.Label.EN == "" {
				row.Label.EN, row.Label.JA, row.Unit = q.Label.EN, q.Label.JA, q.Unit
			}
			v := q.Value
			row.Values[i], row.Units[i] = &v, q.Unit
		}
		for i := range ests {
			row.Text = append(row.Text, row.Format(i, c.Units, estimator.English))
		}
		c.Quantities = append(c.Quantities, row)
	}
	return c
}

// Headline returns the headline rows, in order.
func (c Comparison) Headline() []QuantityRow {
	var out []QuantityRow
	for _, r := range c.Quantities {
		if r.Headline {
			out = append(out, r)
		}
	}
	return out
}

// comparedInputs lists a scenario's compared inputs by path, and their order:
// every field it sets, as the field table lists them.
func comparedInputs(s *estimator.Scenario) (map[string]InputValue, []string) {
	out := map[string]InputValue{}
	var order []string
	for _, in := range estimator.Inputs(s) {
		if !in.Set || in.Field.Object {
			continue
		}
		iv := InputValue{Set: true, Number: in.Number}
		if in.IsText {
			if in.Text == "" || !comparedText(in.Path) {
				continue
			}
			iv = InputValue{Set: true, Text: in.Text}
		}
		out[in.Path] = iv
		order = append(order, in.Path)
	}
	return out, order
}

// comparedText says whether a string field takes part: not the schema, the
// scenario's name and notes, or a label, which describe rather than assume.
func comparedText(path string) bool {
	switch path {
	case "schema", "name", "notes":
		return false
	}
	return path != "label" && !strings.HasSuffix(path, ".label")
}

// mergeOrder adds the keys of next that order lacks, each run of them placed
// just before the key that follows it in next (at the end when none does), so
// the first scenario's rows stay first and a later one's extras sit beside
// their kin.
func mergeOrder(order, next []string) []string {
	at := map[string]bool{}
	for _, k := range order {
		at[k] = true
	}
	var pending []string
	for _, k := range next {
		if !at[k] {
			pending = append(pending, k)
			continue
		}
		if len(pending) > 0 {
			order = slices.Insert(order, slices.Index(order, k), pending...)
			pending = pending[:0]
		}
	}
	return append(order, pending...)
}

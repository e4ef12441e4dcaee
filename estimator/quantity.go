package estimator

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minjson"
)

// Quantity is one number the estimator reports, with enough context to show,
// check and explain it on any surface. The same ID names a workbook cell, a JSON
// entry and a page element.
type Quantity struct {
	ID      string   `json:"id"`      // stable: <group>[.<workload>].<name>[.<system>]
	Label   Text     `json:"label"`   // for people
	Value   float64  `json:"value"`   // in base units: bytes, seconds, bytes/s, count
	Unit    Unit     `json:"unit"`    // the base unit of Value
	Formula string   `json:"formula"` // arithmetic over its inputs' names
	Expr    string   `json:"expr"`    // Formula with each input in braces, for ParseExpr; "" when a model computes the value
	Inputs  []string `json:"inputs"`  // scenario paths, quantity ids and catalog facts the formula reads
	Source  Text     `json:"source"`  // where the method comes from
	// P10 and P90 are the value at the whole run's model error's P10 and
	// P90 (model_error.whole_run), on every quantity that moves with it: a
	// transformer's whole-run GPU-hours and the times, systems and money
	// that follow. Both are 0 where none applies.
	P10 float64 `json:"p10,omitempty"`
	P90 float64 `json:"p90,omitempty"`
}

// quantityJSON is a Quantity as its JSON reads: the label and the source as
// English text with their Japanese beside them (label_ja, source_ja), so a
// program reading an estimate needs no Text of its own.
type quantityJSON struct {
	ID       string   `json:"id"`
	Label    string   `json:"label"`
	LabelJA  string   `json:"label_ja,omitempty"`
	Value    float64  `json:"value"`
	Unit     Unit     `json:"unit"`
	Formula  string   `json:"formula"`
	Expr     string   `json:"expr"`
	Inputs   []string `json:"inputs"`
	Source   string   `json:"source"`
	SourceJA string   `json:"source_ja,omitempty"`
	P10      float64  `json:"p10,omitempty"`
	P90      float64  `json:"p90,omitempty"`
}

// MarshalJSON writes the quantity's JSON (quantityJSON).
func (q Quantity) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, quantityJSON{ID: q.ID, Label: q.Label.EN, LabelJA: q.Label.JA, Value: q.Value, Unit: q.Unit, Formula: q.Formula,
		Expr: q.Expr, Inputs: q.Inputs, Source: q.Source.EN, SourceJA: q.Source.JA, P10: q.P10, P90: q.P90})
}

// HasBand says whether the quantity carries a model-error P10 and P90.
func (q Quantity) HasBand() bool { return q.P10 != 0 || q.P90 != 0 }

// RangeText is q's whole-run range as every surface writes it, each end
// as format writes the value: "4.13 million–7.6 million"; "" where q has
// none, or its ends print alike.
func (q Quantity) RangeText(format func(float64) string) string {
	if !q.HasBand() {
		return ""
	}
	lo, hi := format(q.P10), format(q.P90)
	if lo == hi {
		return ""
	}
	return lo + "–" + hi
}

// Formulas are arithmetic over {refs}: + - * / ^, parentheses, comparisons
// (< <= > >= =), if(cond, then, else), ceil(x), min(a, b), max(a, b), and the
// unit constants below, so the workbook can turn each into a spreadsheet
// formula and the tests can evaluate each against its value.
const (
	ConstTB   = "TB"   // bytes in a terabyte of the scenario's unit system
	ConstGB   = "GB"   // bytes in a gigabyte
	ConstKB   = "KB"   // bytes in a kilobyte
	ConstMB   = "MB"   // bytes in a megabyte
	ConstDay  = "DAY"  // seconds in a day
	ConstHour = "HOUR" // seconds in an hour
)

// Constants returns the values of the unit constants formulas use, for a unit system.
func Constants(us UnitSystem) map[string]float64 {
	return map[string]float64{ConstTB: us.TB(), ConstGB: us.GB(), ConstMB: us.MB(), ConstKB: us.KB(), ConstDay: Day, ConstHour: Hour}
}

// kind is the template of a family of quantities: one per workload, system or
// growth step. <w> and <s> stand for workload and system ids, <wi> and <si> for
// their positions in the scenario, <n> for a growth step. In expr, {ref} marks an
// input: a scenario path or another quantity's id.
type kind struct {
	id     string
	label  Text // in every language a reader may choose; TestEveryLabelHasJapanese checks
	unit   Unit
	expr   string
	source *Text // a pointer to a package-level Text: the kinds are then static data, not 24 KB of init code
	form   exprForm
}

// exprForm says what a kind's expr is: arithmetic that gives the value, or
// words about the model that gives it.
type exprForm int

const (
	arithmetic exprForm = iota // expr is arithmetic (see ParseExpr)
	modelled                   // the value comes from a model in estimator/hardware; expr describes it in words
)

// subject is what one quantity of a kind is about: the workload, system and
// growth step that fill the kind's placeholders (ids for ids and formulas,
// names for labels).
type subject struct {
	w, s         string
	g            string // the system's GPU, for catalog references
	base         string // the system's catalog system, for catalog references
	currency     string // the unit of money quantities
	wName, sName string
	wi, si       int
	n            int
}

func (c subject) expand(t string) string { return c.replace(t, c.w, c.s) }

func (c subject) expandLabel(t string) string { return c.replace(t, c.wName, c.sName) }

func (c subject) replace(t, w, s string) string {
	var b strings.Builder
	b.Grow(len(t) + len(w) + len(s)) // most templates name each at most once
	for {
		start := strings.IndexByte(t, '<')
		end := strings.IndexByte(t[start+1:], '>')
		if start < 0 || end < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:start])
		switch key := t[start+1 : start+1+end]; key {
		case "w":
			b.WriteString(w)
		case "s":
			b.WriteString(s)
		case "g":
			b.WriteString(c.g)
		case "b":
			b.WriteString(c.base)
		case "wi":
			b.WriteString(strconv.Itoa(c.wi))
		case "si":
			b.WriteString(strconv.Itoa(c.si))
		case "n":
			b.WriteString(strconv.Itoa(c.n))
		case "p":
			b.WriteString(strconv.Itoa(c.n - 1))
		default: // not a placeholder: "<=" and the like
			b.WriteByte('<')
			t = t[start+1:]
			continue
		}
		t = t[start+2+end:]
	}
}

// refs returns the {input} references of an expression, in order.
func refs(expr string) []string {
	var out []string
	for {
		start := strings.IndexByte(expr, '{')
		end := strings.IndexByte(expr[start+1:], '}')
		if start < 0 || end < 0 {
			return out
		}
		out = append(out, expr[start+1:start+1+end])
		expr = expr[start+2+end:]
	}
}

// unbrace turns an expr into its Formula: the expr without its braces. A
// loop, not a strings.Replacer, whose build links the generic replacer's
// trie (15 KB of the page's module's code) and allocates a table.
func unbrace(expr string) string {
	b := make([]byte, 0, len(expr))
	for i := range len(expr) {
		if c := expr[i]; c != '{' && c != '}' {
			b = append(b, c)
		}
	}
	return string(b)
}

// instantiate fills a kind's template for one subject.
func (k *kind) instantiate(c subject, expr string, v float64) Quantity {
	expr = c.expand(expr)
	unit := k.unit
	if unit == currencyUnit {
		unit = Unit(c.currency)
	}
	q := Quantity{
		ID:      c.expand(k.id),
		Label:   Text{EN: c.expandLabel(k.label.EN), JA: c.expandLabel(k.label.JA)},
		Value:   v,
		Unit:    unit,
		Formula: unbrace(expr),
		Inputs:  refs(expr),
		Source:  *k.source,
	}
	if k.form == arithmetic {
		q.Expr = expr
	}
	return q
}

// NewQuantity is a quantity whose expr, in the formula grammar (see
// ParseExpr), reproduces v: its Formula is expr without braces and its
// Inputs are expr's {references}. Code outside this package that lays out
// its own quantities (package tool) builds them with it; the label comes in
// every language, as the estimate's own do.
func NewQuantity(id string, label Text, unit Unit, v float64, expr string, source Text) Quantity {
	return Quantity{ID: id, Label: label, Value: v, Unit: unit, Formula: unbrace(expr), Expr: expr, Inputs: refs(expr), Source: source}
}

// IsHeadline reports whether a quantity id is one a planner reads first: the
// data, one training run's time, the systems each workload needs on each
// system, and the money, energy and CO2 totals; not every intermediate (the
// growth table only scales them, systems to buy only round them, a price is
// an input). The comparison's headline rows and the uncertainty's
// percentiles both show exactly these.
func IsHeadline(id string) bool {
	switch id {
	case "data.raw", "data.processed", "cost.capex", "cost.opex_per_year", "cost.tco", "cost.per_member",
		"cost.cloud_per_year", "cost.break_even_utilisation", "energy.per_run", "energy.per_year", "co2.per_run", "co2.per_year",
		"project.duration", "cost.own", "cost.rent", "energy.project", "co2.project":
		return true
	}
	group, rest, _ := strings.Cut(id, ".")
	_, name, _ := strings.Cut(rest, ".")
	switch {
	case group == "train":
		// gpu_time.<s> is gpu_time / speedup where a reference GPU exists;
		// system_time and job_time carry the per-system figures.
		return name == "gpu_time" || strings.HasPrefix(name, "system_time.") || strings.HasPrefix(name, "job_time.")
	case group == "team":
		return strings.HasPrefix(name, "systems.")
	case group == "project":
		return strings.HasPrefix(name, "run_time.") || strings.HasPrefix(name, "gpu_hours.")
	}
	return false
}

// Headline lists e's headline quantity ids (IsHeadline), in the estimate's order.
func Headline(e *Estimate) []string {
	var ids []string
	rented := e.Scenario.Money != nil && e.Scenario.Money.Rent != nil
	for _, q := range e.calc.layout {
		if rented && q.ID == "cost.cloud_per_year" {
			continue // the rent itself, the operating expense already
		}
		if IsHeadline(q.ID) {
			ids = append(ids, q.ID)
		}
	}
	return ids
}

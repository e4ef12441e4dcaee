package estimator

import (
	"strconv"
	"strings"
)

// Quantity is one number the estimator reports, with enough context to show,
// check and explain it on any surface. The same ID names a workbook cell, a JSON
// entry and a page element.
type Quantity struct {
	ID      string   `json:"id"`      // stable: <group>[.<workload>].<name>[.<system>]
	Label   string   `json:"label"`   // for people
	Value   float64  `json:"value"`   // in base units: bytes, seconds, bytes/s, count
	Unit    Unit     `json:"unit"`    // the base unit of Value
	Formula string   `json:"formula"` // in words, naming its inputs
	Inputs  []string `json:"inputs"`  // scenario paths and quantity ids the formula reads
	Source  string   `json:"source"`  // where the method comes from

	expr string // Formula with its inputs in braces, for Explain
}

// kind is the template of a family of quantities: one per workload, system or
// growth step. <w> and <s> stand for workload and system ids, <wi> and <si> for
// their positions in the scenario, <n> for a growth step. In expr, {ref} marks an
// input: a scenario path or another quantity's id.
type kind struct {
	id, label string
	unit      Unit
	expr      string
	source    string
}

// ctx is where a kind is instantiated: ids for ids and formulas, names for labels.
type ctx struct {
	w, s         string
	wName, sName string
	wi, si       int
	n            int
}

func (c ctx) expand(t string) string { return c.replace(t, c.w, c.s) }

func (c ctx) expandLabel(t string) string { return c.replace(t, c.wName, c.sName) }

func (c ctx) replace(t, w, s string) string {
	var b strings.Builder
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
		case "wi":
			b.WriteString(strconv.Itoa(c.wi))
		case "si":
			b.WriteString(strconv.Itoa(c.si))
		case "n":
			b.WriteString(strconv.Itoa(c.n))
		default:
			b.WriteString(t[start : start+2+end]) // not a placeholder: "<=" and the like
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

// instantiate fills a kind's template for one context.
func (k *kind) instantiate(c ctx, v float64) Quantity {
	expr := c.expand(k.expr)
	return Quantity{
		ID:      c.expand(k.id),
		Label:   c.expandLabel(k.label),
		Value:   v,
		Unit:    k.unit,
		Formula: strings.NewReplacer("{", "", "}", "").Replace(expr),
		Inputs:  refs(expr),
		Source:  k.source,
		expr:    expr,
	}
}

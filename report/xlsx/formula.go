package xlsx

import (
	"fmt"
	"strconv"

	"github.com/trainscale/trainscale/estimator"
)

// Operator precedence as the spreadsheet reads it, loosest first. Negation
// binds tighter than ^ in a spreadsheet (-2^2 is 4) but looser in the
// estimator's grammar, and ^ groups left to right (2^3^2 is 64) where the
// estimator's groups right to left: so both are always parenthesised when
// they are an operand, and the written formula keeps the parsed tree's shape
// exactly (which also keeps the floating-point order of the operations).
const (
	precCompare = iota + 1
	precAdd
	precMul
	precNeg
	precPow
	precAtom
)

var binaryPrec = map[estimator.Op]int{
	"<": precCompare, "<=": precCompare, ">": precCompare, ">=": precCompare, "=": precCompare,
	"+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "^": precPow,
}

// Formula writes a parsed quantity formula in spreadsheet syntax, without
// the leading '='. name gives the defined name of a reference or a unit
// constant (the constants TB, DAY, ... as they appear in the formula).
func Formula(e *estimator.Expr, name func(ref string) (string, bool)) (string, error) {
	t := translator{name: name}
	text, _, err := t.expr(e, false)
	return text, err
}

type translator struct {
	name func(string) (string, bool)
}

// expr returns e's text and precedence; asCondition says e is an IF's
// condition, where a comparison may stay a comparison.
func (t translator) expr(e *estimator.Expr, asCondition bool) (string, int, error) {
	switch e.Op {
	case "num":
		return strconv.FormatFloat(e.Num, 'f', -1, 64), precAtom, nil
	case "ref", "const":
		n, ok := t.name(e.Name)
		if !ok {
			return "", 0, fmt.Errorf("formula reads %q, which has no cell in the workbook", e.Name)
		}
		return n, precAtom, nil
	case "neg":
		a, err := t.operand(e.Args[0], func(p int) bool { return p < precAtom })
		return "-" + a, precNeg, err
	case "if":
		cond, _, err := t.expr(e.Args[0], true)
		if err != nil {
			return "", 0, err
		}
		then, _, err := t.expr(e.Args[1], false)
		if err != nil {
			return "", 0, err
		}
		els, _, err := t.expr(e.Args[2], false)
		return "IF(" + cond + "," + then + "," + els + ")", precAtom, err
	case "ceil":
		a, _, err := t.expr(e.Args[0], false)
		return "CEILING(" + a + ",1)", precAtom, err
	case "min", "max":
		a, _, err := t.expr(e.Args[0], false)
		if err != nil {
			return "", 0, err
		}
		b, _, err := t.expr(e.Args[1], false)
		fn := "MIN"
		if e.Op == "max" {
			fn = "MAX"
		}
		return fn + "(" + a + "," + b + ")", precAtom, err
	}
	p, ok := binaryPrec[e.Op]
	if !ok || len(e.Args) != 2 {
		return "", 0, fmt.Errorf("formula uses %q, which the workbook cannot write", e.Op)
	}
	var left, right func(int) bool
	switch p {
	case precPow:
		left = func(q int) bool { return q < precAtom }
		right = left
	default:
		// Left to right: the left operand keeps its own grouping unless it
		// binds looser; the right one is grouped unless it binds tighter.
		left = func(q int) bool { return q < p || q == precNeg }
		right = func(q int) bool { return q <= p || q == precNeg }
	}
	a, err := t.operand(e.Args[0], left)
	if err != nil {
		return "", 0, err
	}
	b, err := t.operand(e.Args[1], right)
	if err != nil {
		return "", 0, err
	}
	text := a + string(e.Op) + b
	if p == precCompare && !asCondition {
		// A cell holds the estimator's 1 or 0, not TRUE or FALSE.
		return "IF(" + text + ",1,0)", precAtom, nil
	}
	return text, p, nil
}

// operand writes e, in parentheses when paren says its precedence needs them.
func (t translator) operand(e *estimator.Expr, paren func(int) bool) (string, error) {
	text, p, err := t.expr(e, false)
	if err != nil {
		return "", err
	}
	if paren(p) {
		return "(" + text + ")", nil
	}
	return text, nil
}

// trimFloat writes a number in full, without an exponent or trailing zeros.
func trimFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

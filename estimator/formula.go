package estimator

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// Expr is a parsed quantity formula. Surfaces walk it to write the formula in
// their own syntax (the workbook's cells); tests evaluate it against the value
// the estimator computed, so formula text and arithmetic cannot drift apart.
type Expr struct {
	Op   Op
	Num  float64 // for OpNum
	Name string  // the reference or constant name, for OpRef and OpConst
	Args []*Expr // operands, or function arguments
}

// Op is what an Expr node does. A binary operator's Op is its symbol in the
// formula and a function's its name, so a surface whose syntax shares them
// (a spreadsheet's + - * / ^ < <= > >= =) can write them as they are.
type Op string

const (
	OpNum   Op = "num"   // a number, in Num
	OpRef   Op = "ref"   // {name}: a scenario path, quantity id or catalog fact, in Name
	OpConst Op = "const" // a unit constant (TB, DAY, ...; see Constants), in Name
	OpNeg   Op = "neg"   // -Args[0]

	OpAdd Op = "+"
	OpSub Op = "-"
	OpMul Op = "*"
	OpDiv Op = "/"
	OpPow Op = "^" // right-associative: 2 ^ 3 ^ 2 is 2 ^ 9

	// Comparisons give 1 when true, else 0.
	OpLess      Op = "<"
	OpLessEq    Op = "<="
	OpGreater   Op = ">"
	OpGreaterEq Op = ">="
	OpEqual     Op = "="

	OpIf   Op = "if"   // if(cond, then, else): then when cond is not 0
	OpCeil Op = "ceil" // ceil(x)
	OpMin  Op = "min"  // min(a, b)
	OpMax  Op = "max"  // max(a, b)
)

// ParseExpr parses a formula with its references in braces, as Quantity.Expr holds it.
func ParseExpr(s string) (*Expr, error) {
	p := &exprParser{src: s}
	e, err := p.comparison()
	if err == nil && p.peek() != "" {
		err = minfmt.Errorf("unexpected %q", p.peek())
	}
	if err != nil {
		return nil, minfmt.Errorf("formula %q: %w", s, err)
	}
	return e, nil
}

// Eval computes the expression; lookup supplies references and constants.
func (e *Expr) Eval(lookup func(name string) (float64, bool)) (float64, error) {
	switch e.Op {
	case OpNum:
		return e.Num, nil
	case OpRef, OpConst:
		v, ok := lookup(e.Name)
		if !ok {
			return 0, minfmt.Errorf("unknown reference %q", e.Name)
		}
		return v, nil
	}
	args := make([]float64, len(e.Args))
	for i, a := range e.Args {
		v, err := a.Eval(lookup)
		if err != nil {
			return 0, err
		}
		args[i] = v
	}
	truth := func(b bool) float64 { return flag(b) }
	switch e.Op {
	case OpNeg:
		return -args[0], nil
	case OpAdd:
		return args[0] + args[1], nil
	case OpSub:
		return args[0] - args[1], nil
	case OpMul:
		return args[0] * args[1], nil
	case OpDiv:
		return args[0] / args[1], nil
	case OpPow:
		return math.Pow(args[0], args[1]), nil
	case OpLess:
		return truth(args[0] < args[1]), nil
	case OpLessEq:
		return truth(args[0] <= args[1]), nil
	case OpGreater:
		return truth(args[0] > args[1]), nil
	case OpGreaterEq:
		return truth(args[0] >= args[1]), nil
	case OpEqual:
		return truth(args[0] == args[1]), nil
	case OpIf:
		if args[0] != 0 {
			return args[1], nil
		}
		return args[2], nil
	case OpCeil:
		return math.Ceil(args[0]), nil
	case OpMin:
		return math.Min(args[0], args[1]), nil
	case OpMax:
		return math.Max(args[0], args[1]), nil
	}
	return 0, minfmt.Errorf("unknown operator %q", string(e.Op))
}

// functions and their argument counts.
var functions = map[Op]int{OpIf: 3, OpCeil: 1, OpMin: 2, OpMax: 2}

type exprParser struct {
	src string
	pos int
}

// peek returns the next token without consuming it: a number, {ref}, a word,
// an operator or a parenthesis or comma.
func (p *exprParser) peek() string {
	s := p.src[p.pos:]
	trimmed := strings.TrimLeft(s, " ")
	p.pos += len(s) - len(trimmed)
	s = trimmed
	if s == "" {
		return ""
	}
	switch c := s[0]; {
	case c == '{':
		if end := strings.IndexByte(s, '}'); end > 0 {
			return s[:end+1]
		}
		return s
	case c >= '0' && c <= '9' || c == '.':
		end := 1
		for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || s[end] == 'e' ||
			(s[end] == '+' || s[end] == '-') && s[end-1] == 'e') {
			end++
		}
		return s[:end]
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		end := 1
		for end < len(s) && (s[end] >= 'a' && s[end] <= 'z' || s[end] >= 'A' && s[end] <= 'Z' || s[end] == '_') {
			end++
		}
		return s[:end]
	case strings.HasPrefix(s, "<=") || strings.HasPrefix(s, ">="):
		return s[:2]
	}
	return s[:1]
}

func (p *exprParser) next() string {
	t := p.peek()
	p.pos += len(t)
	return t
}

func (p *exprParser) binary(ops []Op, operand func() (*Expr, error)) (*Expr, error) {
	left, err := operand()
	for err == nil {
		op := Op(p.peek())
		if !slices.Contains(ops, op) {
			return left, nil
		}
		p.next()
		var right *Expr
		if right, err = operand(); err == nil {
			left = &Expr{Op: op, Args: []*Expr{left, right}}
		}
	}
	return nil, err
}

func (p *exprParser) comparison() (*Expr, error) {
	return p.binary([]Op{OpLess, OpLessEq, OpGreater, OpGreaterEq, OpEqual}, p.additive)
}

func (p *exprParser) additive() (*Expr, error) {
	return p.binary([]Op{OpAdd, OpSub}, p.multiplicative)
}

func (p *exprParser) multiplicative() (*Expr, error) {
	return p.binary([]Op{OpMul, OpDiv}, p.power)
}

// power is right-associative and binds tighter than unary minus's operand.
func (p *exprParser) power() (*Expr, error) {
	base, err := p.unary()
	if err != nil || Op(p.peek()) != OpPow {
		return base, err
	}
	p.next()
	exp, err := p.power()
	if err != nil {
		return nil, err
	}
	return &Expr{Op: OpPow, Args: []*Expr{base, exp}}, nil
}

func (p *exprParser) unary() (*Expr, error) {
	if Op(p.peek()) == OpSub {
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Expr{Op: OpNeg, Args: []*Expr{e}}, nil
	}
	return p.primary()
}

func (p *exprParser) primary() (*Expr, error) {
	t := p.next()
	switch {
	case t == "":
		return nil, minfmt.Errorf("unexpected end")
	case t == "(":
		e, err := p.comparison()
		if err != nil {
			return nil, err
		}
		if p.next() != ")" {
			return nil, minfmt.Errorf("missing )")
		}
		return e, nil
	case t[0] == '{':
		if !strings.HasSuffix(t, "}") {
			return nil, minfmt.Errorf("unclosed reference %q", t)
		}
		return &Expr{Op: OpRef, Name: t[1 : len(t)-1]}, nil
	case t[0] >= '0' && t[0] <= '9' || t[0] == '.':
		v, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return nil, minfmt.Errorf("bad number %q", t)
		}
		return &Expr{Op: OpNum, Num: v}, nil
	case t[0] >= 'A' && t[0] <= 'Z':
		return &Expr{Op: OpConst, Name: t}, nil
	}
	n, ok := functions[Op(t)]
	if !ok {
		return nil, minfmt.Errorf("unknown word %q", t)
	}
	if p.next() != "(" {
		return nil, minfmt.Errorf("%s needs (", t)
	}
	call := &Expr{Op: Op(t)}
	for i := range n {
		if i > 0 && p.next() != "," {
			return nil, minfmt.Errorf("%s takes %d arguments", t, n)
		}
		a, err := p.comparison()
		if err != nil {
			return nil, err
		}
		call.Args = append(call.Args, a)
	}
	if p.next() != ")" {
		return nil, minfmt.Errorf("%s takes %d arguments", t, n)
	}
	return call, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

package estimator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// Every quantity's formula, evaluated from its inputs, gives its value: the
// text surfaces show (and the workbook turns into cells) is the arithmetic.
func TestFormulasReproduceValues(t *testing.T) {
	t.Parallel()
	facts := map[string]float64{}
	for _, f := range estimator.CatalogFacts() {
		facts[f.Path] = f.Value
	}
	estimates := map[string]func(*testing.T) *estimator.Estimate{}
	for _, name := range examples.Names() {
		estimates[name] = func(t *testing.T) *estimator.Estimate { return mustEstimate(t, name) }
	}
	// A project's figures too, each residual rule.
	for _, residual := range []string{"kept", "none"} {
		estimates["project-"+residual] = func(t *testing.T) *estimator.Estimate {
			s, err := decodeProject(t, "money.residual="+residual, "project.runs=3")
			require.NoError(t, err)
			est, err := estimator.Run(s)
			require.NoError(t, err)
			return est
		}
	}
	// Rented, on demand and committed, as a team and as a project.
	rent := []string{"money.rent.provider=lambda", "money.rent.instance=8x H100"}
	for _, term := range []string{"on-demand", "1-year"} {
		estimates["modern-2026-rent-"+term] = func(t *testing.T) *estimator.Estimate {
			var os []estimator.Override
			for _, set := range append(rent, "money.rent.term="+term, "growth.per_year=1.5", "growth.years=3") {
				o, err := estimator.ParseOverride(set)
				require.NoError(t, err)
				os = append(os, o)
			}
			return mustEstimate(t, "modern-2026", os...)
		}
		estimates["project-rent-"+term] = func(t *testing.T) *estimator.Estimate {
			s, err := decodeProject(t, append(rent, "money.rent.term="+term)...)
			require.NoError(t, err)
			est, err := estimator.Run(s)
			require.NoError(t, err)
			return est
		}
	}
	for name, estimate := range estimates {
		t.Run(name, func(t *testing.T) {
			est := estimate(t)
			inputs := estimator.InputValues(est.Scenario)
			consts := estimator.Constants(est.Scenario.Units)
			lookup := func(ref string) (float64, bool) {
				if v, ok := inputs[ref]; ok {
					return v, true
				}
				if q, ok := est.Get(ref); ok {
					return q.Value, true
				}
				if v, ok := facts[ref]; ok {
					return v, true
				}
				v, ok := consts[ref]
				return v, ok
			}
			for _, q := range est.Quantities() {
				if q.Expr == "" {
					continue // a model computed it; its formula is words
				}
				e, err := estimator.ParseExpr(q.Expr)
				require.NoError(t, err, q.ID)
				got, err := e.Eval(lookup)
				require.NoError(t, err, q.ID)
				assert.InEpsilon(t, q.Value+1e-300, got+1e-300, 1e-12, "%s = %s", q.ID, q.Formula)
			}
		})
	}
}

func TestParseExpr(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		expr string
		want float64
	}{
		{"1 + 2 * 3", 7},
		{"(1 + 2) * 3", 9},
		{"2 ^ 3 ^ 2", 512},
		{"-2 ^ 2", 4},
		{"10 / 4 / 5", 0.5},
		{"if(1 <= 2, 3, 4)", 3},
		{"if({a} = 1, 5, {b})", 6},
		{"ceil(2.1) + min(1, 2) + max(1, 2)", 6},
		{"1.5e3 * TB", 1.5e3 * (1 << 40)},
	} {
		e, err := estimator.ParseExpr(tc.expr)
		require.NoError(t, err, tc.expr)
		got, err := e.Eval(func(n string) (float64, bool) {
			v, ok := map[string]float64{"a": 2, "b": 6, "TB": 1 << 40}[n]
			return v, ok
		})
		require.NoError(t, err, tc.expr)
		assert.Equal(t, tc.want, got, tc.expr)
	}
	for _, bad := range []string{"", "1 +", "(1", "{a", "foo(1)", "if(1, 2)", "1 2", "ceil 1"} {
		_, err := estimator.ParseExpr(bad)
		assert.Error(t, err, bad)
	}
}

// TestParseExprTree checks the shape ParseExpr gives, which the workbook
// writes as it is: precedence, associativity and what each node holds.
func TestParseExprTree(t *testing.T) {
	t.Parallel()
	num := func(v float64) *estimator.Expr { return &estimator.Expr{Op: estimator.OpNum, Num: v} }
	op := func(o estimator.Op, args ...*estimator.Expr) *estimator.Expr {
		return &estimator.Expr{Op: o, Args: args}
	}
	for _, tc := range []struct {
		expr string
		want *estimator.Expr
	}{
		{"1 - 2 - 3", op(estimator.OpSub, op(estimator.OpSub, num(1), num(2)), num(3))},
		{"2 ^ 3 ^ 2", op(estimator.OpPow, num(2), op(estimator.OpPow, num(3), num(2)))},
		{"-2 ^ 2", op(estimator.OpPow, op(estimator.OpNeg, num(2)), num(2))},
		{"1 + 2 * 3 <= 4", op(estimator.OpLessEq, op(estimator.OpAdd, num(1), op(estimator.OpMul, num(2), num(3))), num(4))},
		{"max({a}, 2 / DAY)", op(estimator.OpMax, &estimator.Expr{Op: estimator.OpRef, Name: "a"},
			op(estimator.OpDiv, num(2), &estimator.Expr{Op: estimator.OpConst, Name: "DAY"}))},
		{"if(1 = 1, ceil(2), min(3, 4))", op(estimator.OpIf, op(estimator.OpEqual, num(1), num(1)),
			op(estimator.OpCeil, num(2)), op(estimator.OpMin, num(3), num(4)))},
	} {
		got, err := estimator.ParseExpr(tc.expr)
		require.NoError(t, err, tc.expr)
		assert.Equal(t, tc.want, got, tc.expr)
	}
}

func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{"1 + 2", "if({a} <= 2, ceil(3.5), -4 ^ 2)", "({x} * TB) / 7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := estimator.ParseExpr(s)
		if err != nil {
			return
		}
		_, _ = e.Eval(func(string) (float64, bool) { return 1, true })
	})
}

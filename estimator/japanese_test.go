package estimator_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

// Every quantity of every example scenario has a Japanese label and source
// (the reports' sources list reads them).
func TestEveryQuantityOfTheExamplesHasJapanese(t *testing.T) {
	for _, name := range examples.Names() {
		for _, q := range mustEstimate(t, name).Quantities() {
			assert.NotEmpty(t, q.Label.JA, "%s: %s (%s)", name, q.ID, q.Label.EN)
			assert.NotEqual(t, q.Label.EN, q.Label.JA, "%s: %s", name, q.ID)
			assert.NotEmpty(t, q.Source.JA, "%s: %s (%s)", name, q.ID, q.Source.EN)
			assert.NotEqual(t, q.Source.EN, q.Source.In("ja"), "%s: %s", name, q.ID)
		}
	}
}

// Every catalog fact a workbook lists has a Japanese label.
func TestEveryCatalogFactHasJapanese(t *testing.T) {
	for _, f := range estimator.CatalogFacts() {
		assert.NotEqual(t, f.Label.EN, f.Label.In("ja"), f.Path)
	}
}

// Every row of the fields table has its label, unit, help and unset in
// Japanese, and every rule it checks reads in Japanese.
func TestEveryFieldHasJapanese(t *testing.T) {
	for _, f := range estimator.Fields() {
		assert.NotEmpty(t, f.Label.JA, f.Path)
		for what, text := range map[string]estimator.Text{"unit": f.Unit, "help": f.Help, "unset": f.Unset} {
			if text.EN != "" {
				assert.NotEmpty(t, text.JA, "%s: %s %q", f.Path, what, text.EN)
			}
		}
		for _, r := range f.Rules {
			assert.NotEqual(t, estimator.DescribeRule(r, "en"), estimator.DescribeRule(r, "ja"), "%s: %s", f.Path, r)
		}
	}
	for _, r := range []string{"gt0", "ge=1", "le=1", "max=1e12", "int", "id", "nonempty", "oneof=a|b"} {
		assert.NotEmpty(t, estimator.DescribeRule(r, "ja"), r)
		assert.NotEqual(t, estimator.DescribeRule(r, "en"), estimator.DescribeRule(r, "ja"), r)
	}
	f, _ := estimator.FieldOf("team.members")
	assert.Equal(t, "整数にしてください。0 より大きい値にしてください。1,000,000 以下にしてください", f.RuleText("ja"))
}

// Every display unit Choose can pick, in every style, has a Japanese suffix.
func TestEveryDisplayUnitHasJapanese(t *testing.T) {
	units := []estimator.Unit{estimator.Bytes, estimator.Seconds, estimator.BytesPerSecond, estimator.Count, estimator.Ratio,
		estimator.Share, estimator.Flag, estimator.Watts, estimator.Joules, estimator.Kilograms, estimator.PerSecond,
		estimator.FLOPS, estimator.FLOPs, "USD", "JPY"}
	for _, u := range units {
		for _, us := range []estimator.UnitSystem{estimator.Binary, estimator.Decimal} {
			for _, st := range []present.Style{present.Article, present.Hardware, present.Axis} {
				for e := -9; e <= 30; e++ {
					d := present.Choose(u, us, math.Pow(10, float64(e)), st, estimator.English)
					if en := d.Suffix("en"); en != "" {
						assert.NotEmpty(t, d.Ja, "%s %s 1e%d: %q", u, us, e, en)
					}
				}
			}
		}
	}
}

// The words the code writes itself, read from its source: each kind's label
// is a Text with both languages, and every Text literal has its Japanese: a
// FieldError's rule is a Text, so it is one of them. This is what
// fails when a new quantity, rule or error comes without its Japanese.
func TestEveryWrittenTextHasJapanese(t *testing.T) {
	for _, dir := range []string{".", "tool"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			require.NoError(t, err)
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				at := fset.Position(lit.Pos()).String()
				switch typeName(lit.Type) {
				case "kind":
					if assert.GreaterOrEqual(t, len(lit.Elts), 2, at) {
						label, ok := lit.Elts[1].(*ast.CompositeLit)
						assert.True(t, ok && typeName(label.Type) == "Text", "%s: a kind's label is a Text", at)
					}
				case "Text":
					checkText(t, at, lit)
				}
				return true
			})
			// The tools write their words with text(en, ja).
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if ok && typeName(call.Fun) == "text" && len(call.Args) == 2 {
					assert.False(t, emptyString(call.Args[1]), "%s: text() without its Japanese", fset.Position(call.Pos()))
				}
				return true
			})
		}
	}
}

// checkText fails a Text literal that gives English without Japanese.
func checkText(t *testing.T, at string, lit *ast.CompositeLit) {
	t.Helper()
	if len(lit.Elts) == 0 {
		return // the empty Text: no words at all
	}
	var ja ast.Expr
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		for _, e := range lit.Elts {
			if kv := e.(*ast.KeyValueExpr); kv.Key.(*ast.Ident).Name == "JA" {
				ja = kv.Value
			}
		}
	} else if len(lit.Elts) == 2 {
		ja = lit.Elts[1]
	}
	if assert.NotNil(t, ja, "%s: a Text without its Japanese", at) {
		assert.False(t, emptyString(ja), "%s: a Text with empty Japanese", at)
	}
}

func typeName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

func emptyString(e ast.Expr) bool {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return false
	}
	s, _ := strconv.Unquote(b.Value)
	return s == ""
}

// The article's tables read in Japanese: every title and header, and no
// English unit word in any cell, for every example.
func TestSummaryInJapanese(t *testing.T) {
	for _, name := range examples.Names() {
		est := mustEstimate(t, name)
		en, ja := present.Summarize(est, estimator.English), present.Summarize(est, "ja")
		require.Len(t, ja.Sections, len(en.Sections), name)
		for i, sec := range ja.Sections {
			assert.NotEqual(t, en.Sections[i].Title, sec.Title, name)
			for j, h := range sec.Rows[0] {
				if h != "MFU" && !strings.Contains(h, " / ") { // the growth table's columns are ids
					assert.NotEqual(t, en.Sections[i].Rows[0][j], h, "%s: %s", name, sec.Title)
				}
			}
			for _, row := range sec.Rows[1:] {
				for _, cell := range row {
					for _, word := range []string{" years", " days", " hours", "fits)", "enough)", "too little)", "note:"} {
						assert.NotContains(t, cell, word, "%s: %s", name, sec.Title)
					}
				}
			}
		}
	}
	ja := present.Summarize(mustEstimate(t, examples.Default), "ja")
	assert.Equal(t, []string{"車両 1 台・走行 1 時間あたりのデータ量", "1 TB"}, ja.Sections[0].Rows[1])
	assert.Equal(t, "学習 1 回の時間（50 エポック）", ja.Sections[1].Title)
	// a no-break space keeps the count with its counter in a narrow column
	assert.Equal(t, []string{"GPU 1\u00a0基", "システム 1\u00a0台"}, ja.Sections[1].Rows[0][2:4])
}

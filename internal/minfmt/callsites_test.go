package minfmt_test

import (
	"go/ast"
	"go/build"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every operand the module's packages pass is one minfmt writes as fmt
// would: vet checks verbs against operands as for fmt, but a named type
// (type Unit string) that fmt prints by its underlying type, minfmt cannot
// see through without reflect. An operand of interface type (any) is
// checked where it is made, not here.
func TestCallSitesPassKnownOperands(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks four packages and their imports from source")
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil).(types.ImporterFrom)
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	for _, dir := range []string{"../../estimator", "../../estimator/hardware", "../page", "../api"} {
		// The package's files as go build sees them: no tests, and none a
		// build constraint leaves out (go generate's //go:build ignore programs).
		pkg, err := build.Default.ImportDir(dir, 0)
		require.NoError(t, err)
		var parsed []*ast.File
		for _, name := range pkg.GoFiles {
			af, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			require.NoError(t, err)
			parsed = append(parsed, af)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		_, err = (&types.Config{Importer: imp}).Check(dir, fset, parsed, info)
		require.NoError(t, err, dir)
		for _, af := range parsed {
			ast.Inspect(af, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "minfmt" {
					return true
				}
				args := call.Args
				switch sel.Sel.Name {
				case "Sprintf", "Errorf", "Append":
					args = args[1:]
				case "Fprintf":
					args = args[2:]
				}
				if sel.Sel.Name != "Sprint" {
					format := call.Args[len(call.Args)-len(args)-1]
					if tv := info.Types[format]; tv.Value != nil && tv.Value.Kind() == constant.String {
						assert.Regexp(t, supportedVerbs, constant.StringVal(tv.Value), "%s: a verb or flag minfmt does not write", fset.Position(format.Pos()))
					}
				}
				for _, a := range args {
					typ := info.Types[a].Type
					assert.True(t, known(typ, errType), "%s: minfmt cannot print a %s", fset.Position(a.Pos()), typ)
				}
				return true
			})
		}
	}
}

// supportedVerbs matches a format whose every verb minfmt writes as fmt
// does: no width, no flag, an index and a precision at most.
var supportedVerbs = regexp.MustCompile(`^([^%]|%%|%(\[\d+\])?(\.\d+)?[vsdqgfew])*$`)

// known reports an operand type appendValue handles.
func known(t types.Type, errType *types.Interface) bool {
	if _, isInterface := t.Underlying().(*types.Interface); isInterface {
		return true
	}
	if types.Implements(t, errType) || hasString(t) {
		return true
	}
	if b, ok := t.(*types.Basic); ok { // unnamed: string, bool, the numbers, untyped constants
		return b.Info()&(types.IsString|types.IsBoolean|types.IsInteger|types.IsFloat) != 0 || b.Kind() == types.UntypedNil
	}
	if s, ok := t.(*types.Slice); ok {
		if b, ok := s.Elem().(*types.Basic); ok {
			return b.Kind() == types.String || b.Kind() == types.Int || b.Kind() == types.Float64
		}
	}
	return false
}

// hasString reports a String() string method (a Stringer).
func hasString(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "String")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

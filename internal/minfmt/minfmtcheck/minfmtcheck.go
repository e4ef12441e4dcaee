// Package minfmtcheck is a go/analysis pass that keeps minfmt's calls to what
// minfmt writes as fmt would. go vet's printf check (given minfmt's functions
// in -printf.funcs) matches verbs against operands as for fmt, but fmt prints
// a named type (type Unit string) by its underlying type through reflect,
// which minfmt cannot do: it writes %!v(unsupported). This pass reports, at
// every call of a minfmt function with a format and operands:
//
//   - an operand of a type minfmt does not write (see minfmt's doc comment);
//   - a constant format with a verb or flag minfmt does not write.
//
// An operand of interface type (any, error) is checked where its value is
// made, not here; a call that spreads a slice (args...) passes on operands
// checked where they were made.
package minfmtcheck

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// minfmtPath is the package whose calls are checked.
const minfmtPath = "github.com/trainscale/trainscale/internal/minfmt"

// Analyzer reports minfmt calls with operands or verbs minfmt does not write.
var Analyzer = &analysis.Analyzer{
	Name: "minfmtcheck",
	Doc:  "report minfmt calls with an operand type or a verb minfmt does not write as fmt does",
	Run:  run,
}

// supportedVerbs matches a format whose every verb minfmt writes as fmt
// does: no width, no flag, an index and a precision at most.
var supportedVerbs = regexp.MustCompile(`^([^%]|%%|%(\[\d+\])?(\.\d+)?[vsdqgfew])*$`)

func run(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				checkCall(pass, call)
			}
			return true
		})
	}
	return nil, nil
}

// checkCall reads the call's shape from the callee's signature rather than
// from a list of names: the operands are its final ...any, the format the
// string just before them (Sprint has none), so a new minfmt function of the
// same shape is checked without a change here.
func checkCall(pass *analysis.Pass, call *ast.CallExpr) {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != minfmtPath || call.Ellipsis.IsValid() {
		return
	}
	sig := fn.Signature()
	params := sig.Params()
	if !sig.Variadic() || len(call.Args) < params.Len()-1 {
		return
	}
	first := params.Len() - 1 // the first operand's index among the arguments
	if first > 0 && types.Identical(params.At(first-1).Type(), types.Typ[types.String]) {
		format := call.Args[first-1]
		if tv := pass.TypesInfo.Types[format]; tv.Value != nil && tv.Value.Kind() == constant.String && !supportedVerbs.MatchString(constant.StringVal(tv.Value)) {
			pass.Reportf(format.Pos(), "minfmt.%s: a verb or flag minfmt does not write (no width or flag; %%v %%s %%d %%q %%g %%f %%e %%w, an index, a precision)", fn.Name())
		}
	}
	for _, a := range call.Args[first:] {
		if t := pass.TypesInfo.TypeOf(a); t != nil && !known(t) {
			pass.Reportf(a.Pos(), "minfmt.%s: minfmt cannot print a %s (see its doc comment; convert a named type: string(u))", fn.Name(), types.TypeString(t, types.RelativeTo(pass.Pkg)))
		}
	}
}

// known reports an operand type minfmt's appendValue handles.
func known(t types.Type) bool {
	if types.IsInterface(t) || types.Implements(t, errorType) || hasString(t) {
		return true
	}
	// An alias (type F = float64) is its target; a named type is not its
	// underlying type, so only unnamed types pass below.
	switch t := types.Unalias(t).(type) {
	case *types.Basic: // string, bool, the numbers, untyped constants; fmt's uintptr and complex are not minfmt's
		return t.Info()&(types.IsString|types.IsBoolean|types.IsInteger|types.IsFloat) != 0 && t.Kind() != types.Uintptr || t.Kind() == types.UntypedNil
	case *types.Slice:
		if e, ok := types.Unalias(t.Elem()).(*types.Basic); ok {
			return e.Kind() == types.String || e.Kind() == types.Int || e.Kind() == types.Float64
		}
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// hasString reports a String() string method in t's own method set: a T
// whose String has a *T receiver is no minfmt.Stringer once boxed in an any.
func hasString(t types.Type) bool {
	sel := types.NewMethodSet(t).Lookup(nil, "String")
	if sel == nil {
		return false
	}
	sig := sel.Obj().(*types.Func).Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

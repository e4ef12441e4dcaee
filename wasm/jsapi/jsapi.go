//go:build js && wasm

// Package jsapi puts an api.API's methods on the JavaScript global scope. Each
// method takes one request, a plain object or a JSON string, and returns a
// plain object: the answer, or {error: {path, rule, got, message}, errors: [...]}.
// A method of api.Elsewhere the API does not answer is there too, answering
// the error that says which module does; methods lists only those answered.
// call(method, jsonString) does the same with a JSON string out. No method
// throws: a Go panic, or a request JSON.stringify cannot encode, comes back as
// an error value and the instance keeps answering. A request object nested
// deeper than estimator.MaxNesting is refused before anything walks it
// recursively (Go's calls share the JavaScript stack).
package jsapi

import (
	"slices"
	"syscall/js"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
)

// Expose sets globalThis[name] to an object holding a's methods, calls
// globalThis[name+"OnReady"](obj) when that is a function, and blocks forever
// so the functions stay callable.
func Expose(name string, a *api.API) {
	obj := New(a)
	js.Global().Set(name, obj)
	if ready := js.Global().Get(name + "OnReady"); ready.Type() == js.TypeFunction {
		ready.Invoke(obj)
	}
	select {}
}

// New makes the JavaScript object holding a's methods.
func New(a *api.API) js.Value {
	jsonObj := js.Global().Get("JSON")
	obj := js.Global().Get("Object").New()
	methods := a.Methods()
	// A method another module answers is still a function here, answering
	// the error that says where to ask, not a TypeError.
	named := slices.Clone(methods)
	for _, m := range api.Elsewhere() {
		if !slices.Contains(named, m) {
			named = append(named, m)
		}
	}
	for _, m := range named {
		obj.Set(m, js.FuncOf(func(_ js.Value, args []js.Value) any {
			return jsonObj.Call("parse", call(a, jsonObj, m, args))
		}))
	}
	obj.Set("call", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeString {
			return string(a.Call("", nil))
		}
		return call(a, jsonObj, args[0].String(), args[1:])
	}))
	list := js.Global().Get("Array").New()
	for _, m := range methods {
		list.Call("push", m)
	}
	obj.Set("methods", list)
	obj.Set("schema", estimator.SchemaV1)
	return obj
}

// call runs one method of a on the request in args[0] and returns the JSON answer.
func call(a *api.API, jsonObj js.Value, method string, args []js.Value) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = string(api.ErrorJSON(api.Internal(method, r), estimator.English))
		}
	}()
	var req []byte
	if len(args) > 0 {
		switch a := args[0]; a.Type() {
		case js.TypeString:
			req = []byte(a.String())
		case js.TypeUndefined, js.TypeNull:
		case js.TypeObject:
			// JSON.stringify recurses too, on the JavaScript stack the
			// module's own calls share: the depth is checked first.
			if nestsDeeper(a, estimator.MaxNesting) {
				lang := estimator.English
				if l := a.Get("lang"); l.Type() == js.TypeString {
					lang = estimator.LangOf(l.String())
				}
				return string(api.ErrorJSON(estimator.TooDeep("request"), lang))
			}
			fallthrough
		default:
			req = []byte(jsonObj.Call("stringify", a).String()) // a cyclic object throws: recovered above
		}
	}
	return string(a.Call(method, req))
}

// nestsDeeper reports whether the request object v nests objects and arrays
// more than limit levels deep, as JSON.stringify would write it, walking it
// without recursion: each object's enumerable values, the ones stringify
// writes. An object met again (shared, or a cycle, which stringify refuses)
// is walked once, so the walk takes one step per object however the
// request's references cross.
func nestsDeeper(v js.Value, limit int) bool {
	object := js.Global().Get("Object")
	seen := js.Global().Get("Set").New()
	type level struct {
		v     js.Value
		depth int
	}
	todo := []level{{v, 1}}
	for len(todo) > 0 {
		l := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if l.depth > limit {
			return true
		}
		if seen.Call("has", l.v).Bool() {
			continue
		}
		seen.Call("add", l.v)
		values := object.Call("values", l.v)
		for i, n := 0, values.Length(); i < n; i++ {
			if el := values.Index(i); el.Type() == js.TypeObject {
				todo = append(todo, level{el, l.depth + 1})
			}
		}
	}
	return false
}

// Package api is the estimator's JavaScript-facing API without the JavaScript:
// each method takes a JSON request and returns a JSON response, so the same code
// answers the page (through the wasm modules in wasm/) and native tests; the
// page's HTML itself comes from package internal/page.
//
// A response is either the method's result or an error value,
//
//	{"error": {"path": "fleet.cars", "rule": "must be > 0", "got": -3, "message": "..."},
//	 "errors": [every problem, the first one repeated in "error"]}
//
// naming the field at fault in plain words ("seed: must be a whole number from
// 0 to 9007199254740991, got -1"; "scenarios[1].name: must be a string"),
// never a Go type; "message" is in the request's lang (a request with lang
// "ja" reads "fleet.cars: 0 より大きい値にしてください（入力値 -3）"), "rule"
// always in English. Requests are read strictly (DecodeRequest): no unknown or
// repeated key, every number and lang checked. API.Call never panics: a panic
// inside a method is recovered and returned as an error with rule "internal
// error", so a caller (one long-lived wasm instance) keeps working after any
// input.
package api

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Method answers one request: the request's JSON in, the result (to be
// encoded as JSON) or an error out.
type Method func(request []byte) (any, error)

// API answers requests. Each value holds its own methods and its own kept
// calculation (see fast.go), so several can run side by side: one per wasm
// module, one per test.
type API struct {
	methods map[string]Method
	names   []string // Methods()
	render  Render   // nil: estimate's render is the tools module's

	mu   sync.Mutex // guards last, and the estimate built on it until its response is written
	last *cached
}

// Render makes the HTML of one part of the page ("form", "results" or
// "ranges") for est in lang. It is internal/page's, given by the tools
// module (page.Render): linked into the estimator module, the page's HTML
// renderers cost it 13 KB brotli (docs/engineering.md, "Module size").
type Render func(part string, est *estimator.Estimate, lang estimator.Lang) string

// New makes an API answering the estimator module's one method, estimate,
// and extra, listed after it by name. The tools module passes tools.Methods()
// (which holds PageMethods()) and page.Render; with render nil, an estimate
// that asks for render is an error naming the field. A name in extra that is
// already taken is a wiring mistake, not bad input: New panics.
func New(extra map[string]Method, render Render) *API {
	a := &API{names: []string{"estimate"}, render: render}
	a.methods = map[string]Method{"estimate": a.estimate}
	// A loop, not slices.Sorted(maps.Keys(extra)): the iterators cost the
	// estimator module their generic instantiations.
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, dup := a.methods[name]; dup {
			panic("api: method " + name + " given twice")
		}
		a.methods[name] = extra[name]
		a.names = append(a.names, name)
	}
	return a
}

// PageMethods are the methods besides estimate that the page's script once
// asked the estimator module for: explain, presets and messages. The tools
// module answers them; the page reads presets and messages from data built
// into it (site/build.go). Left out of the estimator module, they and the
// tables they read (the page's words in both languages, the catalog's ids,
// present.Explain) cost it nothing: 15 KB brotli (docs/engineering.md, "Module size").
func PageMethods() map[string]Method {
	return map[string]Method{"explain": explain, "presets": presets, "messages": messagesFor}
}

// Elsewhere lists the methods of PageMethods an API without them answers
// with an error saying where to ask, rather than as unknown. It names them
// apart from PageMethods, whose functions a name list must not link.
func Elsewhere() []string { return []string{"explain", "messages", "presets"} }

// Methods lists the methods Call answers: estimate, then the extra ones New
// was given, by name.
func (a *API) Methods() []string { return slices.Clone(a.names) }

// Call answers one request. method is one of Methods(); request is a JSON
// object (an empty request means {}). The result is always a JSON object.
func (a *API) Call(method string, request []byte) (response []byte) {
	defer func() {
		if r := recover(); r != nil {
			response = errorJSON(Internal(method, r))
		}
	}()
	if len(bytes.TrimSpace(request)) == 0 {
		request = []byte("{}")
	}
	m, ok := a.methods[method]
	if !ok && slices.Contains(Elsewhere(), method) {
		return ErrorJSON(&estimator.FieldError{Path: "method", Rule: estimator.Text{EN: "is the tools module's: ask the tools module", JA: "ツールモジュールの機能です。ツールモジュールに依頼してください"},
			Got: strconv.Quote(method)}, requestLang(request))
	}
	if !ok {
		return ErrorJSON(&estimator.FieldError{Path: "method", Rule: estimator.Text{EN: "must be one of " + strings.Join(a.names, ", "), JA: "次のいずれかにしてください: " + strings.Join(a.names, ", ")},
			Got: strconv.Quote(method)}, requestLang(request))
	}
	v, err := m(request)
	if err != nil {
		return ErrorJSON(err, requestLang(request))
	}
	out, err := minjson.Append(nil, v)
	if err != nil {
		return errorJSON(Internal(method, err)) // a result JSON cannot hold (NaN) is a bug, not bad input
	}
	return out
}

// Internal is the error value for a recovered panic (or another bug) in the
// method or module named path: one line, "internal error: ...", so a page can
// show it and a user can report it, without Go's stack.
func Internal(path string, cause any) *Error {
	text, _, _ := strings.Cut(minfmt.Sprint(cause), "\n")
	if len(text) > 200 {
		text = strings.ToValidUTF8(text[:200], "") + "…"
	}
	return &Error{Path: path, Rule: "internal error", Message: "internal error: " + text}
}

// Error is one problem as the JS API returns it.
type Error struct {
	Path    string `json:"path"`    // the field at fault: a scenario path, or a request field
	Rule    string `json:"rule"`    // what it must be
	Got     any    `json:"got"`     // what it was; null when there is nothing to show
	Message string `json:"message"` // the whole sentence, as the CLI prints it, in the request's lang
	// Problem is the message without the field, for a reader who sees the
	// field's label beside it (the page's form): "must be > 0, got -3".
	// Empty where the message names no field.
	Problem string `json:"problem,omitempty"`
}

// requestLang is the lang a request asks for, "ja" or "en": its errors'
// messages follow it. A request too broken to say reads English.
func requestLang(request []byte) estimator.Lang {
	tree, _, _, _ := minjson.Read(request, "")
	if m, ok := tree.(map[string]any); ok && m["lang"] == "ja" {
		return estimator.Japanese
	}
	return estimator.English
}

// Errors turns an error (possibly several joined) into the API's error
// values, each message in lang; paths and rules stay as they are, for
// programs to read.
func Errors(err error, lang estimator.Lang) []Error {
	var out []Error
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		var fe *estimator.FieldError
		var se *estimator.SyntaxError
		var ae *Error
		switch {
		case errors.As(err, &fe):
			out = append(out, Error{Path: estimator.ShownPath(fe.Path, lang), Rule: fe.Rule.EN, Got: jsonSafe(estimator.Shown(fe.Got, lang)), Message: fe.In(lang), Problem: fe.Problem(lang)})
		case errors.As(err, &se):
			out = append(out, Error{Path: "scenario", Rule: "must be valid JSON", Got: minfmt.Sprintf("line %d, column %d", se.Line, se.Column), Message: se.In(lang)})
		case errors.As(err, &ae):
			out = append(out, *ae)
		default:
			out = append(out, Error{Rule: "failed", Message: err.Error()})
		}
	}
	walk(err)
	return out
}

func (e *Error) Error() string { return e.Message }

// jsonSafe keeps a FieldError's Got printable as JSON (no NaN, no Inf).
func jsonSafe(v any) any {
	if _, err := minjson.Append(nil, v); err != nil {
		return minfmt.Sprint(v)
	}
	return v
}

// ErrorJSONFor is ErrorJSON with the messages in the lang request asks for,
// as Call answers: for a module that answers requests without Call.
func ErrorJSONFor(err error, request []byte) []byte { return ErrorJSON(err, requestLang(request)) }

func errorJSON(err error) []byte { return ErrorJSON(err, "en") }

// ErrorJSON is the error value API.Call returns for err, its messages in
// lang: for a request refused before it is JSON, too.
func ErrorJSON(err error, lang estimator.Lang) []byte {
	errs := Errors(err, lang)
	if len(errs) == 0 {
		errs = []Error{{Rule: "failed", Message: err.Error()}}
	}
	out, mErr := minjson.Append(nil, struct {
		Error  Error   `json:"error"`
		Errors []Error `json:"errors"`
	}{errs[0], errs})
	if mErr != nil {
		return []byte(`{"error":{"path":"","rule":"internal error","got":null,"message":"unprintable error"}}`)
	}
	return out
}

// ScenarioRequest names a scenario the way the CLI does: a built-in preset (the
// default when neither is given) or a scenario object, then overrides applied
// in order, as --set path=value.
type ScenarioRequest struct {
	Preset   string `json:"preset,omitempty"`
	Scenario any    `json:"scenario,omitempty"` // an object (as minjson.Read reads it), or a string holding one
	Set      []Set  `json:"set,omitempty"`
}

// Set is one override: {"path": "fleet.cars", "value": 300} or the CLI's
// "fleet.cars=300". A string value is read as --set reads it: JSON where it
// is JSON, else a bare string.
type Set struct {
	Path  string
	Value string
}

func (s *Set) readTree(v any) error {
	if text, ok := v.(string); ok {
		o, err := estimator.ParseOverride(text)
		if err != nil {
			return err
		}
		s.Path, s.Value = o.Path, o.Value
		return nil
	}
	var req struct {
		Path  string `json:"path"`
		Value any    `json:"value"`
	}
	if decodeTree(v, &req) != nil || req.Path == "" {
		text, _ := minjson.Append(nil, v)
		return &estimator.FieldError{Path: "set", Rule: estimator.Text{EN: `each must be "path=value" or {"path": ..., "value": ...}`, JA: `それぞれ "path=value" か {"path": ..., "value": ...} の形にしてください`}, Got: string(text)}
	}
	s.Path = req.Path
	if text, ok := req.Value.(string); ok {
		s.Value = text
	} else {
		value, _ := minjson.Append(nil, req.Value)
		s.Value = string(value)
	}
	return nil
}

// Noun says what a Set reads, for the errors of a value of another shape.
func (Set) Noun(plural bool) (en, ja string) {
	ja = `上書き指定（"path=value" または {"path": ..., "value": ...}）`
	if plural {
		return `overrides ("path=value" or {"path": ..., "value": ...})`, ja
	}
	return `an override ("path=value" or {"path": ..., "value": ...})`, ja
}

func (s Set) MarshalJSON() ([]byte, error) {
	return minjson.Append(nil, map[string]string{"path": s.Path, "value": s.Value})
}

// Load decodes the requested scenario and applies its overrides.
func (r ScenarioRequest) Load() (*estimator.Scenario, error) {
	overrides := make([]estimator.Override, len(r.Set))
	for i, s := range r.Set {
		overrides[i] = estimator.Override{Path: s.Path, Value: s.Value}
	}
	if r.Scenario != nil && r.Preset != "" {
		return nil, &estimator.FieldError{Path: "preset", Rule: estimator.Text{EN: "give a preset or a scenario, not both", JA: "preset か scenario のどちらか一方を指定してください"}, Got: strconv.Quote(r.Preset)}
	}
	var data []byte
	switch sc := r.Scenario.(type) {
	case map[string]any:
		return estimator.DecodeTree(sc, overrides...)
	case string:
		data = []byte(sc)
	case nil:
		name := r.Preset
		if name == "" {
			name = examples.Default
		}
		var ok bool
		if data, ok = examples.Read(name); !ok {
			return nil, &estimator.FieldError{Path: "preset", Rule: estimator.Text{EN: "must be a built-in scenario (" + strings.Join(examples.Names(), ", ") + ")", JA: "組み込みのシナリオにしてください（" + strings.Join(examples.Names(), ", ") + "）"},
				Got: strconv.Quote(name)}
		}
	default:
		return nil, &estimator.FieldError{Path: "scenario", Rule: estimator.Text{EN: "must be a JSON object or a string holding one", JA: "JSON オブジェクトか、それを含む文字列にしてください"}, Got: nil}
	}
	return estimator.Decode(bytes.NewReader(data), overrides...)
}

// Run loads the requested scenario and estimates it.
func (r ScenarioRequest) Run() (*estimator.Estimate, error) {
	s, err := r.Load()
	if err != nil {
		return nil, err
	}
	return estimator.Run(s)
}

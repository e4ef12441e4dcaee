package treedecode

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/minjson"
)

type whole float64

func (whole) Noun(plural bool) (string, string) {
	if plural {
		return "whole numbers", "整数"
	}
	return "a whole number", "整数"
}

type inner struct {
	N    float64 `json:"n"`
	Note string  `json:"note,omitempty"`
}

type outer struct {
	Name   string            `json:"name"`
	On     bool              `json:"on,omitempty"`
	Inner  *inner            `json:"inner,omitempty"`
	List   []inner           `json:"list,omitempty"`
	Tags   []string          `json:"tags,omitempty"`
	Counts []whole           `json:"counts,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Raw    any               `json:"raw,omitempty"`
}

func read(t *testing.T, text string) any {
	t.Helper()
	tree, _, _, err := minjson.Read([]byte(text), "")
	require.NoError(t, err)
	return tree
}

// messages is each problem as "path: rule, got X", and in Japanese.
func messages(errs []error) (en, ja []string) {
	for _, err := range errs {
		e := err.(*Error)
		got := ""
		if e.Got != nil {
			got = fmt.Sprintf(", got %v", e.Got)
		}
		en = append(en, e.Path+": "+e.Rule+got)
		ja = append(ja, e.Path+": "+e.RuleJA)
	}
	return en, ja
}

func toString(v any) string {
	b, _ := minjson.Append(nil, v)
	return string(b)
}

func TestEveryProblemOrTheFirst(t *testing.T) {
	tree := `{"Name": "x", "bogus": 1, "on": "yes", "inner": {"n": "1"}, "list": {}, "tags": [1], "counts": "9", "labels": {"a": 2}}`
	all := Decode(read(t, tree), &outer{}, Options{Root: "thing", Required: true})
	en, ja := messages(all)
	assert.Equal(t, []string{
		`Name: unknown field (known: counts, inner, labels, list, name, on, raw, tags)`,
		`bogus: unknown field (known: counts, inner, labels, list, name, on, raw, tags)`,
		`name: is required`,
		`on: must be true or false, got "yes"`,
		`inner.n: must be a number, got "1"`,
		`list: must be a list of objects, got an object`,
		`tags[0]: must be a string, got 1`,
		`counts: must be a list of whole numbers, got "9"`,
		`labels.a: must be a string, got 2`,
	}, en)
	assert.Equal(t, []string{
		"Name: 不明なフィールドです（既知: counts, inner, labels, list, name, on, raw, tags）",
		"bogus: 不明なフィールドです（既知: counts, inner, labels, list, name, on, raw, tags）",
		"name: 必須です",
		"on: true か false にしてください",
		"inner.n: 数値にしてください",
		"list: オブジェクトのリストにしてください",
		"tags[0]: 文字列にしてください",
		"counts: 整数のリストにしてください",
		"labels.a: 文字列にしてください",
	}, ja)

	first := Decode(read(t, tree), &outer{}, Options{Root: "thing", First: true})
	require.Len(t, first, 1)
	assert.Equal(t, "Name", first[0].(*Error).Path)
}

func TestKeysInAnyCaseWithFold(t *testing.T) {
	var v outer
	require.Empty(t, Decode(read(t, `{"NAME": "a", "TAGſ": ["b"]}`), &v, Options{Fold: true}))
	assert.Equal(t, outer{Name: "a", Tags: []string{"b"}}, v)

	errs := Decode(read(t, `{"Name": "a", "name": "b"}`), &outer{}, Options{Fold: true})
	require.Len(t, errs, 1)
	assert.Equal(t, "Name: must appear only once in its object (a duplicate key)", errs[0].Error(), "the key spelled as the field is the one meant")
}

func TestNullLeavesOptionalFieldsUnset(t *testing.T) {
	v := outer{Name: "kept", Tags: []string{"kept"}}
	require.Empty(t, Decode(read(t, `{"name": null, "tags": null, "inner": null, "raw": null}`), &v, Options{}))
	assert.Equal(t, outer{Name: "kept", Tags: []string{"kept"}}, v)

	errs := Decode(read(t, `{"name": null, "tags": [null]}`), &outer{}, Options{Required: true})
	en, _ := messages(errs)
	assert.Equal(t, []string{`name: must be a string, got null`, `tags[0]: must be a string, got null`}, en)

	errs = Decode(read(t, `null`), &outer{}, Options{Root: "request"})
	en, _ = messages(errs)
	assert.Equal(t, []string{`request: must be an object, got null`}, en)
}

func TestNumbers(t *testing.T) {
	var v inner
	require.Empty(t, Decode(read(t, `{"n": -0}`), &v, Options{}))
	assert.Equal(t, "0", toString(v.N), "no -0")
	errs := Decode(read(t, `{"n": 1e999}`), &v, Options{})
	require.Len(t, errs, 1)
	assert.Equal(t, &Error{"n", "must be a finite number", "有限の数値にしてください", "1e999"}, errs[0])
	assert.Equal(t, "1e999", Got(minjson.Number("1e999")), "a string: JavaScript reads 1e999 as Infinity")
	assert.Equal(t, minjson.Number("2e6"), Got(minjson.Number("2e6")))
}

func TestAValueKeptWholeIsACopy(t *testing.T) {
	tree := read(t, `{"raw": {"a": [1]}}`)
	var v outer
	require.Empty(t, Decode(tree, &v, Options{}))
	v.Raw.(map[string]any)["a"].([]any)[0] = "changed"
	assert.Equal(t, minjson.Number("1"), tree.(map[string]any)["raw"].(map[string]any)["a"].([]any)[0])
}

func TestReadTakesItsOwnShapes(t *testing.T) {
	// A number may be given as {"low", "high"}: Read takes it.
	read := func(path string, src any, dst reflect.Value) (bool, []error) {
		m, ok := src.(map[string]any)
		if !ok || dst.Kind() != reflect.Float64 {
			return false, nil
		}
		if m["low"] == nil {
			return true, []error{&Error{Path: path + ".low", Rule: "is required"}}
		}
		dst.SetFloat(42)
		return true, nil
	}
	var v inner
	require.Empty(t, Decode(map[string]any{"n": map[string]any{"low": minjson.Number("1")}}, &v, Options{Read: read}))
	assert.Equal(t, 42.0, v.N)
	errs := Decode(map[string]any{"n": map[string]any{}}, &v, Options{Read: read})
	require.Len(t, errs, 1)
	assert.Equal(t, "n.low: is required", errs[0].Error())
}

func TestAStructWithNoFields(t *testing.T) {
	errs := Decode(map[string]any{"x": true}, &struct{}{}, Options{})
	require.Len(t, errs, 1)
	assert.Equal(t, "x: unknown field (known: none)", errs[0].Error())
}

// sameFold answers as strings.EqualFold for field names in ASCII.
func TestSameFoldIsEqualFold(t *testing.T) {
	for _, tc := range []struct{ name, key string }{
		{"lang", "lang"}, {"lang", "LANG"}, {"lang", "Lang"}, {"lang", "lan"}, {"lang", "langs"},
		{"set", "ſet"}, {"set", "SEſ"}, {"seed", "ſeed"}, {"return_scenario", "Return_Scenario"},
		{"kind", "Kind"}, {"kind", "\u212Aind"}, {"kind", "\u212AIND"}, {"kind", "kind"}, {"kind", "kınd"}, {"full", "full\xff"}, {"full", ""},
		{"a_b", "A_B"}, {"a_b", "a-b"}, {"x1", "X1"}, {"compact", "compacτ"},
	} {
		assert.Equal(t, strings.EqualFold(tc.name, tc.key), sameFold(tc.name, tc.key), "%q %q", tc.name, tc.key)
	}
}

// Decode never panics, whatever the tree; with First it reports one problem
// at most, the first of those it reports without; a tree that decodes
// reports none either way; every rule is worded in both languages.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"name": "a", "tags": ["b"], "counts": [1, 2e6], "labels": {"x": "y"}}`,
		`{"NAME": 1, "Name": 2, "inner": {"n": 1e999}, "list": [null, {}]}`,
		`[1, {"a": null}, "x", true]`,
		`{"raw": {"deep": [[[{}]]]}, "on": false, "inner": null}`,
		`null`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, fold bool) {
		tree, _, _, err := minjson.Read(data, "")
		if err != nil {
			return
		}
		all := Decode(tree, &outer{}, Options{Root: "x", Fold: fold, Required: true})
		first := Decode(tree, &outer{}, Options{Root: "x", Fold: fold, Required: true, First: true})
		if len(all) == 0 {
			require.Empty(t, first)
			return
		}
		require.Len(t, first, 1)
		assert.Equal(t, all[0], first[0])
		for _, err := range all {
			e := err.(*Error)
			require.NotEmpty(t, e.Rule)
			require.NotEmpty(t, e.RuleJA)
		}
	})
}

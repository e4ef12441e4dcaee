package minjson_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/minjson"
)

// fromStd is encoding/json's tree of data, json.Numbers turned into Numbers.
func fromStd(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	var conv func(any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			return minjson.Number(x)
		case map[string]any:
			for k, el := range x {
				x[k] = conv(el)
			}
		case []any:
			for i, el := range x {
				x[i] = conv(el)
			}
		}
		return v
	}
	return conv(v)
}

func TestReadReadsAsEncodingJSON(t *testing.T) {
	t.Parallel()
	inputs := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0.5e-7`, `12E+3`, `"plain"`,
		`"esc \" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 \ud800 x"`, "\"bad \xff utf-8\"",
		` {"a": [1, 2, {"b": null}], "c": "ä", "d": {}} `,
	}
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		inputs = append(inputs, string(data))
	}
	for _, in := range inputs {
		tree, rest, repeated, err := minjson.Read([]byte(in), "")
		require.NoError(t, err, in)
		assert.Empty(t, rest, in)
		assert.Empty(t, repeated, in)
		assert.Equal(t, fromStd(t, []byte(in)), tree, in)
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, msg string
		offset  int
	}{
		{"{\n  \"a\": }", "invalid character '}' looking for beginning of value", 9},
		{`{"a": 1`, "unexpected end of input", 7},
		{`{"a" 1}`, "invalid character '1' after object key", 5},
		{`[1 2]`, "invalid character '2' after array element", 3},
		{`{a}`, "invalid character 'a' looking for beginning of object key string", 1},
		{`01`, "", 0}, // a value, then more: rest says so
		{`-`, "unexpected end of input", 1},
		{`1.`, "unexpected end of input", 2},
		{`tru`, "unexpected end of input", 3},
		{`nul!`, "invalid character '!' in literal null (expecting 'l')", 3},
		{"\"a\x01\"", `invalid character '\x01' in string literal`, 2},
		{`"\x"`, "invalid character 'x' in string escape code", 2},
	} {
		_, rest, _, err := minjson.Read([]byte(tc.in), "")
		if tc.msg == "" {
			require.NoError(t, err, tc.in)
			assert.NotEmpty(t, rest, tc.in)
			continue
		}
		var se *minjson.SyntaxError
		require.ErrorAs(t, err, &se, tc.in)
		assert.Equal(t, tc.msg, se.Msg, tc.in)
		assert.Equal(t, tc.offset, se.Offset, tc.in)
	}
}

// Read takes MaxDepth levels of objects and arrays and refuses the bracket
// that opens one more, before reading into it (a 20,000-deep input, which
// would overflow the page's stack, is refused there too).
func TestReadDepth(t *testing.T) {
	t.Parallel()
	nest := func(levels int, open, close string) []byte {
		return []byte(strings.Repeat(open, levels) + "1" + strings.Repeat(close, levels))
	}
	for _, tc := range []struct{ open, close string }{{"[", "]"}, {`{"a":`, "}"}, {`[{"a":`, "}]"}} {
		per := strings.Count(tc.open, "[") + strings.Count(tc.open, "{")
		levels := minjson.MaxDepth / per
		tree, rest, _, err := minjson.Read(nest(levels, tc.open, tc.close), "")
		require.NoError(t, err, tc.open)
		assert.Empty(t, rest)
		assert.NotNil(t, tree)
		for _, deeper := range []int{levels + 1, 20000} {
			_, _, _, err = minjson.Read(nest(deeper, tc.open, tc.close), "")
			var de *minjson.DepthError
			require.ErrorAs(t, err, &de, tc.open)
			assert.Equal(t, len(tc.open)*levels, de.Offset, "%s: the bracket opening level %d", tc.open, minjson.MaxDepth+1)
		}
	}
	assert.Equal(t, "nests objects and arrays more than 500 levels deep", (&minjson.DepthError{}).Error())
}

func TestReadRepeatedKeys(t *testing.T) {
	t.Parallel()
	tree, _, repeated, err := minjson.Read([]byte(`{"a": 1, "b": [{"c": 1, "c": 2}], "a": 3}`), "")
	require.NoError(t, err)
	assert.Equal(t, []string{"b[0].c", "a"}, repeated)
	assert.Equal(t, minjson.Number("3"), tree.(map[string]any)["a"], "the later value kept")
}

type inner struct {
	X int    `json:"x"`
	Y string `json:"y,omitempty"`
}

type Embedded struct {
	E string `json:"e"`
}

type outer struct {
	Embedded
	*inner     `json:"-"`
	Name       string            `json:"name"`
	Skip       string            `json:"-"`
	Untagged   float64           //nolint: the Go name is the key
	Floats     []float64         `json:"floats"`
	Empty      []string          `json:"empty,omitempty"`
	Nil        []string          `json:"nil"`
	Map        map[string]any    `json:"map"`
	Ptr        *inner            `json:"ptr"`
	NilPtr     *inner            `json:"nil_ptr"`
	Any        any               `json:"any"`
	Dist       estimator.Dist    `json:"dist"`
	Ints       [2]int            `json:"ints"`
	Bool       bool              `json:"bool,omitempty"`
	Strings    map[string]string `json:"strings,omitempty"`
	unexported int
}

func TestAppendWritesAsEncodingJSON(t *testing.T) {
	t.Parallel()
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	values := []any{
		nil, true, 0.0, -0.0, 1.5, 1e21, 1e20, 1e-7, 123456789.125, 3e-9, float32(0.1), -12, uint8(7),
		"<a href=\"x\">&amp;</a>\n\t\u2028\u2029\x00\x1f é 日本 \xff",
		[]any{1, "two", nil, map[string]any{"b": 1, "a": []int{}}},
		outer{Embedded: Embedded{"e"}, Name: "n", Untagged: 2, Floats: []float64{0.1, 2}, Map: map[string]any{"z": 1, "a": 2e6},
			Ptr: &inner{X: 1}, Any: inner{Y: "y"}, Dist: estimator.Dist{Low: 0, Likely: 1, High: 2}, Ints: [2]int{1, 2}, unexported: 1},
		estimator.Dist{Median: 2, P90: 3, Why: "a <guess>"},
		s,                                         // Scenario's own MarshalJSON, written by Append too
		hardware.GPUs()[0], hardware.Systems()[0], // MarshalJSONs hiding embedded fields
	}
	for _, v := range values {
		want, err := json.Marshal(v)
		require.NoError(t, err)
		got, err := minjson.Append(nil, v)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
	got, err := minjson.Append(nil, map[string]minjson.Number{"a": "12.50", "b": "-2e6"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"a": 12.50, "b": -2e6}`, string(got), "a Number as written")
	for _, bad := range []any{math.NaN(), math.Inf(1), []float64{math.Inf(-1)}} {
		_, err := minjson.Append(nil, bad)
		assert.Error(t, err)
	}
}

// FuzzRead checks Read against encoding/json on any input: both accept it or
// both refuse it, and what they read is the same. By hand:
// go test -run '^$' -fuzz FuzzRead -fuzztime 60s ./internal/minjson
func FuzzRead(f *testing.F) {
	for _, seed := range []string{`{}`, `{"a":[1,-2.5e3,"x\u00e9",true,null]}`, `"\ud800"`, "\"\xff\"", `[1,]`, `{"a":1,"a":2}`, ` 0 `, `1e999`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, rest, _, err := minjson.Read(data, "")
		whole := err == nil && len(rest) == 0
		assert.Equal(t, json.Valid(data), whole, "%q", data)
		if whole {
			assert.Equal(t, fromStd(t, data), tree, "%q", data)
		}
	})
}

// FuzzAppendString checks strings are written as encoding/json writes them.
func FuzzAppendString(f *testing.F) {
	for _, seed := range []string{"", "plain", "<a>&\"\\\n\t\x00\x7f", "\u2028\u2029é", "\xff\xfe"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		got, err := minjson.Append(nil, s)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	})
}

// Indent writes compact JSON as encoding/json.Indent does, strings with
// brackets, commas, colons and escaped quotes in them included.
func TestIndentAsEncodingJSON(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `1`, `"a"`,
		`{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[]}`,
		`{"s":"{[,:]}","q":"say \"hi\", \\","u":"\u003c"}`,
		`[[[]],{"x":{"y":true}}]`,
	} {
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, []byte(src), "", "  "), src)
		assert.Equal(t, want.String(), string(minjson.Indent([]byte(src), "  ")), src)
	}
}

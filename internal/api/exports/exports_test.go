package exports

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/jafont"
	"github.com/trainscale/trainscale/report/pdf"
)

func TestMakeEachExport(t *testing.T) {
	t.Parallel()
	for kind, magic := range map[string]string{"xlsx": "PK\x03\x04", "pdf": "%PDF-", "html": "<!"} {
		f, err := Make(kind, []byte(`{"set":["fleet.cars=150"],"samples":200,"date":"2026-11-30"}`), nil, nil)
		require.NoError(t, err, kind)
		assert.True(t, bytes.HasPrefix(bytes.TrimSpace(f.Bytes), []byte(magic)), "%s starts with %q", kind, magic)
		assert.Contains(t, f.Filename, "."+kind)
	}
}

func TestMakeNamesTheField(t *testing.T) {
	t.Parallel()
	_, err := Make("xlsx", []byte(`{"set":["fleet.cars=-1"]}`), nil, nil)
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "fleet.cars", fe.Path)
	_, err = Make("docx", nil, nil, nil)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "kind", fe.Path)
}

// An export asked for in Japanese says what is wrong in Japanese, as the
// page's export button shows it.
func TestMakeErrorsInJapanese(t *testing.T) {
	t.Parallel()
	req := []byte(`{"set":["fleet.cars=-1"],"lang":"ja"}`)
	_, err := Make("xlsx", req, nil, nil)
	require.Error(t, err)
	assert.Contains(t, string(api.ErrorJSONFor(err, req)), `"message":"fleet.cars: 0 より大きい値にしてください（入力値 -1）"`)
	assert.Contains(t, string(api.ErrorJSONFor(err, []byte(`{}`))), `"message":"fleet.cars: must be \u003e 0, got -1"`)
}

func TestMakeChecksEveryField(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ req, path, rule string }{
		{`{"lang":"xx"}`, "lang", "must be en or ja"},
		{`{"lang":1}`, "lang", "must be a string"},
		{`{"samples":2e6}`, "samples", "must be a whole number from 0 to 1000000"},
		{`{"samples":-5}`, "samples", "must be a whole number from 0 to 1000000"},
		{`{"samples":"many"}`, "samples", "must be a whole number"},
		{`{"seed":1.5}`, "seed", "must be a whole number from 0 to 9007199254740991"},
		{`{"date":"tomorrow"}`, "date", "must be YYYY-MM-DD"},
		{`{"compare":["modern-2026","modern-2026"]}`, "compare[1]", "is listed twice"},
		{`{"compare":"modern-2026"}`, "compare", "must be a list of strings"},
		{`[]`, "request", "must be an object"},
	} {
		_, err := Make("html", []byte(tc.req), nil, nil)
		var fe *estimator.FieldError
		if assert.ErrorAs(t, err, &fe, tc.req) {
			assert.Equal(t, tc.path, fe.Path, tc.req)
			assert.Equal(t, tc.rule, fe.Rule.EN, tc.req)
		}
	}
}

// The page passes the font it fetched for the Japanese PDF; without it the
// error names what is missing, with no advice for a command line.
func TestMakeJapanesePDFTakesTheFont(t *testing.T) {
	t.Parallel()
	req := []byte(`{"lang":"ja","samples":200,"date":"2026-11-30","compare":[]}`)
	f, err := Make("pdf", req, nil, jafont.TTF)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(f.Bytes, []byte("%PDF-")))
	_, err = Make("pdf", req, nil, nil)
	require.ErrorIs(t, err, pdf.ErrNoFont)
	assert.NotContains(t, err.Error(), "--font")
}

// issue 26: the request's overrides edit its own scenario alone. They
// reached the Table 1 scenarios too, so a transformer's model set on
// llama-3-405b failed on article-2017, which has no transformer; and the
// article's Table 1 is set beside the article alone unless asked.
func TestMakeComparesAsTheCLIDoes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, req string
		columns   []string // nil: no comparison
	}{
		{"llama 70B", `{"preset":"llama-3-405b","set":["workloads[0].transformer.model=llama-3.1-70b"]}`, nil},
		{"modern-2026", `{"preset":"modern-2026"}`, nil},
		{"the article", `{"set":["fleet.cars=50"]}`, []string{"realistic-2017", "modern-2026"}},
		{"the article's file", `{"scenario":` + strconv.Quote(article(t)) + `}`, []string{"article-2017", "realistic-2017", "modern-2026"}},
		{"asked", `{"preset":"llama-3-405b","set":["workloads[0].transformer.model=llama-3.1-70b"],"compare":["av-world-model-2026"]}`, []string{"av-world-model-2026"}},
	} {
		req := tc.req[:len(tc.req)-1] + `,"samples":0,"date":"2026-11-30"}`
		b, err := bundle(decode(t, req))
		require.NoError(t, err, tc.name)
		if tc.columns == nil {
			assert.Nil(t, b.Comparison, tc.name)
			continue
		}
		require.NotNil(t, b.Comparison, tc.name)
		assert.Equal(t, tc.columns, b.Comparison.Columns[1:], tc.name)
	}
	// The compared scenarios are as published: fleet.cars=50 stays the article's.
	b, err := bundle(decode(t, `{"set":["fleet.cars=50"],"samples":0,"compare":["modern-2026"]}`))
	require.NoError(t, err)
	var cars []string
	for _, in := range b.Comparison.Inputs {
		if in.Path == "fleet.cars" {
			for _, v := range in.Values {
				cars = append(cars, v.String())
			}
		}
	}
	assert.Equal(t, []string{"50", "100"}, cars)
	f, err := Make("html", []byte(`{"preset":"llama-3-405b","set":["workloads[0].transformer.model=llama-3.1-70b"],"samples":0,"date":"2026-11-30"}`), nil, nil)
	require.NoError(t, err)
	assert.False(t, bytes.Contains(f.Bytes, []byte(`id="comparison"`)))
}

func decode(t *testing.T, req string) Request {
	t.Helper()
	var r Request
	require.NoError(t, api.DecodeRequest([]byte(req), &r))
	return r
}

func article(t *testing.T) string {
	t.Helper()
	data, ok := examples.Read(examples.Default)
	require.True(t, ok)
	return string(data)
}

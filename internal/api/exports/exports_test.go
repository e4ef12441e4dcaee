package exports

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/api"
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
			assert.Equal(t, tc.rule, fe.Rule, tc.req)
		}
	}
}

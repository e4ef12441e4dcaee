package exports

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

func TestMakeEachExport(t *testing.T) {
	for kind, magic := range map[string]string{"xlsx": "PK\x03\x04", "pdf": "%PDF-", "html": "<!"} {
		f, err := Make(kind, []byte(`{"set":["fleet.cars=150"],"samples":200,"date":"2026-11-30"}`), nil, nil)
		require.NoError(t, err, kind)
		assert.True(t, bytes.HasPrefix(bytes.TrimSpace(f.Bytes), []byte(magic)), "%s starts with %q", kind, magic)
		assert.Contains(t, f.Filename, "."+kind)
	}
}

func TestMakeNamesTheField(t *testing.T) {
	_, err := Make("xlsx", []byte(`{"set":["fleet.cars=-1"]}`), nil, nil)
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "fleet.cars", fe.Path)
	_, err = Make("docx", nil, nil, nil)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "kind", fe.Path)
}

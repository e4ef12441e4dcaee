package api_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/hostile"
)

// hostileDir holds the hostile-input corpus; its README gives the format.
var hostileDir = filepath.Join("..", "..", "testdata", "hostile")

// TestHostileCorpus calls the API method of every corpus case that names one
// (natively, and under Node through wasm_exec's file system): a case whose
// CLI exits 2 must be an error holding its words, one that exits 0 a result.
func TestHostileCorpus(t *testing.T) {
	t.Parallel()
	cases, err := hostile.Load(hostileDir)
	require.NoError(t, err)
	for _, c := range cases {
		if c.Method == "" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			req := withFiles(t, c.Request)
			res := callAPI(t, newAPI(), c.Method, string(req))
			switch *c.Exit {
			case 0:
				assert.Nil(t, res.Error, "%s: %v", c.Method, res.Error)
			case 2:
				require.NotNil(t, res.Error, "%s: an error", c.Method)
				var text strings.Builder
				for _, e := range res.Errors {
					text.WriteString(e.Message + "\n")
					assertPlain(t, e)
				}
				for _, word := range c.Contains {
					assert.Contains(t, text.String(), word)
				}
			}
		})
	}
}

var fileRef = regexp.MustCompile(`\{file:([^}"\\]+)\}`)

// withFiles puts the text of files/NAME where the request says {file:NAME},
// escaped for the JSON string it stands in; the rest of the request is kept
// byte for byte (a repeated key, a number written 2e6).
func withFiles(t *testing.T, req json.RawMessage) []byte {
	t.Helper()
	return fileRef.ReplaceAllFunc(req, func(ref []byte) []byte {
		name := string(fileRef.FindSubmatch(ref)[1])
		data, err := os.ReadFile(filepath.Join(hostileDir, "files", filepath.Base(name)))
		require.NoError(t, err, "{file:%s}", name)
		quoted, err := json.Marshal(string(data))
		require.NoError(t, err)
		return bytes.TrimSuffix(bytes.TrimPrefix(quoted, []byte(`"`)), []byte(`"`))
	})
}

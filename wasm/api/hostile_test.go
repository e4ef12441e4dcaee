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
)

// hostileDir holds the hostile-input corpus; its README gives the format.
var hostileDir = filepath.Join("..", "..", "testdata", "hostile")

// hostileCase is the part of a corpus case the API answers: the CLI's args
// and stdin are for cmd/trainscale's runner.
type hostileCase struct {
	Name     string          `json:"name"`
	Exit     int             `json:"exit"`
	Contains []string        `json:"contains"`
	Method   string          `json:"method"`
	Request  json.RawMessage `json:"request"`
}

// TestHostileCorpus calls the API method of every corpus case that names one
// (natively, and under Node through wasm_exec's file system): a case whose
// CLI exits 2 must be an error holding its words, one that exits 0 a result.
func TestHostileCorpus(t *testing.T) {
	manifests, err := filepath.Glob(filepath.Join(hostileDir, "*.cases.json"))
	require.NoError(t, err)
	require.NotEmpty(t, manifests, "no manifests under %s", hostileDir)
	seen := map[string]string{}
	for _, manifest := range manifests {
		data, err := os.ReadFile(manifest)
		require.NoError(t, err)
		var cases []hostileCase
		require.NoError(t, json.Unmarshal(data, &cases), manifest)
		for _, c := range cases {
			require.NotEmpty(t, c.Name, "%s: a case without a name", manifest)
			require.Empty(t, seen[c.Name], "%s: case %q is also in %s", manifest, c.Name, seen[c.Name])
			seen[c.Name] = filepath.Base(manifest)
			if c.Method == "" {
				continue
			}
			t.Run(c.Name, func(t *testing.T) {
				req := withFiles(t, c.Request)
				res := callAPI(t, c.Method, string(req))
				switch c.Exit {
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
				default:
					t.Fatalf("exit %d: a case that names a method expects 0 or 2", c.Exit)
				}
			})
		}
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

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileDir holds the shared corpus of hostile inputs (see its README.md).
const hostileDir = "../../testdata/hostile"

// hostileCase is one entry of a *.cases.json manifest. Fields the CLI does
// not use (method, request: the wasm API's) are left to their runner.
type hostileCase struct {
	Name     string   `json:"name"`
	Args     []string `json:"args"`
	Stdin    string   `json:"stdin"`
	Exit     *int     `json:"exit"`
	Contains []string `json:"contains"`
	Method   string   `json:"method"`
}

// caseTimeLimit is far above what any case should take ("a few seconds"),
// so that only a runaway fails on a slow machine.
const caseTimeLimit = 20 * time.Second

// TestHostileCorpus runs every case of every manifest through the CLI in
// process: the exit status must be the manifest's, the error (or the output,
// on success) must hold its words, and no case may panic (status 3).
func TestHostileCorpus(t *testing.T) {
	manifests, err := filepath.Glob(filepath.Join(hostileDir, "*.cases.json"))
	require.NoError(t, err)
	require.NotEmpty(t, manifests)
	files, err := filepath.Abs(filepath.Join(hostileDir, "files"))
	require.NoError(t, err)
	seen := map[string]string{}
	for _, manifest := range manifests {
		data, err := os.ReadFile(manifest)
		require.NoError(t, err)
		var cases []hostileCase
		require.NoError(t, json.Unmarshal(data, &cases), manifest)
		for i, c := range cases {
			where := filepath.Base(manifest) + " case " + c.Name
			require.NotEmpty(t, c.Name, "%s: case %d has no name", manifest, i)
			if other, dup := seen[c.Name]; dup {
				t.Errorf("%s: the name %q is taken by %s", manifest, c.Name, other)
			}
			seen[c.Name] = filepath.Base(manifest)
			require.NotNil(t, c.Exit, "%s: no exit status", where)
			require.NotEqual(t, 3, *c.Exit, "%s: exit 3 is a panic, never an expected outcome", where)
			if *c.Exit != 0 {
				require.NotEmpty(t, c.Contains, "%s: a failing case must say what its error holds", where)
			}
			if len(c.Args) == 0 {
				require.NotEmpty(t, c.Method, "%s: neither args nor method", where)
				continue // a case for the wasm API alone
			}
			t.Run(c.Name, func(t *testing.T) { runHostileCase(t, c, files) })
		}
	}
}

func runHostileCase(t *testing.T, c hostileCase, files string) {
	out := t.TempDir()
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = strings.NewReplacer("{files}", files, "{out}", out).Replace(a)
	}
	var stdin []byte
	if c.Stdin != "" {
		var err error
		stdin, err = os.ReadFile(filepath.Join(files, c.Stdin))
		require.NoError(t, err, "stdin")
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := run(args, &env{stdin: bytes.NewReader(stdin), stdout: &stdout, stderr: &stderr})
	took := time.Since(start)
	require.NotEqual(t, 3, code, "panic: %s", stderr.String())
	assert.Less(t, took, caseTimeLimit, "too slow")
	require.Equal(t, *c.Exit, code, "stderr: %s", stderr.String())
	text := stderr.String()
	if code == 0 {
		text = stdout.String()
	}
	for _, word := range c.Contains {
		assert.Contains(t, text, word)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/hostile"
)

// hostileDir holds the shared corpus of hostile inputs (see its README.md).
const hostileDir = "../../testdata/hostile"

// caseTimeLimit is far above what any case should take ("a few seconds"),
// so that only a runaway fails on a slow machine.
const caseTimeLimit = 20 * time.Second

// TestHostileCorpus runs every case of every manifest through the CLI in
// process: the exit status must be the manifest's, the error (or the output,
// on success) must hold its words, and no case may panic (status 3).
func TestHostileCorpus(t *testing.T) {
	t.Parallel()
	cases, err := hostile.Load(hostileDir)
	require.NoError(t, err)
	files, err := filepath.Abs(filepath.Join(hostileDir, "files"))
	require.NoError(t, err)
	for _, c := range cases {
		if len(c.Args) == 0 {
			continue // a case for the wasm API alone
		}
		t.Run(c.Name, func(t *testing.T) {
			if testing.Short() && rendersReport(c) {
				t.Skip("renders a report, seconds of work: make test runs it")
			}
			t.Parallel() // run keeps its state in env, and each case writes to its own directory
			runHostileCase(t, c, files)
		})
	}
}

// rendersReport says whether a case's input is accepted and drawn into a
// report: the corpus's slow cases; a refused one stops at the check.
func rendersReport(c hostile.Case) bool {
	return c.Exit != nil && *c.Exit == 0 && slices.Contains([]string{"report", "pdf", "html", "xlsx"}, c.Args[0])
}

func runHostileCase(t *testing.T, c hostile.Case, files string) {
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

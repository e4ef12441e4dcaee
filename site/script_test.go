package site_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScriptUnderNode runs the tests of the page script's pure functions
// (test/*.test.mjs: the link's state, the form's numbers and paths, an added
// item's id, a download's name) under Node. They take about a second, so
// they run in the quick loop too; the type check of every script is make
// test-js.
func TestScriptUnderNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		node = "node"
	}
	needs(t, node)
	files, err := filepath.Glob("test/*.test.mjs")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out, err := exec.Command(node, append([]string{"--test"}, files...)...).CombinedOutput()
	require.NoError(t, err, "node --test %v:\n%s", files, out)
}

package examples

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every scenario file in the directory ships, with its own bytes, and
// nothing else does.
func TestEveryFileListed(t *testing.T) {
	onDisk, err := filepath.Glob("*.json")
	require.NoError(t, err)
	var listed []string
	for name := range files {
		listed = append(listed, name)
	}
	assert.ElementsMatch(t, onDisk, listed)
	for _, f := range onDisk {
		want, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Equal(t, string(want), files[f], f)
	}
}

func TestNamesAndRead(t *testing.T) {
	names := Names()
	assert.Contains(t, names, Default)
	assert.IsIncreasing(t, names)
	data, ok := Read(Default)
	assert.True(t, ok)
	assert.Contains(t, string(data), `"fleet"`)
	_, ok = Read("no-such-scenario")
	assert.False(t, ok)
}

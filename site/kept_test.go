package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An unchanged file keeps the siblings an earlier build compressed; a
// changed one, one without its siblings and a fast build compress again.
func TestKeptReusesOnlyAnUnchangedFile(t *testing.T) {
	dir := t.TempDir()
	data := []byte(strings.Repeat("font bytes ", 200))
	require.NoError(t, write(dir, "fonts/f.ttf.gz", []byte("gz")))
	require.NoError(t, write(dir, "fonts/f.ttf.br", []byte("b")))
	require.NoError(t, write(dir, "fonts/f.ttf", data))

	sz, ok := kept(dir, "fonts/f.ttf", data, false)
	assert.True(t, ok)
	assert.Equal(t, Size{Raw: len(data), Gzip: 2, Brotli: 1}, sz)

	changed := append([]byte("x"), data...)
	sz, ok = kept(dir, "fonts/f.ttf", changed, false)
	assert.False(t, ok)
	assert.Equal(t, Size{Raw: len(changed)}, sz)
	_, ok = kept(dir, "fonts/f.ttf", data, true)
	assert.False(t, ok, "a fast build")
	require.NoError(t, os.Remove(filepath.Join(dir, "fonts", "f.ttf.br")))
	_, ok = kept(dir, "fonts/f.ttf", data, false)
	assert.False(t, ok, "no brotli sibling")
}

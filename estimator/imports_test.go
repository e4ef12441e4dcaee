package estimator_test

import (
	"go/build"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The estimator is what the page's module ships and what every surface
// builds on: it imports the standard library, its catalog and the module's
// two stdlib-alikes and its tree decoder, nothing else; so does the decoder.
func TestImportsOnlyTheStandardLibrary(t *testing.T) {
	const module = "github.com/trainscale/trainscale/"
	allowed := map[string]bool{
		module + "estimator/hardware":  true,
		module + "internal/minjson":    true,
		module + "internal/minfmt":     true,
		module + "internal/numtext":    true,
		module + "internal/civil":      true,
		module + "internal/treedecode": true,
	}
	for _, dir := range []string{".", "hardware", "../internal/treedecode"} {
		pkg, err := build.ImportDir(dir, 0)
		require.NoError(t, err)
		for _, path := range pkg.Imports {
			first, _, _ := strings.Cut(path, "/")
			assert.True(t, !strings.Contains(first, ".") || allowed[path], "%s imports %s", dir, path)
		}
	}
}

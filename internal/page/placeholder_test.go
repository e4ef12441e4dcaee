package page_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/internal/page"
)

// A field left empty says what that means in words, never by another
// field's path ("team.target_days or ..."): the page is read, not written.
func TestPlaceholdersShowNoPaths(t *testing.T) {
	placeholder := regexp.MustCompile(`placeholder="([^"]*)"`)
	path := regexp.MustCompile(`\b[a-z_]+(\[\])?\.[a-z_]+\b`)
	for _, name := range examples.Names() {
		data, _ := examples.Read(name)
		s, err := estimator.Decode(bytes.NewReader(data))
		require.NoError(t, err, name)
		for _, lang := range estimator.Langs() {
			for _, m := range placeholder.FindAllStringSubmatch(page.Form(s, lang), -1) {
				words := strings.ReplaceAll(m[1], "config.json", "") // a file's name, as Hugging Face writes it
				assert.NotRegexp(t, path, words, "%s %s", name, lang)
			}
		}
	}
}

package page

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/gen"
)

// accuracy_words.go holds estimator/tool's words as they are now: go
// generate ./internal/page writes them again after tool's tables change.
func TestAccuracyWordsCurrent(t *testing.T) {
	assert.NoError(t, gen.Current("accuracy_words.go", gen.AccuracyWords), "run go generate ./internal/page")
}

// The copy holds every word the section shows, in both languages: the
// generator's key list keeps up with the section's headings and columns.
func TestAccuracyWordsCoverTheSection(t *testing.T) {
	keys := regexp.MustCompile(`data-i18n="([^"]+)"`).FindAllStringSubmatch(Accuracy(nil, nil), -1)
	require.Len(t, keys, 2+len(accuracyColumns)-1+1, "title, lead, the columns after the grouping, the points' title")
	for _, k := range keys {
		w := accuracyWords[k[1]]
		assert.NotEmpty(t, w.EN, k[1])
		assert.NotEmpty(t, w.JA, k[1])
	}
}

package examples

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// ArticleName is the article file's own name, so a renamed file cannot
// silently stop being the article.
func TestArticleName(t *testing.T) {
	data, _ := Read(Default)
	var head struct{ Name string }
	require.NoError(t, json.Unmarshal(data, &head))
	assert.Equal(t, head.Name, ArticleName)
	assert.True(t, IsArticle(head.Name))
	for _, name := range Names() {
		if name != Default {
			data, _ := Read(name)
			var other struct{ Name string }
			require.NoError(t, json.Unmarshal(data, &other))
			assert.False(t, IsArticle(other.Name), "%s reads as the article", name)
		}
	}
}

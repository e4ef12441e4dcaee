package estimator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
)

// An ErrorList joins its problems under the MaxErrors cap and counts the rest.
func TestErrorList(t *testing.T) {
	var l estimator.ErrorList
	assert.NoError(t, l.Err())
	l.Add("gpus", "must be in [1, 131072]", 0)
	l.Add("model", "is required", nil)
	assert.Equal(t, 2, l.Len())
	assert.EqualError(t, l.Err(), "gpus: must be in [1, 131072], got 0\nmodel: is required")
	assert.True(t, estimator.IsInvalidInput(l.Err()))

	var many estimator.ErrorList
	for i := range estimator.MaxErrors + 7 {
		many.Add(fmt.Sprintf("rows[%d]", i), "must be > 0", -1)
	}
	assert.Equal(t, estimator.MaxErrors+7, many.Len())
	lines := strings.Split(many.Err().Error(), "\n")
	assert.Len(t, lines, estimator.MaxErrors+1)
	assert.Equal(t, "... and 7 more", lines[estimator.MaxErrors])
}

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
	l.Add("gpus", estimator.Text{EN: "must be in [1, 131072]", JA: "1 以上 131072 以下にしてください"}, 0)
	l.Add("model", estimator.Text{EN: "is required", JA: "必須です"}, nil)
	assert.Equal(t, 2, l.Len())
	assert.EqualError(t, l.Err(), "gpus: must be in [1, 131072], got 0\nmodel: is required")
	assert.True(t, estimator.IsInvalidInput(l.Err()))
	var fe *estimator.FieldError
	if assert.ErrorAs(t, l.Err(), &fe) {
		assert.Equal(t, "gpus: 1 以上 131072 以下にしてください（入力値 0）", fe.In("ja"))
	}

	var many estimator.ErrorList
	for i := range estimator.MaxErrors + 7 {
		many.Add(fmt.Sprintf("rows[%d]", i), estimator.Text{EN: "must be > 0"}, -1)
	}
	assert.Equal(t, estimator.MaxErrors+7, many.Len())
	lines := strings.Split(many.Err().Error(), "\n")
	assert.Len(t, lines, estimator.MaxErrors+1)
	assert.Equal(t, "... and 7 more", lines[estimator.MaxErrors])
}

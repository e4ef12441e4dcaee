package estimator_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
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

	// The problems come back as one list, one per line, the count last.
	var list estimator.Errors
	require.ErrorAs(t, many.Err(), &list)
	require.Len(t, list, estimator.MaxErrors+1)
	assert.Equal(t, "rows[0]: must be > 0, got -1", list[0].Error())
	assert.Equal(t, "... and 7 more", list[estimator.MaxErrors].Error())
	many.Add("rows[x]", estimator.Text{EN: "must be > 0"}, -1)
	assert.Contains(t, many.Err().Error(), "... and 8 more")
	assert.Equal(t, "... and 7 more", list[estimator.MaxErrors].Error(), "a list handed out stays as it was")
}

// A problem with a scenario reads in the user's language.
func ExampleFieldError_In() {
	scenario, _ := examples.Read(examples.Default)
	cars, _ := estimator.ParseOverride("fleet.cars=-5")
	_, err := estimator.Decode(bytes.NewReader(scenario), cars)
	var fe *estimator.FieldError
	if errors.As(err, &fe) {
		fmt.Println(fe.In("en"))
		fmt.Println(fe.In("ja"))
	}
	// Output:
	// fleet.cars: must be > 0, got -5
	// fleet.cars: 0 より大きい値にしてください（入力値 -5）
}

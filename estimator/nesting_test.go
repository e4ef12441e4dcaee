package estimator_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// JSON nested deeper than MaxNesting is refused, naming where, before any
// walk of it: a scenario file, an override's value, a factors file, a prices
// file. MaxNesting levels are read.
func TestNestingLimit(t *testing.T) {
	nest := func(levels int) string { return strings.Repeat("[", levels) + strings.Repeat("]", levels) }
	deep := estimator.TooDeep("").Rule.EN
	assert.Equal(t, "must nest objects and lists at most 500 levels deep", deep)

	// The scenario object is the first level.
	_, err := estimator.Decode(strings.NewReader(`{"fleet":` + nest(estimator.MaxNesting) + `}`))
	assertPath(t, err, "scenario", deep)
	_, err = estimator.Decode(strings.NewReader(`{"fleet":` + nest(estimator.MaxNesting-1) + `}`))
	var fe *estimator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.NotEqual(t, deep, fe.Rule.EN, "at the limit the scenario is read, and its fields checked")

	// An override's value counts its own levels: it is read alone.
	data, _ := examples.Read(examples.Default)
	for _, levels := range []int{estimator.MaxNesting + 1, 20_000} {
		o, err := estimator.ParseOverride("fleet.cars=" + nest(levels))
		require.NoError(t, err)
		_, err = estimator.Decode(bytes.NewReader(data), o)
		assertPath(t, err, "fleet.cars", deep)
	}
	_, err = estimator.Decode(bytes.NewReader(data), estimator.Override{Path: "name", Value: nest(estimator.MaxNesting)})
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "name", fe.Path)
	assert.Equal(t, "must be a string", fe.Rule.EN, "a JSON list, not the bare string a broken value would be")

	_, err = estimator.DecodeFactors(strings.NewReader(`{"factors":` + nest(estimator.MaxNesting) + `}`))
	assertPath(t, err, "scenario", deep)
	_, err = estimator.DecodePrices(strings.NewReader(`{"prices":`+nest(estimator.MaxNesting)+`}`), nil, "")
	assertPath(t, err, "scenario", deep)
}

// assertPath checks that err is one FieldError at path with rule.
func assertPath(t *testing.T, err error, path, rule string) {
	t.Helper()
	var fe *estimator.FieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, path, fe.Path)
	assert.Equal(t, rule, fe.Rule.EN)
	assert.True(t, estimator.IsInvalidInput(err))
}

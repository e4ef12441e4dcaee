package estimator_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// A scenario that names its grid has its CO2 at the table's intensity, the
// formula reading the table's fact and the source citing its row: one
// Inception-v3 run's 17.63 MWh on Japan's 2023 grid (0.485392 kg per kWh)
// is 8,559 kg, against 7,917 kg at the article's 0.449.
func TestGridRegionSetsTheCO2(t *testing.T) {
	est := mustEstimate(t, examples.Default, estimator.Override{Path: "money.grid_region", Value: "JP"})
	run, ok := est.Get("co2.per_run")
	require.True(t, ok)
	assert.InDelta(t, 8559.04, run.Value, 0.01)
	assert.Equal(t, "{energy.per_run} / 3600000 * {catalog.grid.jp.kg_co2_per_kwh}", run.Expr)
	assert.Contains(t, run.Source.EN, "grid: Japan (jp), Our World in Data")
	assert.Contains(t, run.Source.JA, "電力網: 日本（jp）")
	assert.InDelta(t, 2689972.72, value(t, est, "co2.per_year"), 0.01)
	// Nothing else moves: the energy is the same.
	assert.InDelta(t, value(t, mustEstimate(t, examples.Default), "energy.per_run"), value(t, est, "energy.per_run"), 1e-6)
	assert.InDelta(t, 7917.33, value(t, mustEstimate(t, examples.Default), "co2.per_run"), 0.01)
}

// A cloud region, and a project's CO2: Llama 3 70B's 90-day project on
// Sweden's grid (0.040695 kg per kWh) emits 225.7 t.
func TestGridRegionInAProject(t *testing.T) {
	s, err := decodeProject(t, "money.grid_region=se")
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	assert.InDelta(t, 225749.38, value(t, est, "co2.project"), 0.01)

	va := mustEstimate(t, examples.Default, estimator.Override{Path: "money.grid_region", Value: "aws-us-east-1"})
	assert.InDelta(t, 2038294.75, value(t, va, "co2.per_year"), 0.01)
}

// A grid the table lacks, or no grid at all, is an error naming the field
// and saying where the names are listed.
func TestGridRegionErrors(t *testing.T) {
	fieldErr := func(err error) *estimator.FieldError {
		t.Helper()
		require.Error(t, err)
		var fe *estimator.FieldError
		require.True(t, errors.As(err, &fe), err)
		return fe
	}
	_, err := decodeAndRun(article(t), estimator.Override{Path: "money.grid_region", Value: "mars"})
	fe := fieldErr(err)
	assert.Equal(t, "money.grid_region", fe.Path)
	assert.Equal(t, `"mars"`, fe.Got)
	assert.Contains(t, fe.Rule.EN, "trainscale catalog grid lists them")
	assert.Contains(t, fe.Rule.JA, "trainscale catalog grid")

	none := edit(t, func(m map[string]any) { delete(section(m, "money"), "grid_kg_co2_per_kwh") })
	_, err = decodeAndRun(none)
	fe = fieldErr(err)
	assert.Equal(t, "money.grid_kg_co2_per_kwh", fe.Path)
	assert.Equal(t, "is required unless money.grid_region names a grid (trainscale catalog grid lists them)", fe.Rule.EN)

	// Named, the grid takes the number's place: no number is needed.
	est, err := decodeAndRun(none, estimator.Override{Path: "money.grid_region", Value: "fr"})
	require.NoError(t, err)
	assert.InDelta(t, 988.15, value(t, est, "co2.per_run"), 0.01)
}

// The scenario keeps the name it was given when written back out.
func TestGridRegionRoundTrips(t *testing.T) {
	s, err := estimator.Decode(bytes.NewReader(article(t)), estimator.Override{Path: "money.grid_region", Value: "de"})
	require.NoError(t, err)
	out, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"grid_region":"de"`)
}

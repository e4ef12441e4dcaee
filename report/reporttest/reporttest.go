// Package reporttest holds what the report adapters' tests share: the
// default scenario with factors fitted to a lab's own measurements.
package reporttest

import (
	"bytes"
	"embed"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/examples"
	"github.com/trainscale/trainscale/report"
)

// fitted.json is what `trainscale calibrate --measurements lab.csv --out`
// wrote.
//
//go:embed fitted.json lab.csv
var files embed.FS

// Fitted is the default scenario's bundle with the factors of fitted.json and
// the measurements they were fitted to, as the report commands' --factors and
// --measurements give them.
func Fitted(t testing.TB, lang estimator.Lang, date string) *report.Bundle {
	t.Helper()
	data, _ := examples.Read(examples.Default)
	s, err := estimator.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	f, err := files.Open("fitted.json")
	require.NoError(t, err)
	defer f.Close()
	s.Factors, err = estimator.DecodeFactors(f)
	require.NoError(t, err)
	lab, err := files.Open("lab.csv")
	require.NoError(t, err)
	defer lab.Close()
	pts, err := tool.ParseMeasurementsCSV(lab, "lab.csv")
	require.NoError(t, err)
	est, err := estimator.Run(s)
	require.NoError(t, err)
	b, err := report.Build(est, report.Options{Lang: lang, Date: date, Measurements: pts})
	require.NoError(t, err)
	return b
}

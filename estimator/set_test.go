package estimator_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// Set in place gives what Decode with the same override gives, error or value,
// for every numeric input of every example. One calculation per input takes
// every value in turn, as the page's kept one takes keystrokes, so a value (or
// a refused one) that left anything behind would show in the next; and
// decoding and preparing once per input, not per value, halves the test's time.
func TestSetMatchesDecode(t *testing.T) {
	t.Parallel()
	values := []string{"0", "-3", "2.5", "1e6", `{"low": 1, "likely": 2, "high": 3}`, `{"median": 2, "p90": 1}`,
		`{"low": 1.5, "likely": 6, "high": 31}`} // a fractional endpoint; above team.members
	if !testing.Short() {
		values = append(values, "-0", `{"low": 0, "likely": 0, "high": 1}`, `{"median": 0, "p90": 1}`, `{"low": 1, "low": 2, "likely": 2, "high": 3}`)
	}
	for _, name := range examples.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, _ := examples.Read(name)
			base, err := estimator.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			for path := range estimator.InputValues(base) {
				s, err := estimator.Decode(bytes.NewReader(data))
				require.NoError(t, err)
				c, err := estimator.Prepare(s)
				require.NoError(t, err)
				for _, value := range values {
					o := estimator.Override{Path: path, Value: value}
					before := estimator.InputValues(s)[path]
					applied, setErr := c.Set(o)
					if !applied {
						require.NoError(t, setErr)
						continue // the full path's to take
					}
					full, decodeErr := decodeAndRun(data, o)
					if decodeErr != nil {
						require.Error(t, setErr, "%s %s=%s", name, path, value)
						assert.Equal(t, decodeErr.Error(), setErr.Error(), "%s %s=%s", name, path, value)
						_, err := c.Estimate()
						require.NoError(t, err, "%s %s=%s", name, path, value)
						assert.Equal(t, before, estimator.InputValues(s)[path], "a refused value leaves the input as it was")
						continue
					}
					require.NoError(t, setErr, "%s %s=%s", name, path, value)
					got, err := c.Estimate()
					require.NoError(t, err, "%s %s=%s", name, path, value)
					assert.Equal(t, full.Quantities(), got.Quantities(), "%s %s=%s", name, path, value)
				}
			}
		})
	}
}

func TestSetDeclinesWhatReshapes(t *testing.T) {
	t.Parallel()
	s, err := estimator.Decode(bytes.NewReader(article(t)))
	require.NoError(t, err)
	c, err := estimator.Prepare(s)
	require.NoError(t, err)
	for _, o := range []estimator.Override{
		{Path: "growth.factor", Value: "3"}, {Path: "systems[0].gpus", Value: "4"}, {Path: "name", Value: "x"},
		{Path: "fleet.cars", Value: `"many"`}, {Path: "systems[0].price", Value: "1"}, {Path: "no.such", Value: "1"},
	} {
		applied, err := c.Set(o)
		assert.False(t, applied, o.Path)
		assert.NoError(t, err, o.Path)
	}
}

func BenchmarkSetAndEstimate(b *testing.B) {
	s, err := estimator.Decode(bytes.NewReader(article(b)))
	require.NoError(b, err)
	c, err := estimator.Prepare(s)
	require.NoError(b, err)
	values := []string{"100", "120"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := c.Set(estimator.Override{Path: "fleet.cars", Value: values[i%2]}); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Estimate(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

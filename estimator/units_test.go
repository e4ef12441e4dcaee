package estimator_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

// No value prints as "-0", whether it is -0 itself or rounds to 0 from below.
func TestFormatNeverShowsNegativeZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, tc := range []struct {
		v    float64
		unit estimator.Unit
		want string
	}{
		{negZero, estimator.Count, "0"},
		{-0.001, estimator.Count, "0"},
		{-0.006, estimator.Count, "-0.01"},
		{negZero, estimator.Ratio, "0"},
		{-1e-9, estimator.Bytes, "0 B"},
		{negZero, estimator.Seconds, "0 s"},
		{-1e-9, estimator.Seconds, "0 s"},
		{-1e-9, estimator.BytesPerSecond, "0 KB/s"},
		{4200, estimator.BytesPerSecond, "4.1 KB/s"},
		{negZero, estimator.Watts, "0 W"},
		{-1, estimator.Joules, "0 kWh"},
		{negZero, estimator.Kilograms, "0 kg"},
		{-0.004, "USD", "USD 0"},
		{-0.4, "USD", "USD -0.40"},
		{negZero, "other", "0"},
	} {
		assert.Equal(t, tc.want, present.Format(tc.v, tc.unit, estimator.Binary, estimator.English), "%v %s", tc.v, tc.unit)
	}
}

func TestUnitIn(t *testing.T) {
	for _, tc := range []struct {
		u      estimator.Unit
		en, ja string
	}{
		{estimator.Count, "count", "個数"}, {estimator.Ratio, "ratio", "比"}, {estimator.Share, "share", "割合"}, {estimator.Flag, "bool", "真偽"},
		{estimator.Bytes, "B", "B"}, {estimator.USD, "USD", "USD"}, {estimator.Unit("JPY"), "JPY", "JPY"},
	} {
		assert.Equal(t, tc.en, tc.u.In("en"), tc.u)
		assert.Equal(t, tc.ja, tc.u.In("ja"), tc.u)
	}
}

func TestInputNumber(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {400000, "400,000"}, {0.1, "0.1"}, {-3.25, "-3.25"},
		{1234567, "1,234,567"}, {16777216, "16,777,216"}, {0.8537663273992658, "0.8538"}, {1.1712806749118907, "1.171"},
		{2.5e-7, "2.5e-07"}, {123456789.5, "123,500,000"}, {-12000, "-12,000"}, {2e15, "2e+15"},
	} {
		assert.Equal(t, c.want, estimator.InputNumber(c.v), "%v", c.v)
	}
}

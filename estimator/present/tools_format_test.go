package present_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

func TestFormatToolValue(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		u    estimator.Unit
		want string
	}{
		{28e9, estimator.Bytes, "26.08 GiB (28 GB)"},
		{110 * 1024, estimator.Bytes, "110 KiB"},
		{157286400, estimator.BytesPerSecond, "157.3 MB/s"},
		{900e9, estimator.BytesPerSecond, "900 GB/s"},
		{989.4e12, estimator.FLOPS, "989.4 TFLOP/s"},
		{367.24, estimator.PerSecond, "367.2/s"},
		{0.0027, estimator.Seconds, "2.7 ms"},
		{3e-6, estimator.Seconds, "3 µs"},
		{2 * 3600, estimator.Seconds, "2 hours"},
		{0.9067, estimator.Ratio, "0.907"},
		{1, estimator.Flag, "yes"},
		{1281167, estimator.Count, "1.281 M"},
		{3.94e25, estimator.Count, "3.94e+25"}, // a large model's training FLOPs
		{512, estimator.Count, "512"},
		{1.337e9, estimator.Bytes, "1.25 GiB (1.34 GB)"},
		{1e300, estimator.PerSecond, "1e+300/s"},
		{123456789012345, estimator.PerSecond, "123.5 T/s"},
		{2.226e6, estimator.PerSecond, "2.226 M/s"},
		{math.MaxFloat64, estimator.BytesPerSecond, "1.798e+290 EB/s"},
		{5e-324, estimator.PerSecond, "5e-324/s"},
		{0.000001234, estimator.PerSecond, "0.000001234/s"},
		{1e-300, estimator.Seconds, "1e-294 µs"},
	} {
		assert.Equal(t, tc.want, present.FormatToolValue(tc.v, tc.u, estimator.English))
	}
}

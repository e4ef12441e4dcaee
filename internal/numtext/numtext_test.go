package numtext

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNumbers(t *testing.T) {
	assert.Equal(t, "21,307,000", Grouped(21307000))
	assert.Equal(t, "-1,000", Grouped(-1000))
	assert.Equal(t, "999", Grouped(999))
	assert.Equal(t, "0.06", Trim(0.0551, 2))
	assert.Equal(t, "0", Trim(-0.001, 2), "no -0")
	assert.Equal(t, "9.1", Trim(9.1, 2))
	assert.Equal(t, 0.0, NoNegativeZero(math.Copysign(0, -1)))
	assert.False(t, math.Signbit(NoNegativeZero(math.Copysign(0, -1))))
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		en, ja string
	}{
		{39930512, "39.93 million", "3,993.1 万"},
		{1.2e9, "1.2 billion", "12 億"},
		{3.4e12, "3.4 trillion", "3.4 兆"},
		{2e15, "2e+15", "2e+15"},
		{999999, "999,999", "999,999"},
		{2175, "2,175", "2,175"},
		{12.345, "12.35", "12.35"},
	} {
		en, ja := Count(tc.v)
		assert.Equal(t, tc.en, en, "%g", tc.v)
		assert.Equal(t, tc.ja, ja, "%g", tc.v)
	}
}

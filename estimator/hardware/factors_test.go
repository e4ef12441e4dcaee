package hardware

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FactorSpecs names every field of Factors once, in field order, by its
// JSON name, and each Field points at that field.
func TestFactorSpecsCoverFactors(t *testing.T) {
	ft := reflect.TypeFor[Factors]()
	require.Len(t, FactorSpecs, ft.NumField())
	var f Factors
	for i, s := range FactorSpecs {
		name, _, _ := strings.Cut(ft.Field(i).Tag.Get("json"), ",")
		assert.Equal(t, name, s.Name, "spec %d", i)
		*s.Field(&f) = float64(i + 1)
		assert.Equal(t, float64(i+1), reflect.ValueOf(f).Field(i).Float(), s.Name)
		assert.NotEmpty(t, s.LabelEn, s.Name)
		assert.NotEmpty(t, s.LabelJa, s.Name)
		assert.Contains(t, []string{"ratio", "s", "B/s", "count"}, s.Unit, s.Name)
		assert.True(t, s.Allows(*s.Field(new(DefaultFactors()))), "%s: the default is in range", s.Name)
	}
	b, err := json.Marshal(f)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), `{"fp32_efficiency":1,`), string(b))
}

func TestFactorSpecRange(t *testing.T) {
	open := FactorSpec{Low: 0, High: 1}
	closed := FactorSpec{Low: 0, High: 10, LowIncluded: true}
	for _, tc := range []struct {
		spec FactorSpec
		v    float64
		ok   bool
	}{
		{open, 0, false}, {open, 1e-300, true}, {open, 1, true}, {open, 1.5, false}, {open, -1, false},
		{open, math.NaN(), false}, {closed, 0, true}, {closed, 10, true}, {closed, math.Inf(1), false},
	} {
		assert.Equal(t, tc.ok, tc.spec.Allows(tc.v), "%+v %v", tc.spec, tc.v)
	}
	assert.Equal(t, "must be in (0, 1]", open.Rule())
	assert.Equal(t, "must be in [0, 10]", closed.Rule())
}

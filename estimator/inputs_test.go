package estimator

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/examples"
)

// numericPaths lists the generic path of every number the format can hold.
func numericPaths(prefix string, t reflect.Type, out *[]string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float64:
		*out = append(*out, prefix)
	case reflect.Slice:
		numericPaths(prefix+"[]", t.Elem(), out)
	case reflect.Struct:
		for _, f := range fieldsOf(t) {
			numericPaths(join(prefix, f.name), t.Field(f.index).Type, out)
		}
	}
}

func TestInputUnitsCoverTheFormat(t *testing.T) {
	var paths []string
	numericPaths("", reflect.TypeFor[Scenario](), &paths)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		assert.NotEmpty(t, inputUnits[p], "no unit text for %s", p)
	}
	for p := range inputUnits {
		assert.True(t, slices.Contains(paths, p), "unit text for %s, which is no field", p)
	}
}

func TestInputSpecs(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := Decode(strings.NewReader(string(data)))
	require.NoError(t, err)
	specs := InputSpecs(s)
	byPath := map[string]InputSpec{}
	for _, sp := range specs {
		byPath[sp.Path] = sp
	}
	// Every number InputValues knows is listed, with its value.
	for path, v := range InputValues(s) {
		sp, ok := byPath[path]
		if assert.True(t, ok, path) {
			assert.Equal(t, v, sp.Number, path)
			assert.False(t, sp.IsText, path)
		}
	}
	cars := byPath["fleet.cars"]
	assert.Equal(t, []string{"int", "gt0"}, cars.Rules)
	assert.Equal(t, "cars", cars.Unit)
	assert.Contains(t, cars.Source, "100 data-collection cars")
	tb := byPath["fleet.tb_per_hour"]
	require.NotNil(t, tb.Range)
	assert.Equal(t, 3.24, tb.Range.High)
	assert.Equal(t, 1.0, tb.Number)
	price := byPath["money.price_per_kwh"]
	assert.True(t, price.Money)
	assert.Equal(t, "USD per kWh", price.Unit)
	units := byPath["units"]
	assert.True(t, units.IsText)
	assert.Equal(t, "binary", units.Text)
	assert.Equal(t, []string{"oneof=binary|decimal"}, units.Rules)
	_, hasBatch := byPath["workloads[0].batch"]
	assert.False(t, hasBatch, "fields the scenario leaves out are not listed")
	_, hasOptimizer := byPath["workloads[0].optimizer"]
	assert.False(t, hasOptimizer, "empty strings are not listed")
}

func TestDescribeRule(t *testing.T) {
	for rule, want := range map[string]string{
		"gt0":                  "must be > 0",
		"ge=1":                 "must be >= 1",
		"le=24":                "must be <= 24",
		"int":                  "must be a whole number",
		"oneof=binary|decimal": "must be one of binary, decimal",
	} {
		assert.Equal(t, want, DescribeRule(rule), rule)
	}
}

package estimator

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/examples"
)

func TestFieldsCoverTheFormat(t *testing.T) {
	fields := Fields()
	require.NotEmpty(t, fields)
	paths := map[string]bool{}
	for _, f := range fields {
		paths[f.Path] = true
		assert.NotEmpty(t, f.Label.EN, "no English label for %s", f.Path)
		assert.NotEmpty(t, f.Label.JA, "no Japanese label for %s", f.Path)
		if f.IsText {
			assert.Empty(t, f.Unit, "a unit for the text field %s", f.Path)
			continue
		}
		if f.Object { // a JSON object: its unit says so, and it measures nothing
			assert.Equal(t, Text{"JSON object", "JSON オブジェクト"}, f.Unit, f.Path)
			assert.Empty(t, f.Dim, f.Path)
			continue
		}
		assert.NotEmpty(t, f.Unit.EN, "no English unit for %s", f.Path)
		assert.NotEmpty(t, f.Unit.JA, "no Japanese unit for %s", f.Path)
		assert.NotEmpty(t, f.Dim, "no dimension for %s", f.Path)
		assert.Equal(t, strings.Contains(f.Unit.EN, "<currency>"), strings.Contains(f.Unit.JA, "<currency>"), f.Path)
	}
	for p, w := range joinedWords() {
		assert.True(t, paths[p], "words for %s, which is no field", p)
		assert.Equal(t, w.unset.EN == "", w.unset.JA == "", "unset of %s in one language only", p)
		assert.Equal(t, w.help.EN == "", w.help.JA == "", "help of %s in one language only", p)
	}
}

func TestFieldOf(t *testing.T) {
	f, ok := FieldOf("workloads[2].batch")
	require.True(t, ok)
	assert.Equal(t, "workloads[].batch", f.Path)
	assert.True(t, f.Optional)
	assert.Equal(t, []string{"int", "gt0", "max=1048576"}, f.Rules)
	assert.Equal(t, "must be a whole number; must be > 0; must be <= 1,048,576", f.RuleText(English))
	assert.Equal(t, "バッチサイズ", f.Label.In("ja"))
	assert.Equal(t, "Batch size", f.Label.In("en"))
	units, _ := FieldOf("units")
	assert.Equal(t, []string{"binary", "decimal"}, units.Choices)
	assert.False(t, units.Optional)
	price, _ := FieldOf("money.price_per_kwh")
	assert.True(t, price.Money())
	assert.Equal(t, "JPY per kWh", price.UnitIn("en", "JPY"))
	assert.Equal(t, "JPY/kWh", price.UnitIn("ja", "JPY"))
	_, ok = FieldOf("sources")
	assert.False(t, ok, "sources notes the fields; it is none")
}

func TestInputsListAbsentSections(t *testing.T) {
	data, _ := examples.Read(examples.Default)
	s, err := Decode(strings.NewReader(string(data)))
	require.NoError(t, err)
	s.Money = nil
	byPath := map[string]InputSpec{}
	for _, in := range Inputs(s) {
		byPath[in.Path] = in
	}
	pue := byPath["money.pue"]
	assert.True(t, pue.Absent)
	assert.False(t, pue.Set)
	assert.Equal(t, 0.0, pue.Number)
	assert.Equal(t, "USD per usable TB", byPath["money.storage_per_tb"].Unit)
	batch := byPath["workloads[0].batch"]
	assert.False(t, batch.Absent)
	assert.False(t, batch.Set)
	assert.True(t, byPath["fleet.cars"].Set)
	for _, in := range InputSpecs(s) {
		assert.NotContains(t, in.Path, "money.", "InputSpecs lists only what the scenario sets")
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
	assert.Equal(t, []string{"int", "gt0", "max=100000000"}, cars.Rules)
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
		assert.Equal(t, want, DescribeRule(rule, English), rule)
	}
}

// A surface labels and checks an input from its row of the fields table.
func ExampleFieldOf() {
	f, _ := FieldOf("workloads[1].batch")
	fmt.Println(f.Path, "-", f.Label.In("en"), "/", f.Label.In("ja"))
	fmt.Println(f.UnitIn("en", "USD"), "|", f.RuleText(English))
	fmt.Println("if left out:", f.Unset.In("en"))
	// Output:
	// workloads[].batch - Batch size / バッチサイズ
	// samples per GPU | must be a whole number; must be > 0; must be <= 1,048,576
	// if left out: the largest power of 2 up to 256 that fits (32 on a CPU)
}

// joinedWords is the table's two parts as one, each path in one part only.
func joinedWords() map[string]words {
	all := maps.Clone(fieldWords)
	for p, w := range planWords {
		if _, twice := all[p]; twice {
			panic("words for " + p + " in fieldWords and planWords")
		}
		all[p] = w
	}
	return all
}

// TestInputsListAConfig: a transformer's config is one input, an object,
// written as a person reads it (indented, keys sorted); it replaces the
// model and the shape, and is no cell of a sheet. A workload that gives a
// catalog model lists the config unset.
func TestInputsListAConfig(t *testing.T) {
	data, _ := examples.Read("llama-3-405b")
	byModel, err := Decode(strings.NewReader(string(data)))
	require.NoError(t, err)
	byConfig, err := Decode(strings.NewReader(string(data)), Override{Path: "workloads[0].transformer.model", Value: "null"},
		Override{Path: "workloads[0].transformer.config", Value: `{"vocab_size": 151936, "model_type": "qwen2", "hidden_size": 896, "num_hidden_layers": 24,
			"num_attention_heads": 14, "num_key_value_heads": 2, "intermediate_size": 4864, "tie_word_embeddings": true, "max_position_embeddings": 32768, "architectures": ["Qwen2ForCausalLM"]}`})
	require.NoError(t, err)
	find := func(s *Scenario, path string) InputSpec {
		for _, in := range Inputs(s) {
			if in.Path == path {
				return in
			}
		}
		t.Fatalf("no input %s", path)
		return InputSpec{}
	}
	unset := find(byModel, "workloads[0].transformer.config")
	assert.True(t, unset.Field.Object)
	assert.False(t, unset.Set)
	assert.Empty(t, unset.Text)
	assert.Equal(t, []string{"model", "shape"}, unset.Field.Replaces)
	assert.Equal(t, []string{"shape", "config"}, find(byModel, "workloads[0].transformer.model").Field.Replaces)
	cfg := find(byConfig, "workloads[0].transformer.config")
	assert.True(t, cfg.Set)
	assert.Equal(t, `{
  "architectures": [
    "Qwen2ForCausalLM"
  ],
  "hidden_size": 896,
  "intermediate_size": 4864,
  "max_position_embeddings": 32768,
  "model_type": "qwen2",
  "num_attention_heads": 14,
  "num_hidden_layers": 24,
  "num_key_value_heads": 2,
  "tie_word_embeddings": true,
  "vocab_size": 151936
}`, cfg.Text)
	for _, in := range InputSpecs(byConfig) {
		assert.NotEqual(t, cfg.Path, in.Path, "a config is no cell")
	}
}

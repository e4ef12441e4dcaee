package estimator_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minjson"
)

// configDir holds one config.json per family, each written from a model's
// published configuration (unused keys kept, as published), named by the
// model's catalog id.
const configDir = "testdata/hfconfig"

func readConfigTree(t testing.TB, id string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(configDir, id+".json"))
	require.NoError(t, err)
	tree, err := estimator.ReadTree(bytes.NewReader(data), "config")
	require.NoError(t, err)
	return tree.(map[string]any)
}

func configModel(t testing.TB, tree any) (hardware.TransformerModel, error) {
	t.Helper()
	var errs estimator.ErrorList
	m, ok := estimator.ConfigModel(&errs, "config", tree)
	assert.Equal(t, ok, errs.Len() == 0)
	return m, errs.Err()
}

// shapeOf is a model without its words, sequence and published counts:
// what a config and a catalog entry must agree on.
func shapeOf(m hardware.TransformerModel) hardware.TransformerModel {
	m.ID, m.Name, m.Family, m.Source, m.AsOf = "", "", "", "", ""
	m.Seq, m.PublishedParams, m.PublishedActive = 0, 0, 0
	return m
}

// TestConfigModelMatchesCatalog: each family's published config maps onto
// the shape of the catalog entry of its model, so the count it derives is
// the one the catalog holds to the source's within 3%; every model_type
// ConfigModel knows has a config here.
func TestConfigModelMatchesCatalog(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(configDir, "*.json"))
	require.NoError(t, err)
	var types []string
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), ".json")
		tree := readConfigTree(t, id)
		types = append(types, tree["model_type"].(string))
		if text, ok := tree["text_config"].(map[string]any); ok {
			types = append(types, text["model_type"].(string))
		}
		t.Run(id, func(t *testing.T) {
			m, err := configModel(t, tree)
			require.NoError(t, err)
			want, ok := hardware.TransformerModelByID(id)
			require.True(t, ok, "no catalog entry %s", id)
			assert.Equal(t, shapeOf(want), shapeOf(m))
			total, active := m.Params()
			assert.InEpsilon(t, want.PublishedParams, total, 0.03, "total: the config gives %.4g", total)
			assert.InEpsilon(t, want.PublishedActive, active, 0.03, "active: the config gives %.4g", active)
			assert.Equal(t, [2]float64{total, active}, [2]float64{m.PublishedParams, m.PublishedActive}, "a config's counts are its own")
		})
	}
	slices.Sort(types)
	assert.Equal(t, estimator.ConfigTypes(), slices.Compact(types))
}

// The counts by hand, for the families whose keys need a rule of their own.
func TestConfigModelByHand(t *testing.T) {
	for _, c := range []struct {
		id            string
		total, active float64
	}{
		// GPT-2 XL: n_inner null is 4 x n_embd. Tied embedding 50,257 x 1,600 =
		// 80,411,200; 48 layers of 12 x 1,600^2 = 30,720,000.
		{"gpt-2-xl", 1_554_971_200, 1_554_971_200},
		// Falcon-7B, the old decoder: multi_query shares one key/value head of
		// 4,544 / 71 = 64. Tied embedding 65,024 x 4,544 = 295,469,056; per
		// layer queries and output 2 x 4,544^2 + keys and values 2 x 4,544 x
		// 64 + feed-forward 2 x 4,544 x 18,176 = 207,060,992; x 32.
		{"falcon-7b", 6_921_420_800, 6_921_420_800},
		// MPT-7B: expansion_ratio 4 x d_model 4,096; tied embedding 50,432 x
		// 4,096 = 206,569,472; 32 layers of 12 x 4,096^2 = 201,326,592.
		{"mpt-7b", 6_649_020_416, 6_649_020_416},
		// Gemma 3 4B: the text_config's widths, and Gemma3TextConfig's 8 heads
		// and 4 key/value heads of 256, vocabulary 262,208, tied. Embedding
		// 671,252,480; per layer 3 x 2,560 x 2,048 + 2 x 2,560 x 1,024 + 3 x
		// 2,560 x 10,240 = 94,371,840; x 34.
		{"gemma-3-4b", 3_879_895_040, 3_879_895_040},
		// Qwen1.5-MoE-A2.7B: the shared expert of 5,632 counts as 4 experts of
		// 1,408 (3 x 2,048 x 1,408 = 8,650,752 each). Embedding and output 2 x
		// 151,936 x 2,048 = 622,329,856; per layer attention 4 x 2,048^2 =
		// 16,777,216 and router 2,048 x 60 = 122,880, with 64 experts in total
		// and 8 (4 routed, 4 shared) active; x 24.
		{"qwen1.5-moe-a2.7b", 14_315_487_232, 2_688_876_544},
	} {
		m, err := configModel(t, readConfigTree(t, c.id))
		require.NoError(t, err, c.id)
		total, active := m.Params()
		assert.Equal(t, c.total, total, c.id)
		assert.Equal(t, c.active, active, c.id)
	}
}

// The sequence a config implies: its context, at most 8,192; none where it
// gives none.
func TestConfigModelSeq(t *testing.T) {
	for id, want := range map[string]int{"llama-3.1-8b": 8192, "olmo-7b": 2048, "gpt-2-xl": 1024, "mpt-30b": 8192,
		"gemma-3-4b": 8192, "falcon-7b": 0} {
		m, err := configModel(t, readConfigTree(t, id))
		require.NoError(t, err, id)
		assert.Equal(t, want, m.Seq, id)
	}
}

// TestConfigModelRefuses: each bad config is refused with the key it names
// and the rule it breaks, in both languages.
func TestConfigModelRefuses(t *testing.T) {
	n := func(s string) minjson.Number { return minjson.Number(s) }
	for _, c := range []struct {
		name   string
		id     string // the config to start from
		change func(m map[string]any)
		path   string
		rule   string
		ruleJA string
	}{
		{"a missing key", "llama-3.1-8b", func(m map[string]any) { delete(m, "num_attention_heads") },
			"config.num_attention_heads", "is required for model_type llama", "model_type llama では必須です"},
		{"a null key the shape needs", "llama-3.1-8b", func(m map[string]any) { m["hidden_size"] = nil },
			"config.hidden_size", "is required for model_type llama", "必須"},
		{"an unknown model_type", "llama-3.1-8b", func(m map[string]any) { m["model_type"] = "bert" },
			"config.model_type", "unknown model_type (known: deepseek_v2, deepseek_v3, falcon, gemma, gemma2, gemma3, gemma3_text, gpt2, gpt_bigcode, gpt_neox, llama, mistral, mixtral, mpt, olmo, olmo2, phi3, qwen2, qwen2_moe, qwen3, qwen3_moe, starcoder2)", "未対応の model_type です"},
		{"no model_type", "llama-3.1-8b", func(m map[string]any) { delete(m, "model_type") },
			"config.model_type", "is required: the model's family (known: ", "必須です: モデルの系統"},
		{"model_type not a string", "llama-3.1-8b", func(m map[string]any) { m["model_type"] = n("7") },
			"config.model_type", "must be a string", "文字列にしてください"},
		{"a width as a string", "llama-3.1-8b", func(m map[string]any) { m["hidden_size"] = "4096" },
			"config.hidden_size", "must be a number", "数値にしてください"},
		{"a fractional width", "llama-3.1-8b", func(m map[string]any) { m["intermediate_size"] = n("14336.5") },
			"config.intermediate_size", "must be a whole number", "整数にしてください"},
		{"a huge width", "llama-3.1-8b", func(m map[string]any) { m["hidden_size"] = n("1e300") },
			"config.hidden_size", "must be <= 262,144", "262,144 以下"},
		{"a number past float64", "llama-3.1-8b", func(m map[string]any) { m["vocab_size"] = n("1e999") },
			"config.vocab_size", "must be a finite number", "有限の数値"},
		{"negative layers", "llama-3.1-8b", func(m map[string]any) { m["num_hidden_layers"] = n("-32") },
			"config.num_hidden_layers", "must be > 0", "0 より大きい値"},
		{"no vocabulary", "llama-3.1-8b", func(m map[string]any) { m["vocab_size"] = n("0") },
			"config.vocab_size", "must be > 0: a language model embeds its tokens", "言語モデルはトークンを埋め込みます"},
		{"key/value heads that do not divide", "llama-3.1-8b", func(m map[string]any) { m["num_key_value_heads"] = n("5") },
			"config.num_key_value_heads", "must divide the 32 attention heads", "アテンションヘッド数 32 を割り切れる値"},
		{"heads that do not divide the width", "llama-3.1-8b", func(m map[string]any) { m["hidden_size"] = n("4100") },
			"config.hidden_size", "must be a multiple of num_attention_heads (32), unless the config gives head_dim", "head_dim がない場合は"},
		{"a flag as a word", "llama-3.1-8b", func(m map[string]any) { m["tie_word_embeddings"] = "yes" },
			"config.tie_word_embeddings", "must be true or false", "true か false"},
		{"gemma3 without its text model", "gemma-3-4b", func(m map[string]any) { delete(m, "text_config") },
			"config.text_config", "is required for model_type gemma3", "model_type gemma3 では必須です"},
		{"gemma3's text model not an object", "gemma-3-4b", func(m map[string]any) { m["text_config"] = n("1") },
			"config.text_config", "must be an object: a model's config.json", "オブジェクトにしてください"},
		{"a key of gemma3's text model", "gemma-3-4b", func(m map[string]any) { delete(m["text_config"].(map[string]any), "num_hidden_layers") },
			"config.text_config.num_hidden_layers", "is required for model_type gemma3_text", "必須"},
		{"more experts per token than experts", "mixtral-8x22b", func(m map[string]any) { m["num_experts_per_tok"] = n("9") },
			"config.num_experts_per_tok", "must be at most the 8 routed experts", "8 以下"},
		{"a shared expert of an odd width", "qwen1.5-moe-a2.7b", func(m map[string]any) { m["shared_expert_intermediate_size"] = n("5000") },
			"config.shared_expert_intermediate_size", "must be a whole multiple of moe_intermediate_size (1408)", "整数倍"},
		{"a dense layer past the last", "qwen3-30b-a3b", func(m map[string]any) { m["mlp_only_layers"] = []any{n("3"), n("48")} },
			"config.mlp_only_layers[1]", "must be a layer index, a whole number from 0 to 47", "0 から 47 の整数"},
		{"dense layers not a list", "qwen3-30b-a3b", func(m map[string]any) { m["mlp_only_layers"] = n("3") },
			"config.mlp_only_layers", "must be a list of layer indexes", "層の番号のリスト"},
		{"two head widths", "deepseek-v3", func(m map[string]any) { m["v_head_dim"] = n("64") },
			"config.v_head_dim", "must equal qk_nope_head_dim (128)", "qk_nope_head_dim（128）と同じ値"},
		{"latent attention without its rank", "deepseek-v3", func(m map[string]any) { delete(m, "kv_lora_rank") },
			"config.kv_lora_rank", "is required for model_type deepseek_v3", "必須"},
		{"an unknown attention kind", "mpt-7b", func(m map[string]any) { m["attn_config"].(map[string]any)["attn_type"] = "sliding" },
			"config.attn_config.attn_type", "must be one of multihead_attention, multiquery_attention, grouped_query_attention", "次のいずれか"},
		{"grouped queries without their heads", "mpt-7b", func(m map[string]any) {
			m["attn_config"].(map[string]any)["attn_type"] = "grouped_query_attention"
		}, "config.attn_config.kv_n_heads", "is required for model_type mpt", "必須"},
		{"no expansion ratio", "mpt-7b", func(m map[string]any) { delete(m, "expansion_ratio") },
			"config.expansion_ratio", "is required for model_type mpt", "必須"},
		{"an expansion ratio that leaves a fraction", "mpt-7b", func(m map[string]any) { m["expansion_ratio"] = n("4.3") },
			"config.expansion_ratio", "times d_model, the feed-forward width, must be a whole number", "× d_model（FFN の幅）: 整数"},
		{"an unknown feed-forward kind", "mpt-7b", func(m map[string]any) { m["ffn_config"] = map[string]any{"ffn_type": "moe"} },
			"config.ffn_config.ffn_type", "must be one of mptmlp, mptglu", "次のいずれか"},
		{"new-decoder key/value heads that do not divide", "falcon-180b", func(m map[string]any) { m["num_kv_heads"] = n("7") },
			"config.num_kv_heads", "must divide the 232 attention heads", "232"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tree := readConfigTree(t, c.id)
			c.change(tree)
			_, err := configModel(t, tree)
			require.Error(t, err)
			var found bool
			for _, fe := range fieldErrors(err) {
				if fe.Path == c.path {
					found = true
					assert.Contains(t, fe.Rule.EN, c.rule)
					assert.Contains(t, fe.Rule.JA, c.ruleJA)
				}
			}
			assert.True(t, found, "no error names %s in %v", c.path, err)
		})
	}
}

func TestConfigModelNotAnObject(t *testing.T) {
	_, err := configModel(t, []any{})
	require.EqualError(t, err, "config: must be an object: a model's config.json, got a list")
	// Every bad key is reported at once.
	tree := readConfigTree(t, "llama-3.1-8b")
	delete(tree, "hidden_size")
	delete(tree, "num_hidden_layers")
	_, err = configModel(t, tree)
	assert.Len(t, fieldErrors(err), 2)
}

// A MoE config whose every layer is listed dense is a dense model.
func TestConfigModelAllLayersDense(t *testing.T) {
	tree := readConfigTree(t, "qwen3-30b-a3b")
	var all []any
	for i := range 48 {
		all = append(all, minjson.Number(strconv.Itoa(i)))
	}
	tree["mlp_only_layers"] = all
	m, err := configModel(t, tree)
	require.NoError(t, err)
	assert.False(t, m.MoE())
	assert.Equal(t, 6144, m.FFN)
}

// FuzzConfigModel: no config, however malformed, panics the mapper, and
// every config it accepts is a shape the transformer model can count.
func FuzzConfigModel(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(configDir, "*.json"))
	require.NoError(f, err)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(f, err)
		f.Add(data)
	}
	for _, s := range []string{`{}`, `[]`, `{"model_type": "gemma3", "text_config": []}`,
		`{"model_type": "qwen3_moe", "num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 4, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 2, "decoder_sparse_step": 0, "mlp_only_layers": [0, 1.5, -1]}`,
		`{"model_type": "mpt", "d_model": 8, "n_layers": 1, "n_heads": 2, "vocab_size": 4, "expansion_ratio": 1e308}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, err := estimator.ReadTree(bytes.NewReader(data), "config")
		if err != nil {
			return
		}
		var errs estimator.ErrorList
		m, ok := estimator.ConfigModel(&errs, "config", tree)
		if !ok {
			require.Error(t, errs.Err())
			return
		}
		total, active := m.Params()
		require.False(t, math.IsNaN(total) || math.IsInf(total, 0), "total %v", total)
		require.Positive(t, active)
		require.LessOrEqual(t, active, total)
		require.Zero(t, m.Heads%m.KVHeads)
		if m.MoE() {
			require.LessOrEqual(t, m.ExpertsPerToken, m.Experts)
			require.Less(t, m.DenseLayers, m.Layers)
			require.Positive(t, m.ExpertFFN)
		}
	})
}

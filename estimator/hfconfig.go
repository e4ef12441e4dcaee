package estimator

import (
	"math"
	"slices"
	"strconv"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// A Hugging Face config.json gives a model's shape in its family's own keys:
// those of the transformers library's configuration class for its
// model_type. configFamilies says where each family keeps each part of a
// hardware.TransformerModel, and configModel reads a config by it. Keys the
// shape does not need (dropout, RoPE, norms, token ids, sliding windows, a
// vision tower) are ignored; a key the shape needs and the config lacks is
// refused by name.

// configSeqCap bounds the sequence length a config's context implies. A long
// context is a late, short stage of training, not the length most tokens
// are trained at: Llama 3 pre-trained at 8,192 tokens and reached 128K only
// at the end (Dubey et al. 2024, The Llama 3 Herd of Models, section 3.4).
const configSeqCap = 8192

// configKeys are where a family keeps the parts every transformer has.
type configKeys struct{ layers, hidden, heads, seq string }

var (
	hfKeys   = configKeys{"num_hidden_layers", "hidden_size", "num_attention_heads", "max_position_embeddings"}
	gpt2Keys = configKeys{"n_layer", "n_embd", "n_head", "n_positions"}
	mptKeys  = configKeys{"n_layers", "d_model", "n_heads", "max_seq_len"}
)

// configPart reads one part of a family's shape that the common keys do not
// give: key/value heads, the feed-forward block, experts, latent attention.
type configPart func(r *configReader, m *hardware.TransformerModel)

// configFamily is one model_type: its keys, its feed-forward kind, what a
// config that leaves out tie_word_embeddings means (its class's default),
// its own parts, and the keys its published configs leave to the class's
// defaults.
type configFamily struct {
	modelType string
	keys      *configKeys
	gated     bool // a SwiGLU or GeGLU block: three matrices, not two
	tied      bool
	parts     []configPart
	defaults  []configDefault
}

// configDefault is a key's value where a config leaves it out.
type configDefault struct {
	key   string
	value any
}

// configFamilies, sorted by model_type. A list, not a map: the page's module
// carries no code to build it.
var configFamilies = []configFamily{
	{modelType: "deepseek_v2", keys: &hfKeys, gated: true, parts: []configPart{latentAttention, intermediate, deepseekExperts}},
	{modelType: "deepseek_v3", keys: &hfKeys, gated: true, parts: []configPart{latentAttention, intermediate, deepseekExperts}},
	{modelType: "falcon", keys: &hfKeys, tied: true, parts: []configPart{falconAttention, falconFFN}},
	{modelType: "gemma", keys: &hfKeys, gated: true, tied: true, parts: []configPart{groupedQuery, intermediate}},
	{modelType: "gemma2", keys: &hfKeys, gated: true, tied: true, parts: []configPart{groupedQuery, intermediate}},
	// Gemma 3 4B and larger are "gemma3", their text model its text_config.
	{modelType: "gemma3_text", keys: &hfKeys, gated: true, tied: true, parts: []configPart{groupedQuery, intermediate}, defaults: gemma3Defaults},
	{modelType: "gpt2", keys: &gpt2Keys, tied: true, parts: []configPart{everyHead, innerFFN}},
	{modelType: "gpt_bigcode", keys: &gpt2Keys, tied: true, parts: []configPart{multiQuery, innerFFN}}, // StarCoder
	{modelType: "gpt_neox", keys: &hfKeys, parts: []configPart{groupedQuery, intermediate}},            // GPT-NeoX-20B and Pythia
	{modelType: "llama", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},  // Llama 2 and 3.x
	{modelType: "mistral", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},
	{modelType: "mixtral", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate, mixtralExperts}},
	{modelType: "mpt", keys: &mptKeys, tied: true, parts: []configPart{mptBlocks}},
	{modelType: "olmo", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},
	{modelType: "olmo2", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},
	{modelType: "phi3", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},  // Phi-3 and Phi-4
	{modelType: "qwen2", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}}, // Qwen2 and Qwen2.5
	{modelType: "qwen2_moe", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate, qwenExperts}},
	{modelType: "qwen3", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate}},
	{modelType: "qwen3_moe", keys: &hfKeys, gated: true, parts: []configPart{groupedQuery, intermediate, qwenExperts}},
	{modelType: "starcoder2", keys: &hfKeys, tied: true, parts: []configPart{groupedQuery, intermediate}},
}

// gemma3Defaults are the keys Gemma 3's published configs leave to
// Gemma3TextConfig's defaults (the transformers library, v4.50, March 2025):
// the 4B's text_config gives only its widths and layers.
var gemma3Defaults = []configDefault{{"vocab_size", minjson.Number("262208")}, {"num_attention_heads", minjson.Number("8")},
	{"num_key_value_heads", minjson.Number("4")}, {"head_dim", minjson.Number("256")},
	{"max_position_embeddings", minjson.Number("131072")}, {"tie_word_embeddings", true}}

// ConfigTypes lists the model_type values a config may name, sorted: each
// family's, and gemma3, whose text model is its text_config.
func ConfigTypes() []string {
	types := []string{"gemma3"}
	for _, f := range configFamilies {
		types = append(types, f.modelType)
	}
	slices.Sort(types)
	return types
}

// ConfigModel maps config, a Hugging Face config.json as ReadTree reads
// it, onto a transformer's shape. Each problem goes to errs under path and
// the config's key ("config.num_attention_heads"); ok is false when there
// was one. The model's Seq is the config's context length, at most 8,192
// (configSeqCap), or 0 where the config gives none.
func ConfigModel(errs *ErrorList, path string, config any) (m hardware.TransformerModel, ok bool) {
	var own errorList
	m = configModel(config, path, &own)
	for _, e := range own {
		errs.join(e)
	}
	return m, len(own) == 0
}

func configModel(config any, path string, errs *errorList) hardware.TransformerModel {
	r, ok := objectAt(path, config, errs)
	if !ok {
		return hardware.TransformerModel{}
	}
	mt := r.str("model_type", "")
	if mt == "gemma3" { // Gemma 3 4B and larger: a vision tower and a text model
		r.family = mt
		if r, ok = r.object("text_config", true); !ok {
			return hardware.TransformerModel{}
		}
		mt = "gemma3_text"
	}
	i := slices.IndexFunc(configFamilies, func(f configFamily) bool { return f.modelType == mt })
	switch {
	case len(*errs) > 0:
		return hardware.TransformerModel{}
	case mt == "":
		errs.add(join(path, "model_type"), knownAs("is required: the model's family", "必須です: モデルの系統", ConfigTypes()), nil)
		return hardware.TransformerModel{}
	case i < 0:
		errs.add(join(path, "model_type"), knownAs("unknown model_type", "未対応の model_type です", ConfigTypes()), strconv.Quote(mt))
		return hardware.TransformerModel{}
	}
	fam := configFamilies[i]
	r.family, r.defaults = mt, fam.defaults
	k := fam.keys
	m := hardware.TransformerModel{ID: "config", Name: "config.json (" + mt + ")", Modality: "text",
		Layers: r.whole(k.layers, "layers"), Hidden: r.whole(k.hidden, "hidden"), Heads: r.whole(k.heads, "heads"),
		Vocab: r.whole("vocab_size", "vocab"), HeadDim: r.wholeOr("head_dim", "hidden", 0),
		GatedFFN: fam.gated, TiedEmbeddings: r.flag("tie_word_embeddings", fam.tied)}
	if seq := r.wholeOr(k.seq, "seq", 0); seq > 0 {
		m.Seq = min(seq, configSeqCap)
	}
	for _, part := range fam.parts {
		part(r, &m)
	}
	if len(*errs) > 0 {
		return hardware.TransformerModel{}
	}
	// The rules that relate keys, once each key is sound.
	if m.Vocab == 0 {
		errs.add(r.at("vocab_size"), Text{"must be > 0: a language model embeds its tokens", "0 より大きい値にしてください（言語モデルはトークンを埋め込みます）"}, 0)
	}
	if m.HeadDim == 0 && m.Hidden%m.Heads != 0 {
		errs.add(r.at(k.hidden), Text{minfmt.Sprintf("must be a multiple of %s (%d), unless the config gives head_dim", k.heads, m.Heads),
			minfmt.Sprintf("head_dim がない場合は %s（%d）の倍数にしてください", k.heads, m.Heads)}, m.Hidden)
	}
	if m.HeadDim*m.Heads == m.Hidden {
		m.HeadDim = 0 // the usual width, as the catalog writes it
	}
	m.PublishedParams, m.PublishedActive = m.Params()
	return m
}

// configReader reads the keys of one object of a config, collecting every
// problem by its key's path.
type configReader struct {
	obj      map[string]any
	path     string // of obj: "config", "workloads[0].transformer.config.text_config"
	family   string // model_type, for the words of a missing key
	defaults []configDefault
	errs     *errorList
}

// objectAt is a reader over v, which must be an object.
func objectAt(path string, v any, errs *errorList) (*configReader, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		errs.add(orRoot(path), Text{"must be an object: a model's config.json", "オブジェクトにしてください（モデルの config.json）"}, describe(v))
		return nil, false
	}
	return &configReader{obj: obj, path: path, errs: errs}, true
}

func (r *configReader) at(key string) string { return join(r.path, key) }

// value is key's value, or its family's default; nil where the config
// leaves it out or gives null (the library's "unset").
func (r *configReader) value(key string) any {
	if v := r.obj[key]; v != nil {
		return v
	}
	for _, d := range r.defaults {
		if d.key == key {
			return d.value
		}
	}
	return nil
}

// object is a reader over the object at key: an empty one where the config
// leaves it out, unless required.
func (r *configReader) object(key string, required bool) (*configReader, bool) {
	v := r.value(key)
	if v == nil {
		if required {
			r.missing(key)
			return nil, false
		}
		v = map[string]any{}
	}
	sub, ok := objectAt(r.at(key), v, r.errs)
	if ok {
		sub.family = r.family
	}
	return sub, ok
}

func (r *configReader) missing(key string) {
	r.errs.add(r.at(key), Text{"is required for model_type " + r.family, "model_type " + r.family + " では必須です"}, nil)
}

// whole reads key as a whole number within the named bound; the config must
// give it.
func (r *configReader) whole(key, bound string) int {
	if r.value(key) == nil {
		r.missing(key)
		return 0
	}
	return r.wholeOr(key, bound, 0)
}

// wholeOr is whole with unset where the config leaves key out.
func (r *configReader) wholeOr(key, bound string, unset int) int {
	x, ok := r.number(key)
	if !ok {
		return unset
	}
	if rule, bad := BoundOf(bound).Check(x); bad {
		r.errs.add(r.at(key), rule, x)
		return 0
	}
	return int(x)
}

// number reads key as a finite number; ok is false where the config leaves
// it out or it is no number (reported).
func (r *configReader) number(key string) (float64, bool) {
	v := r.value(key)
	if v == nil {
		return 0, false
	}
	return treeNumber(r.at(key), v, r.errs)
}

// flag reads key as true or false, unset where the config leaves it out.
func (r *configReader) flag(key string, unset bool) bool {
	switch v := r.value(key).(type) {
	case nil:
		return unset
	case bool:
		return v
	default:
		r.errs.add(r.at(key), Text{"must be true or false", "true か false にしてください"}, describe(v))
		return unset
	}
}

// str reads key as a string, unset where the config leaves it out.
func (r *configReader) str(key, unset string) string {
	switch v := r.value(key).(type) {
	case nil:
		return unset
	case string:
		return v
	default:
		r.errs.add(r.at(key), Text{"must be a string", "文字列にしてください"}, describe(v))
		return unset
	}
}

// kvHeads reads key as the key/value heads, which must divide the query
// heads; unset where the config leaves it out.
func (r *configReader) kvHeads(key string, heads, unset int) int {
	kv := r.wholeOr(key, "heads", unset)
	if kv > 0 && heads > 0 && heads%kv != 0 {
		r.errs.add(r.at(key), Text{minfmt.Sprintf("must divide the %d attention heads", heads), minfmt.Sprintf("アテンションヘッド数 %d を割り切れる値にしてください", heads)}, kv)
	}
	return kv
}

// groupedQuery: num_key_value_heads, every query head its own where left
// out (the library's rule).
func groupedQuery(r *configReader, m *hardware.TransformerModel) {
	m.KVHeads = r.kvHeads("num_key_value_heads", m.Heads, m.Heads)
}

// everyHead: GPT-2's plain multi-head attention.
func everyHead(_ *configReader, m *hardware.TransformerModel) { m.KVHeads = m.Heads }

// multiQuery: StarCoder's one key/value head (multi_query, its default), or
// one per query head.
func multiQuery(r *configReader, m *hardware.TransformerModel) {
	m.KVHeads = m.Heads
	if r.flag("multi_query", true) {
		m.KVHeads = 1
	}
}

// falconAttention: the new decoder (Falcon-40B, 180B) groups the queries
// under num_kv_heads; the old one (Falcon-7B) shares one key/value head
// when multi_query, its default.
func falconAttention(r *configReader, m *hardware.TransformerModel) {
	switch {
	case r.flag("new_decoder_architecture", false):
		m.KVHeads = r.kvHeads("num_kv_heads", m.Heads, m.Heads)
	case r.flag("multi_query", true):
		m.KVHeads = 1
	default:
		m.KVHeads = m.Heads
	}
}

func intermediate(r *configReader, m *hardware.TransformerModel) {
	m.FFN = r.whole("intermediate_size", "ffn")
}

// innerFFN: GPT-2's n_inner, 4 x n_embd where left out or null.
func innerFFN(r *configReader, m *hardware.TransformerModel) {
	m.FFN = r.wholeOr("n_inner", "ffn", 4*m.Hidden)
}

// falconFFN: ffn_hidden_size, 4 x hidden_size where left out.
func falconFFN(r *configReader, m *hardware.TransformerModel) {
	m.FFN = r.wholeOr("ffn_hidden_size", "ffn", 4*m.Hidden)
}

// The kinds of attention and feed-forward block an MPT config may name.
var mptAttention, mptFFN = []string{"multihead_attention", "multiquery_attention", "grouped_query_attention"}, []string{"mptmlp", "mptglu"}

// mptBlocks: MPT's attn_config (multi-head, multi-query or grouped-query
// attention) and its feed-forward block, expansion_ratio x d_model wide
// (ffn_config.ffn_hidden_size where given), gated when ffn_config says
// mptglu.
func mptBlocks(r *configReader, m *hardware.TransformerModel) {
	if attn, ok := r.object("attn_config", false); ok {
		switch kind := attn.str("attn_type", "multihead_attention"); kind {
		case "multihead_attention":
			m.KVHeads = m.Heads
		case "multiquery_attention":
			m.KVHeads = 1
		case "grouped_query_attention":
			m.KVHeads = attn.kvHeads("kv_n_heads", m.Heads, 0)
			if m.KVHeads == 0 && attn.value("kv_n_heads") == nil {
				attn.missing("kv_n_heads")
			}
		default:
			attn.errs.add(attn.at("attn_type"), oneOf(mptAttention), strconv.Quote(kind))
		}
	}
	ffn, ok := r.object("ffn_config", false)
	if !ok {
		return
	}
	switch kind := ffn.str("ffn_type", "mptmlp"); kind {
	case "mptmlp":
	case "mptglu":
		m.GatedFFN = true
	default:
		ffn.errs.add(ffn.at("ffn_type"), oneOf(mptFFN), strconv.Quote(kind))
	}
	if ffn.value("ffn_hidden_size") != nil {
		m.FFN = ffn.wholeOr("ffn_hidden_size", "ffn", 0)
		return
	}
	ratio, ok := r.number("expansion_ratio")
	if !ok {
		if r.value("expansion_ratio") == nil {
			r.missing("expansion_ratio")
		}
		return
	}
	if m.Hidden == 0 {
		return // d_model is reported
	}
	width := ratio * float64(m.Hidden)
	if rule, bad := BoundOf("ffn").Check(width); bad {
		r.errs.add(r.at("expansion_ratio"), Text{"times " + mptKeys.hidden + ", the feed-forward width, " + rule.EN,
			"× " + mptKeys.hidden + "（FFN の幅）: " + rule.JA}, ratio)
		return
	}
	m.FFN = int(width)
}

// mixtralExperts: num_local_experts routed experts as wide as
// intermediate_size, num_experts_per_tok of them per token.
func mixtralExperts(r *configReader, m *hardware.TransformerModel) {
	m.Experts = r.whole("num_local_experts", "experts")
	m.ExpertsPerToken = r.perToken("num_experts_per_tok", m.Experts)
	m.ExpertFFN = m.FFN
}

// qwenExperts: num_experts routed experts of moe_intermediate_size,
// num_experts_per_tok per token, Qwen2-MoE's shared expert
// (shared_expert_intermediate_size wide, counted as that many routed
// experts' widths), and which layers route: every decoder_sparse_step-th
// but those mlp_only_layers lists (the library's rule).
func qwenExperts(r *configReader, m *hardware.TransformerModel) {
	m.Experts = r.whole("num_experts", "experts")
	m.ExpertsPerToken = r.perToken("num_experts_per_tok", m.Experts)
	m.ExpertFFN = r.whole("moe_intermediate_size", "ffn")
	const sharedKey = "shared_expert_intermediate_size"
	if shared, ok := r.number(sharedKey); ok && shared != 0 {
		width := r.wholeOr(sharedKey, "ffn", 0)
		if m.ExpertFFN > 0 && width%m.ExpertFFN != 0 {
			r.errs.add(r.at(sharedKey), Text{minfmt.Sprintf("must be a whole multiple of moe_intermediate_size (%d): trainscale counts the shared expert in routed experts' widths", m.ExpertFFN),
				minfmt.Sprintf("moe_intermediate_size（%d）の整数倍にしてください（共有エキスパートはルーティング対象のエキスパートの幅を単位に数えます）", m.ExpertFFN)}, width)
		} else if m.ExpertFFN > 0 {
			m.SharedExperts = width / m.ExpertFFN
		}
	}
	step := r.wholeOr("decoder_sparse_step", "layers", 1)
	dense := r.layerList("mlp_only_layers", m.Layers)
	routedLayers(m, func(i int) bool { return !dense[i] && (i+1)%max(step, 1) == 0 })
}

// deepseekExperts: n_routed_experts of moe_intermediate_size (none: a
// dense model), num_experts_per_tok per token, n_shared_experts always on;
// the first first_k_dense_replace layers stay dense, and of the rest every
// moe_layer_freq-th routes (the library's rule).
func deepseekExperts(r *configReader, m *hardware.TransformerModel) {
	if r.value("n_routed_experts") == nil {
		return
	}
	m.Experts = r.whole("n_routed_experts", "experts")
	m.ExpertsPerToken = r.perToken("num_experts_per_tok", m.Experts)
	m.SharedExperts = r.wholeOr("n_shared_experts", "shared_experts", 0)
	m.ExpertFFN = r.whole("moe_intermediate_size", "ffn")
	first := r.wholeOr("first_k_dense_replace", "dense_layers", 0)
	freq := r.wholeOr("moe_layer_freq", "layers", 1)
	routedLayers(m, func(i int) bool { return i >= first && i%max(freq, 1) == 0 })
}

// latentAttention: DeepSeek's multi-head latent attention, with queries
// through q_lora_rank (null: uncompressed, as DeepSeek-V2-Lite), keys and
// values through kv_lora_rank, qk_rope_head_dim rotary dimensions per head,
// and one head width, qk_nope_head_dim, which v_head_dim must equal.
func latentAttention(r *configReader, m *hardware.TransformerModel) {
	m.KVHeads = m.Heads
	m.QRank = r.wholeOr("q_lora_rank", "hidden", 0)
	m.KVRank = r.whole("kv_lora_rank", "hidden")
	m.RopeDim = r.whole("qk_rope_head_dim", "hidden")
	m.HeadDim = r.whole("qk_nope_head_dim", "hidden")
	if v := r.whole("v_head_dim", "hidden"); v > 0 && m.HeadDim > 0 && v != m.HeadDim {
		r.errs.add(r.at("v_head_dim"), Text{minfmt.Sprintf("must equal qk_nope_head_dim (%d): trainscale's model has one head width", m.HeadDim),
			minfmt.Sprintf("qk_nope_head_dim（%d）と同じ値にしてください（trainscale のモデルのヘッド幅は 1 つです）", m.HeadDim)}, v)
	}
}

// perToken reads key as the experts a token visits, at most experts.
func (r *configReader) perToken(key string, experts int) int {
	k := r.whole(key, "experts")
	if experts > 0 && k > experts {
		r.errs.add(r.at(key), Text{minfmt.Sprintf("must be at most the %d routed experts", experts), minfmt.Sprintf("ルーティング対象のエキスパート数 %d 以下にしてください", experts)}, k)
	}
	return k
}

// layerList reads key as a list of layer indexes below layers, as a set.
func (r *configReader) layerList(key string, layers int) []bool {
	set := make([]bool, layers)
	v := r.value(key)
	if v == nil || layers == 0 {
		return set
	}
	list, ok := v.([]any)
	if !ok {
		r.errs.add(r.at(key), Text{"must be a list of layer indexes", "層の番号のリストにしてください"}, describe(v))
		return set
	}
	for i, el := range list {
		path := minfmt.Sprintf("%s[%d]", r.at(key), i)
		x, ok := treeNumber(path, el, r.errs)
		if ok && (x != math.Trunc(x) || x < 0 || x >= float64(layers)) {
			r.errs.add(path, Text{minfmt.Sprintf("must be a layer index, a whole number from 0 to %d", layers-1), minfmt.Sprintf("層の番号（0 から %d の整数）にしてください", layers-1)}, x)
		} else if ok {
			set[int(x)] = true
		}
	}
	return set
}

// routedLayers counts the layers that stay dense; a model none of whose
// layers route is a dense one.
func routedLayers(m *hardware.TransformerModel, routes func(layer int) bool) {
	dense := 0
	for i := range m.Layers {
		if !routes(i) {
			dense++
		}
	}
	if dense < m.Layers {
		m.DenseLayers = dense
		return
	}
	m.Experts, m.ExpertsPerToken, m.SharedExperts, m.ExpertFFN, m.DenseLayers = 0, 0, 0, 0, 0
}

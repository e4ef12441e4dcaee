package estimator

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
)

// Lang is a reader's language, by its code. Every word a user reads exists
// in English and Japanese.
type Lang string

// The languages every word exists in.
const (
	English  Lang = "en"
	Japanese Lang = "ja"
)

// Langs lists the languages every word exists in, English first.
func Langs() []Lang { return []Lang{English, Japanese} }

// LangOf is the language a code names: "ja" is Japanese; anything else
// reads English, the language every word has.
func LangOf(code string) Lang {
	if code == string(Japanese) {
		return Japanese
	}
	return English
}

// Text is one piece of text a user reads, in every language the surfaces
// speak.
type Text struct {
	EN string `json:"en"`
	JA string `json:"ja,omitempty"`
}

// In returns the text in lang. A missing translation falls back to English
// rather than to nothing.
func (t Text) In(lang Lang) string {
	if lang == Japanese && t.JA != "" {
		return t.JA
	}
	return t.EN
}

// With appends a clause to the text in each language: a source with the
// point it supports.
func (t Text) With(en, ja string) Text { return Text{EN: t.EN + en, JA: t.JA + ja} }

// Field is one input of the scenario format, whatever the scenario: the row
// every surface reads to label, explain and check it (the page's form, the
// workbook's Assumptions sheet, the PDF's assumptions, the CLI's fields
// command). Path, IsText, Optional, Rules and Choices come from the Scenario
// type's tags, so they cannot drift from Decode and Validate; the words come
// from the table below.
type Field struct {
	Path     string   `json:"path"`               // generic: "workloads[].mb_per_s"
	IsText   bool     `json:"text,omitempty"`     // a string; else a number, unless Object
	Object   bool     `json:"object,omitempty"`   // a JSON object taken whole (transformer.config)
	Optional bool     `json:"optional,omitempty"` // a scenario may leave it out (Unset says what that means)
	Rules    []string `json:"rules,omitempty"`    // the check tags: gt0, ge=X, le=X, max=X (a limit of sanity, see Bound), int, oneof=a|b, id
	Bound    string   `json:"bound,omitempty"`    // the row of Bounds the rules come from, if any
	Choices  []string `json:"choices,omitempty"`  // the oneof list, for a field that takes one of a few words
	Dim      Unit     `json:"dim,omitempty"`      // the base unit of what the number measures; the scale is Unit's
	Unit     Text     `json:"unit,omitzero"`      // what the number counts, in words; "<currency>" is the scenario's
	Label    Text     `json:"label"`
	Unset    Text     `json:"unset,omitzero"` // what leaving an optional field out means, where it means something
	Help     Text     `json:"help,omitzero"`  // one more sentence, where the label and unit do not say enough
	// Replaces names the fields beside it that give the same thing another
	// way (the model: a catalog id, a shape or a config); giving this one
	// leaves them out, as Validate wants one of them.
	Replaces []string `json:"replaces,omitempty"`
}

// Money reports whether the field is an amount of the scenario's currency.
func (f Field) Money() bool { return strings.Contains(f.Unit.EN, "<currency>") }

// UnitIn is the field's unit in words, in lang, with the scenario's currency.
func (f Field) UnitIn(lang Lang, currency string) string {
	return strings.ReplaceAll(f.Unit.In(lang), "<currency>", currency)
}

// RuleText says the field's own rules in words, as Validate reports them,
// in lang: "must be a whole number; must be > 0", "整数にしてください。0 より大きい値にしてください".
func (f Field) RuleText(lang Lang) string {
	words := make([]string, len(f.Rules))
	for i, r := range f.Rules {
		words[i] = DescribeRule(r, lang)
	}
	return strings.Join(words, Text{"; ", "。"}.In(lang))
}

// Fields lists every input of the scenario format, in the format's order.
// The rows' Rules and Choices are the table's own: read them, do not change
// them.
func Fields() []Field {
	list, _ := fieldTable()
	return slices.Clone(list)
}

// FieldOf finds the field a path names, with or without list indexes
// ("workloads[1].mb_per_s" or "workloads[].mb_per_s").
func FieldOf(path string) (Field, bool) {
	_, byPath := fieldTable()
	f, ok := byPath[genericPath(path)]
	return f, ok
}

// fieldTable is the table joined with the Scenario type, built once, on its
// first use, and never changed. Built by a package variable's initializer
// (sync.OnceValues included), it and the words it reads would be linked into
// every program, used or not.
func fieldTable() ([]Field, map[string]Field) {
	fieldsOnce.Do(func() { fieldList, fieldByPath = buildFields() })
	return fieldList, fieldByPath
}

var (
	fieldsOnce  sync.Once
	fieldList   []Field
	fieldByPath map[string]Field
)

func buildFields() ([]Field, map[string]Field) {
	var list []Field
	var visit func(path string, t reflect.Type)
	visit = func(path string, t reflect.Type) {
		for _, sf := range fieldsOf(t) {
			p, ft := join(path, sf.name), t.Field(sf.index).Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch ft.Kind() {
			case reflect.Struct:
				visit(p, ft)
				continue
			case reflect.Slice:
				visit(p+"[]", ft.Elem())
				continue
			case reflect.Map:
				if ft.Elem().Kind() != reflect.Interface {
					continue // sources: notes on the other fields
				}
			}
			words, ok := fieldWords[p]
			if !ok {
				words, ok = planWords[p]
			}
			if !ok {
				panic("estimator: no words for input " + p) // TestFieldsCoverTheFormat says which
			}
			f := Field{Path: p, IsText: ft.Kind() == reflect.String, Object: ft.Kind() == reflect.Map, Optional: !sf.required, Rules: sf.checks, Bound: sf.bound,
				Dim: words.dim, Unit: words.unit, Label: words.label, Unset: words.unset, Help: words.help, Replaces: words.replaces}
			for _, r := range sf.checks {
				if list, ok := strings.CutPrefix(r, "oneof="); ok {
					f.Choices = strings.Split(list, "|")
				}
			}
			list = append(list, f)
		}
	}
	visit("", reflect.TypeFor[Scenario]())
	byPath := make(map[string]Field, len(list))
	for _, f := range list {
		byPath[f.Path] = f
	}
	return list, byPath
}

// Currency is the scenario's currency code: money.currency, else USD.
func (s *Scenario) Currency() string {
	if s.Money == nil {
		return "USD"
	}
	return s.Money.currency()
}

// Inputs lists every field of the scenario's shape, set or not, in the
// format's order: what a form shows. A section the scenario leaves out (money,
// say) is listed with zero values and Absent set, so a form can offer it.
func Inputs(s *Scenario) []InputSpec {
	currency := s.Currency()
	_, byPath := fieldTable()
	var out []InputSpec
	var visit func(path string, v reflect.Value, absent bool)
	visit = func(path string, v reflect.Value, absent bool) {
		for _, sf := range fieldsOf(v.Type()) {
			p, fv := join(path, sf.name), v.Field(sf.index)
			set := !absent
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					set = false
					fv = reflect.New(fv.Type().Elem())
				}
				fv = fv.Elem()
			}
			switch fv.Kind() {
			case reflect.Struct:
				visit(p, fv, !set)
				continue
			case reflect.Slice:
				for i := range fv.Len() {
					visit(minfmt.Sprintf("%s[%d]", p, i), fv.Index(i), absent)
				}
				continue
			case reflect.Map:
				if fv.Type().Elem().Kind() != reflect.Interface {
					continue // sources: notes on the other fields
				}
			}
			f := byPath[genericPath(p)]
			in := InputSpec{Path: p, Field: f, Set: set, Absent: absent, IsText: f.IsText, Rules: f.Rules, Source: s.Sources[p]}
			switch {
			case f.Object:
				// As a person reads it: indented, keys in order.
				in.Set = set && !fv.IsNil()
				if in.Set {
					b, _ := minjson.Append(nil, fv.Interface()) // a decoded tree: no NaN, nothing unwritable
					in.Text = string(minjson.Indent(b, "  "))
				}
			case f.IsText:
				in.Text = fv.String()
				if in.Source == "" {
					in.Source = modelNote(genericPath(p), in.Text)
				}
			default:
				in.Number = fv.Float()
				in.Unit, in.Money = f.UnitIn("en", currency), f.Money()
			}
			if d, ok := s.Ranges[p]; ok {
				in.Range = &d
			}
			out = append(out, in)
		}
	}
	visit("", reflect.ValueOf(s).Elem(), false)
	return out
}

// words is a field's row of the table: what the type's tags cannot say.
type words struct {
	dim                      Unit
	unit, label, unset, help Text
	replaces                 []string // Field.Replaces, by name
}

// fieldWords is the one table of the inputs' words, by generic path. A new
// field of the format needs a row here (buildFields refuses to start without).
var fieldWords = map[string]words{
	"schema": {label: Text{"Schema", "スキーマ"}},
	"name":   {label: Text{"Name", "名前"}},
	"notes":  {label: Text{"Notes", "メモ"}},
	"units": {label: Text{"Units", "単位系"},
		help: Text{"binary reads TB as 2^40 bytes (the article's), decimal as 10^12.", "binary は TB を 2^40 バイト（記事の読み方）、decimal は 10^12 バイトとして読みます。"}},

	"fleet.cars":                     {dim: Count, unit: Text{"cars", "台"}, label: Text{"Cars", "車両数"}},
	"fleet.hours_per_day":            {dim: Seconds, unit: Text{"hours a day", "時間/日"}, label: Text{"Hours per day", "1 日の走行時間"}},
	"fleet.days_per_year":            {dim: Count, unit: Text{"days a year", "日/年"}, label: Text{"Days per year", "年間の走行日数"}},
	"fleet.tb_per_hour":              {dim: BytesPerSecond, unit: Text{"TB per hour per car", "TB/時/台"}, label: Text{"Data per hour", "1 時間あたりのデータ量"}, unset: Text{"derived from the sensors", "センサーから算出"}, help: Text{"Raw data per car per hour of driving; or give fleet.sensors instead.", "1 台が走行 1 時間に集める生データ。代わりに fleet.sensors を指定できます。"}},
	"fleet.sensors[].kind":           {label: Text{"Kind", "種類"}, help: Text{"A camera is sized from megapixels, bits per pixel and fps, the others from mbit_per_s; the per-car rate is their sum.", "カメラは画素数・画素あたりのビット数・フレームレートから、その他は mbit_per_s から算出し、車両 1 台の合計とします。"}},
	"fleet.sensors[].count":          {dim: Count, unit: Text{"sensors per car", "個/台"}, label: Text{"Count", "個数"}},
	"fleet.sensors[].megapixels":     {dim: Count, unit: Text{"megapixels", "メガピクセル"}, label: Text{"Megapixels", "画素数"}, unset: Text{"not a camera", "カメラ以外"}},
	"fleet.sensors[].bits_per_pixel": {dim: Count, unit: Text{"bits per pixel", "ビット/画素"}, label: Text{"Bits per pixel", "画素あたりのビット数"}, unset: Text{"not a camera", "カメラ以外"}},
	"fleet.sensors[].fps":            {dim: Ratio, unit: Text{"frames per second", "フレーム/秒"}, label: Text{"Frame rate", "フレームレート"}, unset: Text{"not a camera", "カメラ以外"}},
	"fleet.sensors[].mbit_per_s":     {dim: BytesPerSecond, unit: Text{"Mbit/s (10^6 bits)", "Mbit/s（10^6 ビット）"}, label: Text{"Bit rate", "ビットレート"}, unset: Text{"a camera, sized from its resolution", "カメラ（解像度から算出）"}},

	"preprocessing.source_fps":        {dim: Ratio, unit: Text{"frames per second", "フレーム/秒"}, label: Text{"Source frame rate", "元のフレームレート"}, help: Text{"The recorded frame rate (with fleet).", "記録時のフレームレート（fleet と併用）。"}},
	"preprocessing.sampled_fps":       {dim: Ratio, unit: Text{"frames per second", "フレーム/秒"}, label: Text{"Sampled frame rate", "間引き後のフレームレート"}, help: Text{"The frame rate kept for training; at most the source frame rate.", "学習に残すフレームレート。元のフレームレート以下。"}},
	"preprocessing.compression_ratio": {dim: Ratio, unit: Text{"x", "倍"}, label: Text{"Compression ratio", "圧縮率"}, help: Text{"Compression of what is kept.", "残したデータの圧縮率。"}},
	"preprocessing.reduction": {dim: Ratio, unit: Text{"fraction kept", "残す割合"}, label: Text{"Reduction", "削減率"},
		unset: Text{"sampled / source frame rate / compression ratio", "間引き後 / 元のフレームレート / 圧縮率"}, help: Text{"Overrides the frame rates and compression (the article rounds 1/2100 to 0.0005).", "フレームレートと圧縮率より優先します（記事は 1/2100 を 0.0005 に丸めています）。"}},

	"dataset.samples":   {dim: Count, unit: Text{"samples", "サンプル"}, label: Text{"Samples", "サンプル数"}, help: Text{"A fixed training set instead of fleet and preprocessing.", "fleet と preprocessing の代わりに使う固定の学習データ。"}},
	"dataset.sample_kb": {dim: Bytes, unit: Text{"KB per sample", "KB/サンプル"}, label: Text{"Sample size", "1 サンプルの大きさ"}},
	"dataset.tokens": {dim: Count, unit: Text{"tokens", "トークン"}, label: Text{"Tokens", "トークン数"}, unset: Text{"no token count (each transformer workload then gives its own)", "トークン数なし（Transformer ワークロードがそれぞれ指定）"},
		help: Text{"The dataset's size in tokens, for transformer workloads: one run reads epochs x tokens.", "transformer ワークロード用のデータセットのトークン数。1 回の学習でエポック数 × トークン数を読みます。"}},

	"tokens.width":   {dim: Count, unit: Text{"pixels", "画素"}, label: Text{"Frame width", "フレームの幅"}, help: Text{"Width of a kept frame as the video transformer sees it (after resizing); padded to whole patches.", "動画 Transformer が見る（リサイズ後の）フレームの幅。パッチ単位に切り上げます。"}},
	"tokens.height":  {dim: Count, unit: Text{"pixels", "画素"}, label: Text{"Frame height", "フレームの高さ"}, help: Text{"Height of a kept frame as the model sees it; padded to whole patches.", "モデルが見るフレームの高さ。パッチ単位に切り上げます。"}},
	"tokens.patch":   {dim: Count, unit: Text{"pixels per side", "画素/辺"}, label: Text{"Patch size", "パッチサイズ"}, help: Text{"One token covers patch x patch pixels (ViT: 16).", "1 トークンはパッチ × パッチ画素を覆います（ViT は 16）。"}},
	"tokens.tubelet": {dim: Count, unit: Text{"frames per token", "フレーム/トークン"}, label: Text{"Tubelet", "チューブレット"}, help: Text{"Consecutive frames one token spans (ViViT, VideoMAE: 2); 1 for an image model.", "1 トークンがまたぐ連続フレーム数（ViViT、VideoMAE は 2）。画像モデルは 1。"}},
	"tokens.cameras": {dim: Count, unit: Text{"cameras per car", "台/車両"}, label: Text{"Cameras", "カメラ数"}, unset: Text{"the fleet's camera sensors", "フリートのカメラセンサー"},
		help: Text{"Cameras whose kept frames become tokens: frames a year = cars x hours x days x sampled fps x cameras.", "残したフレームをトークンにするカメラの数。年間フレーム数 = 車両数 × 時間 × 日数 × 間引き後のフレームレート × カメラ数。"}},

	"training.epochs": {dim: Count, unit: Text{"epochs", "エポック"}, label: Text{"Epochs", "エポック数"}, help: Text{"Passes over the processed data per training run.", "1 回の学習で処理済みデータを何周するか。"}},
	"training.scaling": {label: Text{"Scaling", "スケーリング"},
		help: Text{"linear: n GPUs are n times as fast (the article); modelled: all-reduce over the system's links.", "linear は GPU n 基で n 倍速（記事の仮定）、modelled はシステムのリンク上の all-reduce をモデル化します。"}},

	"workloads[].id":        {label: Text{"ID", "ID"}, help: Text{"Names the network in quantity ids; unique among workloads.", "数量 ID でネットワークを表す名前。ワークロード間で一意。"}},
	"workloads[].label":     {label: Text{"Label", "表示名"}, unset: Text{"the catalog model's name, else the id", "カタログのモデル名（なければ ID）"}},
	"workloads[].mb_per_s":  {dim: BytesPerSecond, unit: Text{"MB/s on one reference GPU", "MB/s（基準 GPU 1 基）"}, label: Text{"Throughput", "基準 GPU 1 基のスループット"}, unset: Text{"modelled from the catalog model", "カタログのモデルから算出"}, help: Text{"Measured training throughput of one reference GPU (the article's Pascal P100); or give model.", "基準 GPU 1 基（記事の Pascal P100）で測った学習スループット。代わりに model を指定できます。"}},
	"workloads[].model":     {label: Text{"Catalog model", "カタログのモデル"}, unset: Text{"none: mb_per_s gives the throughput", "なし（mb_per_s でスループットを指定）"}, help: Text{"Its throughput comes from the roofline model for each system's GPU.", "各システムの GPU についてルーフラインモデルでスループットを求めます。"}},
	"workloads[].precision": {label: Text{"Precision", "精度"}, help: Text{"fp32, tf32 or mixed; with a catalog model.", "fp32、tf32、mixed のいずれか。カタログのモデルと併用します。"}},
	"workloads[].batch": {dim: Count, unit: Text{"samples per GPU", "サンプル/GPU"}, label: Text{"Batch size", "バッチサイズ"},
		unset: Text{"the largest power of 2 up to 256 that fits (32 on a CPU)", "収まる 256 以下で最大の 2 のべき乗（CPU では 32）"}},
	"workloads[].optimizer": {label: Text{"Optimizer", "オプティマイザ"}, unset: Text{"sgd", "sgd"}, help: Text{"sgd or adam, for memory.", "sgd または adam（メモリの見積もり用）。"}},
	"workloads[].sample_kb": {dim: Bytes, unit: Text{"KB per sample", "KB/サンプル"}, label: Text{"Sample size", "1 サンプルの大きさ"},
		unset: Text{"the dataset's sample size, else the model's (an ImageNet JPEG, ~110 KiB)", "データセットのサンプルサイズ、なければモデルの値（ImageNet の JPEG で約 110 KiB）"}},

	"workloads[].transformer.model": {label: Text{"Transformer model", "Transformer モデル"}, unset: Text{"the shape or a config.json gives the model", "形状か config.json でモデルを指定"}, replaces: []string{"shape", "config"},
		help: Text{"A catalog transformer (trainscale catalog transformers); its FLOPs, memory and layout are modelled for each system.", "カタログの Transformer（trainscale catalog transformers）。FLOPs、メモリ、並列化をシステムごとにモデル化します。"}},
	"workloads[].transformer.shape.layers":            {dim: Count, unit: Text{"layers", "層"}, label: Text{"Layers", "層数"}},
	"workloads[].transformer.shape.hidden":            {dim: Count, unit: Text{"width", "次元"}, label: Text{"Hidden size", "隠れ層の次元"}, help: Text{"d_model; a multiple of the heads.", "d_model。ヘッド数の倍数。"}},
	"workloads[].transformer.shape.heads":             {dim: Count, unit: Text{"heads", "ヘッド"}, label: Text{"Attention heads", "アテンションヘッド数"}},
	"workloads[].transformer.shape.kv_heads":          {dim: Count, unit: Text{"heads", "ヘッド"}, label: Text{"Key/value heads", "キー・バリューのヘッド数"}, unset: Text{"the attention heads (no grouped-query attention)", "アテンションヘッド数（GQA なし）"}},
	"workloads[].transformer.shape.ffn":               {dim: Count, unit: Text{"width", "次元"}, label: Text{"Feed-forward size", "FFN の次元"}},
	"workloads[].transformer.shape.activation":        {label: Text{"Feed-forward kind", "FFN の種類"}, help: Text{"gelu: two matrices; swiglu: a gated block of three (Llama).", "gelu は行列 2 つ、swiglu はゲート付きの 3 つ（Llama）。"}},
	"workloads[].transformer.shape.vocab":             {dim: Count, unit: Text{"tokens", "トークン"}, label: Text{"Vocabulary", "語彙数"}, help: Text{"0 for a vision model (a patch projection instead of an embedding table).", "画像・動画モデルは 0（埋め込み表の代わりにパッチの射影）。"}},
	"workloads[].transformer.shape.experts":           {dim: Count, unit: Text{"experts per layer", "エキスパート/層"}, label: Text{"Experts", "エキスパート数"}, unset: Text{"a dense model", "密なモデル"}, help: Text{"Routed experts of a mixture-of-experts layer.", "MoE 層のルーティング対象のエキスパート数。"}},
	"workloads[].transformer.shape.experts_per_token": {dim: Count, unit: Text{"experts", "エキスパート"}, label: Text{"Experts per token", "トークンあたりのエキスパート数"}, unset: Text{"a dense model", "密なモデル"}},
	"workloads[].transformer.shape.shared_experts":    {dim: Count, unit: Text{"experts", "エキスパート"}, label: Text{"Shared experts", "共有エキスパート数"}, unset: Text{"0", "0"}},
	"workloads[].transformer.shape.expert_ffn":        {dim: Count, unit: Text{"width", "次元"}, label: Text{"Expert feed-forward size", "エキスパートの FFN の次元"}, unset: Text{"a dense model", "密なモデル"}},
	"workloads[].transformer.shape.dense_layers":      {dim: Count, unit: Text{"layers", "層"}, label: Text{"Dense layers", "密な層の数"}, unset: Text{"0: every layer routes", "0（全層が MoE）"}},
	"workloads[].transformer.config": {unit: Text{"JSON object", "JSON オブジェクト"}, label: Text{"Hugging Face config.json", "Hugging Face の config.json"}, unset: Text{"a catalog model or the shape gives the model", "カタログのモデルか形状でモデルを指定"}, replaces: []string{"model", "shape"},
		help: Text{"A model's config.json as published, pasted whole; its model_type (llama, qwen3_moe, deepseek_v3, ...: trainscale transformer --help lists them) says which keys give the shape, and other keys are ignored.",
			"公開されている config.json をそのまま貼り付けます。model_type（llama、qwen3_moe、deepseek_v3 など。一覧は trainscale transformer --help）で形状を読むキーが決まり、それ以外のキーは無視します。"}},
	"workloads[].transformer.seq":       {dim: Count, unit: Text{"tokens", "トークン"}, label: Text{"Sequence length", "系列長"}, unset: Text{"the catalog model's, or the config's context length up to 8,192", "カタログのモデルの値、または config のコンテキスト長（上限 8,192）"}},
	"workloads[].transformer.precision": {label: Text{"Precision", "精度"}, help: Text{"The matrix multiplies' precision: bf16, fp8 (Hopper and later) or fp4 (Blackwell), at the GPU's dense peak.", "行列積の精度。bf16、fp8（Hopper 以降）、fp4（Blackwell）。GPU の密なピーク性能で計算します。"}},
	"workloads[].transformer.tokens": {dim: Count, unit: Text{"tokens", "トークン"}, label: Text{"Training tokens", "学習トークン数"}, unset: Text{"epochs x the data's tokens", "エポック数 × データのトークン数"},
		help: Text{"Tokens one training run processes (Llama 3 405B: 15.6e12).", "1 回の学習で処理するトークン数（Llama 3 405B は 15.6e12）。"}},
	"workloads[].transformer.gpus": {dim: Count, unit: Text{"GPUs per job", "GPU/ジョブ"}, label: Text{"GPUs per job", "ジョブあたりの GPU 数"}, unset: Text{"whole systems enough to meet the target", "目標日数に間に合う台数のシステム"},
		help: Text{"The GPUs one training job runs on (Llama 3 405B: 16,384 H100).", "1 つの学習ジョブが使う GPU 数（Llama 3 405B は H100 16,384 基）。"}},
	"workloads[].transformer.global_batch_tokens": {dim: Count, unit: Text{"tokens per step", "トークン/ステップ"}, label: Text{"Global batch", "グローバルバッチ"}, unset: Text{"the model's default", "モデルの既定値"}},
	"workloads[].transformer.mfu": {dim: Ratio, unit: Text{"fraction of peak", "ピークに対する割合"}, label: Text{"MFU", "MFU"}, unset: Text{"modelled", "モデルで算出"},
		help: Text{"Model FLOPs utilisation, replacing the modelled one (Llama 3 405B: 0.38-0.43).", "モデル FLOPs 利用率。モデルの値を置き換えます（Llama 3 405B は 0.38〜0.43）。"}},
	"workloads[].transformer.layout.tp":          {dim: Count, unit: Text{"GPUs", "GPU"}, label: Text{"Tensor parallel", "テンソル並列"}, help: Text{"GPUs splitting each layer, inside one NVLink domain.", "各層を分割する GPU 数（NVLink ドメイン内）。"}},
	"workloads[].transformer.layout.pp":          {dim: Count, unit: Text{"stages", "段"}, label: Text{"Pipeline parallel", "パイプライン並列"}, help: Text{"Pipeline stages; tp x pp must divide the job's GPUs.", "パイプラインの段数。tp × pp はジョブの GPU 数を割り切ること。"}},
	"workloads[].transformer.layout.ep":          {dim: Count, unit: Text{"GPUs", "GPU"}, label: Text{"Expert parallel", "エキスパート並列"}, unset: Text{"1", "1"}},
	"workloads[].transformer.layout.micro_batch": {dim: Count, unit: Text{"sequences", "系列"}, label: Text{"Micro-batch", "マイクロバッチ"}},
	"workloads[].transformer.layout.recompute":   {label: Text{"Recomputation", "再計算"}, help: Text{"none, selective (attention only) or full activation recomputation (Korthikanti et al. 2022).", "none、selective（アテンションのみ）、full（活性化の全再計算、Korthikanti ら 2022）。"}},
	"workloads[].transformer.layout.zero":        {dim: Count, unit: Text{"stage", "段階"}, label: Text{"ZeRO stage", "ZeRO ステージ"}, help: Text{"0-3: how far the data-parallel replicas partition optimizer state, gradients and weights.", "0〜3。データ並列でオプティマイザ状態・勾配・重みをどこまで分割するか。"}},
	"workloads[].transformer.mode": {label: Text{"Training mode", "学習の種類"}, unset: Text{"pretrain", "pretrain（事前学習）"},
		help: Text{"pretrain, full (fine-tuning every weight: as pre-training per token), lora (adapters beside frozen 16-bit weights, Hu et al. 2021) or qlora (beside 4-bit NF4 weights, Dettmers et al. 2023).",
			"pretrain（事前学習）、full（全重みのファインチューニング。トークンあたりは事前学習と同じ）、lora（凍結した 16 ビットの重みにアダプタを付ける。Hu ら 2021）、qlora（4 ビット NF4 の重みに付ける。Dettmers ら 2023）。"}},
	"workloads[].transformer.lora.rank": {dim: Count, unit: Text{"rank", "ランク"}, label: Text{"LoRA rank", "LoRA のランク"},
		help: Text{"The adapters' rank r: r x (inputs + outputs) parameters per adapted matrix (QLoRA used 64).", "アダプタのランク r。適用する行列 1 つあたり r ×（入力 + 出力）個のパラメータ（QLoRA は 64）。"}},
	"workloads[].transformer.lora.targets": {label: Text{"LoRA targets", "LoRA の適用先"}, unset: Text{"all", "all（すべて）"},
		help: Text{"all: every matrix of every block, feed-forward and experts included (QLoRA's choice); attention: the attention projections only.", "all: 全ブロックのすべての行列（FFN とエキスパートを含む。QLoRA の選択）。attention: アテンションの射影のみ。"}},

	"systems[].id":            {label: Text{"ID", "ID"}, help: Text{"A catalog system (dgx-1-p100 ... dgx-b200, pcie-server) or your own; unique among systems.", "カタログのシステム（dgx-1-p100 … dgx-b200、pcie-server）または独自のもの。システム間で一意。"}},
	"systems[].label":         {label: Text{"Label", "表示名"}, unset: Text{"the id", "ID"}},
	"systems[].catalog":       {label: Text{"Catalog system", "カタログのシステム"}, unset: Text{"the id, when it is a catalog system", "ID がカタログのシステムならその ID"}, help: Text{"The catalog system whose facts (GPU, links, host) a system of your own inherits.", "独自のシステムが GPU・リンク・ホストの仕様を引き継ぐカタログのシステム。"}},
	"systems[].gpu":           {label: Text{"GPU", "GPU"}, unset: Text{"the catalog system's", "カタログのシステムの GPU"}},
	"systems[].cpu":           {label: Text{"CPU", "CPU"}, help: Text{"A catalog CPU makes a CPU-only system; gpus then counts CPU devices.", "カタログの CPU を指定すると CPU のみのシステムになり、gpus は CPU の数を表します。"}},
	"systems[].gpus":          {dim: Count, unit: Text{"GPUs per system", "GPU/システム"}, label: Text{"GPUs", "GPU 数"}},
	"systems[].speedup":       {dim: Ratio, unit: Text{"x the reference GPU", "基準 GPU の倍数"}, label: Text{"Speed-up", "基準 GPU に対する速度比"}, help: Text{"One GPU's speed relative to the reference GPU (Volta = 2.5); required when a workload gives mb_per_s.", "基準 GPU に対する GPU 1 基の速度（Volta は 2.5）。mb_per_s を使うワークロードがあれば必須。"}},
	"systems[].gpu_memory_gb": {dim: Bytes, unit: Text{"GB per GPU", "GB/GPU"}, label: Text{"GPU memory", "GPU メモリ"}, unset: Text{"the catalog's", "カタログの値"}},
	"systems[].host_ram_gb":   {dim: Bytes, unit: Text{"GB", "GB"}, label: Text{"Host RAM", "ホスト RAM"}, unset: Text{"the catalog's", "カタログの値"}},
	"systems[].local_ssd_tb":  {dim: Bytes, unit: Text{"TB", "TB"}, label: Text{"Local SSD", "ローカル SSD"}, unset: Text{"the catalog's", "カタログの値"}},
	"systems[].price":         {dim: currencyUnit, unit: Text{"<currency> per system", "<currency>/システム"}, label: Text{"Price", "価格"}, unset: Text{"the catalog's list price (required for the bought system where the catalog has none)", "カタログの定価（カタログにない場合、購入するシステムでは必須）"}},
	"systems[].power_kw":      {dim: Watts, unit: Text{"kW per system", "kW/システム"}, label: Text{"Maximum power", "最大消費電力"}, unset: Text{"the catalog's", "カタログの値"}},

	"team.members":         {dim: Count, unit: Text{"people", "人"}, label: Text{"Members", "メンバー数"}},
	"team.concurrent_jobs": {dim: Count, unit: Text{"jobs at once", "同時ジョブ"}, label: Text{"Concurrent jobs", "同時実行ジョブ数"}, help: Text{"Jobs running at once; at most the members.", "同時に実行するジョブ数。メンバー数以下。"}},
	"team.target_days":     {dim: Seconds, unit: Text{"days", "日"}, label: Text{"Target", "目標日数"}, help: Text{"The time one training run may take.", "1 回の学習にかけてよい日数。"}},

	"project.runs":          {dim: Count, unit: Text{"runs", "回"}, label: Text{"Runs", "学習回数"}, help: Text{"Training runs the project makes, one after another on one job's systems (a pre-training run: 1).", "プロジェクトで行う学習の回数。1 ジョブのシステムで順に実行します（事前学習 1 回なら 1）。"}},
	"project.deadline_days": {dim: Seconds, unit: Text{"days per run", "日/回"}, label: Text{"Deadline per run", "1 回の学習の期限"}, unset: Text{"none: every workload gives its job's GPUs", "なし（すべてのワークロードがジョブの GPU 数を指定）"}, help: Text{"The time one whole run may take (failures, stalls and ramps included with a goodput section); the job is the fewest GPUs that meet it.", "1 回の学習の実行全体にかけてよい日数（goodput の項があれば障害・停止・立ち上がりを含む）。これを満たす最少の GPU 数がジョブになります。"}},

	"host.ram_factor_low":  {dim: Ratio, unit: Text{"x the GPUs' memory", "GPU メモリの倍数"}, label: Text{"RAM factor (low)", "RAM 倍率（下限）"}, help: Text{"Host RAM wanted per byte of GPU memory (the article: 2-3x); at most the high factor.", "GPU メモリ 1 バイトあたりに必要なホスト RAM（記事では 2〜3 倍）。上限以下。"}},
	"host.ram_factor_high": {dim: Ratio, unit: Text{"x the GPUs' memory", "GPU メモリの倍数"}, label: Text{"RAM factor (high)", "RAM 倍率（上限）"}, help: Text{"Host RAM wanted per byte of GPU memory (the article: 2-3x).", "GPU メモリ 1 バイトあたりに必要なホスト RAM（記事では 2〜3 倍）。"}},

	"growth.factor":   {dim: Ratio, unit: Text{"x data", "データの倍数"}, label: Text{"Data growth", "データ増加の倍率"}, help: Text{"Shows the data growing n-fold for n = 1 to the factor.", "データが n 倍（n = 1 から倍率まで）になった場合を示します。"}},
	"growth.exponent": {dim: Ratio, unit: Text{"power of the data factor", "データ倍率のべき指数"}, label: Text{"Compute exponent", "計算量の指数"}, help: Text{"Compute grows as n to this power (the article: 2).", "計算量は n のこの指数乗で増えます（記事では 2）。"}},
	"growth.per_year": {dim: Ratio, unit: Text{"x a year", "倍/年"}, label: Text{"Growth per year", "年あたりの増加"}, unset: Text{"no multi-year plan", "複数年の計画なし"}, help: Text{"A multi-year plan: the data grows this many times each year; give years too.", "複数年の計画：データは毎年この倍率で増えます。years も指定します。"}},
	"growth.years":    {dim: Count, unit: Text{"years", "年"}, label: Text{"Years", "年数"}, unset: Text{"no multi-year plan", "複数年の計画なし"}},

	"money.workload":                 {label: Text{"Workload that sizes the purchase", "購入を決めるワークロード"}},
	"money.system":                   {label: Text{"System bought", "購入するシステム"}},
	"money.currency":                 {label: Text{"Currency", "通貨"}, unset: Text{"USD", "USD"}, help: Text{"An ISO 4217 code.", "ISO 4217 の通貨コード。"}},
	"money.per_usd":                  {dim: Ratio, unit: Text{"<currency> per USD", "<currency>/USD"}, label: Text{"Per US dollar", "1 米ドルあたり"}, unset: Text{"1; required unless the currency is USD", "1（USD 以外では必須）"}},
	"money.network_per_system":       {dim: currencyUnit, unit: Text{"<currency> per system", "<currency>/システム"}, label: Text{"Network per system", "システムあたりのネットワーク費"}},
	"money.storage_per_tb":           {dim: currencyUnit, unit: Text{"<currency> per usable TB", "<currency>/使用可能 TB"}, label: Text{"Storage per TB", "TB あたりのストレージ費"}},
	"money.storage_replication":      {dim: Count, unit: Text{"copies", "複製"}, label: Text{"Storage replication", "ストレージの複製数"}},
	"money.support_percent_per_year": {dim: Ratio, unit: Text{"% of capex a year", "設備費の %/年"}, label: Text{"Support per year", "年間サポート費"}},
	"money.price_per_kwh":            {dim: currencyUnit, unit: Text{"<currency> per kWh", "<currency>/kWh"}, label: Text{"Electricity price", "電力単価"}},
	"money.pue":                      {dim: Ratio, unit: Text{"ratio", "比"}, label: Text{"PUE", "PUE"}},
	"money.load_factor":              {dim: Ratio, unit: Text{"fraction of maximum power", "最大電力に対する割合"}, label: Text{"Load factor", "負荷率"}},
	"money.utilisation":              {dim: Ratio, unit: Text{"fraction of the year", "1 年に対する割合"}, label: Text{"Utilisation", "稼働率"}},
	"money.depreciation_years":       {dim: Seconds, unit: Text{"years", "年"}, label: Text{"Depreciation", "減価償却年数"}},
	"money.cloud_gpu":                {label: Text{"Cloud GPU", "クラウドの GPU"}, help: Text{"The catalog GPU rented, taken as as fast as the system's.", "借りるカタログの GPU。システムの GPU と同じ速さとみなします。"}},
	"money.cloud_per_gpu_hour":       {dim: currencyUnit, unit: Text{"<currency> per GPU-hour", "<currency>/GPU 時間"}, label: Text{"Cloud price", "クラウドの GPU 時間単価"}},
	"money.grid_kg_co2_per_kwh": {dim: Kilograms, unit: Text{"kg CO2 per kWh", "kg CO2/kWh"}, label: Text{"Grid CO2", "電力の CO2 排出係数"},
		unset: Text{"required unless the grid is named by location", "所在地の電力網を指定しない限り必須"}},
	"money.grid_region": {label: Text{"Grid by location", "所在地の電力網"}, unset: Text{"Grid CO2 above", "上の排出係数"},
		help: Text{"A country (jp, us, de, ...) or a cloud region (aws-us-east-1, azure-eastus, ...) whose grid's carbon intensity the CO2 figures use; given, it takes the place of money.grid_kg_co2_per_kwh. trainscale catalog grid lists them with their sources.",
			"CO2 の値に使う電力網の国（jp、us、de など）またはクラウドのリージョン（aws-us-east-1、azure-eastus など）。指定すると money.grid_kg_co2_per_kwh の代わりに使います。一覧と出典は trainscale catalog grid。"}},
	"money.ask": {label: Text{"The ask", "依頼する値"}, unset: Text{"point: the point estimate", "point（点推定）"},
		help: Text{"Which figure the proposal asks for: point (every input at its likely value), p50 or p90 over the scenario's ranges.", "提案書が依頼する値：point（各入力を最も確からしい値とした点推定）、またはシナリオの範囲に対する p50 か p90。"}},
	"money.residual": {label: Text{"Residual value", "残存価値"}, unset: Text{"kept: the project pays depreciation for its duration", "kept（プロジェクトは期間分の減価償却を負担）"},
		help: Text{"A project's bought systems: kept (they keep the value not yet depreciated: resold, or used for other work) or none (the project pays the whole capital expense).", "プロジェクトで購入するシステム: kept（まだ償却していない価値が残る。売却するか他の用途に使う）か none（プロジェクトが設備投資額をすべて負担）。"}},
	"money.rent.provider": {label: Text{"Rented from", "賃借先"}, unset: Text{"bought, not rented", "購入（賃借しない）"},
		help: Text{"Rent the systems instead of buying them: the provider of the cloud offer, billed at the cloud price.", "システムを購入せずに賃借します: クラウドのオファーの提供元。クラウドの単価で請求されます。"}},
	"money.rent.instance": {label: Text{"Instance rented", "賃借するインスタンス"}, unset: Text{"bought, not rented", "購入（賃借しない）"}},
	"money.rent.term": {label: Text{"Rental term", "賃借の契約期間"}, unset: Text{"bought, not rented", "購入（賃借しない）"},
		help: Text{"on-demand bills the hours used; 1-year and 3-year commitments bill every hour of their term.", "on-demand は使った時間を、1-year と 3-year の期間契約は期間中の全時間を請求します。"}},

	"goodput.failures_per_gpu_year":     {dim: Count, unit: Text{"failures per GPU-year", "件/GPU 年"}, label: Text{"Failures", "GPU 年あたりの障害数"}},
	"goodput.checkpoint_interval_hours": {dim: Seconds, unit: Text{"hours", "時間"}, label: Text{"Checkpoint interval", "チェックポイント間隔"}},
	"goodput.restart_hours":             {dim: Seconds, unit: Text{"hours", "時間"}, label: Text{"Restart time", "再起動時間"}},
	"goodput.checkpoint_write_minutes":  {dim: Seconds, unit: Text{"minutes", "分"}, label: Text{"Checkpoint write", "チェックポイント書き込み時間"}, help: Text{"The time each checkpoint stalls training.", "チェックポイントごとに学習が止まる時間。"}},
	"goodput.evaluation_share": {dim: Ratio, unit: Text{"of the steady time", "定常の時間に対する割合"}, label: Text{"Evaluation", "評価"}, unset: Text{"0.005", "0.005"},
		help: Text{"Evaluations run on the training GPUs between steps, as a share of the steady training time.", "学習 GPU でステップの合間に行う評価。定常の学習時間に対する割合。"}},
	"goodput.ramp_share": {dim: Ratio, unit: Text{"of the steady time", "定常の時間に対する割合"}, label: Text{"Batch ramp and warm-up", "バッチの立ち上げとウォームアップ"}, unset: Text{"0.02", "0.02"},
		help: Text{"Steps at a smaller batch and learning-rate warm-up, below the steady rate: Llama 3 405B trained 18% of its tokens at a quarter or half of its final batch.", "小さいバッチでのステップと学習率のウォームアップ。Llama 3 405B はトークンの 18% を最終バッチの 1/4 か 1/2 で学習した。"}},
	"goodput.straggler_share": {dim: Ratio, unit: Text{"of the steady time", "定常の時間に対する割合"}, label: Text{"Stragglers", "遅いノード"}, unset: Text{"0.015", "0.015"},
		help: Text{"The slowest node's drag and the day's swings (Llama 3's throughput varied 1-2% with temperature).", "最も遅いノードによる遅れと日ごとの変動（Llama 3 のスループットは気温で 1〜2% 変動した）。"}},
	"goodput.data_stall_share": {dim: Ratio, unit: Text{"of the steady time", "定常の時間に対する割合"}, label: Text{"Data stalls", "データ待ち"}, unset: Text{"0.005", "0.005"},
		help: Text{"Steps waiting on the data loader or storage.", "データローダーやストレージを待つステップ。"}},
	"goodput.reserved_share": {dim: Ratio, unit: Text{"of the job's GPUs", "ジョブの GPU に対する割合"}, label: Text{"Spare GPUs held", "待機させる予備の GPU"}, unset: Text{"0 (published GPU-hours count the training GPUs)", "0（公表された GPU 時間は学習する GPU だけを数える）"},
		help: Text{"Spare GPUs a fixed cluster holds beside the job's to swap in for failed ones (BLOOM held 4 spare nodes beside its 48: 0.083). Their hours are paid for and their systems bought; they train nothing.", "故障した GPU と入れ替えるために固定クラスタがジョブの GPU とは別に待機させる予備（BLOOM は 48 ノードのほかに 4 ノード: 0.083）。その時間は費用に、そのシステムは購入台数に入りますが、学習はしません。"}},

	"factors.fp32_efficiency":             {dim: Ratio, unit: Text{"fraction of peak", "ピークに対する割合"}, label: Text{"FP32 efficiency", "FP32 効率"}, unset: calibrated},
	"factors.tf32_efficiency":             {dim: Ratio, unit: Text{"fraction of peak", "ピークに対する割合"}, label: Text{"TF32 efficiency", "TF32 効率"}, unset: calibrated},
	"factors.mixed_efficiency":            {dim: Ratio, unit: Text{"fraction of peak", "ピークに対する割合"}, label: Text{"Mixed-precision efficiency", "混合精度効率"}, unset: calibrated},
	"factors.cpu_efficiency":              {dim: Ratio, unit: Text{"fraction of peak", "ピークに対する割合"}, label: Text{"CPU efficiency", "CPU 効率"}, unset: calibrated},
	"factors.memory_efficiency":           {dim: Ratio, unit: Text{"fraction of peak bandwidth", "ピーク帯域に対する割合"}, label: Text{"Memory efficiency", "メモリ効率"}, unset: calibrated},
	"factors.step_overhead_s":             {dim: Seconds, unit: Text{"s per step", "秒/ステップ"}, label: Text{"Step overhead", "ステップのオーバーヘッド"}, unset: calibrated},
	"factors.comm_efficiency":             {dim: Ratio, unit: Text{"fraction of link bandwidth", "リンク帯域に対する割合"}, label: Text{"Communication efficiency", "通信効率"}, unset: calibrated},
	"factors.overlap":                     {dim: Ratio, unit: Text{"fraction hidden", "隠れる割合"}, label: Text{"Overlap", "通信と計算の重なり"}, unset: calibrated},
	"factors.host_input_bytes_per_core_s": {dim: BytesPerSecond, unit: Text{"B/s per core", "B/s/コア"}, label: Text{"Host input rate", "コアあたりの入力処理速度"}, unset: calibrated},
	"factors.workspace_fraction":          {dim: Ratio, unit: Text{"fraction of activations", "活性化に対する割合"}, label: Text{"Workspace fraction", "ワークスペースの割合"}, unset: calibrated},
	"factors.host_decode_share": {dim: Ratio, unit: Text{"fraction of decoding", "デコードに占める割合"}, label: Text{"Host share of input decoding", "入力デコードのホスト分担"}, unset: Text{"1 (the host CPUs decode)", "1（ホスト CPU がデコード）"},
		help: Text{"1: a framework's CPU loader decodes the JPEGs (PyTorch's DataLoader, tf.data); 0: the GPUs do (NVIDIA DALI), so the host caps nothing.", "1: フレームワークの CPU ローダーが JPEG をデコード（PyTorch の DataLoader、tf.data）。0: GPU がデコード（NVIDIA DALI）し、ホストは上限になりません。"}},
	"factors.host_loader_processes_per_gpu": {dim: Count, unit: Text{"processes per GPU", "プロセス/GPU"}, label: Text{"Loader processes per GPU", "GPU あたりのローダープロセス数"}, unset: Text{"16 (PyTorch with torchvision's reference ImageNet script, whose --workers defaults to 16 per GPU)", "16（PyTorch と torchvision の ImageNet 参照スクリプトの既定のワーカー数。GPU あたり 16）"},
		help: Text{"The host decoding processes your loader runs per GPU (PyTorch's DataLoader num_workers); 0: every host core decodes (a threaded loader such as tf.data). Fewer than 1.6 per host core decode less than the cores could: each does the work of 0.625 of a core, as the calibration DGX-1's 64 processes did on its 40 cores.", "ローダーが GPU 1 基あたりに動かすホストのデコードプロセス数（PyTorch の DataLoader の num_workers）。0 はホストの全コアがデコード（tf.data のようなスレッドのローダー）。ホストの 1 コアあたり 1.6 未満だと、コアの能力を使い切れません。1 プロセスはコア 0.625 個分の処理をします（較正に使った DGX-1 で 64 プロセスが 40 コアで処理した割合）。"}},

	"model_error.defaults": {label: Text{"Model error ranges", "モデル誤差の範囲"}, unset: Text{"accuracy", "accuracy"},
		help: Text{"accuracy: uncertainty and sensitivity give each modelled number the range its misses on published figures support (trainscale accuracy); off: only the ranges the scenario gives.", "accuracy は、モデルで求めた各数値に公表値との誤差（trainscale accuracy）に見合う範囲を与えて不確かさと感度を計算します。off はシナリオが指定した範囲だけを使います。"}},
	"model_error.throughput": {dim: Ratio, unit: Text{"x the modelled throughput", "モデルのスループットに対する倍率"}, label: Text{"Model error: throughput", "モデル誤差: スループット"}, unset: modelErrorUnset,
		help: Text{"Multiplies the roofline throughput of a workload given by a catalog model (not a measured mb_per_s).", "カタログのモデルで指定したワークロードのルーフラインによるスループットに掛けます（測定値の mb_per_s には掛けません）。"}},
	"model_error.scaling": {dim: Ratio, unit: Text{"x the modelled speed-up", "モデルの速度向上に対する倍率"}, label: Text{"Model error: scaling", "モデル誤差: スケーリング"}, unset: modelErrorUnset,
		help: Text{"Multiplies the modelled speed-up of several GPUs (training.scaling modelled), up to the GPUs' count.", "複数 GPU のモデルによる速度向上に掛けます（training.scaling が modelled のとき。GPU 数が上限）。"}},
	"model_error.transformer": {dim: Ratio, unit: Text{"x the modelled MFU", "モデルの MFU に対する倍率"}, label: Text{"Model error: transformer MFU", "モデル誤差: Transformer の MFU"}, unset: modelErrorUnset,
		help: Text{"Multiplies the transformer model's MFU, and so its tokens per second (not a given transformer.mfu).", "Transformer モデルの MFU、したがって毎秒のトークン数に掛けます（指定した transformer.mfu には掛けません）。"}},
	"model_error.memory": {dim: Ratio, unit: Text{"x the modelled memory", "モデルのメモリに対する倍率"}, label: Text{"Model error: memory", "モデル誤差: メモリ"}, unset: modelErrorUnset,
		help: Text{"Multiplies the modelled training memory per GPU of a catalog CNN.", "カタログの CNN の GPU 1 基あたりの学習メモリ（モデル値）に掛けます。"}},
	"model_error.whole_run": {dim: Ratio, unit: Text{"x the modelled whole run", "モデルの実行全体に対する倍率"}, label: Text{"Model error: a transformer's whole run", "モデル誤差: Transformer の実行全体"}, unset: modelErrorUnset,
		help: Text{"Multiplies a transformer's whole-run time and GPU-hours (with a goodput section), and so the systems, energy and money that follow. Left out, estimates show the value at its default range's P10 and P90 beside each figure it moves.", "Transformer の実行全体の時間と GPU 時間（goodput の項があるとき）、したがってそれに従う台数・電力量・費用に掛けます。未指定なら、既定の範囲の P10 と P90 での値を、影響を受ける各数値の横に示します。"}},
}

// planWords are the planner's rows of the table, kept apart from
// fieldWords because every estimate with a plan reads them (its
// constraints' labels and units, planConstraint) while the other rows are
// read only where the whole table is (Fields, FieldOf, Inputs: forms,
// reports, the CLI). Apart, the page's estimator module, which estimates
// but lists no inputs, links none of fieldWords (docs/engineering.md, "Module size").
var planWords = map[string]words{
	"plan.workload": {label: Text{"Workload planned for", "計画するワークロード"}, unset: Text{"the workload the money section prices", "費用の節が見積もるワークロード"},
		help: Text{"The workload whose runs must meet the deadline; its data, tokens and team come from the scenario.", "期限内に学習を終えるべきワークロード。データ・トークン数・チームはシナリオのもの。"}},
	"plan.deadline_days": {dim: Seconds, unit: Text{"days per run", "日/回"}, label: Text{"Deadline per run", "1 回の学習の期限"}, unset: Text{"the team's target or the project's deadline; for a project whose job is given, that job's run time", "チームの目標日数またはプロジェクトの期限。ジョブが指定されたプロジェクトではそのジョブの学習時間"}},
	"plan.capex_budget":  {dim: currencyUnit, unit: Text{"<currency>", "<currency>"}, label: Text{"Capital budget", "設備投資の予算"}, unset: Text{"no limit", "上限なし"}, help: Text{"What buying may cost up front: systems, network and storage.", "購入時に払える額（システム・ネットワーク・ストレージ）。"}},
	"plan.tco_budget": {dim: currencyUnit, unit: Text{"<currency>", "<currency>"}, label: Text{"Total budget", "総予算"}, unset: Text{"no limit", "上限なし"},
		help: Text{"What a plan may cost over money.depreciation_years: capex plus opex when buying, rent plus storage when renting.", "money.depreciation_years の期間に払える総額。購入なら設備投資と運用費、借りるなら賃料とストレージ。"}},
	"plan.power_kw":    {dim: Watts, unit: Text{"kW, cooling included", "kW（冷却込み）"}, label: Text{"Power cap", "電力の上限"}, unset: Text{"no limit", "上限なし"}, help: Text{"The site's power for bought systems at their maximum draw times the PUE; rented instances draw the provider's.", "購入するシステムの最大消費電力 × PUE に対するサイトの電力。借りるインスタンスは事業者の電力を使います。"}},
	"plan.max_systems": {dim: Count, unit: Text{"systems or instances", "台"}, label: Text{"Most systems", "台数の上限"}, unset: Text{"no limit", "上限なし"}},
	"plan.max_gpus":    {dim: Count, unit: Text{"GPUs", "GPU"}, label: Text{"Most GPUs", "GPU 数の上限"}, unset: Text{"100,000", "100,000"}, help: Text{"The largest cluster the planner sizes.", "計画する最大のクラスタ規模。"}},
	"plan.gpus": {label: Text{"Allowed GPUs", "使ってよい GPU"}, unset: Text{"every catalog GPU", "カタログのすべての GPU"},
		help: Text{"Comma-separated catalog GPU ids (trainscale catalog gpus), e.g. h100-sxm,b200.", "カンマ区切りのカタログ GPU ID（trainscale catalog gpus）。例: h100-sxm,b200。"}},
	"plan.generations": {label: Text{"Allowed GPU generations", "使ってよい GPU 世代"}, unset: Text{"every generation", "すべての世代"},
		help: Text{"Comma-separated GPU architectures (the generation column of trainscale catalog gpus), e.g. hopper,blackwell.", "カンマ区切りの GPU アーキテクチャ（trainscale catalog gpus の generation 列）。例: hopper,blackwell。"}},
	"plan.precisions": {label: Text{"Allowed precisions", "使ってよい精度"}, unset: Text{"the workload's own", "ワークロードの精度"},
		help: Text{"Comma-separated: fp32, tf32, mixed for a catalog model; bf16, fp8, fp4 for a transformer. Each is tried on every GPU that has it.", "カンマ区切り。カタログのモデルは fp32、tf32、mixed、Transformer は bf16、fp8、fp4。それぞれを対応するすべての GPU で試します。"}},
	"plan.acquire": {label: Text{"Buy or rent", "購入か賃借か"}, unset: Text{"both", "both（両方）"}, help: Text{"buy: catalog systems; rent: cloud offers; both.", "buy はカタログのシステム、rent はクラウドの提供品、both は両方。"}},
	"plan.as_of": {label: Text{"Prices as of", "価格の基準日"}, unset: Text{"today", "今日"},
		help: Text{"YYYY-MM-DD: the newest cloud price published by then applies, and one older than 12 months is flagged.", "YYYY-MM-DD。この日までに公表された最新のクラウド価格を使い、12 か月より古い価格には印を付けます。"}},
}

var calibrated = Text{"the calibrated default", "較正済みの既定値"}

// modelErrorUnset is what leaving a model-error factor out means.
var modelErrorUnset = Text{"1, ranged as wide as the model's misses on published figures (trainscale accuracy)", "1。範囲はモデルの公表値との誤差に見合う幅（trainscale accuracy）"}

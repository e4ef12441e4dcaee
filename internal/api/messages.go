package api

import (
	"strconv"

	"github.com/trainscale/trainscale/estimator"
)

// Lang is a request's lang checked: "en" for en or none, "ja" for ja, else
// an error naming the field.
func Lang(l string) (string, error) {
	switch l {
	case "", "en":
		return "en", nil
	case "ja":
		return "ja", nil
	}
	return "", &estimator.FieldError{Path: "lang", Rule: "must be en or ja", Got: strconv.Quote(l)}
}

// msgs is the page's text in one language (as Lang returns it), for the form,
// the results and the parts of the page the script translates (messages); a
// key missing in ja falls back to en.
func msgs(lang string) map[string]string {
	if lang != "ja" {
		return messagesEN
	}
	out := make(map[string]string, len(messagesEN))
	for k, v := range messagesEN {
		out[k] = v
	}
	for k, v := range messagesJA {
		out[k] = v
	}
	return out
}

func messagesFor(data []byte) (any, error) {
	var req struct {
		Lang string `json:"lang"`
	}
	if err := DecodeRequest(data, &req); err != nil {
		return nil, err
	}
	lang, err := Lang(req.Lang)
	if err != nil {
		return nil, err
	}
	return msgs(lang), nil
}

var messagesEN = map[string]string{
	"title":          "trainscale: how much compute does training take?",
	"lead":           "Size deep-learning compute from fleet data, networks and team targets, after NVIDIA's 2017 self-driving estimate. Every number is computed by the same Go core as the command line; change any input and the results follow.",
	"skip":           "Skip to the results",
	"preset":         "Scenario",
	"import":         "Import JSON",
	"export.json":    "Export JSON",
	"export.xlsx":    "Workbook (.xlsx)",
	"export.pdf":     "Proposal (.pdf)",
	"export.html":    "Report (.html)",
	"exports":        "Downloads",
	"link":           "Copy link",
	"link.copied":    "Link copied",
	"lang":           "Language",
	"print":          "Print",
	"inputs":         "Inputs",
	"results":        "Results",
	"charts":         "Charts",
	"explain":        "How this number is computed",
	"close":          "Close",
	"status.static":  "Showing the built-in figures; the live estimator is loading.",
	"status.ready":   "Live: results follow every change.",
	"status.error":   "Some inputs are not valid; the results show the last valid scenario.",
	"status.loading": "Loading…",
	"status.export":  "Preparing the download…",
	"noscript":       "These are the default scenario's figures, computed when the page was built. Enable JavaScript to change the inputs.",
	"absent":         "not in this scenario; setting a field adds the section",
	"default":        "default",
	"ranged":         "range",
	"ranges.none":    "This scenario gives no input as a range.",
	"range.low":      "Low",
	"range.likely":   "Likely",
	"range.high":     "High",
	"range.median":   "Median",
	"range.p90":      "90th percentile",

	"group.general":       "Scenario",
	"group.fleet":         "Fleet",
	"group.preprocessing": "Preprocessing",
	"group.dataset":       "Dataset",
	"group.training":      "Training",
	"group.workloads":     "Workloads (networks)",
	"group.systems":       "Hardware (systems)",
	"group.team":          "Team",
	"group.host":          "Host",
	"group.growth":        "Growth",
	"group.money":         "Money",
	"group.goodput":       "Goodput (failures)",
	"group.factors":       "Model factors",
	"group.ranges":        "Ranges",
	"item.workloads":      "Workload",
	"item.systems":        "System",
	"item.sensors":        "Sensor",

	"results.article": "The article's figures",
	"results.time":    "One training run (%s epochs)",
	"results.team":    "Systems for the team (%s of %s members submitting, %s-day target)",
	"results.all":     "Every quantity",
	"col.network":     "Network",
	"col.system":      "System",
	"col.gpu":         "1 GPU",
	"col.onesystem":   "1 system",
	"col.quantity":    "Quantity",
	"col.value":       "Value",
	"qgroup.data":     "Data",
	"qgroup.train":    "Training time",
	"qgroup.scale":    "Scaling",
	"qgroup.team":     "Team",
	"qgroup.storage":  "Storage",
	"qgroup.memory":   "GPU memory",
	"qgroup.host":     "Host",
	"qgroup.cost":     "Cost",
	"qgroup.energy":   "Energy",
	"qgroup.co2":      "CO2",
	"qgroup.growth":   "Growth",
	"qgroup.goodput":  "Goodput",
}

var messagesJA = map[string]string{
	"title":          "trainscale: 学習に必要な計算資源の見積もり",
	"lead":           "車両フリートのデータ量、ネットワーク、チームの目標から深層学習の計算資源を見積もります（NVIDIA 2017年の自動運転の試算に基づく）。数値はすべてコマンドラインと同じ Go のコアで計算され、入力を変えると結果が追従します。",
	"skip":           "結果へ移動",
	"preset":         "シナリオ",
	"import":         "JSON を読み込む",
	"export.json":    "JSON を書き出す",
	"export.xlsx":    "ワークブック (.xlsx)",
	"export.pdf":     "提案書 (.pdf)",
	"export.html":    "レポート (.html)",
	"exports":        "ダウンロード",
	"link":           "リンクをコピー",
	"link.copied":    "リンクをコピーしました",
	"lang":           "言語",
	"print":          "印刷",
	"inputs":         "入力",
	"results":        "結果",
	"charts":         "グラフ",
	"explain":        "この数値の計算方法",
	"close":          "閉じる",
	"status.static":  "ビルド時に計算した既定の数値を表示中です。見積もりエンジンを読み込んでいます。",
	"status.ready":   "入力を変えると結果がすぐ更新されます。",
	"status.error":   "無効な入力があります。結果は最後に有効だったシナリオのものです。",
	"status.loading": "読み込み中…",
	"status.export":  "ダウンロードを準備しています…",
	"noscript":       "ページ生成時に計算した既定シナリオの数値です。入力を変えるには JavaScript を有効にしてください。",
	"absent":         "このシナリオにはありません。値を入れるとセクションが追加されます",
	"default":        "既定値",
	"ranged":         "範囲",
	"ranges.none":    "このシナリオには範囲で与えた入力がありません。",
	"range.low":      "下限",
	"range.likely":   "最頻値",
	"range.high":     "上限",
	"range.median":   "中央値",
	"range.p90":      "90 パーセンタイル",

	"group.general":       "シナリオ",
	"group.fleet":         "フリート",
	"group.preprocessing": "前処理",
	"group.dataset":       "データセット",
	"group.training":      "学習",
	"group.workloads":     "ワークロード（ネットワーク）",
	"group.systems":       "ハードウェア（システム）",
	"group.team":          "チーム",
	"group.host":          "ホスト",
	"group.growth":        "データの増加",
	"group.money":         "費用",
	"group.goodput":       "グッドプット（障害）",
	"group.factors":       "モデルの係数",
	"group.ranges":        "範囲",
	"item.workloads":      "ワークロード",
	"item.systems":        "システム",
	"item.sensors":        "センサー",

	"results.article": "記事の数値",
	"results.time":    "1 回の学習（%s エポック）",
	"results.team":    "チームに必要なシステム数（%[2]s 人中 %[1]s 人が同時に投入、目標 %[3]s 日）",
	"results.all":     "すべての数量",
	"col.network":     "ネットワーク",
	"col.system":      "システム",
	"col.gpu":         "GPU 1 基",
	"col.onesystem":   "システム 1 台",
	"col.quantity":    "数量",
	"col.value":       "値",
	"qgroup.data":     "データ",
	"qgroup.train":    "学習時間",
	"qgroup.scale":    "スケーリング",
	"qgroup.team":     "チーム",
	"qgroup.storage":  "ストレージ",
	"qgroup.memory":   "GPU メモリ",
	"qgroup.host":     "ホスト",
	"qgroup.cost":     "費用",
	"qgroup.energy":   "エネルギー",
	"qgroup.co2":      "CO2",
	"qgroup.growth":   "データの増加",
	"qgroup.goodput":  "グッドプット",

	"field.name":                        "名前",
	"field.notes":                       "メモ",
	"field.units":                       "単位系",
	"field.cars":                        "車両数",
	"field.hours_per_day":               "1 日の走行時間",
	"field.days_per_year":               "年間の走行日数",
	"field.tb_per_hour":                 "1 時間あたりのデータ量",
	"field.kind":                        "種類",
	"field.count":                       "個数",
	"field.megapixels":                  "画素数",
	"field.bits_per_pixel":              "画素あたりのビット数",
	"field.fps":                         "フレームレート",
	"field.mbit_per_s":                  "ビットレート",
	"field.source_fps":                  "元のフレームレート",
	"field.sampled_fps":                 "間引き後のフレームレート",
	"field.compression_ratio":           "圧縮率",
	"field.reduction":                   "削減率",
	"field.samples":                     "サンプル数",
	"field.sample_kb":                   "1 サンプルの大きさ",
	"field.epochs":                      "エポック数",
	"field.scaling":                     "スケーリング",
	"field.id":                          "ID",
	"field.label":                       "表示名",
	"field.mb_per_s":                    "基準 GPU 1 基のスループット",
	"field.model":                       "カタログのモデル",
	"field.precision":                   "精度",
	"field.batch":                       "バッチサイズ",
	"field.optimizer":                   "オプティマイザ",
	"field.catalog":                     "カタログのシステム",
	"field.gpu":                         "GPU",
	"field.cpu":                         "CPU",
	"field.gpus":                        "GPU 数",
	"field.speedup":                     "基準 GPU に対する速度比",
	"field.gpu_memory_gb":               "GPU メモリ",
	"field.host_ram_gb":                 "ホスト RAM",
	"field.local_ssd_tb":                "ローカル SSD",
	"field.price":                       "価格",
	"field.power_kw":                    "最大消費電力",
	"field.members":                     "メンバー数",
	"field.concurrent_jobs":             "同時実行ジョブ数",
	"field.target_days":                 "目標日数",
	"field.ram_factor_low":              "RAM 倍率（下限）",
	"field.ram_factor_high":             "RAM 倍率（上限）",
	"field.factor":                      "データ増加の倍率",
	"field.exponent":                    "計算量の指数",
	"field.per_year":                    "年あたりの増加",
	"field.years":                       "年数",
	"field.workload":                    "購入を決めるワークロード",
	"field.system":                      "購入するシステム",
	"field.currency":                    "通貨",
	"field.per_usd":                     "1 米ドルあたり",
	"field.network_per_system":          "システムあたりのネットワーク費",
	"field.storage_per_tb":              "TB あたりのストレージ費",
	"field.storage_replication":         "ストレージの複製数",
	"field.support_percent_per_year":    "年間サポート費",
	"field.price_per_kwh":               "電力単価",
	"field.pue":                         "PUE",
	"field.load_factor":                 "負荷率",
	"field.utilisation":                 "稼働率",
	"field.depreciation_years":          "減価償却年数",
	"field.cloud_gpu":                   "クラウドの GPU",
	"field.cloud_per_gpu_hour":          "クラウドの GPU 時間単価",
	"field.grid_kg_co2_per_kwh":         "電力の CO2 排出係数",
	"field.failures_per_gpu_year":       "GPU 年あたりの障害数",
	"field.checkpoint_interval_hours":   "チェックポイント間隔",
	"field.restart_hours":               "再起動時間",
	"field.checkpoint_write_minutes":    "チェックポイント書き込み時間",
	"field.fp32_efficiency":             "FP32 効率",
	"field.tf32_efficiency":             "TF32 効率",
	"field.mixed_efficiency":            "混合精度効率",
	"field.cpu_efficiency":              "CPU 効率",
	"field.memory_efficiency":           "メモリ効率",
	"field.step_overhead_s":             "ステップのオーバーヘッド",
	"field.comm_efficiency":             "通信効率",
	"field.overlap":                     "通信と計算の重なり",
	"field.host_input_bytes_per_core_s": "コアあたりの入力処理速度",
	"field.workspace_fraction":          "ワークスペースの割合",
}

package present

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Summary is the estimate laid out as the article lays it out, every cell already
// rounded as the article rounds (times in years, system counts to the nearest
// integer). Text surfaces print it as is.
type Summary struct {
	Name     string
	Sections []Section
}

// Section is one titled table; its first row is the header.
type Section struct {
	Title string
	Rows  [][]string
}

// Summarize lays out an estimate's headline figures in lang: titles,
// headers, labels, values and notes in the reader's words; ids, workload
// names and layouts as they are.
func Summarize(e *estimator.Estimate, lang estimator.Lang) Summary {
	banded := false
	sum := summarize(e, lang, &banded)
	if banded {
		sum.Sections = append(sum.Sections, Section{Title: estimator.Text{EN: "Whole-run ranges", JA: "実行全体の範囲"}.In(lang),
			Rows: [][]string{{estimator.WholeRunNote().In(lang)}}})
	}
	return sum
}

// summarize is Summarize's tables, banded set when a value shown carries
// the whole run's P10 and P90 (shown beside it: "8.4 M (8.4 M-15.4 M)").
func summarize(e *estimator.Estimate, lang estimator.Lang, banded *bool) Summary {
	t := func(en, ja string) string { return estimator.Text{EN: en, JA: ja}.In(lang) }
	s := e.Scenario
	us := s.Units
	val := func(id string) float64 { q, _ := e.Get(id); return q.Value }
	has := func(id string) bool { _, ok := e.Get(id); return ok }
	show := func(id string) string {
		q, ok := e.Get(id)
		if !ok {
			return "-"
		}
		v, ranged := FormatBand(q, us, lang)
		*banded = *banded || ranged
		return v
	}
	name := s.Name
	if name == "" {
		name = t("Unnamed scenario", "名前のないシナリオ")
	}
	sum := Summary{Name: name}
	modelled := s.Scaling() == "modelled"

	quantityValue := []string{t("quantity", "数量"), t("value", "値")}
	network, system := t("network", "ネットワーク"), t("system", "システム")
	data := [][]string{quantityValue}
	for _, id := range []string{"data.per_car_hour", "data.raw", "data.sampled", "data.reduction", "data.processed", "data.frames", "data.tokens_per_frame", "data.tokens"} {
		if q, ok := e.Get(id); ok {
			data = append(data, []string{q.Label.In(lang), show(id)})
		}
	}
	if len(data) > 1 { // a project of given tokens reads no data
		sum.Sections = append(sum.Sections, Section{Title: t("Data", "データ"), Rows: data})
	}

	// A no-break space holds a count to its counter in a narrow column head
	// ("GPU 1 基"), where a browser would otherwise break after the number.
	header := []string{network, system, t("1 GPU", "GPU 1\u00a0基"), t("1 system", "システム 1\u00a0台")}
	if modelled {
		header = append(header, t("GPUs per job", "ジョブの GPU 数"), t("efficiency", "効率"), t("one job", "1 ジョブ"))
	}
	// Each column of times reads in one unit (ChooseColumn): 0.058 years
	// under 0.46 years, not 21 days.
	columns := []string{"train.gpu_time", "train.system_time"}
	if modelled {
		columns = append(columns, "team.gpus_per_job", "scale.efficiency", "train.job_time")
	}
	times := [][]string{header}
	ids := make([][]string, len(columns)) // per column, per row
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			times = append(times, []string{w.Name(), sys.ID})
			for c, name := range columns {
				// "train.gpu_time" -> "train.<w>.gpu_time.<s>"
				group, rest, _ := strings.Cut(name, ".")
				ids[c] = append(ids[c], group+"."+w.ID+"."+rest+"."+sys.ID)
			}
		}
	}
	for c := range columns {
		for r, text := range column(e, ids[c], lang) {
			times[r+1] = append(times[r+1], text)
		}
	}
	title := t("Time to train one run", "学習 1 回の時間")
	if s.Training != nil {
		title = minfmt.Sprintf(t("Time to train one run (%s)", "学習 1 回の時間（%s）"), s.Training.EpochsWords().In(lang))
	}
	sum.Sections = append(sum.Sections, Section{Title: title, Rows: times})
	if tr := transformerRows(e, lang, show, val); len(tr) > 1 {
		sum.Sections = append(sum.Sections, Section{Title: t("Transformer training: tokens, FLOPs, layout and utilisation", "Transformer の学習: トークン数、計算量、並列化構成、使用率"), Rows: tr})
	}

	if s.IsProject() {
		sum.Sections = append(sum.Sections, projectSection(e, lang, show, val))
	} else {
		sum.Sections = append(sum.Sections, teamSection(e, lang, show, val, has))
	}

	mem := [][]string{{network, system, t("memory per GPU", "GPU 1\u00a0基あたりのメモリ"), t("fits", "収まるか")}}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			if id := "memory." + w.ID + ".per_gpu." + sys.ID; has(id) {
				mem = append(mem, []string{w.Name(), sys.ID, show(id), show("memory." + w.ID + ".fits." + sys.ID)})
			}
		}
	}
	if len(mem) > 1 {
		sum.Sections = append(sum.Sections, Section{Title: t("GPU memory", "GPU メモリ"), Rows: mem})
	}

	// A project of given tokens has no dataset to hold and may have no host
	// to size: then no such table.
	if s.HasData() || s.Host != nil {
		// Without a host section the RAM is not sized: its columns go.
		head := []string{system, t("local SSD", "ローカル SSD"), t("dataset fits", "データが収まるか"), t("shared reads per run", "1 回の学習の共有ストレージ読み出し"),
			t("GPU memory", "GPU メモリ")}
		if s.Host != nil {
			head = append(head, t("RAM wanted", "必要なメモリ"), t("RAM installed", "搭載メモリ"))
		}
		host := [][]string{head}
		for _, sys := range s.Systems {
			row := []string{sys.ID,
				show("storage.local_ssd." + sys.ID),
				show("storage.dataset_fits_local." + sys.ID),
				show("storage.shared_read_per_run." + sys.ID),
				show("host.gpu_memory." + sys.ID),
			}
			if s.Host != nil {
				row = append(row, show("host.ram_low."+sys.ID)+" - "+show("host.ram_high."+sys.ID),
					show("host.ram_installed."+sys.ID)+okMark(val("host.ram_ok."+sys.ID), lang))
			}
			host = append(host, row)
		}
		sum.Sections = append(sum.Sections, Section{Title: t("Storage and host", "ストレージとホスト"), Rows: host})
	}

	if m := s.Money; m != nil {
		budget := [][]string{quantityValue}
		for _, q := range e.Quantities() {
			group, _, _ := strings.Cut(q.ID, ".")
			if group == "cost" || group == "energy" || group == "co2" || q.ID == "storage.shared_capacity" {
				budget = append(budget, []string{q.Label.In(lang), show(q.ID)})
			}
		}
		title := minfmt.Sprintf(t("Budget: %s on %s, in %s", "予算: %s を %s で（%s）"), m.Workload, m.System, s.Currency())
		if s.IsProject() {
			title = minfmt.Sprintf(t("Budget of the project (%s): %s on %s, in %s", "プロジェクト（%s）の予算: %s を %s で（%s）"), s.Project.RunsWords().In(lang), m.Workload, m.System, s.Currency())
		}
		sum.Sections = append(sum.Sections, Section{Title: title, Rows: budget})
		if g := s.Growth; g != nil && g.Years != nil {
			plan := [][]string{{t("year", "年"), t("data x", "データ倍率"), t("systems", "台数"), t("capital expense", "設備投資額"), t("operating expense", "運用費")}}
			for y := 1; y <= int(*g.Years); y++ {
				yearID := func(name string) string { return minfmt.Sprintf("growth.y%d.%s", y, name) }
				plan = append(plan, []string{strconv.Itoa(y), numtext.Trim(val(yearID("data_factor")), 2), show(yearID("systems")), show(yearID("capex")), show(yearID("opex"))})
			}
			sum.Sections = append(sum.Sections, Section{Title: minfmt.Sprintf(t("%v-year plan (data x%v a year)", "%v 年計画（データは毎年 %v 倍）"), *g.Years, *g.PerYear), Rows: plan})
		}
	}

	if s.Growth == nil {
		return sum
	}
	growth := [][]string{{t("data x", "データ倍率"), t("compute x", "計算量倍率")}}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			growth[0] = append(growth[0], w.ID+" / "+sys.ID)
		}
	}
	for n := 1; n <= s.GrowthFactor(); n++ {
		row := []string{strconv.Itoa(n), numtext.Trim(val(minfmt.Sprintf("growth.compute_factor_n%d", n)), 2)}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				row = append(row, roundCount(val(minfmt.Sprintf("growth.%s.systems_n%d.%s", w.ID, n, sys.ID))))
			}
		}
		growth = append(growth, row)
	}
	sum.Sections = append(sum.Sections, Section{Title: t("Systems when the data grows", "データが増えたときのシステム台数"), Rows: growth})
	return sum
}

// teamSection is the article's table: the systems the team needs for each
// workload on each system.
func teamSection(e *estimator.Estimate, lang estimator.Lang, show func(string) string, val func(string) float64, has func(string) bool) Section {
	t := func(en, ja string) string { return estimator.Text{EN: en, JA: ja}.In(lang) }
	s := e.Scenario
	team := [][]string{{t("network", "ネットワーク"), t("system", "システム"), t("systems", "台数"), t("to buy", "購入台数"), t("per member", "1 人あたり"), t("node reads", "ノードの読み出し")}}
	var misses []string
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			n := val("team." + w.ID + ".systems." + sys.ID)
			team = append(team, []string{w.Name(), sys.ID, roundCount(n),
				numtext.Grouped(val("team." + w.ID + ".systems_to_buy." + sys.ID)),
				numtext.Trim(val("team."+w.ID+".systems_per_member."+sys.ID), 1),
				show("storage." + w.ID + ".node_read_rate." + sys.ID),
			})
			if id := "team." + w.ID + ".meets_target." + sys.ID; has(id) && val(id) == 0 {
				misses = append(misses, minfmt.Sprintf(t("%s on %s: no job size meets the %v-day target; the best takes %s",
					"%s（%s）: %v 日の目標を満たすジョブ規模がありません。最速で %s かかります"),
					w.Name(), sys.ID, s.Team.TargetDays, show("train."+w.ID+".job_time."+sys.ID)))
			}
		}
	}
	for _, m := range misses {
		team = append(team, []string{t("note: ", "注: ") + m})
	}
	return Section{
		Title: minfmt.Sprintf(t("Systems for the team (%v of %v members submitting, %v-day target)", "チームに必要なシステム（%v / %v 人が同時に投入、目標 %v 日）"),
			s.Team.ConcurrentJobs, s.Team.Members, s.Team.TargetDays),
		Rows: team,
	}
}

// projectSection is a project's job for each workload on each system: its
// GPUs and systems, a run's time with failures and the project's GPU-hours.
func projectSection(e *estimator.Estimate, lang estimator.Lang, show func(string) string, val func(string) float64) Section {
	t := func(en, ja string) string { return estimator.Text{EN: en, JA: ja}.In(lang) }
	s, p := e.Scenario, e.Scenario.Project
	rows := [][]string{{t("network", "ネットワーク"), t("system", "システム"), t("GPUs per job", "ジョブの GPU 数"), t("systems", "台数"),
		t("one whole run", "学習 1 回（実行全体）"), t("GPU-hours", "GPU 時間")}}
	var misses []string
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			id := func(group, name string) string { return group + "." + w.ID + "." + name + "." + sys.ID }
			rows = append(rows, []string{w.Name(), sys.ID, show(id("team", "gpus_per_job")),
				numtext.Grouped(val(id("team", "systems_to_buy"))), show(id("project", "run_time")), show(id("project", "gpu_hours"))})
			if p.DeadlineDays != nil && val(id("team", "meets_target")) == 0 {
				misses = append(misses, minfmt.Sprintf(t("%s on %s: a run takes %s, past the %v-day deadline", "%s（%s）: 学習 1 回に %s かかり、期限の %v 日を過ぎます"),
					w.Name(), sys.ID, show(id("project", "run_time")), *p.DeadlineDays))
			}
		}
	}
	for _, m := range misses {
		rows = append(rows, []string{t("note: ", "注: ") + m})
	}
	title := minfmt.Sprintf(t("The project's job (%s)", "プロジェクトのジョブ（%s）"), p.RunsWords().In(lang))
	if d := p.DeadlineDays; d != nil {
		title = minfmt.Sprintf(t("The project's job (%s, each within %v days)", "プロジェクトのジョブ（%s、各 %v 日以内）"), p.RunsWords().In(lang), *d)
	}
	return Section{Title: title, Rows: rows}
}

// transformerRows is the transformer workloads' plan on each system, one row
// per pair, with the header first.
func transformerRows(e *estimator.Estimate, lang estimator.Lang, show func(string) string, val func(string) float64) [][]string {
	t := func(en, ja string) string { return estimator.Text{EN: en, JA: ja}.In(lang) }
	rows := [][]string{{t("network", "ネットワーク"), t("system", "システム"), t("tokens", "トークン数"), t("FLOPs", "計算量"), t("layout", "並列化構成"),
		t("memory per GPU", "GPU 1\u00a0基あたりのメモリ"), "MFU", t("tokens/s per GPU", "GPU 1\u00a0基の毎秒トークン数"), t("GPUs per job", "ジョブの GPU 数"), t("one job", "1 ジョブ"),
		t("GPU-hours", "GPU 時間")}}
	s := e.Scenario
	for _, w := range s.Workloads {
		if w.Transformer == nil {
			continue
		}
		for _, sys := range s.Systems {
			id := func(group, name string) string { return group + "." + w.ID + "." + name + "." + sys.ID }
			rows = append(rows, []string{w.Name(), sys.ID, show("train." + w.ID + ".tokens"), show("train." + w.ID + ".flops"), layoutWords(lang, func(name string) float64 { return val(id("train", name)) }),
				show(id("train", "memory_per_gpu")) + fitsMark(val(id("train", "fits")), lang), show(id("train", "mfu")),
				numtext.Decimal(val(id("train", "tokens_per_s")), 1), show(id("team", "gpus_per_job")), show(id("train", "job_time")), show(id("train", "gpu_hours"))})
		}
	}
	return rows
}

// column shows the quantities ids, a column of a table, in one display
// (ChooseColumn), in lang; "-" where the estimate has no such quantity.
func column(e *estimator.Estimate, ids []string, lang estimator.Lang) []string {
	var values []float64
	var unit estimator.Unit
	for _, id := range ids {
		if q, ok := e.Get(id); ok {
			values, unit = append(values, q.Value), q.Unit
		}
	}
	d := ChooseColumn(unit, e.Scenario.Units, values, Article)
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "-"
		if q, ok := e.Get(id); ok {
			out[i] = d.Format(q.Value, lang)
		}
	}
	return out
}

func fitsMark(fits float64, lang estimator.Lang) string {
	if fits == 1 {
		return estimator.Text{EN: " (fits)", JA: "（収まる）"}.In(lang)
	}
	return estimator.Text{EN: " (does not fit)", JA: "（収まらない）"}.In(lang)
}

// roundCount prints a system count as the article does, to the nearest
// integer, keeping two decimals below one so a fraction of a system shows.
func roundCount(n float64) string {
	if n < 1 {
		return numtext.Trim(n, 2)
	}
	return numtext.Grouped(n)
}

func okMark(v float64, lang estimator.Lang) string {
	if v != 0 {
		return estimator.Text{EN: " (enough)", JA: "（十分）"}.In(lang)
	}
	return estimator.Text{EN: " (too little)", JA: "（不足）"}.In(lang)
}

// layoutWords is a transformer's whole layout as the tables print it, from
// its quantities (part names it: tp, pp, dp, ep, cp, interleave,
// micro_batch, zero, recompute): "TP4 x PP4 x DP1024, mb 1, ZeRO-1,
// selective recompute", expert and context parallelism and interleaving
// where they are used.
func layoutWords(lang estimator.Lang, part func(name string) float64) string {
	out := minfmt.Sprintf("TP%v", part("tp"))
	for _, p := range []struct{ name, label string }{{"cp", "CP"}, {"pp", "PP"}, {"dp", "DP"}, {"ep", "EP"}} {
		if v := part(p.name); v > 1 || p.name == "pp" || p.name == "dp" {
			out += minfmt.Sprintf(" x %s%v", p.label, v)
		}
	}
	if v := part("interleave"); v > 1 {
		out += estimator.Text{EN: minfmt.Sprintf(" (%v chunks a stage)", v), JA: minfmt.Sprintf("（段あたり %v チャンク）", v)}.In(lang)
	}
	recompute := [3]estimator.Text{{EN: "no recompute", JA: "再計算なし"}, {EN: "selective recompute", JA: "選択的再計算"}, {EN: "full recompute", JA: "全体を再計算"}}
	r := int(part("recompute"))
	return out + minfmt.Sprintf(", mb %v, ZeRO-%v, %s", part("micro_batch"), part("zero"), recompute[min(max(r, 0), 2)].In(lang))
}

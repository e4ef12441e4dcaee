package estimator

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
	"github.com/trainscale/trainscale/internal/minjson"
	"github.com/trainscale/trainscale/internal/numtext"
)

// Validate checks every rule of s and returns all violations as an Errors,
// each a *FieldError naming the field path. Decode calls it; call it yourself
// after changing a Scenario in code.
func Validate(s *Scenario) error {
	errs := fieldErrors(reflect.ValueOf(s).Elem(), s.Ranges)
	checkFrame(s, &errs) // which sections are required reads no value: said with the rest
	if len(errs) > 0 {
		return errs.err() // the relations below assume each field is sound
	}
	crossCheck(s, &errs)
	checkSources(s, &errs)
	checkWork(s, &errs)
	checkPlan(s, &errs)
	return errs.err()
}

// fieldErrors applies each field's own rules (its check tags).
func fieldErrors(v reflect.Value, ranges map[string]Dist) errorList {
	var errs errorList
	walk("", v, nil, func(path string, checks []string, v reflect.Value) {
		if d, ok := ranges[path]; ok {
			checkDist(&errs, path, checks, d)
			return
		}
		checkValue(&errs, path, checks, v)
	})
	return errs
}

// walk visits every field of v depth first, in declaration order, with its path
// and its check tags.
func walk(path string, v reflect.Value, checks []string, visit func(string, []string, reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(path, v.Elem(), checks, visit)
		}
		return
	case reflect.Struct:
		for _, f := range fieldsOf(v.Type()) {
			walk(join(path, f.name), v.Field(f.index), f.checks, visit)
		}
		return
	case reflect.Slice:
		visit(path, checks, v)
		for i := range v.Len() {
			walk(minfmt.Sprintf("%s[%d]", path, i), v.Index(i), nil, visit)
		}
		return
	}
	visit(path, checks, v)
}

func checkValue(errs *errorList, path string, checks []string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Float64:
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) {
			errs.add(path, notFinite, x)
			return
		}
		for _, c := range checks {
			if rule, bad := numberRule(c, x); bad {
				errs.add(path, rule, x)
				return
			}
		}
	case reflect.String:
		x := v.String()
		for _, c := range checks {
			switch {
			case strings.HasPrefix(c, "oneof="):
				opts := strings.Split(strings.TrimPrefix(c, "oneof="), "|")
				if !slices.Contains(opts, x) {
					errs.add(path, oneOf(opts), strconv.Quote(x))
				}
			case c == "id":
				if !isID(x) {
					errs.add(path, idRule, strconv.Quote(x))
				}
			}
		}
	case reflect.Slice:
		if slices.Contains(checks, "nonempty") && v.Len() == 0 {
			errs.add(path, nonEmpty, nil)
		}
	}
}

// numberRule returns the rule x breaks under check c, if any.
func numberRule(c string, x float64) (Text, bool) {
	name, arg, _ := strings.Cut(c, "=")
	limit, _ := strconv.ParseFloat(arg, 64)
	switch name {
	case "gt0":
		return Text{"must be > 0", "0 より大きい値にしてください"}, x <= 0
	case "ge":
		return Text{"must be >= " + ruleNumber(arg, limit), ruleNumber(arg, limit) + " 以上にしてください"}, x < limit
	case "le", "max":
		return Text{"must be <= " + ruleNumber(arg, limit), ruleNumber(arg, limit) + " 以下にしてください"}, x > limit
	case "int":
		return Text{"must be a whole number", "整数にしてください"}, x != math.Trunc(x)
	}
	return Text{}, false
}

// ruleNumber is a rule's limit as people write it: 131,072, not 131072;
// 1e12 and 0.001 as they are.
func ruleNumber(arg string, limit float64) string {
	if limit == math.Trunc(limit) && math.Abs(limit) >= 1e4 && math.Abs(limit) < 1e9 {
		return numtext.Grouped(limit)
	}
	return arg
}

// notFinite is the rule of every number: NaN and infinities are refused.
var notFinite = Text{"must be a finite number", "有限の数値にしてください"}

// crossCheck applies the rules that relate several fields.
func crossCheck(s *Scenario, errs *errorList) {
	switch {
	case s.Fleet == nil && s.Dataset == nil && !s.IsProject():
		errs.add("fleet", Text{"is required unless dataset gives the training data directly", "dataset で学習データを直接指定しない限り必須です"}, nil)
	case s.Fleet != nil && s.Dataset != nil:
		errs.add("dataset", Text{"give fleet (with preprocessing) or dataset, not both", "fleet（と preprocessing）か dataset のどちらか一方を指定してください"}, nil)
	case s.Fleet != nil && s.Preprocessing == nil:
		errs.add("preprocessing", Text{"is required with fleet", "fleet を指定するときは必須です"}, nil)
	case s.Fleet == nil && s.Preprocessing != nil:
		errs.add("preprocessing", Text{"is only used with fleet", "fleet と併用するときだけ使います"}, nil)
	}
	if s.Fleet != nil {
		checkFleet(s.Fleet, errs)
	}
	if p := s.Preprocessing; p != nil {
		atMost(s, "preprocessing.sampled_fps", p.SampledFPS, "preprocessing.source_fps", p.SourceFPS, errs)
	}
	if s.Team != nil {
		atMost(s, "team.concurrent_jobs", s.Team.ConcurrentJobs, "team.members", s.Team.Members, errs)
	}
	if s.Host != nil {
		atMost(s, "host.ram_factor_low", s.Host.RAMFactorLow, "host.ram_factor_high", s.Host.RAMFactorHigh, errs)
	}
	uniqueIDs("workloads", len(s.Workloads), func(i int) string { return s.Workloads[i].ID }, errs)
	uniqueIDs("systems", len(s.Systems), func(i int) string { return s.Systems[i].ID }, errs)
	measured := false
	for i, w := range s.Workloads {
		if w.Transformer != nil {
			checkTransformer(minfmt.Sprintf("workloads[%d]", i), w, s, errs)
			continue
		}
		checkWorkload(minfmt.Sprintf("workloads[%d]", i), w, s.Scaling(), errs)
		measured = measured || w.MBPerS != nil
	}
	checkTokens(s, errs)
	checkModelError(s, errs)
	for i, sys := range s.Systems {
		checkSystem(minfmt.Sprintf("systems[%d]", i), sys, s, measured, errs)
	}
	if s.Money != nil {
		checkMoney(s, errs)
	}
	if g := s.Growth; g != nil && (g.PerYear == nil) != (g.Years == nil) {
		errs.add("growth.years", Text{"give growth.per_year and growth.years together, for a multi-year plan", "複数年の計画には growth.per_year と growth.years を両方指定してください"}, nil)
	}
}

// checkFrame applies the rules of what the scenario sizes: a standing team
// (the article's frame: team, training, host and growth, and the data) or a
// project of fixed runs (a deadline or every job's GPUs; training and data
// only where a workload reads them).
func checkFrame(s *Scenario, errs *errorList) {
	switch {
	case s.Team != nil && s.Project != nil:
		errs.add("project", Text{"give team (a standing team kept busy for years) or project (a fixed number of runs), not both",
			"team（何年も稼働し続けるチーム）か project（決まった回数の学習）のどちらか一方を指定してください"}, nil)
		return
	case s.Team == nil && s.Project == nil:
		errs.add("team", Text{"is required unless project says the scenario sizes a fixed number of runs instead",
			"project で決まった回数の学習を見積もると指定しない限り必須です"}, nil)
		return
	}
	if s.Team != nil {
		for _, sec := range []struct {
			path  string
			given bool
		}{{"training", s.Training != nil}, {"host", s.Host != nil}, {"growth", s.Growth != nil}} {
			if !sec.given {
				errs.add(sec.path, Text{"is required with team (only a project may leave it out)", "team と併用するときは必須です（省略できるのは project のときだけ）"}, nil)
			}
		}
		return
	}
	if g := s.Growth; g != nil && (g.PerYear != nil || g.Years != nil) {
		errs.add("growth.per_year", Text{"is a standing team's yearly plan, not a project's", "常設チームの年次計画の項目で、project では使いません"}, nil)
	}
	needsData, needsDeadline := false, false
	for i, w := range s.Workloads {
		tr := w.Transformer
		if tr == nil || tr.Tokens == nil {
			needsData = true
		}
		if tr == nil && s.Training == nil {
			errs.add(minfmt.Sprintf("workloads[%d]", i), Text{"is sized from data and epochs: give training (and fleet or dataset)", "データとエポック数から見積もります: training（と fleet か dataset）を指定してください"}, nil)
		}
		if tr == nil || tr.GPUs == nil {
			needsDeadline = true
		}
	}
	if needsData && !s.HasData() {
		errs.add("dataset", Text{"is required for a workload that reads the data (give transformer.tokens to size a project without it), or give fleet",
			"データを読むワークロードには必須です（データなしでプロジェクトを見積もるには transformer.tokens を指定）。または fleet を指定してください"}, nil)
	}
	if needsDeadline && s.Project.DeadlineDays == nil {
		errs.add("project.deadline_days", Text{"is required unless every workload gives its job's GPUs (transformer.gpus): the deadline sizes the job",
			"すべてのワークロードがジョブの GPU 数（transformer.gpus）を指定しない限り必須です: 期限からジョブの規模を決めます"}, nil)
	}
	if s.HasData() && s.Training == nil {
		errs.add("training", Text{"is required with the data (fleet or dataset): its epochs say how often a run reads it", "データ（fleet か dataset）を指定するときは必須です: エポック数でデータを読む回数が決まります"}, nil)
	}
}

// extreme is where a field takes its least or greatest value: the field
// itself, or an endpoint of its range.
type extreme struct {
	path    string
	v       float64
	bounded bool // false for a lognormal range: it reaches toward 0 and without bound
}

// extremes returns the least and the greatest value a field takes, in
// sampling and in sensitivity: its value, or its range's low and high.
func extremes(s *Scenario, path string, v float64) (least, greatest extreme) {
	d, ok := s.Ranges[path]
	switch {
	case !ok:
		return extreme{path, v, true}, extreme{path, v, true}
	case d.Lognormal():
		return extreme{path, 0, false}, extreme{path, math.Inf(1), false}
	}
	return extreme{path + ".low", d.Low, true}, extreme{path + ".high", d.High, true}
}

// atMost requires field a never to exceed field b. Uncertainty draws each
// ranged input on its own and sensitivity moves each to its extremes, so a's
// greatest value must not exceed b's least.
func atMost(s *Scenario, a string, av float64, b string, bv float64, errs *errorList) {
	_, hi := extremes(s, a, av)
	lo, _ := extremes(s, b, bv)
	switch {
	case !hi.bounded:
		errs.add(a, Text{"must stay <= " + b + ", which a lognormal range (unbounded above) cannot; give low, likely, high", b + " 以下に保つ必要がありますが、対数正規の範囲（上限なし）ではできません。low、likely、high を指定してください"}, nil)
	case !lo.bounded:
		errs.add(b, Text{"must stay >= " + a + ", which a lognormal range (reaching toward 0) cannot; give low, likely, high", a + " 以上に保つ必要がありますが、対数正規の範囲（0 に近づく）ではできません。low、likely、high を指定してください"}, nil)
	case hi.v > lo.v:
		errs.add(hi.path, Text{minfmt.Sprintf("must be <= %s (%v)", lo.path, lo.v), minfmt.Sprintf("%s（%v）以下にしてください", lo.path, lo.v)}, hi.v)
	}
}

// checkSources requires every key of sources to name a field of the format.
func checkSources(s *Scenario, errs *errorList) {
	for _, k := range minjson.SortedKeys(anyMap(s.Sources)) {
		segs, ok := parsePath(k)
		if ok {
			_, err := checkPath(k, segs, reflect.TypeFor[Scenario]())
			ok = err == nil
		}
		if !ok {
			errs.add("sources."+k, Text{"names no field of the scenario format", "シナリオ形式のどのフィールドも指していません"}, nil)
		}
	}
}

func checkMoney(s *Scenario, errs *errorList) {
	m := s.Money
	if s.workloadIndex(m.Workload) < 0 {
		errs.add("money.workload", Text{"names no workload of the scenario", "シナリオのどのワークロードも指していません"}, strconv.Quote(m.Workload))
	}
	si := s.systemIndex(m.System)
	if si < 0 {
		errs.add("money.system", Text{"names no system of the scenario", "シナリオのどのシステムも指していません"}, strconv.Quote(m.System))
	}
	if m.Currency != "" && !Unit(m.Currency).IsCurrency() {
		errs.add("money.currency", Text{"must be a three-letter ISO 4217 code such as USD, EUR or JPY", "USD、EUR、JPY のような ISO 4217 の 3 文字コードにしてください"}, strconv.Quote(m.Currency))
	}
	if m.currency() == "USD" && m.PerUSD != nil {
		rule := Text{"must be 1 (or left out) when money.currency is USD", "money.currency が USD のときは 1 にする（または省略する）必要があります"}
		switch lo, hi := extremes(s, "money.per_usd", *m.PerUSD); {
		case !lo.bounded:
			errs.add(lo.path, rule, "a lognormal range")
		case lo.v != 1:
			errs.add(lo.path, rule, lo.v)
		case hi.v != 1:
			errs.add(hi.path, rule, hi.v)
		}
	}
	if m.currency() != "USD" && m.PerUSD == nil {
		errs.add("money.per_usd", Text{"is required when money.currency is not USD (catalog prices are in USD)", "money.currency が USD でないときは必須です（カタログ価格は USD です）"}, nil)
	}
	// A lognormal range stays above 0; a triangle's low must too.
	if lo, _ := extremes(s, "money.cloud_per_gpu_hour", m.CloudPerGPUHour); lo.bounded && !(lo.v > 0) {
		errs.add(lo.path, Text{"must be > 0 (the break-even utilisation divides by it)", "0 より大きい値にしてください（損益分岐稼働率の計算でこの値で割ります）"}, lo.v)
	}
	checkGrid(m, errs)
	if m.CloudGPU != "" {
		if _, ok := hardware.GPUByID(m.CloudGPU); !ok {
			errs.add("money.cloud_gpu", knownAs("unknown catalog GPU", "カタログにない GPU です", hardware.GPUIDs()), strconv.Quote(m.CloudGPU))
		}
	}
	if si < 0 {
		return
	}
	sys := s.Systems[si]
	base, _ := baseSystem(sys)
	path := minfmt.Sprintf("systems[%d]", si)
	if r := m.Rent; r != nil {
		for _, f := range []struct{ path, v string }{{"money.rent.provider", r.Provider}, {"money.rent.instance", r.Instance}} {
			if strings.TrimSpace(f.v) == "" {
				errs.add(f.path, Text{"is required: the offer rented", "必須です: 賃借するオファー"}, nil)
			}
		}
	}
	if sys.Price == nil && !(base.PriceUSD > 0) && m.Rent == nil {
		errs.add(path+".price", Text{"must be given, as the catalog publishes none for this system", "カタログにこのシステムの公表価格がないため、指定してください"}, nil)
	}
	if sys.PowerKW == nil && !(base.Power > 0) {
		errs.add(path+".power_kw", Text{"is required: the catalog has no power figure for this system", "必須です: カタログにこのシステムの消費電力の値がありません"}, nil)
	}
}

func checkFleet(f *Fleet, errs *errorList) {
	switch {
	case f.TBPerHour == nil && len(f.Sensors) == 0:
		errs.add("fleet.tb_per_hour", Text{"is required unless fleet.sensors lists the sensors to derive it from", "fleet.sensors で算出元のセンサーを挙げない限り必須です"}, nil)
	case f.TBPerHour != nil && len(f.Sensors) > 0:
		errs.add("fleet.sensors", Text{"give fleet.tb_per_hour or fleet.sensors, not both", "fleet.tb_per_hour か fleet.sensors のどちらか一方を指定してください"}, nil)
	}
	for i, sn := range f.Sensors {
		checkSensor(minfmt.Sprintf("fleet.sensors[%d]", i), sn, errs)
	}
}

func checkWorkload(path string, w Workload, scaling string, errs *errorList) {
	if w.MBPerS == nil && w.Model == "" {
		errs.add(path+".mb_per_s", Text{"is required unless model names a catalog model to compute throughput from", "model でスループットを算出するカタログのモデルを指定しない限り必須です"}, nil)
	}
	if w.Model != "" {
		if _, ok := hardware.ModelByID(w.Model); !ok {
			errs.add(path+".model", knownAs("unknown catalog model", "カタログにないモデルです", hardware.ModelIDs()), strconv.Quote(w.Model))
		}
		if !slices.Contains(precisions, w.Precision) {
			errs.add(path+".precision", Text{"must be one of " + strings.Join(precisions, ", ") + " with a model", "model と併用するときは次のいずれかにしてください: " + strings.Join(precisions, ", ")}, strconv.Quote(w.Precision))
		}
	} else {
		if scaling == "modelled" {
			errs.add(path+".model", Text{"is required when training.scaling is modelled (its parameters set the all-reduce)", "training.scaling が modelled のときは必須です（そのパラメータ数で all-reduce が決まります）"}, nil)
		}
		for name, set := range map[string]bool{"precision": w.Precision != "", "batch": w.Batch != nil, "optimizer": w.Optimizer != ""} {
			if set {
				errs.add(path+"."+name, Text{"is only used with model", "model と併用するときだけ使います"}, nil)
			}
		}
	}
	if w.Optimizer != "" && w.Optimizer != "sgd" && w.Optimizer != "adam" {
		errs.add(path+".optimizer", Text{"must be one of sgd, adam", "sgd か adam のいずれかにしてください"}, strconv.Quote(w.Optimizer))
	}
}

var precisions = []string{string(hardware.FP32), string(hardware.TF32), string(hardware.Mixed)}

func checkSystem(path string, sys System, s *Scenario, measured bool, errs *errorList) {
	if sys.Speedup == nil && measured {
		errs.add(path+".speedup", Text{"is required when a workload gives mb_per_s (one GPU's speed relative to the reference GPU)", "ワークロードが mb_per_s を指定するときは必須です（基準 GPU に対する GPU 1 基の速度）"}, nil)
	}
	if sys.Catalog != "" {
		if _, ok := hardware.SystemByID(sys.Catalog); !ok {
			errs.add(path+".catalog", knownAs("unknown catalog system", "カタログにないシステムです", hardware.SystemIDs()), strconv.Quote(sys.Catalog))
			return
		}
	}
	if sys.GPU != "" {
		if _, ok := hardware.GPUByID(sys.GPU); !ok {
			errs.add(path+".gpu", knownAs("unknown catalog GPU", "カタログにない GPU です", hardware.GPUIDs()), strconv.Quote(sys.GPU))
		}
	}
	if sys.CPU != "" {
		if _, ok := hardware.CPUByID(sys.CPU); !ok {
			errs.add(path+".cpu", knownAs("unknown catalog CPU", "カタログにない CPU です", hardware.CPUIDs()), strconv.Quote(sys.CPU))
		}
		if sys.GPU != "" {
			errs.add(path+".cpu", Text{"give gpu or cpu, not both", "gpu か cpu のどちらか一方を指定してください"}, nil)
		}
		if s.Scaling() == "modelled" {
			errs.add(path+".cpu", Text{"a CPU-only system needs training.scaling linear (the all-reduce model is for GPUs)", "CPU のみのシステムには training.scaling を linear にしてください（all-reduce のモデルは GPU 用です）"}, nil)
		}
	}
	_, hasBase := baseSystem(sys)
	if !hasBase && sys.GPU == "" && sys.CPU == "" && slices.ContainsFunc(s.Workloads, func(w Workload) bool { return w.MBPerS == nil }) {
		errs.add(path+".gpu", Text{"is required for a workload without mb_per_s when the id is not a catalog system", "ID がカタログのシステムでなく、mb_per_s のないワークロードがあるときは必須です"}, nil)
	}
	if !hasBase && s.Scaling() == "modelled" {
		errs.add(path+".catalog", knownAs("modelled scaling needs a catalog system for the links", "modelled のスケーリングにはリンクを知るためカタログのシステムが必要です", hardware.SystemIDs()), nil)
	}
	checkSystemFacts(path, sys, errs)
}

func checkSensor(path string, sn Sensor, errs *errorList) {
	camera := []struct {
		name string
		v    *float64
	}{{"megapixels", sn.Megapixels}, {"bits_per_pixel", sn.BitsPerPixel}, {"fps", sn.FPS}}
	if sn.Kind == "camera" {
		for _, f := range camera {
			if f.v == nil {
				errs.add(path+"."+f.name, Text{"is required for a camera", "カメラには必須です"}, nil)
			}
		}
		if sn.MbitPerS != nil {
			errs.add(path+".mbit_per_s", Text{"is not used for a camera (its rate comes from megapixels x bits_per_pixel x fps)", "カメラには使いません（データ量は megapixels × bits_per_pixel × fps から求めます）"}, *sn.MbitPerS)
		}
		return
	}
	if sn.MbitPerS == nil {
		errs.add(path+".mbit_per_s", Text{"is required for a " + sn.Kind, sn.Kind + " には必須です"}, nil)
	}
	for _, f := range camera {
		if f.v != nil {
			errs.add(path+"."+f.name, Text{"is only used for cameras", "カメラにだけ使います"}, *f.v)
		}
	}
}

func uniqueIDs(list string, n int, id func(int) string, errs *errorList) {
	seen := map[string]int{}
	for i := range n {
		if j, dup := seen[id(i)]; dup {
			errs.add(minfmt.Sprintf("%s[%d].id", list, i), Text{minfmt.Sprintf("must be unique (also %s[%d].id)", list, j), minfmt.Sprintf("一意にしてください（%s[%d].id と重複しています）", list, j)}, strconv.Quote(id(i)))
			continue
		}
		seen[id(i)] = i
	}
}

func anyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

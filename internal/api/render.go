package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// The page's form and results are rendered here, in Go, so the site's build
// (prerendering the default scenario) and the running page (after a preset,
// an import or a change of the lists) show the same markup. The page's script
// only updates values in place and shows errors; it formats no number.

// Form renders every input of s as a labelled field, grouped as the scenario
// is. Each input carries name="<scenario path>"; ranged inputs add a fieldset
// in the ranges group whose inputs are named "<path>.low" and so on.
func Form(s *estimator.Scenario, lang string) string {
	t := msgs(lang)
	f := &formWriter{t: t, s: s, ranged: s.Ranges}
	v := reflect.ValueOf(s).Elem()
	typ := v.Type()
	f.group("general", func() {
		for _, name := range []string{"name", "notes", "units"} {
			f.field(name, v.FieldByIndex(fieldIndex(typ, name)), fieldTag(typ, name))
		}
	})
	for _, g := range []struct{ key, field string }{
		{"fleet", "fleet"}, {"preprocessing", "preprocessing"}, {"dataset", "dataset"}, {"training", "training"},
		{"workloads", "workloads"}, {"systems", "systems"}, {"team", "team"}, {"host", "host"}, {"growth", "growth"},
		{"money", "money"}, {"goodput", "goodput"}, {"factors", "factors"},
	} {
		fv := v.FieldByIndex(fieldIndex(typ, g.field))
		absent := fv.Kind() == reflect.Pointer && fv.IsNil()
		f.groupMaybe(g.key, absent, func() { f.value(g.field, fv, fieldTag(typ, g.field)) })
	}
	f.group("ranges", func() {
		if len(s.Ranges) == 0 {
			fmt.Fprintf(&f.b, `<p class="hint">%s</p>`, esc(t["ranges.none"]))
		}
		for _, path := range sortedKeys(s.Ranges) {
			f.rangeFields(path, s.Ranges[path])
		}
	})
	return f.b.String()
}

type formWriter struct {
	b      strings.Builder
	t      map[string]string
	s      *estimator.Scenario
	ranged map[string]estimator.Dist
}

func (f *formWriter) group(key string, body func()) { f.groupMaybe(key, false, body) }

func (f *formWriter) groupMaybe(key string, absent bool, body func()) {
	id := "g-" + key
	if absent {
		fmt.Fprintf(&f.b, `<details class="group absent" id="%s"><summary>%s <span class="hint">(%s)</span></summary>`, id, esc(f.t["group."+key]), esc(f.t["absent"]))
		body()
		f.b.WriteString("</details>")
		return
	}
	fmt.Fprintf(&f.b, `<fieldset class="group" id="%s"><legend>%s</legend>`, id, esc(f.t["group."+key]))
	body()
	f.b.WriteString("</fieldset>")
}

// value renders a struct, a list or a single field at path.
func (f *formWriter) value(path string, v reflect.Value, tag reflect.StructTag) {
	t := v.Type()
	if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
		if v.IsNil() {
			v = reflect.New(t.Elem())
		}
		v, t = v.Elem(), t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			f.value(path+"."+name, v.Field(i), sf.Tag)
		}
	case reflect.Slice:
		if t.Elem().Kind() != reflect.Struct {
			return
		}
		for i := range v.Len() {
			item := v.Index(i)
			p := fmt.Sprintf("%s[%d]", path, i)
			title := f.t["item."+lastName(path)] + " " + strconv.Itoa(i+1)
			if id := item.FieldByName("ID"); id.IsValid() {
				title += ": " + labelOf(item)
			} else if kind := item.FieldByName("Kind"); kind.IsValid() {
				title += ": " + kind.String()
			}
			fmt.Fprintf(&f.b, `<fieldset class="item"><legend>%s</legend>`, esc(title))
			f.value(p, item, "")
			f.b.WriteString("</fieldset>")
		}
	default:
		f.field(path, v, tag)
	}
}

func labelOf(item reflect.Value) string {
	if l := item.FieldByName("Label"); l.IsValid() && l.String() != "" {
		return l.String()
	}
	return item.FieldByName("ID").String()
}

// field renders one input with its label, unit, source and error slot.
func (f *formWriter) field(path string, v reflect.Value, tag reflect.StructTag) {
	name := lastName(path)
	id := domID("f", path)
	optional := strings.Contains(tag.Get("json"), "omitempty")
	kind, value := "string", ""
	switch {
	case v.Kind() == reflect.Float64:
		kind, value = "number", num(v.Float())
	case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Float64:
		kind = "number"
		if !v.IsNil() {
			value = num(v.Elem().Float())
		}
	case v.Kind() == reflect.String:
		value = v.String()
	default:
		return // maps (sources) and the like are not inputs
	}
	label := f.t["field."+name]
	if label == "" {
		label = humanize(name)
	}
	unit := unitOf(f.s, name)
	var describedBy []string
	fmt.Fprintf(&f.b, `<div class="field" data-field="%s"><label for="%s">%s`, esc(path), id, esc(label))
	if unit != "" {
		fmt.Fprintf(&f.b, ` <span class="unit">(%s)</span>`, esc(unit))
	}
	f.b.WriteString(`</label>`)
	attrs := fmt.Sprintf(`id="%s" name="%s" data-kind="%s"`, id, esc(path), kind)
	if optional {
		attrs += ` data-optional=""`
	} else {
		attrs += ` required`
	}
	if d, ok := f.ranged[path]; ok {
		attrs += fmt.Sprintf(` data-range="%s"`, esc(distJSON(d)))
		describedBy = append(describedBy, domID("r", path))
	}
	errID := domID("e", path)
	srcID := domID("s", path)
	src := f.s.Sources[path]
	if src != "" {
		describedBy = append(describedBy, srcID)
	}
	describedBy = append(describedBy, errID)
	attrs += ` aria-describedby="` + strings.Join(describedBy, " ") + `"`
	checks := tag.Get("check")
	switch {
	case strings.Contains(checks, "oneof="):
		_, list, _ := strings.Cut(checks, "oneof=")
		list, _, _ = strings.Cut(list, ",")
		fmt.Fprintf(&f.b, `<select %s>`, attrs)
		if optional || value == "" {
			fmt.Fprintf(&f.b, `<option value=""%s>%s</option>`, selected(value == ""), esc(f.t["default"]))
		}
		for _, o := range strings.Split(list, "|") {
			fmt.Fprintf(&f.b, `<option value="%s"%s>%s</option>`, esc(o), selected(o == value), esc(o))
		}
		f.b.WriteString(`</select>`)
	case name == "notes":
		fmt.Fprintf(&f.b, `<textarea %s rows="3">%s</textarea>`, attrs, esc(value))
	default:
		list := datalistFor(name)
		if list != "" {
			attrs += ` list="` + list + `"`
		}
		mode := ""
		if kind == "number" {
			mode = ` inputmode="decimal" autocomplete="off"`
		}
		placeholder := ""
		if optional && value == "" {
			placeholder = ` placeholder="` + esc(f.t["default"]) + `"`
		}
		fmt.Fprintf(&f.b, `<input type="text" %s%s%s value="%s">`, attrs, mode, placeholder, esc(value))
	}
	if _, ok := f.ranged[path]; ok {
		fmt.Fprintf(&f.b, ` <a class="range-link" id="%s" href="#%s">%s</a>`, domID("r", path), domID("rg", path), esc(f.t["ranged"]))
	}
	if src != "" {
		fmt.Fprintf(&f.b, `<small class="source" id="%s">%s</small>`, srcID, esc(src))
	}
	fmt.Fprintf(&f.b, `<span class="error" id="%s" role="alert" hidden></span></div>`, errID)
}

// rangeFields renders one ranged input's low, likely and high (or median and P90).
func (f *formWriter) rangeFields(path string, d estimator.Dist) {
	fmt.Fprintf(&f.b, `<fieldset class="range" id="%s" data-range-of="%s" data-why="%s"><legend>%s</legend>`,
		domID("rg", path), esc(path), esc(d.Why), esc(path))
	parts := []struct {
		key string
		v   float64
	}{{"low", d.Low}, {"likely", d.Likely}, {"high", d.High}}
	if d.Lognormal() {
		parts = parts[:0]
		parts = append(parts, struct {
			key string
			v   float64
		}{"median", d.Median}, struct {
			key string
			v   float64
		}{"p90", d.P90})
	}
	for _, p := range parts {
		sub := path + "." + p.key
		id := domID("f", sub)
		fmt.Fprintf(&f.b, `<div class="field" data-field="%s"><label for="%s">%s</label><input type="text" inputmode="decimal" autocomplete="off" id="%s" name="%s" data-kind="number" data-range-of="%s" data-part="%s" value="%s" aria-describedby="%s" required><span class="error" id="%s" role="alert" hidden></span></div>`,
			esc(sub), id, esc(f.t["range."+p.key]), id, esc(sub), esc(path), p.key, num(p.v), domID("e", sub), domID("e", sub))
	}
	if d.Why != "" {
		fmt.Fprintf(&f.b, `<small class="source">%s</small>`, esc(d.Why))
	}
	f.b.WriteString(`</fieldset>`)
}

func selected(b bool) string {
	if b {
		return " selected"
	}
	return ""
}

func distJSON(d estimator.Dist) string {
	b, _ := json.Marshal(d)
	return string(b)
}

// datalistFor names the catalog list an id field can pick from.
func datalistFor(name string) string {
	switch name {
	case "model":
		return "dl-models"
	case "gpu", "cloud_gpu":
		return "dl-gpus"
	case "cpu":
		return "dl-cpus"
	case "catalog":
		return "dl-systems"
	}
	return ""
}

// Datalists renders the catalog ids the form's id fields suggest.
func Datalists() string {
	var b strings.Builder
	for _, l := range []struct {
		id  string
		ids []string
	}{{"dl-models", hardware.ModelIDs()}, {"dl-gpus", hardware.GPUIDs()}, {"dl-cpus", hardware.CPUIDs()}, {"dl-systems", hardware.SystemIDs()}} {
		fmt.Fprintf(&b, `<datalist id="%s">`, l.id)
		for _, id := range l.ids {
			fmt.Fprintf(&b, `<option value="%s">`, esc(id))
		}
		b.WriteString(`</datalist>`)
	}
	return b.String()
}

// unitOf is the unit a field is read in, as the scenario reads it.
func unitOf(s *estimator.Scenario, name string) string {
	cur := "USD"
	if s.Money != nil && s.Money.Currency != "" {
		cur = s.Money.Currency
	}
	switch name {
	case "hours_per_day":
		return "h/day"
	case "days_per_year":
		return "days/year"
	case "tb_per_hour":
		return "TB/h per car"
	case "megapixels":
		return "MP"
	case "bits_per_pixel":
		return "bit"
	case "fps", "source_fps", "sampled_fps":
		return "frames/s"
	case "mbit_per_s":
		return "Mbit/s"
	case "compression_ratio", "factor", "speedup", "ram_factor_low", "ram_factor_high":
		return "×"
	case "reduction", "load_factor", "utilisation":
		return "0-1"
	case "sample_kb":
		return "KB"
	case "mb_per_s":
		return "MB/s"
	case "batch":
		return "samples/GPU"
	case "gpus":
		return "GPUs"
	case "gpu_memory_gb", "host_ram_gb":
		return "GB"
	case "local_ssd_tb":
		return "TB"
	case "price", "network_per_system":
		return cur
	case "storage_per_tb":
		return cur + "/TB"
	case "price_per_kwh":
		return cur + "/kWh"
	case "cloud_per_gpu_hour":
		return cur + "/GPU-h"
	case "per_usd":
		return cur + "/USD"
	case "power_kw":
		return "kW"
	case "target_days":
		return "days"
	case "support_percent_per_year":
		return "%/year"
	case "depreciation_years", "years":
		return "years"
	case "per_year":
		return "×/year"
	case "grid_kg_co2_per_kwh":
		return "kg CO2/kWh"
	case "failures_per_gpu_year":
		return "/GPU-year"
	case "checkpoint_interval_hours", "restart_hours":
		return "h"
	case "checkpoint_write_minutes":
		return "min"
	case "step_overhead_s":
		return "s"
	case "host_input_bytes_per_core_s":
		return "B/s per core"
	case "members":
		return "people"
	case "concurrent_jobs":
		return "jobs"
	case "cars":
		return "cars"
	case "samples":
		return "samples"
	}
	if strings.HasSuffix(name, "_efficiency") || name == "overlap" || name == "workspace_fraction" {
		return "0-1"
	}
	return ""
}

// Results renders the estimate: the article's figures first, then every
// quantity by group. Each value is a button (it opens the explanation) that
// carries data-quantity="<id>" and data-value="<exact value>".
func Results(est *estimator.Estimate, lang string) string {
	t := msgs(lang)
	s := est.Scenario
	var b strings.Builder
	qs := est.Quantities()
	fmt.Fprintf(&b, `<div class="results" data-layout="%s">`, Layout(qs))
	cell := func(id string) string {
		q, ok := est.Get(id)
		if !ok {
			return `<td>-</td>`
		}
		return `<td>` + valueButton(q, s.Units) + `</td>`
	}
	b.WriteString(`<section class="article" aria-labelledby="h-article"><h2 id="h-article">` + esc(t["results.article"]) + `</h2>`)
	b.WriteString(`<dl class="headline">`)
	for _, id := range []string{"data.per_car_hour", "data.raw", "data.reduction", "data.processed"} {
		if q, ok := est.Get(id); ok {
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(q.Label), valueButton(q, s.Units))
		}
	}
	b.WriteString(`</dl>`)

	// One training run per workload and system, then the systems the team needs.
	fmt.Fprintf(&b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
		esc(fmt.Sprintf(t["results.time"], num(s.Training.Epochs))), esc(t["col.network"]), esc(t["col.system"]), esc(t["col.gpu"]), esc(t["col.onesystem"]))
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			fmt.Fprintf(&b, `<tr><th scope="row">%s</th><td>%s</td>%s%s</tr>`, esc(nameOr(w.Label, w.ID)), esc(nameOr(sys.Label, sys.ID)),
				cell("train."+w.ID+".gpu_time."+sys.ID), cell("train."+w.ID+".system_time."+sys.ID))
		}
	}
	b.WriteString(`</tbody></table>`)
	fmt.Fprintf(&b, `<table><caption>%s</caption><thead><tr><th scope="col">%s</th>`,
		esc(fmt.Sprintf(t["results.team"], num(s.Team.ConcurrentJobs), num(s.Team.Members), num(s.Team.TargetDays))), esc(t["col.network"]))
	for _, sys := range s.Systems {
		fmt.Fprintf(&b, `<th scope="col">%s</th>`, esc(nameOr(sys.Label, sys.ID)))
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, w := range s.Workloads {
		fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, esc(nameOr(w.Label, w.ID)))
		for _, sys := range s.Systems {
			b.WriteString(cell("team." + w.ID + ".systems." + sys.ID))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	var money []estimator.Quantity
	for _, q := range qs {
		if q.ID == "cost.capex" || q.ID == "cost.tco" || q.ID == "cost.opex_per_year" || q.ID == "energy.per_year" || q.ID == "co2.per_year" {
			money = append(money, q)
		}
	}
	if len(money) > 0 {
		b.WriteString(`<dl class="headline">`)
		for _, q := range money {
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd>%s</dd></div>`, esc(q.Label), valueButton(q, s.Units))
		}
		b.WriteString(`</dl>`)
	}
	b.WriteString(`</section>`)

	// Every quantity, by the group its id starts with, in the estimate's order.
	fmt.Fprintf(&b, `<section class="all" aria-labelledby="h-all"><h2 id="h-all">%s</h2>`, esc(t["results.all"]))
	var order []string
	groups := map[string][]estimator.Quantity{}
	for _, q := range qs {
		g, _, _ := strings.Cut(q.ID, ".")
		if _, seen := groups[g]; !seen {
			order = append(order, g)
		}
		groups[g] = append(groups[g], q)
	}
	for _, g := range order {
		title := t["qgroup."+g]
		if title == "" {
			title = g
		}
		fmt.Fprintf(&b, `<details class="qgroup" data-group="%s"><summary>%s <span class="count">(%d)</span></summary><table><thead><tr><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>`,
			esc(g), esc(title), len(groups[g]), esc(t["col.quantity"]), esc(t["col.value"]))
		for _, q := range groups[g] {
			fmt.Fprintf(&b, `<tr><th scope="row">%s <code>%s</code></th><td>%s</td></tr>`, esc(q.Label), esc(q.ID), valueButton(q, s.Units))
		}
		b.WriteString(`</tbody></table></details>`)
	}
	b.WriteString(`</section></div>`)
	return b.String()
}

func valueButton(q estimator.Quantity, us estimator.UnitSystem) string {
	return fmt.Sprintf(`<button type="button" class="q" data-quantity="%s" data-value="%s" data-unit="%s" aria-label="%s">%s</button>`,
		esc(q.ID), strconv.FormatFloat(q.Value, 'g', -1, 64), esc(string(q.Unit)), esc(q.Label+": "+estimator.Format(q.Value, q.Unit, us)), esc(estimator.Format(q.Value, q.Unit, us)))
}

func nameOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// esc escapes text for HTML (package html would bring its entity table along).
func esc(s string) string { return escaper.Replace(s) }

var escaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// domID makes an element id from a scenario path: f-fleet-cars, f-workloads-1-mb_per_s.
func domID(prefix, path string) string {
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteByte('-')
	for _, r := range path {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == ']':
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func lastName(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	name, _, _ := strings.Cut(path, "[")
	return name
}

func humanize(name string) string {
	s := strings.ReplaceAll(name, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func fieldIndex(t reflect.Type, jsonName string) []int {
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == jsonName {
			return []int{i}
		}
	}
	panic("api: no scenario field " + jsonName)
}

func fieldTag(t reflect.Type, jsonName string) reflect.StructTag {
	return t.Field(fieldIndex(t, jsonName)[0]).Tag
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

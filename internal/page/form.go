package page

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
)

// groups are the form's sections in order: the scenario's top-level fields
// first (general), then one per section of the format.
var groups = []string{"general", "fleet", "preprocessing", "dataset", "training", "workloads", "systems",
	"team", "host", "growth", "money", "goodput", "factors"}

// general are the top-level fields the form offers; the schema is not for
// editing.
var general = map[string]bool{"name": true, "notes": true, "units": true}

// Form renders every input of s as a labelled field, grouped as the scenario
// is. Each input carries name="<scenario path>"; ranged inputs add a fieldset
// in the ranges group whose inputs are named "<path>.low" and so on.
func Form(s *estimator.Scenario, lang string) string {
	f := &formWriter{t: Messages(lang), lang: lang, currency: s.Currency()}
	byGroup := map[string][]estimator.InputSpec{}
	for _, in := range estimator.Inputs(s) {
		g := section(in.Path)
		if !strings.ContainsAny(in.Path, ".[") {
			if !general[in.Path] {
				continue
			}
			g = "general"
		}
		byGroup[g] = append(byGroup[g], in)
	}
	for _, g := range groups {
		ins := byGroup[g]
		f.group(g, len(ins) > 0 && ins[0].Absent, func() { f.fields(ins) })
	}
	f.group("ranges", false, func() {
		if len(s.Ranges) == 0 {
			fmt.Fprintf(&f.b, `<p class="hint">%s</p>`, esc(f.t["ranges.none"]))
		}
		for _, path := range sortedKeys(s.Ranges) {
			f.rangeFields(path, s.Ranges[path])
		}
	})
	return f.b.String()
}

// section is the first name of a path: fleet for fleet.sensors[0].fps.
func section(path string) string {
	end := strings.IndexAny(path, ".[")
	if end < 0 {
		return path
	}
	return path[:end]
}

type formWriter struct {
	b        strings.Builder
	t        map[string]string
	lang     string
	currency string
}

func (f *formWriter) group(key string, absent bool, body func()) {
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

// fields renders a group's inputs, each list item (a workload, a sensor) in a
// fieldset of its own.
func (f *formWriter) fields(ins []estimator.InputSpec) {
	open := ""
	for _, in := range ins {
		item := itemOf(in.Path)
		if item != open {
			if open != "" {
				f.b.WriteString("</fieldset>")
			}
			if item != "" {
				fmt.Fprintf(&f.b, `<fieldset class="item"><legend>%s</legend>`, esc(f.itemTitle(item, ins)))
			}
			open = item
		}
		f.field(in)
	}
	if open != "" {
		f.b.WriteString("</fieldset>")
	}
}

// itemOf is the list item a path lies in: workloads[1] for
// workloads[1].mb_per_s; "" outside lists.
func itemOf(path string) string {
	end := strings.LastIndexByte(path, ']')
	if end < 0 {
		return ""
	}
	return path[:end+1]
}

// itemTitle names a list item: "Workload 2: ResNet-50", "Sensor 1: camera".
func (f *formWriter) itemTitle(item string, ins []estimator.InputSpec) string {
	list, index, _ := strings.Cut(item[:len(item)-1], "[")
	n, _ := strconv.Atoi(index)
	title := f.t["item."+lastName(list)] + " " + strconv.Itoa(n+1)
	text := map[string]string{}
	for _, in := range ins {
		if name, ok := strings.CutPrefix(in.Path, item+"."); ok && in.IsText {
			text[name] = in.Text
		}
	}
	if id, ok := text["id"]; ok {
		return title + ": " + nameOr(text["label"], id)
	}
	if kind, ok := text["kind"]; ok {
		return title + ": " + kind
	}
	return title
}

// field renders one input with its label, unit, source and error slot.
func (f *formWriter) field(in estimator.InputSpec) {
	path, spec := in.Path, in.Field
	id := domID("f", path)
	kind, value := "string", in.Text
	if !spec.IsText {
		kind, value = "number", ""
		if in.Set || !spec.Optional {
			value = num(in.Number)
		}
	}
	unit := ""
	if !spec.IsText {
		unit = spec.UnitIn(f.lang, f.currency)
	}
	var describedBy []string
	fmt.Fprintf(&f.b, `<div class="field" data-field="%s"><label for="%s">%s`, esc(path), id, esc(spec.Label.In(f.lang)))
	if unit != "" {
		fmt.Fprintf(&f.b, ` <span class="unit">(%s)</span>`, esc(unit))
	}
	f.b.WriteString(`</label>`)
	attrs := fmt.Sprintf(`id="%s" name="%s" data-kind="%s"`, id, esc(path), kind)
	if spec.Optional {
		attrs += ` data-optional=""`
	} else {
		attrs += ` required`
	}
	if in.Range != nil {
		attrs += fmt.Sprintf(` data-range="%s"`, esc(distJSON(*in.Range)))
		describedBy = append(describedBy, domID("r", path))
	}
	errID := domID("e", path)
	srcID := domID("s", path)
	if in.Source != "" {
		describedBy = append(describedBy, srcID)
	}
	describedBy = append(describedBy, errID)
	attrs += ` aria-describedby="` + strings.Join(describedBy, " ") + `"`
	switch {
	case len(spec.Choices) > 0:
		fmt.Fprintf(&f.b, `<select %s>`, attrs)
		if spec.Optional || value == "" {
			fmt.Fprintf(&f.b, `<option value=""%s>%s</option>`, selected(value == ""), esc(f.t["default"]))
		}
		for _, o := range spec.Choices {
			fmt.Fprintf(&f.b, `<option value="%s"%s>%s</option>`, esc(o), selected(o == value), esc(o))
		}
		f.b.WriteString(`</select>`)
	case path == "notes":
		fmt.Fprintf(&f.b, `<textarea %s rows="3">%s</textarea>`, attrs, esc(value))
	default:
		if list := datalistFor(lastName(path)); list != "" {
			attrs += ` list="` + list + `"`
		}
		mode := ""
		if kind == "number" {
			mode = ` inputmode="decimal" autocomplete="off"`
		}
		placeholder := ""
		if spec.Optional && value == "" {
			// What leaving it empty means, where the table says; else "default".
			unset := spec.Unset.In(f.lang)
			if unset == "" {
				unset = f.t["default"]
			}
			placeholder = ` placeholder="` + esc(unset) + `"`
		}
		fmt.Fprintf(&f.b, `<input type="text" %s%s%s value="%s">`, attrs, mode, placeholder, esc(value))
	}
	if in.Range != nil {
		fmt.Fprintf(&f.b, ` <a class="range-link" id="%s" href="#%s">%s</a>`, domID("r", path), domID("rg", path), esc(f.t["ranged"]))
	}
	if in.Source != "" {
		fmt.Fprintf(&f.b, `<small class="source" id="%s">%s</small>`, srcID, esc(in.Source))
	}
	fmt.Fprintf(&f.b, `<span class="error" id="%s" role="alert" hidden></span></div>`, errID)
}

// rangeFields renders one ranged input's low, likely and high (or median and P90).
func (f *formWriter) rangeFields(path string, d estimator.Dist) {
	fmt.Fprintf(&f.b, `<fieldset class="range" id="%s" data-range-of="%s" data-why="%s"><legend>%s</legend>`,
		domID("rg", path), esc(path), esc(d.Why), esc(path))
	type part struct {
		key string
		v   float64
	}
	parts := []part{{"low", d.Low}, {"likely", d.Likely}, {"high", d.High}}
	if d.Lognormal() {
		parts = []part{{"median", d.Median}, {"p90", d.P90}}
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

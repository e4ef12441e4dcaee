package page

import (
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/minfmt"
)

// groups are the form's sections in order: the scenario's top-level fields
// first (general), then one per section of the format.
var groups = []string{"general", "fleet", "preprocessing", "dataset", "tokens", "training", "workloads", "systems",
	"team", "project", "host", "growth", "money", "goodput", "factors", "model_error", "plan"}

// general reports the top-level fields the form offers; the schema is not
// for editing. A switch, not a map: a map literal is built by the package's
// init, linked into the estimator module, which renders no form.
func general(path string) bool {
	switch path {
	case "name", "notes", "units":
		return true
	}
	return false
}

// Form renders every input of s as a labelled field, grouped as the scenario
// is. Each input carries name="<scenario path>"; ranged inputs add a fieldset
// in the ranges group whose inputs are named "<path>.low" and so on.
func Form(s *estimator.Scenario, lang estimator.Lang) string {
	f := &formWriter{s: s, t: texts(lang), lang: lang, currency: s.Currency()}
	byGroup := map[string][]estimator.InputSpec{}
	for _, in := range estimator.Inputs(s) {
		g := section(in.Path)
		if !strings.ContainsAny(in.Path, ".[") {
			if !general(in.Path) {
				continue
			}
			g = "general"
		}
		byGroup[g] = append(byGroup[g], in)
	}
	for _, g := range groups {
		ins := byGroup[g]
		f.group(g, len(ins) > 0 && ins[0].Absent, func() { f.fields(g, ins) })
	}
	f.ranges(s)
	return f.b.String()
}

// Ranges renders the form's ranges group alone (id g-ranges): what a page
// puts in place of its own when a point value has moved its range.
func Ranges(s *estimator.Scenario, lang estimator.Lang) string {
	f := &formWriter{s: s, t: texts(lang), lang: lang, currency: s.Currency()}
	f.ranges(s)
	return f.b.String()
}

func (f *formWriter) ranges(s *estimator.Scenario) {
	f.group("ranges", false, func() {
		if len(s.Ranges) == 0 {
			minfmt.Fprintf(&f.b, `<p class="hint">%s</p>`, esc(f.t["ranges.none"]))
		}
		for _, path := range sortedKeys(s.Ranges) {
			f.rangeFields(path, s.Ranges[path])
		}
	})
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
	s        *estimator.Scenario
	b        strings.Builder
	t        map[string]string
	lang     estimator.Lang
	currency string
}

func (f *formWriter) group(key string, absent bool, body func()) {
	id := "g-" + key
	if absent {
		minfmt.Fprintf(&f.b, `<details class="group absent" id="%s"><summary>%s <span class="hint">(%s)</span></summary>`, id, esc(f.t["group."+key]), esc(f.t["absent"]))
		body()
		f.b.WriteString("</details>")
		return
	}
	minfmt.Fprintf(&f.b, `<fieldset class="group" id="%s"><legend>%s</legend>`, id, esc(f.t["group."+key]))
	body()
	f.b.WriteString("</fieldset>")
}

// editable reports the lists the page can add items to and remove them
// from: the scenario needs at least one of each, and nothing else names their
// items by position. A switch, as general is.
func editable(list string) bool { return list == "workloads" || list == "systems" }

// fields renders a group's inputs, each list item (a workload, a sensor) in a
// fieldset of its own and each object inside an item (a workload's
// transformer, its shape) in a box within it, nested as the format nests
// them. Items of an editable list get a Remove button, and the group an Add
// button after them.
func (f *formWriter) fields(group string, ins []estimator.InputSpec) {
	// An object is in the scenario when any field inside it is.
	present := map[string]bool{}
	for _, in := range ins {
		for _, o := range objectsOf(in.Path, itemOf(in.Path)) {
			present[o] = present[o] || !in.Absent
		}
	}
	item := ""
	var open, ends []string // the object boxes open inside the item, outermost first, and what closes each
	closeTo := func(depth int) {
		for len(open) > depth {
			f.b.WriteString(ends[len(ends)-1])
			open, ends = open[:len(open)-1], ends[:len(ends)-1]
		}
	}
	for _, in := range ins {
		if it := itemOf(in.Path); it != item {
			closeTo(0)
			if item != "" {
				f.b.WriteString("</fieldset>")
			}
			if it != "" {
				title := f.itemTitle(it, ins)
				minfmt.Fprintf(&f.b, `<fieldset class="item"><legend>%s</legend>`, esc(title))
				if list, index, ok := listIndex(it); ok && editable(list) {
					minfmt.Fprintf(&f.b, `<button type="button" class="item-remove" data-action="remove-item" data-list="%s" data-index="%d" aria-label="%s">%s</button>`,
						list, index, esc(minfmt.Sprintf(f.t["item.remove.label"], title)), esc(f.t["item.remove"]))
				}
			}
			item = it
		}
		objects := objectsOf(in.Path, item)
		keep := 0
		for keep < len(open) && keep < len(objects) && open[keep] == objects[keep] {
			keep++
		}
		closeTo(keep)
		for _, o := range objects[keep:] {
			open, ends = append(open, o), append(ends, f.box(o, present[o]))
		}
		f.field(in)
	}
	closeTo(0)
	if item != "" {
		f.b.WriteString("</fieldset>")
	}
	if editable(group) {
		minfmt.Fprintf(&f.b, `<button type="button" class="item-add" data-action="add-item" data-list="%s">%s</button>`, group, esc(f.t["item.add."+group]))
	}
}

// box opens the box of an object inside a list item, named by its field
// (messages "sub.<name>", else the name itself), and returns what closes it.
// One the scenario leaves out starts closed, as an absent group does.
func (f *formWriter) box(path string, present bool) string {
	name := lastName(path)
	title := f.t["sub."+name]
	if title == "" {
		title = name
	}
	if !present {
		minfmt.Fprintf(&f.b, `<details class="sub absent" id="%s"><summary>%s <span class="hint">(%s)</span></summary>`, domID("g", path), esc(title), esc(f.t["absent"]))
		return "</details>"
	}
	minfmt.Fprintf(&f.b, `<fieldset class="sub" id="%s"><legend>%s</legend>`, domID("g", path), esc(title))
	return "</fieldset>"
}

// itemOf is the list item a path lies in: workloads[1] for
// workloads[1].mb_per_s and for workloads[1].transformer.model; "" outside
// lists. A list inside an item stays in the item.
func itemOf(path string) string {
	end := strings.IndexByte(path, ']')
	if end < 0 {
		return ""
	}
	return path[:end+1]
}

// objectsOf lists the objects inside item that path lies in, outermost
// first: workloads[0].transformer and workloads[0].transformer.shape for
// workloads[0].transformer.shape.layers; none for the item's own fields.
func objectsOf(path, item string) []string {
	if item == "" {
		return nil
	}
	rest := strings.TrimPrefix(path, item+".")
	var out []string
	for i := range len(rest) {
		if rest[i] == '.' {
			out = append(out, item+"."+rest[:i])
		}
	}
	return out
}

// listIndex splits an item into its list and index: workloads[1] -> workloads, 1.
func listIndex(item string) (string, int, bool) {
	list, index, ok := strings.Cut(strings.TrimSuffix(item, "]"), "[")
	n, err := strconv.Atoi(index)
	return list, n, ok && err == nil
}

// itemTitle names a list item: "Workload 2: ResNet-50 v1.5", "Sensor 1:
// camera". A workload or a system reads as it does everywhere (its Name).
func (f *formWriter) itemTitle(item string, ins []estimator.InputSpec) string {
	list, n, _ := listIndex(item)
	title := f.t["item."+lastName(list)] + " " + strconv.Itoa(n+1)
	switch {
	case list == "workloads" && n < len(f.s.Workloads):
		return title + ": " + f.s.Workloads[n].Name()
	case list == "systems" && n < len(f.s.Systems):
		return title + ": " + f.s.Systems[n].Name()
	}
	for _, in := range ins {
		if in.Path == item+".kind" {
			return title + ": " + in.Text
		}
	}
	return title
}

// field renders one input with its label, unit, source and error slot.
func (f *formWriter) field(in estimator.InputSpec) {
	path, spec := in.Path, in.Field
	id := domID("f", path)
	kind, value := "string", in.Text
	switch {
	case spec.Object:
		kind = "object"
	case !spec.IsText:
		kind, value = "number", ""
		if in.Set || !spec.Optional {
			value = num(in.Number)
		}
	}
	unit := ""
	if !spec.IsText {
		unit = spec.UnitIn(f.lang, f.currency)
	}
	cls := "field"
	if spec.Object {
		cls = "field object"
	}
	var describedBy []string
	minfmt.Fprintf(&f.b, `<div class="%s" data-field="%s"><label for="%s">%s`, cls, esc(path), id, esc(spec.Label.In(f.lang)))
	if unit != "" {
		minfmt.Fprintf(&f.b, ` <span class="unit">(%s)</span>`, esc(unit))
	}
	f.b.WriteString(`</label>`)
	attrs := minfmt.Sprintf(`id="%s" name="%s" data-kind="%s"`, id, esc(path), kind)
	if spec.Optional {
		attrs += ` data-optional=""`
	} else {
		attrs += ` required`
	}
	if len(spec.Replaces) > 0 {
		attrs += ` data-replaces="` + esc(strings.Join(siblings(path, spec.Replaces), " ")) + `"`
	}
	if in.Range != nil {
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
		minfmt.Fprintf(&f.b, `<select %s>`, attrs)
		if spec.Optional || value == "" {
			minfmt.Fprintf(&f.b, `<option value=""%s>%s</option>`, selected(value == ""), esc(f.t["default"]))
		}
		for _, o := range spec.Choices {
			minfmt.Fprintf(&f.b, `<option value="%s"%s>%s</option>`, esc(o), selected(o == value), esc(o))
		}
		f.b.WriteString(`</select>`)
	case path == "notes":
		minfmt.Fprintf(&f.b, `<textarea %s rows="3">%s</textarea>`, attrs, escValue(value))
	case spec.Object:
		// Pasted, or read from a file in the page (form.js): nothing is sent anywhere.
		minfmt.Fprintf(&f.b, `<textarea %s rows="6" spellcheck="false" autocomplete="off" placeholder="%s">%s</textarea>`, attrs, esc(f.t["object.paste"]), escValue(value))
		minfmt.Fprintf(&f.b, `<button type="button" class="file-open" data-action="open-file" data-for="%s">%s</button><input type="file" accept="application/json,.json" hidden tabindex="-1" data-loads="%s">`,
			id, esc(f.t["object.open"]), id)
	default:
		if list := datalistFor(path); list != "" {
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
		minfmt.Fprintf(&f.b, `<input type="text" %s%s%s value="%s">`, attrs, mode, placeholder, escValue(value))
	}
	if in.Range != nil {
		minfmt.Fprintf(&f.b, ` <a class="range-link" id="%s" href="#%s">%s</a>`, domID("r", path), domID("rg", path), esc(f.t["ranged"]))
	}
	if in.Source != "" {
		minfmt.Fprintf(&f.b, `<small class="source" id="%s">%s</small>`, srcID, esc(in.Source))
	}
	minfmt.Fprintf(&f.b, `<span class="error" id="%s" role="alert" hidden></span></div>`, errID)
}

// siblings are the paths of the named fields beside path, in its object:
// workloads[0].transformer.model for workloads[0].transformer.config and model.
func siblings(path string, names []string) []string {
	parent := path[:strings.LastIndexByte(path, '.')+1]
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = parent + n
	}
	return out
}

// rangeFields renders one ranged input's low, likely and high (or median and P90).
func (f *formWriter) rangeFields(path string, d estimator.Dist) {
	minfmt.Fprintf(&f.b, `<fieldset class="range" id="%s" data-range-of="%s" data-why="%s"><legend>%s</legend>`,
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
		minfmt.Fprintf(&f.b, `<div class="field" data-field="%s"><label for="%s">%s</label><input type="text" inputmode="decimal" autocomplete="off" id="%s" name="%s" data-kind="number" data-range-of="%s" data-part="%s" value="%s" aria-describedby="%s" required><span class="error" id="%s" role="alert" hidden></span></div>`,
			esc(sub), id, esc(f.t["range."+p.key]), id, esc(sub), esc(path), p.key, num(p.v), domID("e", sub), domID("e", sub))
	}
	if d.Why != "" {
		minfmt.Fprintf(&f.b, `<small class="source">%s</small>`, esc(d.WhyIn(f.lang)))
	}
	f.b.WriteString(`</fieldset>`)
}

func selected(b bool) string {
	if b {
		return " selected"
	}
	return ""
}

// datalistFor names the catalog list an id field can pick from: a
// transformer's model is one of the transformer catalog, not a network.
func datalistFor(path string) string {
	switch lastName(path) {
	case "model":
		if strings.HasSuffix(path, ".transformer.model") {
			return "dl-transformers"
		}
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

// Datalists renders the catalog ids the form's id fields suggest; the
// transformers by family, each labelled "Family: Name", so a picker lists
// Qwen's sizes together.
func Datalists() string {
	var b strings.Builder
	for _, l := range []struct {
		id  string
		ids []string
	}{{"dl-models", hardware.ModelIDs()}, {"dl-gpus", hardware.GPUIDs()}, {"dl-cpus", hardware.CPUIDs()}, {"dl-systems", hardware.SystemIDs()}} {
		minfmt.Fprintf(&b, `<datalist id="%s">`, l.id)
		for _, id := range l.ids {
			minfmt.Fprintf(&b, `<option value="%s">`, esc(id))
		}
		b.WriteString(`</datalist>`)
	}
	models := hardware.TransformerModels()
	slices.SortStableFunc(models, func(a, b hardware.TransformerModel) int { return strings.Compare(a.Family, b.Family) })
	b.WriteString(`<datalist id="dl-transformers">`)
	for _, m := range models {
		minfmt.Fprintf(&b, `<option value="%s" label="%s">`, esc(m.ID), esc(m.Family+": "+m.Name))
	}
	b.WriteString(`</datalist>`)
	return b.String()
}

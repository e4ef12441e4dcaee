// Package residue finds English left in a Japanese document: the lines of a
// report's text that still hold an English word once everything that is
// meant to stay as written is set aside. The reports' tests run it over the
// Japanese PDF and HTML report, so a heading, note or source added without its
// Japanese fails there.
package residue

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/quickloop"
)

// Names are the words that read the same in a Japanese document: people,
// products, publications and terms of the trade that Japanese writes in Latin
// letters. A word needs a reason to be here; an English word of the
// reports' own (a heading, a unit word, a note) never does.
var Names = words(`
	trainscale echarts
	Grzywaczewski Goodfellow Kaplan Narayanan Chowdhery Arnab Korthikanti Rajbhandari Dubey Rhu Dettmers Touvron
	NVIDIA Meta Llama PaLM ViViT ZeRO Megatron LoRA QLoRA
	Developer Blog
	Transformer all-reduce Volta Pascal Tesla PCIe Ethernet InfiniBand NVLink
	Maxwell Ampere Hopper Blackwell Nemotron
	JavaScript IPAex PyTorch torchvision
	AlexNet ResNet Inception ImageNet VideoMAE
`)

// Phrases are the titles quoted as published, the names of more than one
// word (a word of which alone is English) and the commands a reader types
// as they are.
var Phrases = []string{
	"Training AI for Self-Driving Vehicles: the Challenge of Scale",
	"NVIDIA Developer Blog",
	"Hugging Face",
	"npm ci",
	"trainscale html --echarts",
	"trainscale xlsx",
	"trainscale catalog",
	"trainscale size",
	"trainscale accuracy --format csv",
	"trainscale accuracy --factors",
	"trainscale calibrate --measurements",
}

// Allow is what a document about one estimate may show in Latin letters:
// the scenario's own text (names, notes, sources, ids), the catalog's names,
// each quantity's formula and id, the Names and the Phrases.
type Allow struct {
	phrases []string // longest first, whitespace collapsed
	words   map[string]bool
}

// For is the allow-list of a report on est that sets the compared
// scenarios beside it (their choices, "radar" or "modelled", show there).
func For(est *estimator.Estimate, compared ...*estimator.Estimate) Allow {
	a := Allow{words: map[string]bool{}}
	for w := range Names {
		a.words[w] = true
	}
	// One word (an id, a choice like "binary") is allowed as a word; other
	// text as a phrase, so taking it out never splits an id.
	add := func(s string) {
		switch s = collapse(s); {
		case oneWord.MatchString(s):
			for _, w := range strings.Split(s, "-") {
				a.words[w] = true
			}
		case s != "":
			a.phrases = append(a.phrases, s)
		}
	}
	for _, p := range Phrases {
		add(p)
	}
	for _, e := range append([]*estimator.Estimate{est}, compared...) {
		var tree any
		if data, err := json.Marshal(e.Scenario); err == nil && json.Unmarshal(data, &tree) == nil {
			walk(tree, add)
		}
	}
	for _, f := range estimator.Fields() {
		add(f.Path) // an input's path is an id ("units")
		for _, c := range f.Choices {
			add(c) // a word the input takes as it is ("decimal")
		}
	}
	for _, q := range est.Quantities() {
		add(q.Formula)
		add(q.ID)
	}
	for _, ids := range [][]string{hardware.GPUIDs(), hardware.CPUIDs(), hardware.SystemIDs(), hardware.ModelIDs(),
		hardware.NetworkIDs(), hardware.DatasetIDs(), hardware.TransformerModelIDs()} {
		for _, id := range ids {
			add(id)
		}
	}
	add(string(hardware.Mixed)) // a precision's id, as the charts' notes name it
	for _, o := range []hardware.Optimizer{hardware.SGD, hardware.Adam} {
		add(string(o)) // an optimizer's id, as the form offers it
	}
	for _, g := range hardware.GPUs() {
		add(g.Name)
	}
	for _, c := range hardware.CPUs() {
		add(c.Name)
	}
	for _, s := range hardware.Systems() {
		add(s.Name)
	}
	for _, m := range hardware.Models() {
		add(m.Name)
	}
	for _, n := range hardware.Networks() {
		add(n.Name)
	}
	for _, d := range hardware.Datasets() {
		add(d.Name)
	}
	for _, m := range hardware.TransformerModels() {
		add(m.Name)
	}
	// The price catalog's providers, instances and terms name the plans a
	// report weighs ("hyperstack 8x B200 (on-demand) を賃借").
	for _, o := range hardware.CloudOffers() {
		add(o.Provider)
		add(o.Instance)
	}
	for _, t := range hardware.Terms() {
		add(string(t))
	}
	sort.SliceStable(a.phrases, func(i, j int) bool { return len(a.phrases[i]) > len(a.phrases[j]) })
	return a
}

// walk calls add on every string of a decoded JSON value. Keys are field
// names and paths, never text the scenario shows ("years" is a key).
func walk(v any, add func(string)) {
	switch v := v.(type) {
	case string:
		add(v)
	case []any:
		for _, e := range v {
			walk(e, add)
		}
	case map[string]any:
		for _, e := range v {
			walk(e, add)
		}
	}
}

// Line is one line of a document with the English words left in it.
type Line struct {
	Text  string
	Words []string
}

// String is the line with its English words after it, as a failing check
// lists it.
func (l Line) String() string { return l.Text + "  <- " + strings.Join(l.Words, " ") }

// Scenarios are the built-in scenarios every surface's check reads in
// Japanese: the article's, and the widest of the modern, language-model and
// fleet-video kinds.
var Scenarios = []string{"article-2017", "modern-2026", "llama-3-405b", "av-world-model-2026"}

// Checked is the scenarios a check reads: Scenarios, fewer in the quick loop
// (quickloop.Pick).
func Checked() []string { return quickloop.Pick(Scenarios) }

var (
	// a token: a run of Latin letters, digits and the marks ids and units
	// use; a leading dot makes a file's extension one (".xlsx")
	token = regexp.MustCompile(`\.?[A-Za-z0-9][A-Za-z0-9._\-\[\]/'’^]*`)
	// what a wrapped table cell starts with: a range or an input's path
	lead     = regexp.MustCompile(`^(\[[^\]]*\] |[A-Za-z0-9_.\[\]-]+: )`)
	oneWord  = regexp.MustCompile(`^[A-Za-z0-9-]+$`)
	acronym  = regexp.MustCompile(`^[A-Z0-9]{2,}s?$`) // GPU, TCO, FLOPs, GWh is not one but a unit
	unitWord = words(`kWh MWh GWh TWh fps KiB MiB GiB TiB`)
)

// English returns the lines of text (split at newlines) that hold an English
// word of three or more letters that a is not told to allow. A line that is
// a piece of an allowed phrase (a note the PDF wrapped over several lines)
// is allowed whole.
func (a Allow) English(text string) []Line {
	var out []Line
	for _, line := range strings.Split(text, "\n") {
		l := collapse(line)
		if l == "" || a.inPhrase(lead.ReplaceAllString(l, "")) || a.inPhrase(l) {
			continue
		}
		rest := l
		for _, p := range a.phrases {
			rest = strings.ReplaceAll(rest, p, " ")
		}
		// What is left between Japanese text, where a line break cut an
		// allowed phrase ("（Video world model (VideoMAE" / "ViT-L) を"),
		// is allowed when it is a piece of one.
		var ws []string
		for _, run := range strings.FieldsFunc(rest, func(r rune) bool { return r > unicode.MaxLatin1 }) {
			if !a.inPhrase(strings.Trim(run, " ,;:")) {
				ws = append(ws, a.english(run)...)
			}
		}
		if len(ws) > 0 {
			out = append(out, Line{Text: l, Words: ws})
		}
	}
	return out
}

func (a Allow) inPhrase(l string) bool {
	if len([]rune(l)) < 3 {
		return false
	}
	for _, p := range a.phrases {
		if strings.Contains(p, l) {
			return true
		}
	}
	return false
}

// english lists the words of s no rule allows. A token with a digit, a dot,
// an underscore, a bracket or a slash is an id, a number or a unit; an
// all-capitals one an acronym or unit symbol.
func (a Allow) english(s string) []string {
	var out []string
	for _, tok := range token.FindAllString(s, -1) {
		if strings.ContainsAny(tok, "0123456789._[]/^") || a.words[tok] {
			continue
		}
		tok = strings.TrimSuffix(strings.TrimSuffix(tok, "'s"), "’s")
		for _, w := range strings.Split(tok, "-") {
			w = strings.Trim(w, "'’")
			if len(w) < 3 || a.words[w] || unitWord[w] || acronym.MatchString(w) || !latin(w) {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

func latin(w string) bool {
	for _, r := range w {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Japanese reports whether r is kana or kanji.
func Japanese(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han)
}

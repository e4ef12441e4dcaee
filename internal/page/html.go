package page

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// esc escapes text a reader sees for HTML: control and bidi characters as
// every surface writes them (estimator.Printable: a label from a shared link
// cannot reorder the figures beside it), line breaks kept, then as
// html.EscapeString does.
func esc(s string) string { return escValue(estimator.PrintableLines(s, "\n")) }

// escValue escapes a form field's value for HTML as html.EscapeString does,
// and nothing more: the value goes back to the core as it came (package
// html would bring its entity table along, and a strings.Replacer the
// generic replacer's trie: 15 KB of the page's module's code).
func escValue(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := range len(s) {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '\'':
			b.WriteString("&#39;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func num(v float64) string {
	// Without an exponent where a person types none: 1904296875, not
	// 1.904296875e+09. Grouping would make an input's value unreadable.
	if a := math.Abs(v); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

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

// lastName is a path's last field name, without an index: sensors for
// fleet.sensors, batch for workloads[0].batch.
func lastName(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	name, _, _ := strings.Cut(path, "[")
	return name
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

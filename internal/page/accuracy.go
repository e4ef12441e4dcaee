package page

import (
	"github.com/trainscale/trainscale/estimator"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// accuracyColumns are the group table's columns (tool.AccuracyWords keys);
// the page shows the first as a heading over its groups.
var accuracyColumns = []string{"grouping", "group", "points", "median", "p90"}

// AccuracyRow is one group of the accuracy section: its id and its
// grouping (tool.AccuracyGroup's ID and Kind in English) and its cells (points, median,
// P90) as tool.AccuracyTable writes them in English.
type AccuracyRow struct {
	ID, Kind string
	Cells    []string
}

// Accuracy is the page's "How accurate is this?" section in English, a
// collapsed <details> (light, as issue 14 asks of the long page) with
// tool.Accuracy's error per group, which the page's build runs (site.Prerender):
// this package does not import estimator/tool, whose published figures the
// page's module would otherwise carry. Each word carries its data-i18n key,
// whose text in either language Messages holds, so the section switches
// language with the rest of the page.
func Accuracy(rows []AccuracyRow, points []byte) string {
	t := accuracyMessages("en")
	var b strings.Builder
	word := func(tag, key, attrs string) {
		minfmt.Fprintf(&b, `<%s%s data-i18n="%s">%s</%s>`, tag, attrs, key, esc(t[key]), tag)
	}
	// Styled as the results' collapsed groups; the table scrolls in its box
	// (.results) where a Japanese name is wider than a phone.
	b.WriteString(`<details class="qgroup accuracy" data-role="accuracy">`)
	word("summary", "accuracy.title", ` id="h-accuracy"`)
	word("p", "accuracy.lead", "")
	// Each grouping heads its own rows: four columns, not five.
	b.WriteString(`<div class="results"><table aria-labelledby="h-accuracy"><thead><tr>`)
	for _, c := range accuracyColumns[1:] {
		word("th", "accuracy."+c, ` scope="col"`)
	}
	b.WriteString(`</tr></thead>`)
	for i, g := range rows {
		if i == 0 || g.Kind != rows[i-1].Kind {
			if i > 0 {
				b.WriteString(`</tbody>`)
			}
			b.WriteString(`<tbody><tr>`)
			word("th", g.ID+".kind", ` scope="rowgroup" colspan="4"`)
			b.WriteString(`</tr>`)
		}
		b.WriteString(`<tr>`)
		word("th", g.ID+".name", ` scope="row"`)
		for _, cell := range g.Cells {
			minfmt.Fprintf(&b, `<td>%s</td>`, esc(cell))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	accuracyPoints(&b, points, word)
	b.WriteString(`</details>`)
	return b.String()
}

// accuracyPoints writes the section's list of every published figure: a
// collapsed <details> whose table the page's script (ui.js, accuracyPoints)
// builds when it is opened, from points, the JSON the page's build writes
// (tool.AccuracyPointTable in both languages and the columns that hold
// numbers). A script block of JSON is one text node that is never laid out,
// where a prerendered table of every figure in two languages would be some
// 2,000 elements to parse at startup. JSON as minjson and encoding/json
// write it escapes < > &, so the block cannot end early.
func accuracyPoints(b *strings.Builder, points []byte, word func(tag, key, attrs string)) {
	b.WriteString(`<details class="accuracy-points" data-role="accuracy-points">`)
	word("summary", "accuracy.points.title", "")
	b.WriteString(`<div class="results"></div><script type="application/json">`)
	b.Write(points)
	b.WriteString(`</script></details>`)
}

//go:generate go run gen_accuracy_words.go

// accuracyMessages are the section's words in lang, by data-i18n key, from
// accuracyWords: a copy of estimator/tool's words for the module that
// does not link estimator/tool (accuracy_words.go, written by go generate
// and checked by TestAccuracyWordsCurrent).
func accuracyMessages(lang estimator.Lang) map[string]string {
	out := make(map[string]string, len(accuracyWords))
	for key, w := range accuracyWords {
		out[key] = w.In(lang)
	}
	return out
}

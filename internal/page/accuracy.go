package page

import (
	"strings"

	"github.com/trainscale/trainscale/estimator/minfmt"
	"github.com/trainscale/trainscale/estimator/tool"
)

// accuracyColumns are the group table's columns (tool.AccuracyWords keys);
// the page shows the first as a heading over its groups.
var accuracyColumns = []string{"grouping", "group", "points", "median", "p90"}

// Accuracy is the page's "How accurate is this?" section in English, a
// collapsed <details> (light, as issue 14 asks of the long page) with
// tool.Accuracy's error per group, rendered when the page is built. Each
// word carries its data-i18n key, whose text in either language Messages
// holds, so the section switches language with the rest of the page.
func Accuracy() (string, error) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	if err != nil {
		return "", err
	}
	r := res.Accuracy
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
	rows := tool.AccuracyTable(r, "en")[1:]
	for i, g := range r.Groups {
		if i == 0 || g.Kind != r.Groups[i-1].Kind {
			if i > 0 {
				b.WriteString(`</tbody>`)
			}
			b.WriteString(`<tbody><tr>`)
			word("th", g.ID+".kind", ` scope="rowgroup" colspan="4"`)
			b.WriteString(`</tr>`)
		}
		b.WriteString(`<tr>`)
		word("th", g.ID+".name", ` scope="row"`)
		for _, cell := range rows[i][2:] {
			minfmt.Fprintf(&b, `<td>%s</td>`, esc(cell))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div></details>`)
	return b.String(), nil
}

// accuracyMessages are the section's words in lang, by data-i18n key: the
// headings and columns of tool.AccuracyWords, and each group's grouping and
// name under its id (tool.AccuracyGroupWords). None needs Accuracy to run,
// so the estimator module the page loads does not carry it.
func accuracyMessages(lang string) map[string]string {
	out := map[string]string{
		"accuracy.title": tool.AccuracyWords["title"].In(lang),
		"accuracy.lead":  tool.AccuracyWords["lead"].In(lang),
	}
	for _, c := range accuracyColumns {
		out["accuracy."+c] = tool.AccuracyWords[c].In(lang)
	}
	for key, w := range tool.AccuracyGroupWords() {
		out[key] = w.In(lang)
	}
	return out
}

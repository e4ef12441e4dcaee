package page

import (
	"fmt"
	"strings"
	"sync"

	"github.com/trainscale/trainscale/estimator/tool"
)

// accuracyReport is the published figures against the models with the
// calibrated factors (tool.Accuracy): it does not change with the page's
// inputs, so the page shows it as built and computes it at most once.
var accuracyReport = sync.OnceValues(func() (*tool.AccuracyReport, error) {
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	if err != nil {
		return nil, err
	}
	return res.Accuracy, nil
})

// accuracyColumns are the group table's columns (tool.AccuracyWords keys);
// the page shows the first as a heading over its groups.
var accuracyColumns = []string{"grouping", "group", "points", "median", "p90"}

// Accuracy is the page's "How accurate is this?" section in English, a
// collapsed <details> with tool.Accuracy's error per group (the light
// default issue 14 asks of the long page). Each word
// carries its data-i18n key, whose text in either language Messages holds,
// so the section switches language with the rest of the page.
func Accuracy() (string, error) {
	r, err := accuracyReport()
	if err != nil {
		return "", err
	}
	t := accuracyMessages(r, "en")
	var b strings.Builder
	word := func(tag, key, attrs string) {
		fmt.Fprintf(&b, `<%s%s data-i18n="%s">%s</%s>`, tag, attrs, key, esc(t[key]), tag)
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
			fmt.Fprintf(&b, `<td>%s</td>`, esc(cell))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></div></details>`)
	return b.String(), nil
}

// accuracyMessages are the section's words in lang, by data-i18n key: the
// headings and columns of tool.AccuracyWords, and each group's grouping
// and name under its quantity id.
func accuracyMessages(r *tool.AccuracyReport, lang string) map[string]string {
	out := map[string]string{
		"accuracy.title": tool.AccuracyWords["title"].In(lang),
		"accuracy.lead":  fmt.Sprintf(tool.AccuracyWords["lead"].In(lang), len(r.Rows)),
	}
	for _, c := range accuracyColumns {
		out["accuracy."+c] = tool.AccuracyWords[c].In(lang)
	}
	for _, g := range r.Groups {
		out[g.ID+".kind"] = g.Kind.In(lang)
		out[g.ID+".name"] = g.Name.In(lang)
	}
	return out
}

package html_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator/tool"
)

// The report ends with the PDF's appendix: the published figures' error by
// group, the counts right-aligned as numbers, the group names not.
func TestTheAccuracySectionIsTheAppendix(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		b := bundle(t, "article-2017", lang, "")
		page := write(t, b, nil)
		title := tool.AccuracyWords["title"].In(lang)
		assert.Contains(t, page, `<li><a href="#accuracy">`+title+`</a></li>`)
		assert.Contains(t, page, `<section id="accuracy"><h2>`+title+`</h2>`)
		all := b.Accuracy.Groups[0]
		row := fmt.Sprintf(`<tr><td>%s</td><td>%s</td><td class="num">%d</td><td class="num">%s</td><td class="num">%s</td></tr>`,
			all.Kind.In(lang), all.Name.In(lang), all.Points, tool.FormatError(all.Median), tool.FormatError(all.P90))
		assert.Contains(t, page, row, lang)
		assert.Equal(t, len(b.Accuracy.Groups), strings.Count(page[strings.Index(page, `id="accuracy"`):], "<tr><td>"), lang)
	}
}

package html_test

import (
	"fmt"
	"github.com/trainscale/trainscale/estimator"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator/tool"
)

// The report ends with the PDF's appendix: the published figures' error by
// group and every figure, the numbers right-aligned, the names not.
func TestTheAccuracySectionIsTheAppendix(t *testing.T) {
	for _, lang := range []estimator.Lang{estimator.English, estimator.Japanese} {
		b := bundle(t, "article-2017", lang, "")
		page := write(t, b, nil)
		title := tool.AccuracyWords["title"].In(lang)
		assert.Contains(t, page, `<li><a href="#accuracy">`+title+`</a></li>`)
		assert.Contains(t, page, `<section id="accuracy"><h2>`+title+`</h2>`)
		all := b.Accuracy.Groups[0]
		row := fmt.Sprintf(`<tr><td>%s</td><td>%s</td><td class="num">%d</td><td class="num">%s</td><td class="num">%s</td></tr>`,
			all.Kind.In(lang), all.Name.In(lang), all.Points, tool.FormatError(all.Median), tool.FormatError(all.P90))
		assert.Contains(t, page, row, lang)
		section := page[strings.Index(page, `id="accuracy"`):]
		// Then every figure, folded away as the other long tables are, its
		// numbers right-aligned.
		points := b.AccuracyPoints()
		assert.Contains(t, section, fmt.Sprintf(`<details class="full"><summary>%s (%d)</summary>`, tool.AccuracyWords["points.title"].In(lang), len(points)-1))
		assert.Contains(t, section, `<th class="num">#</th><th>`+points[0][1]+`</th>`, lang)
		first := fmt.Sprintf(`<tr><td class="num">1</td><td>%s</td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`,
			points[1][1], points[1][2], points[1][3], points[1][4], points[1][5], points[1][6], points[1][7], points[1][8], points[1][9])
		assert.Contains(t, section, first, lang)
		assert.Equal(t, len(b.Accuracy.Groups)+len(b.Accuracy.Rows), strings.Count(section, "<tr><td"), lang)
	}
}

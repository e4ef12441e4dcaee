package site

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator/tool"
	"github.com/trainscale/trainscale/internal/page"
)

// The section is tool.Accuracy's group table with the calibrated factors,
// and every word of it switches language through Messages.
func TestAccuracySection(t *testing.T) {
	html, err := accuracySection()
	require.NoError(t, err)
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	r := res.Accuracy
	assert.True(t, strings.HasPrefix(html, `<details class="qgroup accuracy" data-role="accuracy"><summary id="h-accuracy" data-i18n="accuracy.title">How accurate is this?</summary>`), html[:200])
	// All points: the grouping heads its rows, then the group's own row.
	all := r.Groups[0]
	assert.Contains(t, html, fmt.Sprintf(`<tbody><tr><th scope="rowgroup" colspan="4" data-i18n="%[1]s.kind">all</th></tr><tr><th scope="row" data-i18n="%[1]s.name">all points</th><td>%[2]d</td><td>%[3]s</td><td>%[4]s</td></tr>`,
		all.ID, all.Points, tool.FormatError(all.Median), tool.FormatError(all.P90)))
	assert.Equal(t, len(r.Groups), strings.Count(html, `scope="row"`))
	assert.Equal(t, 5, strings.Count(html, `scope="rowgroup"`), "all, family, generation, scale, set")

	en, ja := page.Messages("en"), page.Messages("ja")
	escaped := strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")
	for _, m := range regexp.MustCompile(`data-i18n="([^"]+)">([^<]*)<`).FindAllStringSubmatch(html, -1) {
		key, shown := m[1], m[2]
		assert.Equal(t, escaped.Replace(en[key]), shown, key)
		assert.NotEmpty(t, ja[key], key)
	}
	assert.Equal(t, "どれほど正確か", ja["accuracy.title"])
	assert.Equal(t, "複数ノード", ja["accuracy.group.scale.multi-node.name"])
	assert.Equal(t, tool.AccuracyWords["lead"].JA, ja["accuracy.lead"])
	assert.Equal(t, "すべての公表値", ja["accuracy.points.title"])
}

// Every figure comes collapsed, as data the page's script lays out when the
// list is opened: tool.AccuracyPointTable in both languages, and which
// columns hold numbers.
func TestAccuracySectionCarriesEveryFigure(t *testing.T) {
	html, err := accuracySection()
	require.NoError(t, err)
	res, err := tool.Accuracy(tool.AccuracyRequest{})
	require.NoError(t, err)
	m := regexp.MustCompile(`<details class="accuracy-points" data-role="accuracy-points"><summary data-i18n="accuracy.points.title">Every published figure</summary>` +
		`<div class="results"></div><script type="application/json">([^<]*)</script></details></details>$`).FindStringSubmatch(html)
	require.NotNil(t, m, html[len(html)-300:])
	var data struct {
		Numbers []int      `json:"numbers"`
		EN      [][]string `json:"en"`
		JA      [][]string `json:"ja"`
	}
	require.NoError(t, json.Unmarshal([]byte(m[1]), &data))
	assert.Equal(t, tool.AccuracyPointTable(res.Accuracy, "en"), data.EN)
	assert.Equal(t, tool.AccuracyPointTable(res.Accuracy, "ja"), data.JA)
	assert.Equal(t, []int{0, 2, 3, 4, 5}, data.Numbers)
	// No table is laid out until then: the group table's rows are the section's only ones.
	assert.Equal(t, len(res.Accuracy.Groups)+5+1, strings.Count(html, "<tr>"), "groups, groupings and the header")
}

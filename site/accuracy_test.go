package site

import (
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
}

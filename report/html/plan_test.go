package html_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/internal/echartsjs"
)

// The plan section leads with the chosen plan, lists the options with the
// chosen one first and draws the frontier after the report's own charts;
// without echarts its data table stands open.
func TestPlanSection(t *testing.T) {
	b := bundle(t, "modern-2026", "en", "")
	out := write(t, b, echartsjs.JS)
	i := strings.Index(out, `<section id="plan"`)
	require.Positive(t, i)
	section := out[i : i+strings.Index(out[i:], "</section>")]
	assert.Contains(t, section, `<p class="buy"><strong>Cheapest alternative: Rent hyperstack 8x B200 (on-demand).`)
	assert.Contains(t, section, `<td>Rent hyperstack 8x B200 (on-demand)</td><td class="num">13</td><td class="num">6.9 days</td><td class="num">USD 52,000</td><td class="num">USD 3,826,368</td><td class="num">USD 15,357,472</td><td class="num">0.24 MW</td><td class="num">626.6 t</td><td>yes</td>`)
	assert.Contains(t, section, `<figure id="figure-plan-frontier" data-chart-id="plan-frontier">`)
	assert.Contains(t, section, "Figure 9: Total cost against time per run: the planner&#39;s frontier")
	assert.Contains(t, out, `<li><a href="#plan">Buy or rent: the options the planner compared</a></li>`)
	assert.Contains(t, out, `draw("chart-plan-frontier", `)

	plain := write(t, b, nil)
	assert.NotContains(t, plain, `draw("chart-plan-frontier"`)
	assert.Contains(t, plain, "<td>cheapest alternative: Rent hyperstack 8x B200 (on-demand), 13 systems or instances</td>")

	article := write(t, bundle(t, "article-2017", "ja", ""), nil)
	assert.Contains(t, article, `<section id="plan"`, "the article's scenario has money too")
}

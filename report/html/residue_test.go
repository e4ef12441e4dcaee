package html_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/internal/residue"
	"github.com/trainscale/trainscale/report"
	"github.com/trainscale/trainscale/report/html"
)

// The Japanese HTML report has no English left in the text a reader sees
// (residue's rules, as for the PDF), for the scenarios issue 13 names,
// compared with the article's Table 1 as the CLI does. Charts are left out:
// their text is the chart package's, and the report shows each chart's data
// as a table as well.
func TestJapaneseReportHasNoEnglish(t *testing.T) {
	t.Parallel()
	var table1 []*estimator.Estimate
	for _, name := range report.Table1 {
		table1 = append(table1, bundle(t, name, "en", "").Estimate)
	}
	for _, name := range residue.Checked() {
		est := bundle(t, name, "ja", "").Estimate
		b, err := report.Build(est, report.Options{Samples: 2000, Seed: 1, Lang: "ja", Date: "2026-11-30", Compared: report.Table1, Compare: table1})
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, html.Write(&buf, b, html.Options{}))
		text := visibleText(t, buf.Bytes())
		var lines []string
		for _, l := range residue.For(est, table1...).English(text) {
			lines = append(lines, l.String())
		}
		assert.Empty(t, lines, "%s: lines with English:\n%s", name, strings.Join(lines, "\n"))
	}
}

// visibleText is the page's text without scripts and styles, a line per
// table cell, heading, paragraph or list item.
func visibleText(t *testing.T, page []byte) string {
	t.Helper()
	doc, err := xhtml.Parse(bytes.NewReader(page))
	require.NoError(t, err)
	var b strings.Builder
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		switch {
		case n.Type == xhtml.ElementNode && (n.Data == "script" || n.Data == "style"):
			return
		case n.Type == xhtml.TextNode:
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == xhtml.ElementNode {
			switch n.Data {
			case "td", "th", "p", "li", "h1", "h2", "h3", "h4", "caption", "figcaption", "summary", "dt", "dd", "div", "small", "button", "label", "title":
				b.WriteString("\n")
			}
		}
	}
	walk(doc)
	return b.String()
}

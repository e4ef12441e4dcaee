// Package echartsjs ships the echarts script that draws trainscale's charts:
// a custom build of the echarts the lockfile pins, holding only the chart
// types, components and the SVG renderer trainscale uses (entry.js names
// them).
// Embedded, it lets an installed binary write an HTML report that draws its
// charts with no npm and no network; the page serves the same file.
//
// echarts.min.js is build.mjs's output, committed: `make echarts` rebuilds it
// after npm ci (a new echarts in the lockfile, a part added to entry.js), and
// the package's test checks that it is what the build makes.
package echartsjs

import (
	_ "embed"
	"strings"
)

// Name is the script's file name, in this directory and on the page.
const Name = "echarts.min.js"

// JS is the script. Run in a page or imported by a worker, it defines the
// global echarts, whose init draws a chart.
//
//go:embed echarts.min.js
var JS []byte

// Notice is the script's licence banner: the copyright and licence lines of
// echarts, zrender and tslib, which travel with every copy of the script.
func Notice() string {
	s := string(JS)
	start, end := strings.Index(s, "/*!"), strings.Index(s, "*/")
	if start != 0 || end < 0 {
		return "" // TestNotice says so: the build writes the banner first
	}
	return strings.TrimSpace(s[len("/*!"):end])
}

//go:build js && wasm

// Command tools is the second module of the page: the hardware tools
// (catalog, throughput, scale, memory), uncertainty, sensitivity, compare and
// the reports' charts, on
//
//	globalThis.trainscaleTools = {estimate, explain, presets, messages, catalog, charts,
//	    compare, memory, scale, sensitivity, throughput, uncertainty, call, ...}
//
// with the calling convention of package jsapi. The page loads it on first use.
// Its estimate renders the page's HTML too (render: form, results, ranges;
// page.Render), which the estimator module leaves out.
// charts answers with each chart's echarts option, built by internal/echarts
// as the HTML report's are, so this module links go-echarts (0.21 MB brotli
// of it; see docs/engineering.md's Speed section) and the page's script builds none.
package main

import (
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/internal/page"
	"github.com/trainscale/trainscale/wasm/jsapi"
)

func main() { jsapi.Expose("trainscaleTools", api.New(tools.Methods(), page.Render)) }

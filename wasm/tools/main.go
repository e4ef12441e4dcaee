//go:build js && wasm

// Command tools is the second module of the page: the hardware tools
// (catalog, throughput, scale, memory), uncertainty, sensitivity, compare and
// the reports' charts, on
//
//	globalThis.trainscaleTools = {catalog, throughput, scale, memory, uncertainty,
//	    sensitivity, compare, charts, estimate, explain, presets, messages, call, ...}
//
// with the calling convention of package jsapi. The page loads it on first use.
package main

import (
	"github.com/trainscale/trainscale/internal/api"
	_ "github.com/trainscale/trainscale/internal/api/tools"
	"github.com/trainscale/trainscale/wasm/jsapi"
)

func main() { jsapi.Expose("trainscaleTools", api.Methods()) }

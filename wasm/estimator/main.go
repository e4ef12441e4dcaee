//go:build js && wasm

// Command estimator is trainscale's estimator compiled to WebAssembly: the
// module the page loads first. It sets
//
//	globalThis.trainscale = {estimate, call, methods, schema, explain, presets, messages}
//
// (see package jsapi for the calling convention and package api for the
// requests and answers), then calls globalThis.trainscaleOnReady(trainscale)
// if that is a function. It answers estimate alone: explain, presets and
// messages are there only to answer an error naming the method and the tools
// module, which answers them (the page reads presets and messages from data
// built into it). The hardware tools, Monte Carlo, sensitivity, comparison,
// charts and the page's HTML (estimate's render) are in the tools module
// (wasm/tools), loaded when first used, so this one stays small: asked to
// render, it answers an error naming the field.
package main

import (
	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/wasm/jsapi"
)

func main() { jsapi.Expose("trainscale", api.New(nil, nil)) }

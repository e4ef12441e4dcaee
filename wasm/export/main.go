//go:build js && wasm

// Command export is the page's export module, fetched only when a download is
// asked for. It makes the workbook, the PDF proposal and the HTML report with
// the CLI's own adapters (report/xlsx, report/pdf, report/html) and sets
//
//	globalThis.trainscaleExport = {xlsx(request), pdf(request[, font]), html(request[, echartsJS])}
//
// Each takes the page's request (a plain object or a JSON string: preset or
// scenario, set, lang, date, samples, compare) and returns
// {bytes: Uint8Array, filename, type}, or {error: {path, rule, got, message}}.
// It calls globalThis.trainscaleExportOnReady(api) when ready.
package main

import (
	"github.com/trainscale/trainscale/estimator"
	"syscall/js"

	"github.com/trainscale/trainscale/internal/api"
	"github.com/trainscale/trainscale/internal/api/exports"
)

func main() {
	jsonObj := js.Global().Get("JSON")
	obj := js.Global().Get("Object").New()
	for _, kind := range exports.Kinds {
		obj.Set(kind, js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
			defer func() {
				if r := recover(); r != nil {
					result = jsonObj.Call("parse", string(api.ErrorJSON(api.Internal(kind, r), estimator.English)))
				}
			}()
			var req, extra []byte
			if len(args) > 0 {
				req = text(jsonObj, args[0])
			}
			if len(args) > 1 {
				extra = bytesOf(args[1])
			}
			var f *exports.File
			var err error
			if kind == "pdf" {
				f, err = exports.Make(kind, req, nil, extra)
			} else {
				f, err = exports.Make(kind, req, extra, nil)
			}
			if err != nil {
				return jsonObj.Call("parse", string(api.ErrorJSONFor(err, req)))
			}
			out := js.Global().Get("Object").New()
			arr := js.Global().Get("Uint8Array").New(len(f.Bytes))
			js.CopyBytesToJS(arr, f.Bytes)
			out.Set("bytes", arr)
			out.Set("filename", f.Filename)
			out.Set("type", f.Type)
			return out
		}))
	}
	js.Global().Set("trainscaleExport", obj)
	if ready := js.Global().Get("trainscaleExportOnReady"); ready.Type() == js.TypeFunction {
		ready.Invoke(obj)
	}
	select {}
}

func text(jsonObj, v js.Value) []byte {
	switch v.Type() {
	case js.TypeString:
		return []byte(v.String())
	case js.TypeUndefined, js.TypeNull:
		return nil
	}
	return []byte(jsonObj.Call("stringify", v).String())
}

// bytesOf reads a string or a Uint8Array.
func bytesOf(v js.Value) []byte {
	switch v.Type() {
	case js.TypeString:
		return []byte(v.String())
	case js.TypeObject:
		b := make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(b, v)
		return b
	}
	return nil
}

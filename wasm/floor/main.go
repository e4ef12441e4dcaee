//go:build js && wasm

// Command floor is the least a Go module the page could load: Go's runtime
// and syscall/js, publishing one function. Built as the page's modules are,
// its size is the floor under estimator.wasm that no trimming of
// trainscale's own code goes below (go run ./site/build -packages prints
// both).
package main

import "syscall/js"

func main() {
	js.Global().Set("trainscaleFloor", js.FuncOf(func(js.Value, []js.Value) any { return "ok" }))
	select {}
}

// Command build writes trainscale's static page (make site):
//
//	go run ./site/build [-o site/dist] [-fast] [-no-export]
//
// It compiles the wasm modules, prerenders the default scenario into
// index.html, copies wasm_exec.js and the embedded echarts build, writes .br
// and .gz beside the larger files and prints every file's size.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/trainscale/trainscale/site"
)

func main() {
	out := flag.String("o", "site/dist", "output `dir`")
	fast := flag.Bool("fast", false, "compress brotli quickly (not the shipped sizes)")
	noExport := flag.Bool("no-export", false, "leave out the export module")
	flag.Parse()
	sizes, err := site.Build(*out, site.Options{Root: ".", Fast: *fast, NoExport: *noExport})
	if err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
	fmt.Printf("%-24s %10s %10s %10s\n", "file", "raw", "gzip", "brotli")
	for _, name := range site.SortedNames(sizes) {
		s := sizes[name]
		fmt.Printf("%-24s %10d %10d %10d\n", name, s.Raw, s.Gzip, s.Brotli)
	}
	fmt.Println("wrote", *out)
}

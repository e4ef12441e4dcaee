// Command build writes trainscale's static page (make site):
//
//	go run ./site/build [-o site/dist] [-fast] [-no-export]
//	go run ./site/build -packages estimator.wasm
//
// It compiles the wasm modules, prerenders the default scenario into
// index.html, copies wasm_exec.js and the embedded echarts build, writes .br
// and .gz beside the larger files and prints every file's size. -packages
// writes nothing: it prints where one module's bytes go, by Go package, as a
// Markdown table (site.ModuleSizes).
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
	packages := flag.String("packages", "", "print a `module`'s bytes by Go package (estimator.wasm), and build nothing")
	flag.Parse()
	if *packages != "" {
		if err := printPackages(*packages); err != nil {
			fmt.Fprintln(os.Stderr, "site:", err)
			os.Exit(1)
		}
		return
	}
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

// printPackages prints the module's code by package, the packages under
// 1% of it together, and its data.
func printPackages(file string) error {
	sizes, err := site.ModuleSizes(".", file)
	if err != nil {
		return err
	}
	var code, codeBr int
	for _, p := range sizes {
		if p.Package != "(data)" {
			code += p.Raw
			codeBr += p.Brotli
		}
	}
	fmt.Printf("| %s, by package | raw KB | brotli KB (alone) |\n| --- | ---: | ---: |\n", file)
	var rest site.PackageSize
	for _, p := range sizes {
		if p.Package != "(data)" && p.Raw*100 < code {
			rest.Raw += p.Raw
			rest.Brotli += p.Brotli
			continue
		}
		fmt.Printf("| %s | %.0f | %.0f |\n", p.Package, kb(p.Raw), kb(p.Brotli))
	}
	fmt.Printf("| the other packages, each under 1%% of the code | %.0f | %.0f |\n", kb(rest.Raw), kb(rest.Brotli))
	fmt.Printf("| all code | %.0f | %.0f |\n", kb(code), kb(codeBr))
	shipped, err := site.Shipped(".", site.Modules[file], site.SmallModule(file))
	if err != nil {
		return err
	}
	floor, err := site.Shipped(".", site.FloorModule, true)
	if err != nil {
		return err
	}
	fmt.Printf("\n%s as shipped: %.0f KB raw, %.0f KB brotli; the floor, Go's runtime publishing one function (%s): %.0f KB raw, %.0f KB brotli.\n",
		file, kb(shipped.Raw), kb(shipped.Brotli), site.FloorModule, kb(floor.Raw), kb(floor.Brotli))
	return nil
}

func kb(n int) float64 { return float64(n) / 1000 }

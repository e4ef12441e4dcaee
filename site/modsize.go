package site

import (
	"encoding/binary"
	"errors"
	"sort"
	"strings"
)

// PackageSize is the part of a module's code one Go package compiled to:
// its functions' bodies, raw and brotli-compressed on their own (so the
// parts add up to a little more than the module compresses to whole).
type PackageSize struct {
	Package string `json:"package"`
	Raw     int    `json:"raw"`
	Brotli  int    `json:"brotli"`
}

// ModuleSizes builds a page module (a file of Modules) as the page's build
// does, but keeping its functions' names, and returns its code by package,
// largest first, and its data segment (the runtime's tables, type
// descriptors, strings and static data) as the package "(data)".
func ModuleSizes(root, file string) ([]PackageSize, error) {
	pkg, ok := Modules[file]
	if !ok {
		return nil, errors.New("no module " + file)
	}
	data, err := buildWasmNamed(root, pkg, SmallModule(file), true)
	if err != nil {
		return nil, err
	}
	parts, err := wasmParts(data)
	if err != nil {
		return nil, err
	}
	sizes := make([]PackageSize, 0, len(parts))
	for name, b := range parts {
		sizes = append(sizes, PackageSize{Package: name, Raw: len(b), Brotli: len(Brotli(b))})
	}
	sort.Slice(sizes, func(i, j int) bool {
		if sizes[i].Raw != sizes[j].Raw {
			return sizes[i].Raw > sizes[j].Raw
		}
		return sizes[i].Package < sizes[j].Package
	})
	return sizes, nil
}

// FloorModule is the package of the least Go module the page could load
// (the runtime and syscall/js publishing one function).
const FloorModule = "./wasm/floor"

// Shipped builds a main package as the page's build builds its modules
// (stripped; small: inlining off) and returns its size, raw and brotli.
func Shipped(root, pkg string, small bool) (Size, error) {
	data, err := buildWasm(root, pkg, small)
	if err != nil {
		return Size{}, err
	}
	return Size{Raw: len(data), Brotli: len(Brotli(data))}, nil
}

// wasmParts splits a WebAssembly module's function bodies by the Go package
// each function's name (the "name" custom section) belongs to, and its data
// segments into "(data)".
func wasmParts(m []byte) (map[string][]byte, error) {
	if len(m) < 8 || string(m[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	r := reader{b: m, at: 8}
	var imported int
	var bodies [][]byte
	names := map[int]string{}
	parts := map[string][]byte{}
	for r.at < len(m) && r.err == nil {
		id := r.byte()
		sec := reader{b: r.bytes(int(r.uleb()))}
		switch id {
		case 2: // imports: functions among them take the first indices
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				sec.bytes(int(sec.uleb())) // module
				sec.bytes(int(sec.uleb())) // name
				if kind := sec.byte(); kind != 0 {
					return nil, errors.New("an import other than a function")
				}
				sec.uleb()
				imported++
			}
		case 10: // code
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				bodies = append(bodies, sec.bytes(int(sec.uleb())))
			}
		case 11: // data
			parts["(data)"] = sec.b
		case 0:
			if string(sec.bytes(int(sec.uleb()))) != "name" {
				continue
			}
			for sec.at < len(sec.b) && sec.err == nil {
				kind := sec.byte()
				sub := reader{b: sec.bytes(int(sec.uleb()))}
				if kind != 1 { // function names
					continue
				}
				for n := sub.uleb(); n > 0 && sub.err == nil; n-- {
					i := int(sub.uleb())
					names[i] = string(sub.bytes(int(sub.uleb())))
				}
			}
			r.err = errors.Join(r.err, sec.err)
		}
		r.err = errors.Join(r.err, sec.err)
	}
	if r.err != nil {
		return nil, r.err
	}
	for i, body := range bodies {
		p := packageOf(names[imported+i])
		parts[p] = append(parts[p], body...)
	}
	return parts, nil
}

// packageOf is the package of a function by its name in a wasm module,
// where the linker writes a symbol's slashes (and brackets, stars) as
// underscores: "github.com_x_y.__T_.M" is package github.com/x/y (the
// hosts the modules' packages come from are known). The
// compiler's equality and hash functions of types are one part; the
// linker's own functions (no dot) stand as themselves.
func packageOf(name string) string {
	switch {
	case name == "":
		return "(unnamed)"
	case strings.HasPrefix(name, "type_."):
		return "(types' equality and hash)"
	}
	from := 0
	for _, host := range []string{"github.com_", "golang.org_"} {
		if strings.HasPrefix(name, host) {
			from = len(host) // a host's dots are the path's
		}
	}
	dot := strings.Index(name[from:], ".")
	if dot < 0 {
		return name
	}
	return strings.ReplaceAll(name[:from+dot], "_", "/")
}

// reader reads a module's bytes; past the end it reads zeros and keeps
// the error.
type reader struct {
	b   []byte
	at  int
	err error
}

func (r *reader) byte() byte {
	if r.at >= len(r.b) {
		r.err = errors.New("module ends early")
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[min(r.at, len(r.b)):])
	if n <= 0 {
		r.err = errors.New("module ends early")
		return 0
	}
	r.at += n
	return v
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || r.at+n > len(r.b) {
		r.err = errors.New("module ends early")
		r.at = len(r.b)
		return nil
	}
	r.at += n
	return r.b[r.at-n : r.at]
}

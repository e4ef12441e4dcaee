package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPackageOfReadsTheLinkersNames(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"github.com_trainscale_trainscale_estimator.checkPlan", "github.com/trainscale/trainscale/estimator"},
		{"github.com_trainscale_trainscale_internal_minjson.__decoder_.value", "github.com/trainscale/trainscale/internal/minjson"},
		{"runtime.__mheap_.alloc", "runtime"},
		{"runtime.wasm_export_run", "runtime"},
		{"internal_runtime_maps.__Map_.getWithKeySmall", "internal/runtime/maps"},
		{"syscall_js.Value.Get", "syscall/js"},
		{"type_.eq.github.com_trainscale_trainscale_estimator.Money", "(types' equality and hash)"},
		{"memchr", "memchr"},
		{"", "(unnamed)"},
	} {
		assert.Equal(t, tc.want, packageOf(tc.name), tc.name)
	}
}

// A module of two imported and three defined functions, named in its name
// section: each body goes to its function's package, the data apart.
func TestWasmPartsSplitsBodiesByPackage(t *testing.T) {
	section := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	var m []byte
	m = append(m, "\x00asm\x01\x00\x00\x00"...)
	var imports []byte
	imports = append(imports, 2)
	for _, f := range []string{"a", "b"} {
		imports = append(append(append(imports, str("go")...), str(f)...), 0, 0)
	}
	m = append(m, section(2, imports...)...)
	m = append(m, section(10, 3, 2, 0xAA, 0xAB, 1, 0xBB, 3, 0xCC, 0xCD, 0xCE)...)
	m = append(m, section(11, 9, 9, 9)...)
	var names []byte
	names = append(names, str("name")...)
	var fn []byte
	fn = append(fn, 3)
	for i, n := range []string{"runtime.mallocgc", "syscall_js.Value.Get", "runtime.__mheap_.alloc"} {
		fn = append(append(fn, byte(2+i)), str(n)...)
	}
	names = append(append(names, 1, byte(len(fn))), fn...)
	m = append(m, section(0, names...)...)

	parts, err := wasmParts(m)
	require.NoError(t, err)
	assert.Equal(t, map[string][]byte{
		"runtime":    {0xAA, 0xAB, 0xCC, 0xCD, 0xCE},
		"syscall/js": {0xBB},
		"(data)":     {9, 9, 9},
	}, parts)

	_, err = wasmParts(m[:len(m)-5])
	assert.Error(t, err, "a module cut short")
	_, err = wasmParts([]byte("not wasm"))
	assert.Error(t, err)
}

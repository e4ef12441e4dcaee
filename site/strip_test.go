package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A doc block standing on its own lines goes; a comment beside code, and
// any other comment, stays.
func TestStripDocComments(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a block", "a();\n/**\n * Doc.\n * @param {string} s\n */\nfunction f(s) {}\n", "a();\nfunction f(s) {}\n"},
		{"one line", "  /** @type {number} */\n  let n = 1;\n", "  let n = 1;\n"},
		{"a cast stays", "const e = /** @type {HTMLElement} */ (x);\n", "const e = /** @type {HTMLElement} */ (x);\n"},
		{"a cast leading its line stays", "/** @type {T} */ (x).y = 1;\n", "/** @type {T} */ (x).y = 1;\n"},
		{"code after the end stays", "/**\n * Doc.\n */ const k = 2;\nz();\n", "/**\n * Doc.\n */ const k = 2;\nz();\n"},
		{"plain comments stay", "// why\n/* block */\na();\n", "// why\n/* block */\na();\n"},
		{"no newline at the end", "/** doc */\nb()", "b()"},
	} {
		assert.Equal(t, tc.want, string(stripDocComments([]byte(tc.in))), tc.name)
	}
}

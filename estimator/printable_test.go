package estimator

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"ResNet-50":                    "ResNet-50",
		"日本語 🚀 שלום e\u0301":           "日本語 🚀 שלום e\u0301",
		"\x1b[2Jclear":                 `\x1b[2Jclear`,
		"\x1b]0;pwned\a title":         `\x1b]0;pwned\a title`,
		"nul\x00":                      `nul\x00`,
		"tab\tand\nline\r":             `tab\tand\nline\r`,
		"del\x7f c1\u0085\u009b\u0080": `del\x7f c1\u0085\u009b\u0080`,
		"\u202eevil\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a": `\u202eevil\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a`,
		"bad utf-8 \xff\x9b[2J": `bad utf-8 \xff\x9b[2J`,
		`a\x1b stays`:           `a\x1b stays`, // already printable: a second pass changes nothing
	} {
		got := Printable(in)
		assert.Equal(t, want, got, "%q", in)
		assert.Equal(t, got, Printable(got), "%q: not idempotent", in)
	}
	assert.Equal(t, `a\x1b`+"\n  "+`b\x00`, PrintableLines("a\x1b\nb\x00", "\n  "))
	assert.Equal(t, `one\t line`, PrintableLines("one\t line", "\n"))
	for _, r := range []rune{'a', ' ', 'é', '日', '\u00a0', '\u200d', '\u2028', '🚀'} {
		assert.False(t, Unprintable(r), "%U", r)
	}
	for _, r := range []rune{0, '\t', '\n', 0x1b, 0x7f, 0x80, 0x9f, 0x202e, 0x2066, 0x2069, 0x061c} {
		assert.True(t, Unprintable(r), "%U", r)
	}
}

// Whatever comes in, what Printable gives is UTF-8 with nothing left to
// escape, and no byte of the input is lost unseen.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b]0;x\a", "\u202e\u2066", "\xff\x9b", "\x00\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		assert.True(t, utf8.ValidString(got))
		assert.False(t, strings.ContainsFunc(got, Unprintable), "%q", got)
		assert.GreaterOrEqual(t, len(got), len(s))
		assert.Equal(t, got, Printable(got))
	})
}

package estimator

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable is text a user gave (a scenario's name, a label, a note, a
// source, a command-line argument) as every surface shows it: each control
// character (C0, tab and newline among them, DEL, C1), each bidirectional
// control (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) and
// each byte that is not UTF-8 is written as its Go escape (\x1b, \a, \x00,
// \u0085, \u202e, \xff), and everything else is kept. So a label cannot
// recolour a terminal, set its title, move its cursor or clear it, break a
// table's columns or a CSV's rows, or reorder what a terminal, a browser or
// a PDF viewer shows around it; an 8-bit terminal reads the byte 0x9b as
// CSI, hence the bytes. It is the one rule of every text output: the CLI's
// tables, CSV and errors, the HTML report, its charts, the PDF and the
// workbook. JSON writes the same runes (Unprintable) as JSON escapes, which
// keep the value.
func Printable(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, Unprintable) {
		return s
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteByte(hex[s[i]>>4])
			b.WriteByte(hex[s[i]&15])
		case Unprintable(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// PrintableLines is Printable for text whose line breaks are its own (a
// note, an explanation, an error list), on a surface that lays out lines:
// each line is made printable and the lines are joined by sep.
func PrintableLines(s, sep string) string {
	if !strings.Contains(s, "\n") {
		return Printable(s)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Printable(l)
	}
	return strings.Join(lines, sep)
}

// Unprintable reports whether Printable escapes r: a control character or
// a bidirectional control.
func Unprintable(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

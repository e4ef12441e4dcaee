package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// clean makes text from a scenario or a command line safe to print on a
// terminal: control characters (ESC, NUL, CR, tab, newline, DEL, C1), the
// bidirectional overrides and bytes that are not UTF-8 (an 8-bit terminal
// reads 0x9b as CSI) are written as Go escapes (\x1b, \x00, \u202e, \xff),
// so a name cannot recolour, move the cursor, clear the screen, break a
// table's columns or reorder what is shown. Everything else is kept.
func clean(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

// cleanLines is clean for text whose line breaks are its own (an error
// list, an explanation): each line is cleaned and the lines joined by sep.
func cleanLines(s, sep string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = clean(l)
	}
	return strings.Join(lines, sep)
}

// csvSafe keeps a spreadsheet from running a cell as a formula (CSV
// injection): a cell that starts with =, +, -, @, tab or carriage return gets
// a leading single quote, as OWASP advises. A plain number such as -5 or
// -1.5e+06 is left as it is, so numeric columns stay numbers.
func csvSafe(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || plainNumber(s) {
		return s
	}
	return "'" + s
}

// plainNumber reports whether s is a decimal number and nothing else: no
// Inf, NaN or hex, which a spreadsheet would read as a name.
func plainNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && strings.Trim(s, "+-.0123456789eE") == ""
}

// csvWriter is csv.Writer with every cell passed through csvSafe: the one
// way the CLI writes CSV.
type csvWriter struct{ *csv.Writer }

func newCSV(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

func (w csvWriter) Write(record []string) error {
	safe := make([]string, len(record))
	for i, c := range record {
		safe[i] = csvSafe(c)
	}
	return w.Writer.Write(safe)
}

package main

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/trainscale/trainscale/estimator"
)

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

// csvWriter is csv.Writer with every cell made printable
// (estimator.Printable: a terminal may show the file, and one record is one
// line) and passed through csvSafe: the one way the CLI writes CSV.
type csvWriter struct{ *csv.Writer }

func newCSV(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

func (w csvWriter) Write(record []string) error {
	safe := make([]string, len(record))
	for i, c := range record {
		safe[i] = csvSafe(estimator.Printable(c))
	}
	return w.Writer.Write(safe)
}

// writeColumns writes rows as left-aligned columns two spaces apart, the last
// column unpadded, measuring each cell by the columns a terminal gives it:
// text/tabwriter counts runes, so a column of Japanese (two columns a
// character) ran ragged.
func writeColumns(w io.Writer, rows [][]string) error {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-displayWidth(cell)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// displayWidth is the number of terminal columns s takes: two for an East
// Asian wide or fullwidth character (UAX #11: CJK ideographs, kana, Hangul,
// fullwidth forms and punctuation such as "（"), none for a combining mark,
// one for anything else.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
		case isWide(r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// wideRanges are the East Asian Wide and Fullwidth blocks a label may use.
var wideRanges = [][2]rune{
	{0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
	{0xA000, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF60},
	{0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD},
}

func isWide(r rune) bool {
	for _, w := range wideRanges {
		if r >= w[0] && r <= w[1] {
			return true
		}
	}
	return false
}

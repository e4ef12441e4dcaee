package pdf

import (
	"strings"
	"unicode"
)

// wrap breaks text into lines no wider than width (in the document's unit)
// at the current font: at spaces, and between any two CJK characters, which
// need no space to break. fpdf's MultiCell drops a character at each break it
// makes inside CJK text, so every paragraph goes through here and is written
// line by line with Cell. A word wider than the line is broken where it must.
func (d *doc) wrap(text string, width float64) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, d.wrapLine(para, width)...)
	}
	return out
}

func (d *doc) wrapLine(text string, width float64) []string {
	if text == "" {
		return []string{""}
	}
	var (
		out       []string
		start     = 0  // byte offset of the current line
		lastBreak = -1 // byte offset where the line may end (exclusive)
		resume    = -1 // where the next line starts after that break
		w         float64
		widthAt   = map[int]float64{} // line width up to a break offset
	)
	for i, r := range text {
		rw := d.runeWidth(r)
		if w+rw > width && i > start && r != ' ' { // a trailing space may overhang
			if lastBreak > start {
				out = append(out, strings.TrimRight(text[start:lastBreak], " "))
				w -= widthAt[lastBreak]
				if text[lastBreak] == ' ' {
					w -= d.runeWidth(' ')
				}
				start = resume
			} else {
				out = append(out, text[start:i])
				w, start = 0, i
			}
			lastBreak = -1
			clear(widthAt)
		}
		switch {
		case r == ' ':
			lastBreak, resume = i, i+1
			widthAt[i] = w
		case isCJK(r) && i > start:
			lastBreak, resume = i, i
			widthAt[i] = w
		}
		w += rw
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// runeWidth is one character's advance at the current font and size,
// memoised per font.
func (d *doc) runeWidth(r rune) float64 {
	key := widthKey{d.font, d.style, r}
	if w, ok := d.widths[key]; ok {
		return w * d.size
	}
	var s string
	if d.utf8 {
		s = string(r)
	} else {
		s = d.tr(string(r))
	}
	w := d.pdf.GetStringWidth(s) / d.size
	d.widths[key] = w
	return w * d.size
}

type widthKey struct {
	font, style string
	r           rune
}

// isCJK reports whether a line may break before r without a space.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

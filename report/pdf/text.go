package pdf

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
	w := d.pdf.GetStringWidth(d.tr(string(r))) / d.size
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

// cp1252Extra are the characters of Windows-1252, the core fonts' encoding,
// at 0x80 to 0x9f; it has Latin-1's at 0x20 to 0x7e and 0xa0 to 0xff.
const cp1252Extra = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"

// draws reports whether the current font has a glyph for r. Control
// characters are never drawn: fpdf would write them into the page as they are.
func (d *doc) draws(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return false
	case d.glyphs != nil:
		return d.glyphs.has(r)
	}
	return r >= 0x20 && r <= 0x7e || r >= 0xa0 && r <= 0xff || strings.ContainsRune(cp1252Extra, r)
}

// drawable replaces each character the font cannot draw (one outside the
// Basic Multilingual Plane, which fpdf cannot embed, a control character, a
// byte that is not UTF-8) with a visible substitute, so that a name in any
// script prints as what it can and marks what it cannot.
func (d *doc) drawable(s string) string { return replace(s, d.draws, d.substitute) }

// plain is s for the document's metadata (its title, the outline): viewers
// draw it with their own fonts, but fpdf's UTF-16 encoder reads only valid
// UTF-8 of the Basic Multilingual Plane.
func plain(s string) string {
	return replace(s, func(r rune) bool { return r < 0x10000 && !unicode.IsControl(r) }, utf8.RuneError)
}

// replace returns s with sub for each character keep refuses and each byte
// that is not UTF-8, copying s only when something is replaced.
func replace(s string, keep func(rune) bool, sub rune) string {
	var b *strings.Builder
	for i, r := range s {
		ok := keep(r) && (r != utf8.RuneError || strings.HasPrefix(s[i:], "\uFFFD"))
		if !ok && b == nil {
			b = &strings.Builder{}
			b.WriteString(s[:i])
		}
		if b == nil {
			continue
		}
		if !ok {
			r = sub
		}
		b.WriteRune(r)
	}
	if b == nil {
		return s
	}
	return b.String()
}

package pdf

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/trainscale/trainscale/estimator"
)

// wrap breaks text into lines no wider than width (in the document's unit)
// at the current font, where breakable says a line may end. fpdf's MultiCell
// drops a character at each break it makes inside CJK text and knows nothing
// of Japanese line breaking, so every paragraph goes through here and is
// written line by line with Cell.
func (d *doc) wrap(text string, width float64) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, wrapLine(para, width, d.runeWidth)...)
	}
	return out
}

// wrapLine breaks one paragraph at the last place breakable allows before
// each line runs past width. A space at a break is dropped, and a space may
// overhang the line's end. A run with no break wider than the line (a long
// identifier, a katakana word in a narrow column) is broken where it must.
func wrapLine(text string, width float64, runeWidth func(rune) float64) []string {
	rs := []rune(text)
	if len(rs) == 0 {
		return []string{""}
	}
	at := make([]float64, len(rs)+1) // at[i]: the width of rs[:i]
	for i, r := range rs {
		at[i+1] = at[i] + runeWidth(r)
	}
	var lines [][2]int // each line's first rune and the rune after its last
	emit := func(from, to int) { lines = append(lines, [2]int{from, to}) }
	start := 0           // where the current line starts
	end, resume := -1, 0 // the last break: the line ends at end, the next starts at resume
	for i := 0; i < len(rs); i++ {
		if i > start && rs[i-1] != ' ' {
			if e, r, ok := breakable(rs, i); ok {
				end, resume = e, r
			}
		}
		for rs[i] != ' ' && i > start && at[i+1]-at[start] > width {
			if end > start {
				emit(start, end)
				start = resume
			} else {
				emit(start, i)
				start = i
			}
			end = -1
		}
	}
	if start < len(rs) {
		emit(start, len(rs))
	}
	// A paragraph ending in one character alone ("割 / 合") reads as a slip:
	// the line above gives it its last character where a break before that
	// one is allowed and the pair fits.
	if n := len(lines); n > 1 {
		prev, last := &lines[n-2], &lines[n-1]
		k := prev[1] - 1
		if last[1]-last[0] == 1 && prev[1] == last[0] && k-prev[0] > 1 && rs[k-1] != ' ' && at[last[1]]-at[k] <= width {
			if _, _, ok := breakable(rs, k); ok {
				prev[1], last[0] = k, k
			}
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(string(rs[l[0]:l[1]]), " ")
	}
	return out
}

// breakable says whether a line may end before rs[i] (rs[i-1] is no
// space), and if so where it ends and the next begins: spaces at a break
// belong to neither line. Latin text breaks at spaces and after a range's
// en dash ("USD 4,726,992–USD 8,644,361"); Japanese between any
// two characters, as JIS X 4051 (kinsoku shori) allows: never before small
// kana, the long vowel mark or closing punctuation, never after an opening
// bracket, never inside a katakana word ("ワークブック"), and never between a
// number and the unit or counter after it ("7 日間", "143 台", "7日") or a
// currency code and its amount ("USD 490,630,407").
func breakable(rs []rune, i int) (end, resume int, ok bool) {
	a, b := rs[i-1], rs[i]
	if a == '–' && b != ' ' {
		return i, i, true // a range ("0.21 years–0.38 years") may break after its dash
	}
	if b != ' ' {
		return i, i, (isCJK(a) || isCJK(b)) && !noLineStart(b) && !noLineEnd(a) &&
			!(isKatakana(a) && isKatakana(b)) && !(isDigit(a) && isCJK(b)) && !counter(rs, i)
	}
	next := i
	for next < len(rs) && rs[next] == ' ' {
		next++
	}
	switch {
	case next == len(rs):
	case isDigit(a) && !isDigit(rs[next]) && !noLineEnd(rs[next]):
		return 0, 0, false // "7 days", "7 日間": the unit stays with its number
	case isDigit(rs[next]) && currencyCode(rs[:i]):
		return 0, 0, false // "USD 490,630,407": the currency with its amount
	}
	return i, next, true
}

// currencyCode reports whether rs ends in a word of three capital letters,
// as an ISO 4217 code ("USD", "JPY") is.
func currencyCode(rs []rune) bool {
	n := len(rs)
	if n < 3 || n > 3 && unicode.IsLetter(rs[n-4]) {
		return false
	}
	for _, r := range rs[n-3:] {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// counter reports whether rs[i-1] and rs[i] are kanji of the counter or
// unit a number carries ("7 日間", "3 年間"): the first maxCounter kanji
// right after a number, spaces between them or not. Kanji beyond them break
// as any do; the bound also keeps the walk back short.
func counter(rs []rune, i int) bool {
	han := func(r rune) bool { return unicode.Is(unicode.Han, r) }
	if !han(rs[i]) {
		return false
	}
	j := i - 1
	for j >= 0 && han(rs[j]) {
		if i-j >= maxCounter {
			return false
		}
		j--
	}
	for j >= 0 && rs[j] == ' ' {
		j--
	}
	return j >= 0 && j < i-1 && isDigit(rs[j])
}

// maxCounter is the longest counter or unit in kanji: 日間, 年間, 時間.
const maxCounter = 3

// isCJK reports whether r is ideographic or kana, CJK punctuation or a
// half-width katakana form: text that breaks between characters without a
// space. The full-width forms of ASCII ("１００", "％") are not: a number
// typed in them stays whole, as one typed in ASCII does.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff5f && r <= 0xffef) || r == 'ー'
}

// isKatakana reports whether r belongs inside a katakana word: the long
// vowel mark (U+30FC) and its half-width form are of the Common script.
func isKatakana(r rune) bool {
	return unicode.Is(unicode.Katakana, r) || r == 'ー' || r == 'ｰ'
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' || r >= '０' && r <= '９' }

// noStart are the characters a line may not begin with (JIS X 4051's
// closing brackets, hyphens, dividing and middle punctuation, full stops,
// commas, iteration marks, the long vowel mark, small kana, and the units
// that follow a number), noEnd those it may not end with (opening brackets
// and the currency signs that precede one).
const (
	noStart = ")]}）〕］｝〉》」』】〙〗〟’”｠»" + "‐〜゠–" + "?!？！‼⁇⁈⁉" + "・:;：；" + "。.．" + "、,，" +
		"ヽヾゝゞ々〻" + "ーｰ" + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｬｭｮｯ" +
		"%％‰°′″℃"
	noEnd = "([{（〔［｛〈《「『【〘〖〝‘“｟«" + "$¥£€＄￥￡"
)

func noLineStart(r rune) bool { return strings.ContainsRune(noStart, r) }

func noLineEnd(r rune) bool { return strings.ContainsRune(noEnd, r) }

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

// cp1252Extra are the characters of Windows-1252, the core fonts' encoding,
// at 0x80 to 0x9f; it has Latin-1's at 0x20 to 0x7e and 0xa0 to 0xff.
const cp1252Extra = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"

// draws reports whether the current font has a glyph for r.
func (d *doc) draws(r rune) bool {
	if d.glyphs != nil {
		return d.glyphs.has(r)
	}
	return r >= 0x20 && r <= 0x7e || r >= 0xa0 && r <= 0xff || strings.ContainsRune(cp1252Extra, r)
}

// drawable is s as the proposal draws it: made printable first, by the rule
// of every surface (estimator.Printable: a control character, which fpdf
// would write into the page as it is, a bidirectional control or a byte that
// is not UTF-8 prints as its escape, \x1b or \u202e), then with each
// character the font cannot draw (one outside the Basic Multilingual Plane,
// which fpdf cannot embed) replaced by a visible substitute, so that a name
// in any script prints as what it can and marks what it cannot. fpdf draws
// no text right to left, but a bidirectional control would still reorder
// the text a reader copies out of the PDF.
func (d *doc) drawable(s string) string {
	return replace(estimator.Printable(s), d.draws, d.substitute)
}

// plain is s for the document's metadata (its title, the outline): made
// printable, as drawable does, since viewers show it in their own windows,
// and of the Basic Multilingual Plane only, since fpdf's UTF-16 encoder reads
// no more.
func plain(s string) string {
	return replace(estimator.Printable(s), func(r rune) bool { return r < 0x10000 }, utf8.RuneError)
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

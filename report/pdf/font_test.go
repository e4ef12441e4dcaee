package pdf

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
)

// tinyFont builds a TrueType font of boxes: glyph 0 (.notdef), one box for
// each of U+0020 to U+007E, and one for U+FFFD when withFFFD. change may edit
// its tables before they are put together.
func tinyFont(withFFFD bool, change func(tables map[string][]byte)) []byte {
	be := binary.BigEndian
	u16 := func(vs ...int) []byte {
		var b []byte
		for _, v := range vs {
			b = be.AppendUint16(b, uint16(v))
		}
		return b
	}
	box := slices.Concat(u16(1, 50, 0, 450, 700, 3, 0), []byte{1, 1, 1, 1},
		u16(50, 0, 400, 0), u16(0, 700, 0, -700))
	nGlyphs := 1 + 95
	type seg struct{ start, end, delta int }
	segs := []seg{{0x20, 0x7e, 1 - 0x20}}
	if withFFFD {
		segs = append(segs, seg{0xfffd, 0xfffd, nGlyphs - 0xfffd})
		nGlyphs++
	}
	segs = append(segs, seg{0xffff, 0xffff, 1})
	var ends, starts, deltas []byte
	for _, s := range segs {
		ends, starts, deltas = append(ends, u16(s.end)...), append(starts, u16(s.start)...), append(deltas, u16(s.delta)...)
	}
	n := len(segs)
	sub := slices.Concat(u16(4, 16+8*n, 0, 2*n, 0, 0, 0), ends, u16(0), starts, deltas, make([]byte, 2*n))

	var glyf, loca, hmtx []byte
	for g := range nGlyphs {
		loca = append(loca, u16(len(glyf)/2)...)
		if g > 0 {
			glyf = append(glyf, box...)
		}
		hmtx = append(hmtx, u16(500, 50)...)
	}
	loca = append(loca, u16(len(glyf)/2)...)
	name := u16('T', 'e', 's', 't')
	tables := map[string][]byte{
		"head": slices.Concat(u16(1, 0, 1, 0, 0, 0, 0x5f0f, 0x3cf5, 0, 1000), make([]byte, 16), u16(0, 0xffff-199, 500, 800, 0, 8, 2, 0, 0)),
		"hhea": slices.Concat(u16(1, 0, 800, 0xffff-199, 0, 500), make([]byte, 20), u16(0, nGlyphs)),
		"maxp": slices.Concat(u16(1, 0, nGlyphs), make([]byte, 26)),
		"hmtx": hmtx,
		"cmap": slices.Concat(u16(0, 1, 3, 1, 0, 12), sub),
		"loca": loca,
		"glyf": glyf,
		"name": slices.Concat(u16(0, 1, 18, 3, 1, 0x409, 1, len(name), 0), name),
		"post": slices.Concat(u16(3, 0), make([]byte, 28)),
	}
	if change != nil {
		change(tables)
	}
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	out := slices.Concat(u16(1, 0, len(tags), 0, 0, 0))
	off := 12 + 16*len(tags)
	var body []byte
	for _, t := range tags {
		data := tables[t]
		out = append(append(append(out, t...), 0, 0, 0, 0), be.AppendUint32(be.AppendUint32(nil, uint32(off+len(body))), uint32(len(data)))...)
		body = append(body, data...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

func TestTinyFontLoads(t *testing.T) {
	for _, withFFFD := range []bool{false, true} {
		glyphs, err := checkFont(tinyFont(withFFFD, nil))
		require.NoError(t, err)
		assert.True(t, glyphs.has('A'))
		assert.False(t, glyphs.has(0x1b)) // a control character
		assert.False(t, glyphs.has('あ'))
		assert.False(t, glyphs.has(0x1f680))
		assert.Equal(t, withFFFD, glyphs.has(0xfffd))
	}
}

// composite makes glyph 1 a composite glyph of the given parts.
func composite(parts ...int) func(map[string][]byte) {
	return func(tables map[string][]byte) {
		var g []byte
		g = binary.BigEndian.AppendUint16(g, 0xffff) // numberOfContours -1
		g = append(g, make([]byte, 8)...)
		for i, p := range parts {
			flags := 0
			if i < len(parts)-1 {
				flags = 0x0020
			}
			g = binary.BigEndian.AppendUint16(g, uint16(flags))
			g = binary.BigEndian.AppendUint16(g, uint16(p))
			g = append(g, 0, 0)
		}
		for len(g) < 34 {
			g = append(g, 0) // keep the other glyphs where loca says
		}
		copy(tables["glyf"], g[:34])
	}
}

func TestCheckFontRefusesCorruptFonts(t *testing.T) {
	good := tinyFont(false, nil)
	for _, tc := range []struct {
		name string
		font []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"text", []byte("this is not a font at all"), "not a TrueType font"},
		{"collection", []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01"), ".ttc"},
		{"cff", append([]byte("OTTO"), good[4:]...), "CFF"},
		{"truncated directory", good[:20], "table directory"},
		{"truncated table", good[:len(good)-100], "past the end of the file"},
		{"no cmap", tinyFont(false, func(ts map[string][]byte) { delete(ts, "cmap") }), `no "cmap" table`},
		{"short head", tinyFont(false, func(ts map[string][]byte) { ts["head"] = ts["head"][:40] }), `"head" table is too short`},
		{"zero units per em", tinyFont(false, func(ts map[string][]byte) { ts["head"][18], ts["head"][19] = 0, 0 }), "unitsPerEm"},
		{"loca past glyf", tinyFont(false, func(ts map[string][]byte) { ts["glyf"] = ts["glyf"][:100] }), "glyphs run to byte"},
		{"glyph inside itself", tinyFont(false, composite(1)), "contains itself"},
		{"composite glyph", tinyFont(false, composite(2, 2)), ""}, // of a simple glyph twice: fine
		{"missing component", tinyFont(false, composite(5000)), "uses glyph 5000"},
		{"overlapping cmap", tinyFont(false, func(ts map[string][]byte) {
			// The cmap record (12 bytes), the subtable's header and its two
			// end codes and pad (16+2*2): the second start code.
			binary.BigEndian.PutUint16(ts["cmap"][12+16+2*2+2:], 0x10)
		}), "overlap"},
		{"restricted licence", tinyFont(false, func(ts map[string][]byte) {
			os2 := make([]byte, 96)
			os2[9] = 2
			ts["OS/2"] = os2
		}), "licence"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := checkFont(tc.font)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// TestCheckedFontsLoadInFpdf: every prefix of a font, and every change of a
// byte that mutationOffsets picks in each of its tables, either fails
// checkFont or embeds in fpdf without a panic and without fpdf printing to
// standard output.
//
// It swaps os.Stdout, so it must not run in parallel: the package's parallel
// tests start only once it has put it back.
func TestCheckedFontsLoadInFpdf(t *testing.T) {
	good := tinyFont(true, nil)
	stdout := os.Stdout
	capture, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	require.NoError(t, err)
	os.Stdout = capture
	defer func() { os.Stdout = stdout }()
	embedded := 0
	try := func(font []byte) {
		if _, err := checkFont(font); err != nil {
			return
		}
		embedded++
		require.NotPanics(t, func() {
			p := fpdf.New("P", "mm", "A4", "")
			p.AddUTF8FontFromBytes("body", "", font)
			p.AddPage()
			p.SetFont("body", "", 10)
			p.CellFormat(40, 5, "Any text ?", "", 1, "L", false, 0, "")
			_ = p.Output(io.Discard)
		}, "%x", font)
	}
	for n := range len(good) {
		try(good[:n]) // a truncated file fails checkFont before fpdf sees it: cheap
	}
	// One run through fpdf takes milliseconds and every glyph, metric and
	// location is the same few bytes repeated, so changes are tried at the
	// bytes where each table's structure lies rather than at all 4,000.
	tried := mutationOffsets(good, fullMutations)
	if testing.Short() {
		tried = mutationOffsets(good, shortMutations)
	}
	for _, n := range tried {
		for _, v := range []byte{0, 0xff, good[n] ^ 0x80} {
			bad := slices.Clone(good)
			bad[n] = v
			try(bad)
		}
	}
	st, err := capture.Stat()
	require.NoError(t, err)
	assert.Zero(t, st.Size(), "fpdf printed to standard output")
	assert.Greater(t, embedded, len(tried), "most single-byte changes leave a usable font")
}

// sampling says which bytes of a font mutationOffsets picks: every dir-th
// byte of the table directory; in each table its first head bytes (the
// counts, versions and first record that the checks read), its last byte and
// every stride-th byte of the rest. Strides are prime to the 16-byte
// directory records and the 34-byte glyphs, so the picks fall on every field.
type sampling struct{ dir, head, stride int }

var (
	fullMutations  = sampling{dir: 1, head: 24, stride: 41}
	shortMutations = sampling{dir: 7, head: 1, stride: 251}
)

// mutationOffsets lists, in order, the bytes of font that s picks, and always
// the 12-byte header.
func mutationOffsets(font []byte, s sampling) []int {
	dirEnd := 12 + 16*int(binary.BigEndian.Uint16(font[4:]))
	pick := make([]bool, len(font))
	for n := range dirEnd {
		pick[n] = n < 12 || (n-12)%s.dir == 0
	}
	for rec := 12; rec < dirEnd; rec += 16 {
		off, size := int(binary.BigEndian.Uint32(font[rec+8:])), int(binary.BigEndian.Uint32(font[rec+12:]))
		for i := range size {
			pick[off+i] = i < s.head || i == size-1 || (i-s.head)%s.stride == 0
		}
	}
	var out []int
	for n, ok := range pick {
		if ok {
			out = append(out, n)
		}
	}
	return out
}

func TestMutationOffsetsCoverEveryTable(t *testing.T) {
	font := tinyFont(true, nil)
	for _, s := range []sampling{fullMutations, shortMutations} {
		tried := mutationOffsets(font, s)
		assert.True(t, slices.IsSorted(tried))
		assert.Equal(t, 0, tried[0])
		for rec := 12; rec < 12+16*int(binary.BigEndian.Uint16(font[4:])); rec += 16 {
			off, size := int(binary.BigEndian.Uint32(font[rec+8:])), int(binary.BigEndian.Uint32(font[rec+12:]))
			tag := string(font[rec : rec+4])
			assert.Contains(t, tried, off, "%s: first byte", tag)
			assert.Contains(t, tried, off+size-1, "%s: last byte", tag)
		}
	}
}

func TestLoadFontNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ttf")
	require.NoError(t, os.WriteFile(good, tinyFont(false, nil), 0o644))
	font, err := LoadFont(good)
	require.NoError(t, err)
	assert.NotEmpty(t, font)

	truncated := filepath.Join(dir, "truncated.ttf")
	require.NoError(t, os.WriteFile(truncated, tinyFont(false, nil)[:300], 0o644))
	for path, want := range map[string]string{
		filepath.Join(dir, "missing.ttf"): "no such file",
		dir:                               "not a regular file",
		truncated:                         "truncated",
	} {
		_, err := LoadFont(path)
		require.Error(t, err, path)
		assert.True(t, estimator.IsInvalidInput(err), "bad input, exit 2: %v", err)
		assert.ErrorContains(t, err, path)
		assert.ErrorContains(t, err, want)
	}
}

func TestDrawableSubstitutes(t *testing.T) {
	core := &doc{substitute: '?'}
	tiny, err := checkFont(tinyFont(true, nil))
	require.NoError(t, err)
	ttf := &doc{substitute: 0xfffd, glyphs: tiny}
	for _, tc := range []struct{ in, core, ttf string }{
		{"plain ASCII", "plain ASCII", "plain ASCII"},
		{"café €5", "café €5", "caf� �5"},
		{"日本語", "???", "���"},
		{"🚀 go", "? go", "� go"},
		{"a\x00b\x1bc\x7fd\u0085", `a\x00b\x1bc\x7fd\u0085`, `a\x00b\x1bc\x7fd\u0085`},
		{"bad \xff\xfe utf-8", `bad \xff\xfe utf-8`, `bad \xff\xfe utf-8`},
		{"e\u0301", "e?", "e�"},
		{"שלום", "????", "����"},
		{"\u202eevil\u2066", `\u202eevil\u2066`, `\u202eevil\u2066`},
		{"keep \ufffd", "keep ?", "keep \ufffd"},
	} {
		assert.Equal(t, tc.core, core.drawable(tc.in), "core fonts: %q", tc.in)
		assert.Equal(t, tc.ttf, ttf.drawable(tc.in), "TrueType: %q", tc.in)
	}
	assert.Equal(t, `a\x1b`+"\ufffd b", plain("a\x1b🚀 b"))
	assert.Equal(t, "ok ロケット", plain("ok ロケット"))
}

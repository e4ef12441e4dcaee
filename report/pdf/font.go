package pdf

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// MaxFontBytes bounds a font file: the largest CJK TrueType fonts are about
// 30 MB, and a path such as /dev/zero must not be read until memory runs out.
const MaxFontBytes = 64 << 20

// maxGlyphVisits bounds the glyphs fpdf visits to subset one composite glyph:
// it walks every component of every component again, so a font whose
// composites share parts can make that walk exponential. Real fonts need a
// handful.
const maxGlyphVisits = 1000

// glyphSet is the characters of the Basic Multilingual Plane a font draws:
// fpdf reads only the format 4 cmap, so nothing beyond U+FFFF.
type glyphSet [0x10000 / 64]uint64

func (g *glyphSet) add(r int) { g[r/64] |= 1 << (r % 64) }

func (g *glyphSet) has(r rune) bool { return r >= 0 && r < 0x10000 && g[r/64]&(1<<(r%64)) != 0 }

// checkFont checks, with every offset bounded, each part of a TrueType font
// that fpdf reads, and returns the characters the font has glyphs for. fpdf
// trusts the file: a truncated or corrupt font makes it index past a slice,
// recurse without end on a composite glyph that contains itself, or print to
// standard output and carry on. A font that passes here loads in fpdf.
func checkFont(data []byte) (*glyphSet, error) {
	if len(data) < 12 {
		return nil, errors.New("not a TrueType font (too short)")
	}
	switch string(data[:4]) {
	case "ttcf":
		return nil, errors.New("a font collection (.ttc) cannot be embedded; give a single .ttf font")
	case "OTTO":
		return nil, errors.New("a CFF-flavoured OpenType font cannot be embedded; give a TrueType (.ttf) font")
	case "\x00\x01\x00\x00", "true":
	default:
		return nil, errors.New("not a TrueType font")
	}
	f := &ttf{data: data, tables: map[string][]byte{}}
	n := int(u16(data, 4))
	if 12+16*n > len(data) {
		return nil, errors.New("truncated: the table directory runs past the end of the file")
	}
	for i := range n {
		rec := data[12+16*i:]
		tag := string(rec[:4])
		off, size := uint64(binary.BigEndian.Uint32(rec[8:])), uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+size > uint64(len(data)) {
			return nil, fmt.Errorf("truncated: the %q table runs past the end of the file", tag)
		}
		f.tables[tag] = data[off : off+size]
	}
	for _, check := range []func() error{f.head, f.hhea, f.maxp, f.hmtx, f.os2, f.post, f.name, f.loca, f.glyf} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return f.cmap()
}

type ttf struct {
	data                   []byte
	tables                 map[string][]byte
	longLoca               bool
	numGlyphs, numHMetrics int
	glyphStart             []int // numGlyphs+1 offsets into glyf
	glyfTable              []byte
}

// table returns the named table, which must hold at least min bytes.
func (f *ttf) table(tag string, min int) ([]byte, error) {
	t, ok := f.tables[tag]
	if !ok {
		return nil, fmt.Errorf("no %q table", tag)
	}
	if len(t) < min {
		return nil, fmt.Errorf("the %q table is too short (%d bytes, needs %d)", tag, len(t), min)
	}
	return t, nil
}

func u16(b []byte, at int) uint16 { return binary.BigEndian.Uint16(b[at:]) }

func (f *ttf) head() error {
	t, err := f.table("head", 54)
	if err != nil {
		return err
	}
	if upem := u16(t, 18); upem < 16 || upem > 16384 {
		return fmt.Errorf("unitsPerEm must be 16 to 16384, got %d", upem)
	}
	switch u16(t, 50) {
	case 0:
	case 1:
		f.longLoca = true
	default:
		return fmt.Errorf("unknown loca format %d", u16(t, 50))
	}
	if u16(t, 52) != 0 {
		return fmt.Errorf("unknown glyph data format %d", u16(t, 52))
	}
	return nil
}

func (f *ttf) hhea() error {
	t, err := f.table("hhea", 36)
	if err != nil {
		return err
	}
	if u16(t, 32) != 0 {
		return fmt.Errorf("unknown horizontal metrics format %d", u16(t, 32))
	}
	if f.numHMetrics = int(u16(t, 34)); f.numHMetrics == 0 {
		return errors.New("no horizontal metrics")
	}
	return nil
}

func (f *ttf) maxp() error {
	t, err := f.table("maxp", 6)
	if err != nil {
		return err
	}
	if f.numGlyphs = int(u16(t, 4)); f.numGlyphs == 0 || f.numHMetrics > f.numGlyphs {
		return fmt.Errorf("%d glyphs with %d horizontal metrics", f.numGlyphs, f.numHMetrics)
	}
	return nil
}

func (f *ttf) hmtx() error {
	_, err := f.table("hmtx", 4*f.numHMetrics+2*(f.numGlyphs-f.numHMetrics))
	return err
}

func (f *ttf) os2() error {
	t, ok := f.tables["OS/2"]
	if !ok {
		return nil // optional: fpdf falls back on the head table
	}
	if len(t) < 72 || (u16(t, 0) > 1 && len(t) < 90) {
		return fmt.Errorf("the \"OS/2\" table is too short (%d bytes)", len(t))
	}
	if fsType := u16(t, 8); fsType == 0x0002 || fsType&0x0300 != 0 {
		return fmt.Errorf("the font's licence does not allow embedding it (OS/2 fsType %#04x)", fsType)
	}
	return nil
}

func (f *ttf) post() error {
	_, err := f.table("post", 16)
	return err
}

// name checks the records fpdf reads: format 0, each record and its string
// inside the table, and Windows Unicode strings of whole UTF-16 units.
func (f *ttf) name() error {
	t, err := f.table("name", 6)
	if err != nil {
		return err
	}
	if u16(t, 0) != 0 {
		return fmt.Errorf("unknown name table format %d", u16(t, 0))
	}
	count, strings := int(u16(t, 2)), int(u16(t, 4))
	if 6+12*count > len(t) {
		return errors.New("the \"name\" table is truncated")
	}
	for i := range count {
		rec := t[6+12*i:]
		platform, encoding, language := u16(rec, 0), u16(rec, 2), u16(rec, 4)
		size, off := int(u16(rec, 8)), int(u16(rec, 10))
		if strings+off+size > len(t) {
			return errors.New("a name runs past the end of the \"name\" table")
		}
		if platform == 3 && encoding == 1 && language == 0x409 && size%2 != 0 {
			return errors.New("a Unicode name has an odd length")
		}
	}
	return nil
}

func (f *ttf) loca() error {
	glyf, err := f.table("glyf", 0)
	if err != nil {
		return err
	}
	f.glyfTable = glyf
	entry := 2
	if f.longLoca {
		entry = 4
	}
	t, err := f.table("loca", entry*(f.numGlyphs+1))
	if err != nil {
		return err
	}
	f.glyphStart = make([]int, f.numGlyphs+1)
	for i := range f.glyphStart {
		if f.longLoca {
			f.glyphStart[i] = int(binary.BigEndian.Uint32(t[4*i:]))
		} else {
			f.glyphStart[i] = 2 * int(u16(t, 2*i))
		}
		if i > 0 && f.glyphStart[i] < f.glyphStart[i-1] {
			return fmt.Errorf("glyph %d starts before the one ahead of it", i)
		}
	}
	if end := f.glyphStart[f.numGlyphs]; end > len(glyf) {
		return fmt.Errorf("truncated: the glyphs run to byte %d of a %d-byte \"glyf\" table", end, len(glyf))
	}
	return nil
}

// glyf checks every composite glyph as fpdf walks it: each component record
// inside the glyph, each component an existing glyph, no glyph inside itself,
// and no glyph that takes more than maxGlyphVisits steps to walk.
func (f *ttf) glyf() error {
	parts := make([][]int, f.numGlyphs)
	for g := range f.numGlyphs {
		data := f.glyfTable[f.glyphStart[g]:f.glyphStart[g+1]]
		if len(data) == 0 {
			continue
		}
		if len(data) < 10 {
			return fmt.Errorf("glyph %d is truncated", g)
		}
		if int16(u16(data, 0)) >= 0 {
			continue // a simple glyph: fpdf copies it whole
		}
		for at, more := 10, true; more; {
			if at+4 > len(data) {
				return fmt.Errorf("composite glyph %d is truncated", g)
			}
			flags, part := u16(data, at), int(u16(data, at+2))
			if part >= f.numGlyphs {
				return fmt.Errorf("composite glyph %d uses glyph %d of %d", g, part, f.numGlyphs)
			}
			parts[g] = append(parts[g], part)
			// The same order of flags as fpdf reads them.
			at += 4 + 2
			if flags&0x0001 != 0 {
				at += 2
			}
			switch {
			case flags&0x0008 != 0:
				at += 2
			case flags&0x0040 != 0:
				at += 4
			case flags&0x0080 != 0:
				at += 8
			}
			if at > len(data) {
				return fmt.Errorf("composite glyph %d is truncated", g)
			}
			more = flags&0x0020 != 0
		}
	}
	visits := make([]int, f.numGlyphs) // 0 unknown, -1 being walked
	var walk func(g int) (int, error)
	walk = func(g int) (int, error) {
		switch visits[g] {
		case -1:
			return 0, fmt.Errorf("composite glyph %d contains itself", g)
		case 0:
		default:
			return visits[g], nil
		}
		visits[g] = -1
		n := 1
		for _, p := range parts[g] {
			m, err := walk(p)
			if err != nil {
				return 0, err
			}
			if n += m; n > maxGlyphVisits {
				return 0, fmt.Errorf("composite glyph %d nests more than %d glyphs", g, maxGlyphVisits)
			}
		}
		visits[g] = n
		return n, nil
	}
	for g := range f.numGlyphs {
		if _, err := walk(g); err != nil {
			return err
		}
	}
	return nil
}

// cmap reads the subtable fpdf reads, the first format 4 one for Unicode
// (platform 0, or 3 encoding 1), as fpdf does, and returns the characters it
// maps to a glyph. Its segments must be in order and apart: fpdf walks each
// one, so overlapping segments could make it walk 2^31 characters.
func (f *ttf) cmap() (*glyphSet, error) {
	t, err := f.table("cmap", 4)
	if err != nil {
		return nil, err
	}
	var sub []byte
	for i := range int(u16(t, 2)) {
		if 4+8*i+8 > len(t) {
			return nil, errors.New("the \"cmap\" table is truncated")
		}
		rec := t[4+8*i:]
		platform, encoding, off := u16(rec, 0), u16(rec, 2), uint64(binary.BigEndian.Uint32(rec[4:]))
		if !(platform == 3 && encoding == 1 || platform == 0) {
			continue
		}
		if off+4 > uint64(len(t)) {
			return nil, errors.New("a \"cmap\" subtable lies outside the table")
		}
		if u16(t, int(off)) == 4 {
			length := uint64(u16(t, int(off)+2))
			if off+length > uint64(len(t)) {
				return nil, errors.New("the Unicode \"cmap\" subtable is truncated")
			}
			sub = t[off : off+length]
			break
		}
	}
	if sub == nil {
		return nil, errors.New("no Unicode character map (a format 4 \"cmap\" subtable)")
	}
	if len(sub) < 14 || len(sub)%2 != 0 {
		return nil, errors.New("the Unicode \"cmap\" subtable is truncated")
	}
	segs := int(u16(sub, 6) / 2)
	if 16+8*segs > len(sub) {
		return nil, errors.New("the Unicode \"cmap\" subtable is truncated")
	}
	ends, starts, deltas, ranges := 14, 16+2*segs, 16+4*segs, 16+6*segs
	var set glyphSet
	prevEnd := -1
	for s := range segs {
		start, end := int(u16(sub, starts+2*s)), int(u16(sub, ends+2*s))
		delta, rangeOff := int(u16(sub, deltas+2*s)), int(u16(sub, ranges+2*s))
		if start > end || start <= prevEnd {
			return nil, errors.New("the Unicode \"cmap\" segments overlap or are out of order")
		}
		prevEnd = end
		if rangeOff%2 != 0 {
			return nil, errors.New("the Unicode \"cmap\" has an odd glyph offset")
		}
		for c := start; c <= end; c++ {
			glyph := (c + delta) & 0xffff
			if rangeOff != 0 {
				at := ranges + 2*s + rangeOff + 2*(c-start)
				if at+2 > len(sub) {
					glyph = 0 // fpdf reads no further than the subtable either
				} else if glyph = int(u16(sub, at)); glyph != 0 {
					glyph = (glyph + delta) & 0xffff
				}
			}
			if glyph >= f.numGlyphs {
				return nil, fmt.Errorf("U+%04X maps to glyph %d of %d", c, glyph, f.numGlyphs)
			}
			// fpdf treats U+0000 and U+FFFF as no character.
			if glyph != 0 && c != 0 && c != 0xffff {
				set.add(c)
			}
		}
	}
	return &set, nil
}

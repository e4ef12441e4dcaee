// Package pdf writes trainscale's report as a budget proposal for the
// committee that signs the purchase order: a cover with the ask (how many
// systems of which kind, the capital and yearly operating expense, the cloud
// alternative, by when), an executive summary, the assumptions, the results,
// the charts drawn as vectors from the chart specs, the cost table, the risks
// (P10 to P90 and the tornado), the method and its sources, with page numbers
// and the report's date on every page.
//
// Latin text uses the PDF core fonts; Japanese (--lang ja), or any text when
// Options.Font is given, uses that TrueType font, embedded as a subset. Lines
// are wrapped here, not by fpdf's MultiCell, which drops a CJK character at
// each break it makes. The output is reproducible: the creation and
// modification dates are the bundle's date, and nothing else varies.
package pdf

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/report"
)

// Options says how the proposal is printed.
type Options struct {
	// Paper is "a4" (the default) or "letter".
	Paper string
	// Font is a TrueType font (.ttf; collections, .ttc, do not load) for
	// every text. Required for Japanese; LoadFont reads and checks one. Only its characters of the Basic Multilingual
	// Plane are drawn; others print as a substitute.
	Font []byte
}

// ErrNoFont is returned when Japanese is asked for without a font. The CLI
// passes the IPAex Gothic it embeds (internal/jafont), the page the same
// font, fetched when its Japanese PDF is asked for.
var ErrNoFont = errors.New("pdf: Japanese needs a TrueType font (Options.Font)")

// LoadFont reads a TrueType font file and checks every part of it that the
// PDF writer reads. A file that cannot be read, is larger than MaxFontBytes,
// is a collection (.ttc), another format, truncated or corrupt fails here
// with an error that names the file (an estimator.FieldError, bad input).
func LoadFont(path string) ([]byte, error) {
	bad := func(why string) error {
		return &estimator.FieldError{Path: path, Rule: estimator.Text{EN: "cannot be used as the PDF's font: " + why}}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, bad(unwrapPath(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, bad(unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, bad("not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFontBytes+1))
	if err != nil {
		return nil, bad(unwrapPath(err))
	}
	if len(data) > MaxFontBytes {
		return nil, bad(fmt.Sprintf("larger than %d MiB", MaxFontBytes>>20))
	}
	if _, err := checkFont(data); err != nil {
		return nil, bad(err.Error())
	}
	return data, nil
}

// unwrapPath drops the path an os error repeats, since the FieldError names it.
func unwrapPath(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Page geometry, in millimetres.
const (
	margin    = 18.0
	bodySize  = 10.0
	smallSize = 8.0
	lineH     = 5.0
)

// doc is the proposal being written.
type doc struct {
	pdf          *fpdf.Fpdf
	b            *report.Bundle
	answer       *present.Answer
	lang         estimator.Lang
	us           estimator.UnitSystem
	glyphs       *glyphSet // the TrueType font's characters; nil for the core fonts
	substitute   rune      // drawn for a character the font lacks
	tr           func(string) string
	font, style  string
	size         float64
	widths       map[widthKey]float64
	pageW, pageH float64
	figure       int
}

// Write writes the bundle as a budget proposal to w. A character the font
// cannot draw prints as a substitute: U+FFFD where the font has it, else '?'.
func Write(w io.Writer, b *report.Bundle, opt Options) (err error) {
	// fpdf panics on input it does not expect; checkFont and drawable keep
	// what is known from it, and this turns anything left into an error.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pdf: the PDF library failed: %v", r)
		}
	}()
	return write(w, b, opt)
}

func write(w io.Writer, b *report.Bundle, opt Options) (err error) {
	if b == nil || b.Estimate == nil {
		return errors.New("pdf: no estimate to report")
	}
	lang := b.Lang
	if lang == "" {
		lang = "en"
	}
	if lang == "ja" && len(opt.Font) == 0 {
		return ErrNoFont
	}
	paper := "A4"
	switch strings.ToLower(opt.Paper) {
	case "", "a4":
	case "letter":
		paper = "Letter"
	default:
		return fmt.Errorf("pdf: paper must be a4 or letter, got %q", opt.Paper)
	}
	var glyphs *glyphSet
	if len(opt.Font) > 0 {
		if glyphs, err = checkFont(opt.Font); err != nil {
			return fmt.Errorf("pdf: the font: %w", err)
		}
	}
	answer, err := b.Answer()
	if err != nil {
		return err
	}
	p := fpdf.New("P", "mm", paper, "")
	d := &doc{pdf: p, b: b, answer: answer, lang: lang, us: b.Estimate.Scenario.Units, widths: map[widthKey]float64{}, substitute: '?'}
	d.pageW, d.pageH = p.GetPageSize()
	date := time.Unix(0, 0).UTC()
	if b.Date != "" {
		t, err := time.Parse(time.DateOnly, b.Date)
		if err != nil {
			return fmt.Errorf("pdf: date %q: %w", b.Date, err)
		}
		date = t
	}
	p.SetCreationDate(date)
	p.SetModificationDate(date)
	p.SetCatalogSort(true)
	p.SetCompression(true)
	p.SetProducer("trainscale", true)
	p.SetCreator("trainscale", true)
	p.SetTitle(plain(d.t("proposal.title")+": "+d.name()), true)
	p.SetLang(string(lang))
	if glyphs != nil {
		p.AddUTF8FontFromBytes("body", "", opt.Font)
		p.AddUTF8FontFromBytes("body", "B", opt.Font)
		d.glyphs, d.font, d.tr = glyphs, "body", d.drawable
		if glyphs.has(utf8.RuneError) {
			d.substitute = utf8.RuneError
		}
	} else {
		cp1252 := p.UnicodeTranslatorFromDescriptor("")
		d.font, d.tr = "Helvetica", func(s string) string { return cp1252(d.drawable(s)) }
	}
	if err := p.Error(); err != nil {
		return fmt.Errorf("pdf: loading the font: %w", err)
	}
	p.SetMargins(margin, margin, margin)
	p.SetAutoPageBreak(false, margin)
	p.AliasNbPages("{nb}")
	p.SetFooterFunc(d.footer)

	d.cover()
	d.executive()
	d.assumptions()
	d.results()
	d.charts()
	d.costs()
	d.plan()
	d.risks()
	d.method()
	d.accuracy()
	if err := p.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return p.Output(w)
}

func (d *doc) t(key string) string { return chart.Text(d.lang, key) }

func (d *doc) tf(key string, a ...any) string { return fmt.Sprintf(chart.Text(d.lang, key), a...) }

func (d *doc) name() string {
	if n := d.b.Estimate.Scenario.Name; n != "" {
		return n
	}
	return d.t("escaped.name")
}

func (d *doc) get(id string) (estimator.Quantity, bool) { return d.b.Estimate.Get(id) }

// show is a quantity's value, with its whole-run range beside it where it
// has one, as the summary tables show it: "USD 70,012,502 (USD 70,010,195–USD 128,029,265)".
func (d *doc) show(id string) string {
	q, ok := d.get(id)
	if !ok {
		return "-"
	}
	v := d.format(q.Value, q.Unit)
	if band := d.b.Band(q); band != "" {
		v += " (" + band + ")"
	}
	return v
}

// format shows a value in the reader's language: "9.1 years", "9.1 年".
func (d *doc) format(v float64, u estimator.Unit) string {
	return present.Format(v, u, d.us, d.lang)
}

// setFont selects the body font in a style ("" or "B") and size (pt).
func (d *doc) setFont(style string, size float64) {
	d.style, d.size = style, size
	d.pdf.SetFont(d.font, style, size)
}

// ensure starts a new page unless h millimetres still fit on this one.
func (d *doc) ensure(h float64) {
	if d.pdf.GetY()+h > d.pageH-margin-6 {
		d.pdf.AddPage()
	}
}

func (d *doc) width() float64 { return d.pageW - 2*margin }

// para writes wrapped text at the current position.
func (d *doc) para(text string, size float64) {
	d.setFont("", size)
	d.wrapped(text, size*0.5)
	d.pdf.Ln(1.5)
}

// wrapped writes text wrapped to the text width in the current font, lh apart.
func (d *doc) wrapped(text string, lh float64) {
	for _, line := range d.wrap(text, d.width()) {
		d.ensure(lh)
		d.pdf.SetX(margin)
		d.pdf.CellFormat(d.width(), lh, d.tr(line), "", 1, "L", false, 0, "")
	}
}

// heading starts a section: on a new page when asked, with a bookmark.
func (d *doc) heading(text string, newPage bool) {
	if newPage {
		d.pdf.AddPage()
	} else {
		d.ensure(20)
	}
	d.pdf.Bookmark(plain(text), 0, -1)
	d.setFont("B", 15)
	d.pdf.SetTextColor(0x2f, 0x5b, 0xb7)
	d.pdf.CellFormat(d.width(), 9, d.tr(text), "", 1, "L", false, 0, "")
	d.pdf.SetDrawColor(0x2f, 0x5b, 0xb7)
	d.pdf.SetLineWidth(0.5)
	y := d.pdf.GetY()
	d.pdf.Line(margin, y, d.pageW-margin, y)
	d.pdf.SetTextColor(0x1d, 0x24, 0x33)
	d.pdf.Ln(3)
}

func (d *doc) subheading(text string) {
	d.ensure(16)
	d.setFont("B", 11)
	// Wrapped as a paragraph is: a long one (the planner's choice, said
	// whole) would otherwise run off the page.
	d.wrapped(text, 7)
	d.pdf.Ln(0.5)
}

func (d *doc) footer() {
	p := d.pdf
	if p.PageNo() == 1 {
		return
	}
	d.setFont("", 7.5)
	p.SetTextColor(0x5b, 0x64, 0x75)
	p.SetXY(margin, d.pageH-margin+4)
	left := d.name()
	if d.b.Date != "" {
		left = d.b.Date + "  ·  " + left
	}
	maxW := d.width() - 40
	if lines := d.wrap(left, maxW); len(lines) > 1 {
		left = lines[0] + "..."
	}
	p.CellFormat(d.width()-40, 4, d.tr(left), "", 0, "L", false, 0, "")
	p.CellFormat(40, 4, d.tr(d.tf("page", p.PageNo(), "{nb}")), "", 0, "R", false, 0, "")
	p.SetTextColor(0x1d, 0x24, 0x33)
}

// table writes rows under a header, wrapping each cell to its column and
// repeating the header on each new page. widths are fractions of the text
// width; right lists the columns aligned right.
func (d *doc) table(head []string, rows [][]string, widths []float64, right map[int]bool, size float64) {
	p := d.pdf
	lh := size * 0.45
	cols := make([]float64, len(widths))
	for i, f := range widths {
		cols[i] = f * d.width()
	}
	var drawRow func(cells []string, bold bool)
	drawRow = func(cells []string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		d.setFont(style, size)
		lines := make([][]string, len(cols))
		n := 1
		for i := range cols {
			var c string
			if i < len(cells) {
				c = cells[i]
			}
			lines[i] = d.wrap(c, cols[i]-2)
			n = max(n, len(lines[i]))
		}
		h := float64(n)*lh + 1.6
		if p.GetY()+h > d.pageH-margin-6 {
			p.AddPage()
			if !bold && head != nil {
				// the header again at the top of the page, wrapped and aligned as on the first
				drawRow(head, true)
				d.setFont(style, size)
			}
		}
		y := p.GetY()
		if bold {
			p.SetFillColor(0xf0, 0xf3, 0xf8)
			p.Rect(margin, y, d.width(), h, "F")
		}
		x := margin
		for i, w := range cols {
			align := "L"
			if right[i] {
				align = "R"
			}
			for j, line := range lines[i] {
				p.SetXY(x+1, y+0.8+float64(j)*lh)
				p.CellFormat(w-2, lh, d.tr(line), "", 0, align, false, 0, "")
			}
			x += w
		}
		p.SetDrawColor(0xd8, 0xdd, 0xe6)
		p.SetLineWidth(0.2)
		p.Line(margin, y+h, d.pageW-margin, y+h)
		p.SetXY(margin, y+h)
	}
	if head != nil {
		d.ensure(3 * lh * 2)
		drawRow(head, true)
	}
	for _, r := range rows {
		drawRow(r, false)
	}
	p.Ln(3)
}

package xlsx

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/xuri/excelize/v2"
)

// Column widths and print setup. Excelize stores no computed values, so a
// spreadsheet shows "###" wherever a formula's number is wider than its
// column: the writers note what each cell needs as they write it, and fit
// sizes every column to the widest need once all sheets are written.

// Widths, in the spreadsheet's character units.
const (
	needFormula  = 16 // a formula's number: 15 significant digits and grouping fit
	needMoney    = 5  // the currency code and its space, on top of the number
	needText     = 60 // text wider than this overflows or wraps instead of widening its column
	needHeader   = 20 // a header wider than this wraps onto more lines
	needPad      = 2  // the cell's margins
	bold         = 1.1
	proportional = 0.9 // an average letter of running text is narrower than the unit, a digit
	lineHeight   = 15  // points, of one line of the default font
	pageRows     = 40  // about the rows a printed page holds
	wideSheet    = 110 // columns' width above which a sheet prints landscape
)

// layout is what fit needs to know of one sheet.
type layout struct {
	need    map[[2]int]float64 // by column and row
	words   map[[2]int]float64 // the longest word of a text cell
	wrap    map[[2]int]float64 // the full width of a cell that wraps
	span    map[[2]int]int     // the last column of a wrapping cell merged across several
	headers []int              // rows that head a table, in the order written
	rows    int                // the last row written
}

func (wb *workbook) sheetLayout(sh string) *layout {
	l, ok := wb.layouts[sh]
	if !ok {
		l = &layout{need: map[[2]int]float64{}, words: map[[2]int]float64{}, wrap: map[[2]int]float64{}, span: map[[2]int]int{}}
		wb.layouts[sh] = l
	}
	return l
}

// textWidth is the width of s in character units, of its widest line and
// of its longest word: a wide (CJK) rune takes two.
func textWidth(s string) (line, word float64) {
	var l, w float64
	for _, r := range s {
		switch {
		case r == '\n':
			line, word = max(line, l), max(word, w)
			l, w = 0, 0
			continue
		case r == ' ' || r == '\t':
			word = max(word, w)
			w = -1 // the space belongs to the line, not the next word
		}
		n := 1.0
		if r >= 0x1100 && wide(r) {
			n = 2
		}
		l, w = l+n, w+n
	}
	return max(line, l), max(word, w)
}

// groupedWidth is the width of v in a #,##0.00 format (decimals places):
// its integer digits, a comma per three of them, the point and decimals.
func groupedWidth(v float64, decimals int) float64 {
	digits := len(strconv.FormatFloat(math.Floor(math.Abs(v)), 'f', 0, 64))
	w := digits + (digits-1)/3
	if decimals > 0 {
		w += 1 + decimals
	}
	if v < 0 {
		w++
	}
	return float64(w)
}

func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r >= 0xFF00 && r <= 0xFFEF
}

// needs notes the width a cell's content asks for.
func (wb *workbook) needs(sh string, col, row int, w float64) {
	l := wb.sheetLayout(sh)
	l.need[[2]int{col, row}] = w
	l.rows = max(l.rows, row)
}

// needsText notes the width of a text cell, and of its longest word.
func (wb *workbook) needsText(sh string, col, row int, s string) {
	l := wb.sheetLayout(sh)
	at := [2]int{col, row}
	l.need[at], l.words[at] = textWidth(s)
	l.rows = max(l.rows, row)
}

// restyled adjusts a cell's need to its style: money adds its code, a bold
// header a tenth, and titles, notes and wrapped text never widen a column
// (they overflow into empty neighbours or wrap).
func (wb *workbook) restyled(sh string, col, row int, key string) {
	l := wb.sheetLayout(sh)
	at := [2]int{col, row}
	key, _, _ = strings.Cut(key, "#")
	kind, _, _ := strings.Cut(key, ":")
	switch {
	case kind == stTitle || kind == stHeading || kind == stNote || kind == stNoteWrap || kind == stRerun:
		delete(l.need, at)
	case kind == stWrap:
		if w, ok := l.need[at]; ok {
			l.wrap[at] = w
			delete(l.need, at)
		}
	case kind == stHeader:
		// A header wraps rather than widen a column of numbers beyond
		// needHeader, but never inside a word; bold takes a tenth more.
		if w, ok := l.need[at]; ok {
			l.wrap[at] = w * bold
			l.need[at] = max(min(w, needHeader), l.words[at]) * bold
		}
	case strings.HasSuffix(kind, "money"):
		if w, ok := l.need[at]; ok {
			l.need[at] = w + needMoney
		}
	}
}

// fit widens every column to its widest cell and sets up printing: the used
// area, one page wide (landscape when the sheet is wide), the longest table's
// header repeated on every page when it runs past one, and panes frozen
// under the first header.
func (wb *workbook) fit() {
	for _, key := range Sheets {
		sh := wb.tab(key)
		l := wb.sheetLayout(sh)
		widest := map[int]float64{}
		for at, w := range l.need {
			widest[at[0]] = max(widest[at[0]], w)
		}
		cols := make([]int, 0, len(widest))
		for c := range widest {
			cols = append(cols, c)
		}
		sort.Ints(cols)
		for i, c := range cols {
			// Text overflows into the empty cells on its right, but the
			// print area ends with the last column: that one holds its text.
			limit := float64(needText)
			if i == len(cols)-1 {
				limit *= 2
			}
			widest[c] = min(widest[c], limit) + needPad
		}
		total := 0.0
		last := 1
		for _, c := range cols {
			name, _ := excelize.ColumnNumberToName(c)
			w, err := wb.f.GetColWidth(sh, name)
			wb.check(err)
			if widest[c] > w {
				w = widest[c]
				wb.check(wb.f.SetColWidth(sh, name, name, w))
			}
			total += w
			last = c
		}
		wb.spanRerun(sh, l, last)
		wb.rowHeights(sh, l)
		wb.printSetup(sh, l, total, last)
	}
}

func (wb *workbook) printSetup(sh string, l *layout, width float64, lastCol int) {
	orientation := "portrait"
	if width > wideSheet {
		orientation = "landscape"
	}
	tall := 0 // as many pages down as it takes
	if sh == wb.tab(sheetCover) {
		tall = 1 // the cover is one page
	}
	wide := 1
	switch sh {
	case wb.tab(sheetPlan):
		wide = 2 // its options and their unit figures side by side: one page wide would print at 30%
	case wb.tab(sheetJobs):
		wide = 2 // the ladder's layout and memory columns: one page wide would print at 35%
	}
	wb.check(wb.f.SetSheetProps(sh, &excelize.SheetPropsOptions{FitToPage: ptr(true)}))
	wb.check(wb.f.SetPageLayout(sh, &excelize.PageLayoutOptions{
		Size:        ptr(9), // A4
		Orientation: &orientation,
		FitToWidth:  &wide,
		FitToHeight: &tall,
	}))
	// Narrow side margins leave the table more of the page's width.
	wb.check(wb.f.SetPageMargins(sh, &excelize.PageLayoutMarginsOptions{Left: ptr(0.4), Right: ptr(0.4), Top: ptr(0.5), Bottom: ptr(0.5)}))
	scope := "'" + strings.ReplaceAll(sh, "'", "''") + "'!"
	if sh != wb.tab(sheetCharts) { // the charts float beyond the cells: let the spreadsheet find them
		end, _ := excelize.CoordinatesToCellName(lastCol, max(l.rows, 1), true)
		wb.check(wb.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area", RefersTo: scope + "$A$1:" + end, Scope: sh}))
	}
	if len(l.headers) == 0 {
		return
	}
	longest, size := l.headers[0], 0
	for i, h := range l.headers {
		next := l.rows + 1
		if i+1 < len(l.headers) {
			next = l.headers[i+1]
		}
		if n := next - h; n > size {
			longest, size = h, n
		}
	}
	if size > pageRows { // a table that runs onto a second page repeats its header there
		wb.check(wb.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: scope + "$" + strconv.Itoa(longest) + ":$" + strconv.Itoa(longest), Scope: sh}))
	}
	// The Charts sheet freezes its labels only: a pane frozen across its
	// charts would cut them.
	first := l.headers[0]
	if sh == wb.tab(sheetCharts) {
		first = 0
	}
	wb.check(wb.f.SetPanes(sh, &excelize.Panes{Freeze: true, XSplit: 1, YSplit: first, TopLeftCell: cellName(2, first+1), ActivePane: activePane(first)}))
}

// activePane is the pane that scrolls: the bottom right one, or the right
// one when no rows are frozen.
func activePane(rows int) string {
	if rows == 0 {
		return "topRight"
	}
	return "bottomRight"
}

// rowHeights gives each row with wrapped text the lines it takes at its
// column's width: spreadsheets do not all grow such rows on opening, and a
// row too low draws its lines over the next.
func (wb *workbook) rowHeights(sh string, l *layout) {
	lines := map[int]float64{}
	for at, w := range l.wrap {
		cw := 0.0
		for col := at[0]; col <= max(at[0], l.span[at]); col++ {
			name, _ := excelize.ColumnNumberToName(col)
			c, err := wb.f.GetColWidth(sh, name)
			wb.check(err)
			cw += c
		}
		lines[at[1]] = max(lines[at[1]], math.Ceil(w*proportional/max(cw-needPad, 1)))
	}
	rows := make([]int, 0, len(lines))
	for r := range lines {
		rows = append(rows, r)
	}
	sort.Ints(rows)
	for _, r := range rows {
		if lines[r] > 1 {
			wb.check(wb.f.SetRowHeight(sh, r, lines[r]*lineHeight))
		}
	}
}

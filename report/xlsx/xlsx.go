package xlsx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/internal/chart"
	"github.com/trainscale/trainscale/report"
)

// The sheets, in the order the workbook shows them: their English names,
// which also key their names in the workbook's language (tab).
const (
	sheetCover       = "Cover"
	sheetAssumptions = "Assumptions"
	sheetCatalog     = "Catalog"
	sheetData        = "Data volume"
	sheetTraining    = "Training time"
	sheetTeam        = "Team and cluster"
	sheetJobs        = "Job sizes"
	sheetScaling     = "Scaling"
	sheetMemory      = "Memory"
	sheetStorage     = "Storage and host"
	sheetCost        = "Cost"
	sheetScenarios   = "Scenarios"
	sheetUncertainty = "Uncertainty"
	sheetPlan        = "Plan"
	sheetCharts      = "Charts"
	sheetSources     = "Sources"
)

// Sheets lists the workbook's sheets in order, as an English workbook names
// them; a Japanese one names them in Japanese (chart.Text "xlsx.sheet.<name>").
var Sheets = []string{sheetCover, sheetAssumptions, sheetCatalog, sheetData, sheetTraining, sheetTeam, sheetJobs,
	sheetScaling, sheetMemory, sheetStorage, sheetCost, sheetScenarios, sheetUncertainty, sheetPlan, sheetCharts, sheetSources}

// sheetOf is the sheet that lists a quantity, by its id's group.
func sheetOf(id string) string {
	group, rest, _ := strings.Cut(id, ".")
	switch group {
	case "data":
		return sheetData
	case "train":
		return sheetTraining
	case "team":
		return sheetTeam
	case "scale":
		return sheetScaling
	case "memory":
		return sheetMemory
	case "storage", "host":
		return sheetStorage
	case "cost", "energy", "co2":
		return sheetCost
	case "growth":
		if yearlyPlan.MatchString(rest) {
			return sheetCost
		}
	}
	return sheetData // growth of the data, and any group added later
}

// yearlyPlan matches the ids of the yearly plan after "growth.": y3.capex
// (not a workload named y2k: growth.y2k.systems_n1.dgx-1).
var yearlyPlan = regexp.MustCompile(`^y[0-9]+\.[a-z_]+$`)

// Write writes the bundle as an editable workbook. The same bundle gives the
// same bytes.
func Write(w io.Writer, b *report.Bundle) error {
	if b == nil || b.Estimate == nil {
		return fmt.Errorf("xlsx: the bundle has no estimate")
	}
	wb, err := build(b)
	if err != nil {
		return err
	}
	defer wb.f.Close()
	buf, err := wb.f.WriteToBuffer()
	if err != nil {
		return err
	}
	return canonical(buf.Bytes(), w)
}

// defaultType is one <Default> entry of [Content_Types].xml.
var defaultType = regexp.MustCompile(`<Default [^>]*>(</Default>)?`)

// canonical copies an xlsx package to w with its [Content_Types].xml
// defaults sorted: excelize adds the image types from a map, in a different
// order on every run. Every other part is copied as it is compressed; every
// zip entry carries the same fixed date (dated).
func canonical(data []byte, w io.Writer) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	for _, f := range zr.File {
		if f.Name != "[Content_Types].xml" {
			h := f.FileHeader
			dated(&h)
			part, err := zw.CreateRaw(&h)
			if err != nil {
				return err
			}
			r, err := f.OpenRaw()
			if err != nil {
				return err
			}
			if _, err := io.Copy(part, r); err != nil {
				return err
			}
			continue
		}
		r, err := f.Open()
		if err != nil {
			return err
		}
		xml, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return err
		}
		defaults := defaultType.FindAll(xml, -1)
		slices.SortFunc(defaults, bytes.Compare)
		first := true
		xml = defaultType.ReplaceAllFunc(xml, func([]byte) []byte {
			if !first {
				return nil
			}
			first = false
			return bytes.Join(defaults, nil)
		})
		h := zip.FileHeader{Name: f.Name, Method: zip.Deflate}
		dated(&h)
		part, err := zw.CreateHeader(&h)
		if err != nil {
			return err
		}
		if _, err := part.Write(xml); err != nil {
			return err
		}
	}
	return zw.Close()
}

// dated gives a zip entry the first valid MS-DOS date, 1980-01-01 00:00:
// excelize leaves the date fields zero, which reads as the invalid
// 1980-00-00, and a real clock would make two runs differ.
func dated(h *zip.FileHeader) {
	h.Modified = time.Time{}  // no extended timestamp: the DOS fields are all there is
	h.ModifiedDate = 1<<5 | 1 // (year-1980)<<9 | month<<5 | day
	h.ModifiedTime = 0
}

// workbook is one workbook being written. Its helpers keep the first error,
// so the sheet builders read as a list of cells.
type workbook struct {
	f     *excelize.File
	b     *report.Bundle
	est   *estimator.Estimate
	s     *estimator.Scenario
	names *namer
	read  map[string]bool // references some formula reads
	// sourceKeys are the quantities' sources' keys (S1, S2 ...), in sourceOrder.
	sourceKeys  map[string]string
	sourceOrder []string
	styles      map[string]int
	// layouts are the cells' widths and the tables' headers, by sheet (layout.go).
	layouts map[string]*layout
	pending []pendingChart // the Charts sheet's charts, placed after fit
	notes   []int          // the Charts sheet's rows of notes, wrapped after fit
	// ladders are the sized transformer jobs the Job sizes sheet keeps
	// live; lookups the formulas of the quantities they give, by id.
	ladders []estimator.JobLadder
	lookups map[string]string
	// rerun are the inputs whose change needs a new run (rerunOrder, in
	// order); written the literal each input and catalog cell was written with.
	rerun      map[string]bool
	rerunOrder []string
	rerunRows  map[string]int // the re-run line's row, by sheet
	written    map[string]string
	err        error
}

func build(b *report.Bundle) (*workbook, error) {
	e := b.Estimate
	ladders, rerun := jobsOf(e)
	wb := &workbook{
		f:          excelize.NewFile(),
		b:          b,
		est:        e,
		s:          e.Scenario,
		names:      layoutNames(e, ladders, rerun),
		read:       formulaRefs(e),
		styles:     map[string]int{},
		layouts:    map[string]*layout{},
		ladders:    ladders,
		rerun:      map[string]bool{},
		rerunOrder: rerun,
		rerunRows:  map[string]int{},
		written:    written(e),
	}
	for _, p := range rerun {
		wb.rerun[p] = true
	}
	wb.lookups = wb.ladderFormulas()
	wb.sourceKeys, wb.sourceOrder = sourceKeys(e)
	wb.check(wb.f.SetSheetName("Sheet1", wb.tab(sheetCover)))
	for _, name := range Sheets[1:] {
		_, err := wb.f.NewSheet(wb.tab(name))
		wb.check(err)
	}
	wb.properties()
	wb.cover()
	wb.assumptions()
	wb.catalog()
	wb.quantitySheets()
	wb.jobSizes()
	wb.scenarios()
	wb.uncertainty()
	wb.plan()
	wb.charts()
	wb.sources()
	wb.fit()
	wb.placeCharts()
	wb.f.SetActiveSheet(0)
	if wb.err != nil {
		wb.f.Close()
		return nil, wb.err
	}
	return wb, nil
}

// properties fixes what would otherwise vary between runs and asks Excel to
// compute every formula on opening (excelize stores no results).
func (wb *workbook) properties() {
	stamp := "2017-01-01T00:00:00Z" // the article's year, when the bundle has no date
	if d := wb.b.Date; len(d) == len("2006-01-02") {
		stamp = d + "T00:00:00Z"
	}
	wb.check(wb.f.SetDocProps(&excelize.DocProperties{
		Title:          clean(wb.scenarioName()),
		Subject:        wb.t("xlsx.subject"),
		Creator:        "trainscale",
		LastModifiedBy: "trainscale",
		Description:    wb.tf("xlsx.description", wb.tab(sheetAssumptions)),
		Created:        stamp,
		Modified:       stamp,
		Language:       string(wb.b.Lang),
	}))
	on := true
	wb.check(wb.f.SetCalcProps(&excelize.CalcPropsOptions{FullCalcOnLoad: &on}))
}

func (wb *workbook) scenarioName() string {
	if wb.s.Name == "" {
		return wb.t("escaped.name")
	}
	return wb.s.Name
}

// t is the workbook's word for key, in its language (internal/chart's
// messages, which every report shares).
func (wb *workbook) t(key string) string { return chart.Text(wb.b.Lang, key) }

// tf is t with its verbs filled in.
func (wb *workbook) tf(key string, args ...any) string { return fmt.Sprintf(wb.t(key), args...) }

// tab is the name a sheet (one of Sheets) has in the workbook's language.
// Every cell, name and chart refers to it by this name from the start:
// excelize's renaming misses names with a space.
func (wb *workbook) tab(sheet string) string { return wb.t("xlsx.sheet." + sheet) }

func (wb *workbook) check(err error) {
	if err != nil && wb.err == nil {
		wb.err = err
	}
}

// cellName is the A1 name of a column (1-based) and row.
func cellName(col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row)
	return c
}

// absolute is the reference a defined name points to: 'Sheet'!$B$5.
func absolute(sheet string, col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row, true)
	return "'" + strings.ReplaceAll(sheet, "'", "''") + "'!" + c
}

// absoluteRange is the reference a defined name of a column's cells from
// row first to last points to: 'Sheet'!$A$5:$A$9.
func absoluteRange(sheet string, col, first, last int) string {
	c, _ := excelize.CoordinatesToCellName(col, last, true)
	return absolute(sheet, col, first) + ":" + c
}

// text writes user or fixed text as text: never a formula, whatever it
// starts with.
func (wb *workbook) text(sheet string, col, row int, s string) {
	s = clean(s)
	wb.check(wb.f.SetCellStr(sheet, cellName(col, row), s))
	wb.style(sheet, col, row, stPlain)
	wb.needsText(sheet, col, row, s)
}

// wrapped writes text that wraps within its column instead of widening it.
func (wb *workbook) wrapped(sheet string, col, row int, s string) {
	wb.text(sheet, col, row, s)
	wb.style(sheet, col, row, stWrap)
}

// wrappedAcross writes text that wraps within the cells col to last,
// merged: a reason too long for one column reads in a few lines.
func (wb *workbook) wrappedAcross(sheet string, col, last, row int, s string) {
	wb.wrapped(sheet, col, row, s)
	wb.check(wb.f.MergeCell(sheet, cellName(col, row), cellName(last, row)))
	wb.sheetLayout(sheet).span[[2]int{col, row}] = last
}

// clean is text as the workbook shows it: made printable by the rule of
// every surface (estimator.PrintableLines; a cell's line break stays one),
// which leaves no control character XML 1.0 cannot carry, and without the
// two non-characters it cannot carry either, so odd bytes in a scenario's
// notes cannot break the file nor a bidirectional control reorder a cell.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, estimator.PrintableLines(s, "\n"))
}

func (wb *workbook) number(sheet string, col, row int, v float64) {
	wb.check(wb.f.SetCellFloat(sheet, cellName(col, row), v, -1, 64))
	wb.style(sheet, col, row, stPlain)
	// As typed, or grouped with two decimals as a money or count style shows it.
	wb.needs(sheet, col, row, min(max(float64(len(trimFloat(v))), groupedWidth(v, 2)), needFormula))
}

func (wb *workbook) formula(sheet string, col, row int, f string) {
	wb.check(wb.f.SetCellFormula(sheet, cellName(col, row), f))
	wb.style(sheet, col, row, stPlain)
	wb.needs(sheet, col, row, needFormula)
}

func (wb *workbook) style(sheet string, col, row int, key string) {
	wb.styleRange(sheet, col, row, col, row, key)
}

func (wb *workbook) styleRange(sheet string, col1, row1, col2, row2 int, key string) {
	id, err := wb.styleID(key)
	wb.check(err)
	wb.check(wb.f.SetCellStyle(sheet, cellName(col1, row1), cellName(col2, row2), id))
	for col := col1; col <= col2; col++ {
		for row := row1; row <= row2; row++ {
			wb.restyled(sheet, col, row, key)
		}
	}
}

func (wb *workbook) comment(sheet string, col, row int, s string) {
	wb.check(wb.f.AddComment(sheet, excelize.Comment{Author: "trainscale", Cell: cellName(col, row), Text: clean(s), Width: 320, Height: 110}))
}

// define gives a cell its defined name.
func (wb *workbook) define(name, sheet string, col, row int) {
	wb.check(wb.f.SetDefinedName(&excelize.DefinedName{Name: name, RefersTo: absolute(sheet, col, row)}))
}

func (wb *workbook) widths(sheet string, widths ...float64) {
	for i, w := range widths {
		c, _ := excelize.ColumnNumberToName(i + 1)
		wb.check(wb.f.SetColWidth(sheet, c, c, w))
	}
}

// name is the defined name of a reference, for formulas.
func (wb *workbook) name(ref string) (string, bool) {
	n, ok := wb.names.byRef[ref]
	return n, ok
}

// Style keys. Money styles carry their currency: "money:USD", "input-money:EUR".
const (
	stPlain      = "plain" // any cell, before its own style
	stTitle      = "title"
	stHeading    = "heading"
	stHeader     = "header"
	stNote       = "note"
	stNoteWrap   = "note-wrap" // a note that wraps across merged cells
	stWrap       = "wrap"
	stInput      = "input"       // a yellow cell the formulas read
	stModelInput = "model-input" // an input only trainscale's models read
	stInputText  = "input-text"  // a text input the formulas read (units)
	stFixedText  = "fixed-text"  // a text input of the scenario, for reference
	stModelled   = "modelled"    // a value from trainscale's models, not a formula
	stValue      = "value"
	stShown      = "shown" // a value converted for reading
	stFlag       = "flag"  // 1 or 0, shown as yes or no
	stPercent    = "percent"
	stComputed   = "computed" // a value trainscale computed elsewhere (uncertainty, scenarios)
	stRerun      = "rerun"    // says, once an input changes, that the models' values need a new run
)

const (
	fillInput    = "FFF2CC" // light yellow: yours to change
	fillModel    = "E7E6E6" // grey: from trainscale's models
	fillHeader   = "D9E1F2"
	fillComputed = "EDEDED"
	formatFlag   = `[=1]"yes";[=0]"no";General`
)

// moneyFormat shows an amount with its currency code.
func moneyFormat(currency string, decimals bool) string {
	if decimals {
		return `"` + currency + ` "#,##0.00##`
	}
	return `"` + currency + ` "#,##0`
}

func (wb *workbook) styleID(full string) (int, error) {
	if id, ok := wb.styles[full]; ok {
		return id, nil
	}
	// A key may end in "#" and a number format of the value's display.
	key, numFmt, hasFmt := strings.Cut(full, "#")
	fill := func(color string) excelize.Fill {
		return excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{color}}
	}
	var st excelize.Style
	// arg is a money style's currency, or a shown value's decimals.
	kind, arg, _ := strings.Cut(key, ":")
	switch kind {
	case stTitle:
		st.Font = &excelize.Font{Bold: true, Size: 14}
	case stHeading:
		st.Font = &excelize.Font{Bold: true, Size: 12}
	case stHeader:
		st.Font = &excelize.Font{Bold: true}
		st.Fill = fill(fillHeader)
		st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
	case stNote, stNoteWrap:
		st.Font = &excelize.Font{Italic: true, Color: "595959"}
		if kind == stNoteWrap {
			st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
		}
	case stWrap:
		st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
	case stInput, "input-money":
		st.Fill = fill(fillInput)
		st.Border = []excelize.Border{{Type: "bottom", Color: "BF9000", Style: 1}}
	case stModelInput, "model-input-money":
		st.Fill = fill(fillModel)
	case stInputText:
		st.Fill = fill(fillInput)
		st.Border = []excelize.Border{{Type: "bottom", Color: "BF9000", Style: 1}}
	case stFixedText:
		st.Font = &excelize.Font{Color: "404040"}
	case stModelled, "modelled-money":
		st.Fill = fill(fillModel)
		st.Font = &excelize.Font{Italic: true}
	case stValue, "money", stPlain:
	case stShown:
		st.CustomNumFmt = ptr(shownFormat(arg))
	case stFlag, "modelled-flag":
		st.CustomNumFmt = ptr(formatFlag)
		if kind == "modelled-flag" {
			st.Fill = fill(fillModel)
		}
	case stPercent:
		st.CustomNumFmt = ptr("0.0%")
	case stComputed, "computed-money":
		st.Fill = fill(fillComputed)
	case stRerun:
		st.Font = &excelize.Font{Bold: true, Color: "C00000"}
		st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
	default:
		return 0, fmt.Errorf("xlsx: unknown style %q", key)
	}
	if strings.HasSuffix(kind, "money") {
		st.CustomNumFmt = ptr(moneyFormat(arg, strings.HasPrefix(kind, "input") || strings.HasPrefix(kind, "model-input")))
	}
	if hasFmt {
		st.CustomNumFmt = &numFmt
	}
	if st.Alignment == nil {
		// Every cell reads from the top: a value beside a label that wraps
		// onto a second line sits level with its first.
		st.Alignment = &excelize.Alignment{Vertical: "top"}
	}
	id, err := wb.f.NewStyle(&st)
	wb.styles[full] = id
	return id, err
}

// shownIn gives a value cell's style the number format of d, the display
// the core chose for its value v (or the largest of a row's), where d shows
// the base-unit value as it is (a count to its decimals, a run's FLOPs with
// an exponent) or as a percentage (a share: 0.3461 reads 34.6%), and the
// value so formatted fits a formula's width; a display in another unit has
// its own "shown as" cell instead. A whole count shows no decimals: 13
// systems, not 13.00.
func shownIn(key string, d present.Display, v float64) string {
	if d.Unit == estimator.Count && v == math.Trunc(v) {
		d.Digits = 0
	}
	f := numberFormat(d)
	if f == "" || d.Notation == present.Fixed && !isPercent(d) && groupedWidth(v, d.Digits) > needFormula {
		return key // General: the spreadsheet shortens what does not fit
	}
	return key + "#" + f
}

// numberFormat is the spreadsheet's number format for values shown as d
// shows them in their base unit, or "" to leave the cell its own.
func numberFormat(d present.Display) string {
	decimals := "." + strings.Repeat("0", d.Digits)
	if d.Digits == 0 {
		decimals = ""
	}
	switch {
	case d.Notation == present.Scientific && d.Digits > 0:
		return "0." + strings.Repeat("0", d.Digits-1) + "E+00"
	case d.Notation != present.Fixed || d.Grouped || d.Unit == estimator.Flag || d.Unit.IsCurrency():
		return "" // the style's own format, or General
	case isPercent(d):
		return "0" + decimals + "%"
	case d.Per == 1 && d.Suffix("en") == "":
		return fixedFormat(d)
	}
	return ""
}

// fixedFormat is the number format of a display with fixed decimals ("" for
// another notation): fixed, since a spreadsheet's optional decimals (#)
// leave "4." behind.
func fixedFormat(d present.Display) string {
	switch {
	case d.Notation != present.Fixed || d.Unit == estimator.Flag:
		return ""
	case d.Grouped || d.Digits == 0:
		return "#,##0"
	}
	return "#,##0." + strings.Repeat("0", d.Digits)
}

// isPercent says whether a display shows its value in percent, which a
// number format does with the value left a fraction.
func isPercent(d present.Display) bool { return d.Per == 0.01 && d.Suffix("en") == "%" }

func ptr[T any](v T) *T { return &v }

// valueStyle is the style of a value cell of unit u: money in its currency.
func valueStyle(base string, u estimator.Unit) string {
	switch {
	case u.IsCurrency():
		if base == stValue {
			return "money:" + string(u)
		}
		return base + "-money:" + string(u)
	case u == estimator.Flag && (base == stValue || base == stModelled):
		if base == stModelled {
			return "modelled-flag"
		}
		return stFlag
	}
	return base
}

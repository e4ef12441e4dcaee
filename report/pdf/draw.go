package pdf

import (
	"math"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/trainscale/trainscale/internal/chart"
)

// chartHeight is a drawn chart's height in millimetres, title to legend.
const chartHeight = 92.0

// scale maps display values to page coordinates along one axis.
type scale struct {
	lo, hi float64
	log    bool
	a, b   float64 // page coordinates of lo and hi
}

func (s scale) at(v float64) float64 {
	var t float64
	if s.log {
		if v <= 0 {
			v = s.lo
		}
		t = (math.Log10(v) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo))
	} else {
		t = (v - s.lo) / (s.hi - s.lo)
	}
	return s.a + t*(s.b-s.a)
}

// ticks are the values the axis labels: decades on a log axis, 1-2-5 steps
// on a linear one.
func (s scale) ticks() []float64 {
	var out []float64
	if s.log {
		lo, hi := math.Round(math.Log10(s.lo)), math.Round(math.Log10(s.hi))
		step := math.Max(1, math.Ceil((hi-lo)/7))
		for e := lo; e <= hi+1e-9; e += step {
			out = append(out, math.Pow(10, e))
		}
		return out
	}
	step := niceStep((s.hi - s.lo) / 5)
	for v := math.Ceil(s.lo/step-1e-9) * step; v <= s.hi+step*1e-9; v += step {
		out = append(out, v)
	}
	return out
}

func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// span makes a scale over values: whole decades on a log axis (from floor
// when given), nice round ends on a linear one that include zero.
func span(vals []float64, log bool, floor float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		if log && v <= 0 || math.IsNaN(v) {
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
		if log {
			lo, hi = 1, 10
		}
	}
	if log {
		lo = math.Pow(10, math.Floor(math.Log10(lo)))
		if floor > 0 {
			lo = math.Min(lo, floor)
		}
		hi = math.Pow(10, math.Ceil(math.Log10(hi)))
		if hi <= lo {
			hi = lo * 10
		}
		return lo, hi
	}
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if hi == lo {
		hi = lo + 1
	}
	step := niceStep((hi - lo) / 5)
	return math.Floor(lo/step) * step, math.Ceil(hi/step) * step
}

func tickText(v float64) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "0"
	case a >= 1e4 && a < 1e12:
		s := strconv.FormatFloat(math.Abs(v), 'f', 0, 64)
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + "," + s[i:]
		}
		if v < 0 {
			s = "-" + s
		}
		return s
	case a < 1e-3 || a >= 1e12:
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

func color(i int) (r, g, b int) {
	h := chart.Palette[i%len(chart.Palette)]
	v, _ := strconv.ParseUint(strings.TrimPrefix(h, "#"), 16, 32)
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}

// chart draws one chart spec as vectors: title, axes with ticks and names,
// the series, the legend and the note under it.
func (d *doc) chart(sp chart.Spec) {
	p := d.pdf
	d.ensure(chartHeight + 12)
	d.figure++
	d.setFont("B", 10.5)
	for _, line := range d.wrap(d.tf("chart.of", d.figure, sp.Title), d.width()) {
		p.SetX(margin)
		p.CellFormat(d.width(), 5.5, d.tr(line), "", 1, "L", false, 0, "")
	}
	if sp.Empty() {
		d.para(sp.Note, smallSize+0.5)
		return
	}
	top := p.GetY() + 7
	bottom := top + chartHeight - 34
	left, right := margin+18, d.pageW-margin-3
	if sp.Kind == chart.Tornado {
		left = margin + 62
	}

	// The value axis and its range.
	valueAxis := sp.Y
	if sp.Kind == chart.Tornado {
		valueAxis = sp.X
	}
	var vals []float64
	show := func(vs []float64) {
		for _, v := range vs {
			vals = append(vals, valueAxis.Show(v))
		}
	}
	for _, se := range sp.Series {
		show(se.Y)
		show(se.Low)
		show(se.High)
	}
	if sp.Kind == chart.StackedBar { // the stacks' tops
		for i := range sp.X.Categories {
			var sum float64
			for _, se := range sp.Series {
				if !se.Limit {
					sum += valueAxis.Show(se.Y[i])
				}
			}
			vals = append(vals, sum)
		}
	}
	if sp.Kind == chart.Tornado {
		vals = append(vals, valueAxis.Show(sp.Base))
	}
	lo, hi := span(vals, valueAxis.Log, sp.BarFloor())
	var vs scale
	if sp.Kind == chart.Tornado {
		vs = scale{lo: lo, hi: hi, log: valueAxis.Log, a: left, b: right}
	} else {
		vs = scale{lo: lo, hi: hi, log: valueAxis.Log, a: bottom, b: top}
	}

	// Grid, ticks and the value axis' name.
	p.SetLineWidth(0.15)
	d.setFont("", 6.5)
	p.SetTextColor(0x5b, 0x64, 0x75)
	for _, t := range vs.ticks() {
		c := vs.at(t)
		p.SetDrawColor(0xe4, 0xe7, 0xee)
		label := d.tr(tickText(t))
		if sp.Kind == chart.Tornado {
			p.Line(c, top, c, bottom)
			p.SetXY(c-10, bottom+1)
			p.CellFormat(20, 3, label, "", 0, "C", false, 0, "")
		} else {
			p.Line(left, c, right, c)
			p.SetXY(margin, c-1.5)
			p.CellFormat(left-margin-1.5, 3, label, "", 0, "R", false, 0, "")
		}
	}
	p.SetDrawColor(0x88, 0x8e, 0x99)
	p.SetLineWidth(0.3)
	p.Line(left, bottom, right, bottom)
	p.Line(left, top, left, bottom)
	d.setFont("", 7)
	if sp.Kind == chart.Tornado {
		p.SetXY(left, bottom+5)
		name := valueAxis.Name() + ": " + d.tf("tornado.axis", strings.TrimSpace(tickText(valueAxis.Show(sp.Base))+" "+valueAxis.Suffix))
		p.CellFormat(right-left, 3.5, d.tr(d.fit(name, right-left)), "", 0, "C", false, 0, "")
	} else {
		p.SetXY(margin, top-6)
		p.CellFormat(d.width(), 3.5, d.tr(d.fit(valueAxis.Name(), d.width())), "", 0, "L", false, 0, "")
	}

	switch sp.Kind {
	case chart.Line, chart.Scatter:
		d.lines(sp, vs, left, right, top, bottom)
	case chart.Bar, chart.StackedBar, chart.Range:
		d.bars(sp, vs, left, right, bottom)
	case chart.Tornado:
		d.tornado(sp, vs, top, bottom)
	}
	p.SetTextColor(0x1d, 0x24, 0x33)

	// Legend under the axis.
	y := bottom + 14
	if sp.Kind != chart.Line && sp.Kind != chart.Scatter && sp.Kind != chart.Tornado && sp.X.Name() != "" {
		y += 1
	}
	var names []string
	if sp.Kind == chart.Tornado {
		names = []string{d.t("tornado.low"), d.t("tornado.high")}
	} else {
		for _, se := range sp.Series {
			names = append(names, se.Name)
		}
		if sp.Kind == chart.Range {
			names = append(names, d.t("p50"))
		}
	}
	d.setFont("", 7)
	x := left
	for i, n := range names {
		w := d.pdf.GetStringWidth(d.tr(n)) + 8
		if x+w > right {
			x, y = left, y+4
		}
		r, g, b := color(i)
		if sp.Kind == chart.Range && i == len(names)-1 || i < len(sp.Series) && sp.Series[i].Limit {
			r, g, b = 0x33, 0x33, 0x33
		}
		p.SetFillColor(r, g, b)
		p.Rect(x, y+0.6, 3, 2.4, "F")
		p.SetXY(x+4, y)
		p.CellFormat(w-4, 3.6, d.tr(n), "", 0, "L", false, 0, "")
		x += w
	}
	p.SetXY(margin, y+6)
	if sp.Note != "" {
		d.para(sp.Note, 7.5)
	}
	p.Ln(2)
}

// fit shortens text to one line of width w.
func (d *doc) fit(text string, w float64) string {
	if lines := d.wrap(text, w); len(lines) > 1 {
		return lines[0] + "..."
	}
	return text
}

func (d *doc) lines(sp chart.Spec, vs scale, left, right, top, bottom float64) {
	p := d.pdf
	var xs []float64
	for _, se := range sp.Series {
		for _, x := range se.X {
			xs = append(xs, sp.X.Show(x))
		}
	}
	lo, hi := span(xs, sp.X.Log, 0)
	if !sp.X.Log {
		lo = math.Min(lo, xs[0])
	}
	hs := scale{lo: lo, hi: hi, log: sp.X.Log, a: left, b: right}
	d.setFont("", 6.5)
	p.SetTextColor(0x5b, 0x64, 0x75)
	for _, t := range hs.ticks() {
		c := hs.at(t)
		p.SetDrawColor(0xe4, 0xe7, 0xee)
		p.SetLineWidth(0.15)
		p.Line(c, top, c, bottom)
		p.SetXY(c-10, bottom+1)
		p.CellFormat(20, 3, d.tr(tickText(t)), "", 0, "C", false, 0, "")
	}
	d.setFont("", 7)
	p.SetXY(left, bottom+5)
	p.CellFormat(right-left, 3.5, d.tr(d.fit(sp.X.Name(), right-left)), "", 0, "C", false, 0, "")
	for i, se := range sp.Series {
		r, g, b := color(i)
		p.SetDrawColor(r, g, b)
		p.SetFillColor(r, g, b)
		p.SetLineWidth(0.45)
		if se.Dashed {
			p.SetDashPattern([]float64{1.6, 1.1}, 0)
		}
		pts := make([]fpdf.PointType, 0, len(se.Y))
		for j := range se.Y {
			pts = append(pts, fpdf.PointType{X: hs.at(sp.X.Show(se.X[j])), Y: vs.at(sp.Y.Show(se.Y[j]))})
		}
		for j := 1; j < len(pts) && sp.Kind == chart.Line; j++ {
			p.Line(pts[j-1].X, pts[j-1].Y, pts[j].X, pts[j].Y)
		}
		p.SetDashPattern(nil, 0)
		// A scatter's points stand alone, so they are drawn large enough
		// to read; the marked one (the chosen plan) larger still.
		radius := 0.55
		switch {
		case se.Marked:
			radius = 2
		case sp.Kind == chart.Scatter:
			radius = 0.9
		}
		for _, pt := range pts {
			p.Circle(pt.X, pt.Y, radius, "F")
		}
	}
}

// bars draws grouped, stacked or range bars over the x categories.
func (d *doc) bars(sp chart.Spec, vs scale, left, right, bottom float64) {
	p := d.pdf
	n := len(sp.X.Categories)
	slot := (right - left) / float64(n)
	base := vs.at(vs.lo)
	if !vs.log {
		base = vs.at(0)
	}
	for i := range sp.X.Categories {
		x0 := left + float64(i)*slot
		switch sp.Kind {
		case chart.StackedBar:
			y := base
			// At most 25 mm wide: one or two bars would fill the plot.
			bw := math.Min(slot*0.6, 25)
			bx := x0 + (slot-bw)/2
			for si, se := range sp.Series {
				if se.Limit {
					continue
				}
				h := base - vs.at(sp.Y.Show(se.Y[i]))
				if h <= 0 {
					continue
				}
				r, g, b := color(si)
				p.SetFillColor(r, g, b)
				p.Rect(bx, y-h, bw, h, "F")
				y -= h
			}
			// A limit is a dash across the bar, over the stack.
			for _, se := range sp.Series {
				if se.Limit {
					p.SetDrawColor(0x33, 0x33, 0x33)
					p.SetLineWidth(0.8)
					at := vs.at(sp.Y.Show(se.Y[i]))
					p.Line(bx-2, at, bx+bw+2, at)
				}
			}
		case chart.Range:
			for si, se := range sp.Series {
				lo, hi := vs.at(sp.Y.Show(se.Low[i])), vs.at(sp.Y.Show(se.High[i]))
				r, g, b := color(si)
				p.SetFillColor(r, g, b)
				p.Rect(x0+slot*0.3, hi, slot*0.4, math.Max(lo-hi, 0.4), "F")
				p.SetFillColor(0x33, 0x33, 0x33)
				p.Circle(x0+slot/2, vs.at(sp.Y.Show(se.Y[i])), 1, "F")
			}
		default:
			k := float64(len(sp.Series))
			bw := slot * 0.8 / k
			for si, se := range sp.Series {
				v := sp.Y.Show(se.Y[i])
				if vs.log && v <= 0 {
					continue
				}
				top := vs.at(v)
				r, g, b := color(si)
				p.SetFillColor(r, g, b)
				p.Rect(x0+slot*0.1+float64(si)*bw, top, bw*0.9, math.Max(base-top, 0.2), "F")
			}
		}
	}
	// Category labels, wrapped to their slot.
	d.setFont("", 6.5)
	p.SetTextColor(0x5b, 0x64, 0x75)
	for i, c := range sp.X.Categories {
		lines := d.wrap(c, slot-1)
		if len(lines) > 3 {
			lines = append(lines[:2], lines[2]+"...")[:3]
		}
		for j, l := range lines {
			p.SetXY(left+float64(i)*slot, bottom+1+float64(j)*2.8)
			p.CellFormat(slot, 2.8, d.tr(l), "", 0, "C", false, 0, "")
		}
	}
	if name := sp.X.Name(); name != "" {
		d.setFont("", 7)
		p.SetXY(left, bottom+10)
		p.CellFormat(right-left, 3.5, d.tr(d.fit(name, right-left)), "", 0, "C", false, 0, "")
	}
}

// tornado draws a bar per input from the base value to the target at the
// input's low and at its high, largest swing on top.
func (d *doc) tornado(sp chart.Spec, vs scale, top, bottom float64) {
	p := d.pdf
	n := len(sp.Y.Categories)
	band := (bottom - top) / float64(n)
	base := vs.at(sp.X.Show(sp.Base))
	for _, se := range sp.Series {
		for i := range se.Low {
			y := top + float64(i)*band
			for k, v := range []float64{se.Low[i], se.High[i]} {
				x := vs.at(sp.X.Show(v))
				r, g, b := color(k)
				p.SetFillColor(r, g, b)
				h := band * 0.6
				p.Rect(math.Min(x, base), y+band*0.2+float64(k)*h/2, math.Max(math.Abs(x-base), 0.2), h/2, "F")
			}
		}
	}
	p.SetDrawColor(0x33, 0x33, 0x33)
	p.SetLineWidth(0.4)
	p.Line(base, top, base, bottom)
	d.setFont("", 6.5)
	p.SetTextColor(0x5b, 0x64, 0x75)
	for i, c := range sp.Y.Categories {
		lines := d.wrap(c, 58)
		if len(lines) > 2 {
			lines = lines[:2]
		}
		y := top + float64(i)*band + band/2 - float64(len(lines))*1.4
		for j, l := range lines {
			p.SetXY(margin, y+float64(j)*2.8)
			p.CellFormat(59, 2.8, d.tr(l), "", 0, "R", false, 0, "")
		}
	}
}

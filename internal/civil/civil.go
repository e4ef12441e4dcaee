// Package civil reads and ages calendar days without the time package.
package civil

// A Date is a calendar day, as prices and plans carry it (YYYY-MM-DD),
// counted in days so that plans can compare and age them. The estimator reads
// dates itself rather than with the time package: time's parser, formatter
// and zone tables were about 120 KB of the page's module's code, and a
// planner needs none of it.
type Date int

// Parse reads a Date written YYYY-MM-DD (time.DateOnly): four digits, two,
// two, a month from 01 to 12 and a day that month has.
func Parse(s string) (Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	y, okY := digits(s[:4])
	m, okM := digits(s[5:7])
	d, okD := digits(s[8:])
	if !okY || !okM || !okD || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	return civil(y, m, d), true
}

// AddMonths is t.AddDate(0, n, 0): a day past the month's end rolls over
// into the next month, as time normalises it (Feb 29 + 12 months = Mar 1).
func (t Date) AddMonths(n int) Date {
	y, m, d := t.ymd()
	return civil(y, m+n, d)
}

// digits reads a run of ASCII digits.
func digits(s string) (int, bool) {
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(y, m int) int {
	switch {
	case m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0):
		return 29
	case m == 2:
		return 28
	case m == 4 || m == 6 || m == 9 || m == 11:
		return 30
	}
	return 31
}

// civil counts days from 0000-03-01 to y-m-d (Hinnant's days_from_civil,
// years counted from March so that February's length comes last); m may be
// outside 1-12 and d past the month's end, which carry over as time.Date does.
func civil(y, m, d int) Date {
	y += floorDiv(m-1, 12)
	m = (m-1)%12 + 1
	if m < 1 {
		m += 12
	}
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	return Date(era*146097 + yoe*365 + yoe/4 - yoe/100 + doy)
}

// ymd is civil's inverse (Hinnant's civil_from_days).
func (t Date) ymd() (y, m, d int) {
	era := floorDiv(int(t), 146097)
	doe := int(t) - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = (mp+2)%12 + 1
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

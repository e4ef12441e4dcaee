package civil

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The planner's dates read, age and compare as time.Parse(time.DateOnly),
// AddDate and Before did before the estimator stopped linking time.
func TestDateMatchesTime(t *testing.T) {
	for day := time.Date(1599, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() < 2402; day = day.AddDate(0, 0, 1) {
		text := day.Format(time.DateOnly)
		got, ok := Parse(text)
		if !assert.True(t, ok, text) {
			return
		}
		y, m, d := got.ymd()
		if !assert.Equal(t, [3]int{day.Year(), int(day.Month()), day.Day()}, [3]int{y, m, d}, text) {
			return
		}
		for _, months := range []int{1, 12, -13} {
			later := day.AddDate(0, months, 0)
			y, m, d := got.AddMonths(months).ymd()
			if !assert.Equal(t, [3]int{later.Year(), int(later.Month()), later.Day()}, [3]int{y, m, d}, "%s + %d months", text, months) {
				return
			}
		}
	}
}

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"2026-12-01", true},
		{"2024-02-29", true},
		{"2025-02-29", false}, // not a leap year
		{"1900-02-29", false},
		{"2000-02-29", true},
		{"2026-04-31", false},
		{"2026-00-10", false},
		{"2026-13-10", false},
		{"2026-01-00", false},
		{"2026-1-10", false},
		{"26-01-10", false},
		{"2026/01/10", false},
		{"2026-01-10T00:00:00Z", false},
		{"", false},
		{"２０２６-01-10", false},
	} {
		_, ok := Parse(tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		_, err := time.Parse(time.DateOnly, tc.in)
		assert.Equal(t, tc.ok, err == nil, "time.Parse(%q)", tc.in)
	}
}

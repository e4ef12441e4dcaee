package xlsx_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report"
)

// The Assumptions sheet labels each input and says its unit and rules in the
// workbook's language, from the estimator's fields table, beside the path
// --set takes.
func TestAssumptionsSpeakTheWorkbooksLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang              estimator.Lang
		path, label, unit string
	}{
		{"en", "fleet.cars", "Cars", "cars"},
		{"ja", "fleet.cars", "車両数", "台"},
		{"en", "money.price_per_kwh", "Electricity price", "USD per kWh"},
		{"ja", "money.price_per_kwh", "電力単価", "USD/kWh"},
		{"ja", "units", "単位系", ""},
	} {
		b, err := report.Build(mustEstimate(t, "modern-2026"), report.Options{Lang: tc.lang, Date: testDate})
		require.NoError(t, err)
		f := open(t, write(t, b))
		rows, err := f.GetRows(f.GetSheetName(1)) // "Assumptions", in Japanese 前提条件
		require.NoError(t, err)
		found := false
		for _, r := range rows {
			if len(r) >= 8 && r[7] == tc.path {
				found = true
				assert.Equal(t, tc.label, r[0], tc.path)
				assert.Equal(t, tc.unit, r[2], tc.path)
				field, _ := estimator.FieldOf(tc.path)
				assert.Equal(t, field.RuleText(tc.lang), r[3], tc.path)
			}
		}
		assert.True(t, found, "%s: no row for %s", tc.lang, tc.path)
	}
}

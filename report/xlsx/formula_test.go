package xlsx_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/report/xlsx"
)

// testName names references as the workbook does, for the table below.
func testName(ref string) (string, bool) {
	if ref == "missing" {
		return "", false
	}
	if strings.ToUpper(ref) == ref {
		return "u_" + ref, true
	}
	return strings.NewReplacer(".", "_", "-", "_", "[", "_", "]", "_").Replace(ref), true
}

func TestFormula(t *testing.T) {
	for expr, want := range map[string]string{
		"{fleet.tb_per_hour} * TB": "fleet_tb_per_hour*u_TB",
		"{fleet.cars} * {fleet.hours_per_day} * {fleet.days_per_year} * {data.per_car_hour}": "fleet_cars*fleet_hours_per_day*fleet_days_per_year*data_per_car_hour",
		"{training.epochs} * {data.processed} / {train.alexnet.rate}":                        "training_epochs*data_processed/train_alexnet_rate",
		"{a} / {b} / ({c} * DAY) * {d}":                                                      "a/b/(c*u_DAY)*d",
		"{a} - ({b} - {c})":                                                                  "a-(b-c)",
		"({a} - {b}) - {c}":                                                                  "a-b-c",
		"{a} + ({b} + {c})":                                                                  "a+(b+c)", // the float order stays
		"{a} / ({b} * {c})":                                                                  "a/(b*c)",
		"({a} + {b}) * {c}":                                                                  "(a+b)*c",
		"2 ^ 3 ^ 2":                                                                          "2^(3^2)", // the estimator's ^ groups right to left
		"(2 ^ 3) ^ 2":                                                                        "(2^3)^2",
		"-{a} ^ 2":                                                                           "(-a)^2",
		"-({a} ^ 2)":                                                                         "-(a^2)",
		"{a} * -{b}":                                                                         "a*(-b)",
		"{n} ^ ({e} - 1)":                                                                    "n^(e-1)",
		"{per} ^ (3 - 1)":                                                                    "per^(3-1)",
		"if({a} <= {b} * DAY * 1.000001, 1, 0)":                                              "IF(a<=b*u_DAY*1.000001,1,0)",
		"{d} * if({f} = 1, 1, {e})":                                                          "d*IF(f=1,1,e)",
		"{a} * ({b} < {c})":                                                                  "a*IF(b<c,1,0)",
		"{a} >= {b}":                                                                         "IF(a>=b,1,0)",
		"ceil({team.x.systems.y})":                                                           "CEILING(team_x_systems_y,1)",
		"max(0, {a} - {b}) * ({c} + {d})":                                                    "MAX(0,a-b)*(c+d)",
		"max(0.05, 1 - {g} / (365 * DAY) * ({r} + {h} / 2) * HOUR - {m} / ({h} * 60))": "MAX(0.05,1-g/(365*u_DAY)*(r+h/2)*u_HOUR-m/(h*60))",
		"min({a}, 2)":                  "MIN(a,2)",
		"{e} / 3600000 * {p}":          "e/3600000*p",
		"{x} * 0.0005 + 1e-07":         "x*0.0005+0.0000001",
		"{workloads[0].mb_per_s} * MB": "workloads_0__mb_per_s*u_MB",
	} {
		e, err := estimator.ParseExpr(expr)
		require.NoError(t, err, expr)
		got, err := xlsx.Formula(e, testName)
		require.NoError(t, err, expr)
		assert.Equal(t, want, got, expr)
	}
}

func TestFormulaNamesWhatItCannotWrite(t *testing.T) {
	e, err := estimator.ParseExpr("{a} * {missing}")
	require.NoError(t, err)
	_, err = xlsx.Formula(e, testName)
	assert.ErrorContains(t, err, `"missing"`)
}

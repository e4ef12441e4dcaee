package estimator_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// The article's budget, by hand: 143 Volta DGX-1 at $149,000, $12,000 of
// network each, 104 TB x 2 copies of storage at $500/TB.
func TestMoneyByHand(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	capex := 143*149000.0 + 143*12000.0 + 208*500.0
	assert.Equal(t, 23127000.0, capex)
	power := 143 * 3500 * 0.8 * 1.58 // W
	energy := power * 365 * 24 * 3600
	opex := energy/3.6e6*0.1066 + capex*0.10
	for id, want := range map[string]float64{
		"cost.systems":                143,
		"cost.capex":                  capex,
		"energy.power":                power,
		"energy.per_year":             energy,
		"cost.opex_per_year":          opex,
		"cost.tco":                    capex + 3*opex,
		"cost.per_member":             (capex + 3*opex) / 30,
		"cost.cloud_per_year":         143 * 8 * 8760 * 0.7 * 3.06,
		"cost.break_even_utilisation": (capex/3 + opex) / (143 * 8 * 8760 * 3.06),
		"energy.per_run":              5452595200.0 / 19 / 2.5 * 3500 / 8 * 0.8 * 1.58,
		"co2.per_run":                 5452595200.0 / 19 / 2.5 * 3500 / 8 * 0.8 * 1.58 / 3.6e6 * 0.449,
	} {
		assert.InEpsilon(t, want, value(t, est, id), 1e-12, id)
	}
}

func TestCurrencyConversion(t *testing.T) {
	usd := mustEstimate(t, examples.Default)
	jpy := mustEstimate(t, examples.Default,
		estimator.Override{Path: "money.currency", Value: `"JPY"`},
		set("money.per_usd", 150),
		set("money.network_per_system", 12000*150),
		set("money.storage_per_tb", 500*150),
		set("money.price_per_kwh", 0.1066*150),
		set("money.cloud_per_gpu_hour", 3.06*150))
	for _, id := range []string{"cost.system_price", "cost.capex", "cost.opex_per_year", "cost.tco", "cost.cloud_per_year"} {
		q, _ := jpy.Get(id)
		assert.Equal(t, estimator.Unit("JPY"), q.Unit, id)
		assert.InEpsilon(t, 150*value(t, usd, id), q.Value, 1e-12, id)
	}
	assert.InEpsilon(t, value(t, usd, "cost.break_even_utilisation"), value(t, jpy, "cost.break_even_utilisation"), 1e-12)
	_, err := decodeAndRun(article(t), estimator.Override{Path: "money.currency", Value: `"JPY"`})
	assert.ErrorContains(t, err, "money.per_usd: is required when money.currency is not USD")
	_, err = decodeAndRun(article(t), estimator.Override{Path: "money.currency", Value: `"yen"`})
	assert.ErrorContains(t, err, `money.currency: must be a three-letter ISO 4217 code`)
}

func TestMoneyNeedsAPrice(t *testing.T) {
	data, _ := examples.Read("modern-2026")
	_, err := decodeAndRun(data, estimator.Override{Path: "money.system", Value: `"dgx-b200"`})
	assert.ErrorContains(t, err, "systems[2].price: must be given, as the catalog publishes none for this system")
	_, err = decodeAndRun(data, estimator.Override{Path: "money.workload", Value: `"gpt"`})
	assert.ErrorContains(t, err, `money.workload: names no workload of the scenario, got "gpt"`)
}

// Goodput: failures grow with job size and cost systems; off, nothing changes.
func TestGoodput(t *testing.T) {
	on := mustEstimate(t, "modern-2026")
	g := value(t, on, "team.vit-b-16.goodput.dgx-h100")
	n := value(t, on, "team.vit-b-16.gpus_per_job.dgx-h100")
	// Failures and checkpoint stalls, then the run's default overheads:
	// 4.5% of the steady time (evaluation, ramp, stragglers, data stalls).
	want := (1 - n*0.173/(365*24)*(0.5+0.5) - 1.0/60) / 1.045
	assert.InEpsilon(t, want, g, 1e-12)
	assert.Less(t, g, 1.0)
	assert.InEpsilon(t, n*6/8/g, value(t, on, "team.vit-b-16.systems.dgx-h100"), 1e-12)
	_, hasGoodput := mustEstimate(t, examples.Default).Get("team.inception-v3.goodput.dgx-1-p100")
	assert.False(t, hasGoodput, "the article-reproduction scenario leaves failures out")
}

func TestYearlyPlan(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	team := value(t, est, "team.inception-v3.systems.dgx-1-v100")
	prev := 0.0
	for y := 1; y <= 5; y++ {
		data := math.Pow(1.5, float64(y-1))
		id := func(name string) string { return "growth.y" + string(rune('0'+y)) + "." + name }
		assert.InEpsilon(t, data, value(t, est, id("data_factor")), 1e-12)
		systems := math.Ceil(team * data * data)
		assert.Equal(t, systems, value(t, est, id("systems")))
		if y > 1 {
			assert.InEpsilon(t, (systems-prev)*(149000+12000)+104000*(data-math.Pow(1.5, float64(y-2))), value(t, est, id("capex")), 1e-12)
		}
		prev = systems
	}
}

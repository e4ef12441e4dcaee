package estimator_test

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
	"github.com/trainscale/trainscale/examples"
)

func set(path string, v float64) estimator.Override {
	return estimator.Override{Path: path, Value: strconv.FormatFloat(v, 'g', -1, 64)}
}

func TestMoreCarsNeverNeedFewerSystems(t *testing.T) {
	prev := 0.0
	for _, cars := range []float64{1, 2, 10, 37, 100, 101, 500, 10000} {
		n := value(t, mustEstimate(t, examples.Default, set("fleet.cars", cars)), "team.resnet-50.systems_to_buy.dgx-1-v100")
		assert.GreaterOrEqual(t, n, prev, "cars=%v", cars)
		prev = n
	}
}

func TestDoublingThroughputHalvesTime(t *testing.T) {
	base := mustEstimate(t, examples.Default)
	fast := mustEstimate(t, examples.Default, set("workloads[2].mb_per_s", 38))
	for _, id := range []string{"train.inception-v3.gpu_time", "train.inception-v3.system_time.dgx-1-v100", "team.inception-v3.systems.dgx-1-p100"} {
		assert.InDelta(t, value(t, base, id)/2, value(t, fast, id), value(t, base, id)*1e-12, id)
	}
}

// Decimal units shrink data by 10^12/2^40 and rates by 10^6/2^20, so every time
// and system count moves by their ratio.
func TestBinaryVersusDecimal(t *testing.T) {
	bin := mustEstimate(t, examples.Default)
	dec := mustEstimate(t, "article-2017-decimal")
	ratio := (1e12 / (1 << 40)) / (1e6 / (1 << 20))
	assert.InDelta(t, 0.953674, ratio, 1e-6)
	for _, id := range []string{"train.inception-v3.gpu_time", "team.inception-v3.systems.dgx-1-p100", "team.alexnet.systems.dgx-1-v100"} {
		assert.InDelta(t, value(t, bin, id)*ratio, value(t, dec, id), value(t, bin, id)*1e-12, id)
	}
	assert.InDelta(t, 8.68, value(t, dec, "train.inception-v3.gpu_time")/estimator.Year, 0.005)
	assert.InDelta(t, 339, value(t, dec, "team.inception-v3.systems.dgx-1-p100"), 0.5)
}

func TestEveryExampleRuns(t *testing.T) {
	for _, name := range examples.Names() {
		t.Run(name, func(t *testing.T) {
			est := mustEstimate(t, name)
			assert.NotEmpty(t, est.Quantities())
			assert.NotEmpty(t, est.Scenario.Name)
			assert.NotEmpty(t, est.Scenario.Notes)
		})
	}
}

// The article scenario must carry the ids the issue and the surfaces rely on.
func TestQuantityContract(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	seen := map[string]bool{}
	for _, q := range est.Quantities() {
		assert.False(t, seen[q.ID], "duplicate id %s", q.ID)
		seen[q.ID] = true
		assert.NotEmpty(t, q.Label.EN, q.ID)
		assert.NotEmpty(t, q.Unit, q.ID)
		assert.NotEmpty(t, q.Formula, q.ID)
		assert.NotEmpty(t, q.Source.EN, q.ID)
		assert.NotContains(t, q.Formula, "{", q.ID)
	}
	for _, w := range []string{"alexnet", "resnet-50", "inception-v3"} {
		assert.True(t, seen["train."+w+".gpu_time"], w)
		for _, s := range []string{"dgx-1-p100", "dgx-1-v100"} {
			for _, pattern := range []string{"train.%w.system_time.%s", "team.%w.systems.%s", "team.%w.systems_per_member.%s", "storage.%w.node_read_rate.%s"} {
				id := replace(pattern, w, s)
				assert.True(t, seen[id], id)
			}
		}
	}
	assert.True(t, seen["data.raw"])
	assert.True(t, seen["data.processed"])
}

func replace(pattern, w, s string) string {
	out := []byte{}
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '%' && i+1 < len(pattern) {
			switch pattern[i+1] {
			case 'w':
				out = append(out, w...)
				i++
				continue
			case 's':
				out = append(out, s...)
				i++
				continue
			}
		}
		out = append(out, pattern[i])
	}
	return string(out)
}

func TestExplainSubstitutesNumbers(t *testing.T) {
	est := mustEstimate(t, examples.Default)
	text, err := present.Explain(est, "team.inception-v3.systems.dgx-1-p100", estimator.English)
	require.NoError(t, err)
	assert.Contains(t, text, "train.inception-v3.gpu_time.dgx-1-p100 / systems[0].gpus / (team.target_days * DAY) * team.concurrent_jobs")
	assert.Contains(t, text, "= 2.86979e+08 s / 8 / (7 * 86400) * 6")
	assert.Contains(t, text, "= 355.8763576 count (355.88)")
	_, err = present.Explain(est, "no.such.id", estimator.English)
	assert.ErrorContains(t, err, `id: names no quantity of this estimate`)
}

func TestDecodeIsDeterministic(t *testing.T) {
	a, err := estimator.Decode(bytes.NewReader(article(t)))
	require.NoError(t, err)
	b, err := estimator.Decode(bytes.NewReader(article(t)))
	require.NoError(t, err)
	assert.Equal(t, a, b)
}

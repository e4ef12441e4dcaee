package site_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/examples"
)

// The form takes the grid by location: a country typed in sets every CO2
// figure to the core's on that grid; a name the table lacks is marked at
// the field with the figures kept, and clearing it returns to the
// scenario's number. The field reads in Japanese too.
func TestGridByLocation(t *testing.T) {
	t.Parallel()
	p := open(t)
	p.goTo("/")
	p.ready("body")
	const field = "money.grid_region"

	p.set("document", field, "jp")
	assert.Equal(t, [3]string{"jp", "null", ""}, p.fieldState(field))
	jp := coreEstimate(t, examples.Default, estimator.Override{Path: field, Value: "jp"})
	sameFigures(t, p.values("document"), jp)
	q, _ := jp.Get("co2.per_run")
	assert.InDelta(t, 8559.04, q.Value, 0.01, "Japan's 0.485392 kg per kWh")

	p.set("document", field, "mars")
	state := p.fieldState(field)
	assert.Equal(t, "true", state[1], "marked invalid")
	assert.NotEmpty(t, state[2], "the error sits by the field")
	sameFigures(t, p.values("document"), jp)

	p.set("document", field, "")
	assert.Equal(t, [3]string{"", "null", ""}, p.fieldState(field))
	sameFigures(t, p.values("document"), coreEstimate(t, examples.Default))

	p.pickLang("document", estimator.Japanese)
	label := run[string](p, `document.querySelector('[name="money.grid_region"]').closest('.field').textContent`)
	assert.Contains(t, label, "所在地の電力網")
}

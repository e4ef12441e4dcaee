package hardware

import (
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every grid row is cited and dated, its intensity positive and below the
// dirtiest grid's (about 1.1 kg per kWh), its id unique and as a scenario
// writes it; a cloud region's country is a row of the table, and a
// published PUE comes with its source.
func TestGridsAreSound(t *testing.T) {
	grids := Grids()
	require.NotEmpty(t, grids)
	seen := map[string]bool{}
	countries := map[string]bool{}
	for _, g := range grids {
		if g.Provider == "" {
			countries[g.ID] = true
		}
	}
	id := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, g := range grids {
		assert.Regexp(t, id, g.ID)
		assert.False(t, seen[g.ID], "%s listed twice", g.ID)
		seen[g.ID] = true
		assert.NotEmpty(t, g.Name, g.ID)
		assert.Positive(t, g.KgCO2PerKWh, g.ID)
		assert.Less(t, g.KgCO2PerKWh, 1.1, g.ID)
		assert.NotEmpty(t, g.Source, g.ID)
		_, err := time.Parse(time.DateOnly, g.AsOf)
		assert.NoError(t, err, g.ID)
		assert.True(t, countries[g.Country], "%s: country %q is not a row", g.ID, g.Country)
		if g.Provider == "" {
			assert.Equal(t, g.ID, g.Country, "a country's id is its code")
			assert.NotEmpty(t, g.NameJA, g.ID)
			assert.Zero(t, g.PUE, g.ID)
		} else {
			assert.Equal(t, g.Provider+"-"+g.Region, g.ID)
		}
		if g.PUE != 0 {
			assert.GreaterOrEqual(t, g.PUE, 1.0, g.ID)
			assert.NotEmpty(t, g.PUESource, g.ID)
		}
	}
	// The countries the issue names, and those of the catalog's cloud regions.
	for _, c := range []string{"jp", "us", "de", "fr", "gb", "cn", "in", "kr", "se", "no", "ca", "au", "sg", "ie", "nl", "fi"} {
		assert.True(t, countries[c], c)
	}
}

// Every price-catalog offer that names a region finds its grid.
func TestCloudOffersFindTheirGrid(t *testing.T) {
	n := 0
	for _, o := range CloudOffers() {
		if o.Region == "" {
			continue
		}
		_, ok := CloudGrid(o.Provider, o.Region)
		assert.True(t, ok, "%s %s in %s", o.Provider, o.Instance, o.Region)
		n++
	}
	assert.Positive(t, n)
	_, ok := CloudGrid("lambda", "")
	assert.False(t, ok, "an offer without a region has no grid")
}

// The figures as their sources print them: Japan's 2023 average 485.392 g
// per kWh (Our World in Data), AWS us-east-1's 367.8 g (eGRID, as the ML CO2
// Impact calculator lists it) and AWS's 2024 PUE of 1.15.
func TestGridFigures(t *testing.T) {
	jp, ok := GridByID("JP")
	require.True(t, ok, "ids match in any case")
	assert.Equal(t, "jp", jp.ID)
	assert.Equal(t, "日本", jp.NameJA)
	assert.InDelta(t, 0.485392, jp.KgCO2PerKWh, 1e-12)
	assert.Contains(t, jp.Source, "Our World in Data")
	assert.Contains(t, jp.Source, "2023")

	va, ok := CloudGrid("aws", "us-east-1")
	require.True(t, ok)
	assert.InDelta(t, 0.3678, va.KgCO2PerKWh, 1e-12)
	assert.InDelta(t, 1.15, va.PUE, 1e-12)
	assert.Contains(t, va.Source, "ML CO2 Impact calculator")
	assert.Contains(t, va.Source, "eGRID")

	azure, ok := CloudGrid("azure", "eastus")
	require.True(t, ok)
	assert.InDelta(t, 0.3678, azure.KgCO2PerKWh, 1e-12)
	assert.InDelta(t, 1.18, azure.PUE, 1e-12)

	_, ok = GridByID("mars")
	assert.False(t, ok)
}

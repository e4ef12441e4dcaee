package hardware

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every cloud offer names a catalog GPU and a system with that GPU, carries a
// price, a source and a real date, and appears once per provider, instance
// and date.
func TestCloudOffersAreSound(t *testing.T) {
	offers := CloudOffers()
	require.NotEmpty(t, offers)
	seen := map[[3]string]bool{}
	for _, o := range offers {
		name := o.Provider + " " + o.Instance
		_, ok := GPUByID(o.GPU)
		assert.True(t, ok, "%s: unknown GPU %s", name, o.GPU)
		sys, ok := SystemByID(o.System)
		if assert.True(t, ok, "%s: unknown system %s", name, o.System) {
			assert.Equal(t, sys.GPU, o.GPU, "%s: the system's GPU", name)
			assert.Equal(t, sys.GPUs, o.GPUs, "%s: GPUs per instance as the system's", name)
		}
		assert.Positive(t, o.OnDemand+o.OneYear+o.ThreeYear+o.Spot, "%s: some price", name)
		assert.NotEmpty(t, o.Source, name)
		_, err := time.Parse(time.DateOnly, o.AsOf)
		assert.NoError(t, err, name)
		key := [3]string{o.Provider, o.Instance, o.AsOf}
		assert.False(t, seen[key], "%s listed twice for %s", name, o.AsOf)
		seen[key] = true
	}
}

// The figures as published: AWS's P5 after its June 2025 cut is USD 55.04 an
// instance-hour, 6.88 per GPU-hour.
func TestCloudOfferPrices(t *testing.T) {
	find := func(provider, instance string) CloudOffer {
		for _, o := range CloudOffers() {
			if o.Provider == provider && o.Instance == instance {
				return o
			}
		}
		t.Fatalf("no offer %s %s", provider, instance)
		return CloudOffer{}
	}
	p5 := find("aws", "p5.48xlarge")
	assert.InDelta(t, 6.88, p5.Price(OnDemand), 1e-9)
	assert.Zero(t, p5.Price(Spot))
	p5en := find("aws", "p5en.48xlarge")
	assert.InDelta(t, 63.296, p5en.Price(OnDemand)*8, 1e-9)
	assert.InDelta(t, 27.1988, p5en.Price(Spot)*8, 1e-9)
	assert.InDelta(t, 3.99, find("lambda", "8x H100 SXM").Price(OnDemand), 1e-9)
	assert.Equal(t, []Term{OnDemand, OneYear, ThreeYear, Spot}, Terms())
}

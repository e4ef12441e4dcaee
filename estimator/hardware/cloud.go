package hardware

import (
	"cmp"
	"slices"
)

// CloudOffer is one provider's rented instance as published on one date:
// its GPUs and what an hour of one of them costs on each term. Prices are
// USD per GPU-hour (providers that quote per instance-hour are divided by the
// instance's GPUs); 0 means the provider publishes no price on that term.
type CloudOffer struct {
	Provider string `json:"provider"` // lower-case id: aws, azure, lambda, ...
	Instance string `json:"instance"` // the provider's name for it: p5.48xlarge
	GPU      string `json:"gpu"`      // catalog GPU id
	GPUs     int    `json:"gpus"`     // per instance
	// System is the catalog system whose links and host the instance is
	// taken to have (an 8-GPU H100 instance with NVSwitch and 400 Gbit/s per
	// GPU trains as a DGX H100 does).
	System    string  `json:"system"`
	Region    string  `json:"region,omitempty"`
	OnDemand  float64 `json:"on_demand_usd_per_gpu_hour"`
	OneYear   float64 `json:"one_year_usd_per_gpu_hour"`   // committed one year
	ThreeYear float64 `json:"three_year_usd_per_gpu_hour"` // committed three years
	Spot      float64 `json:"spot_usd_per_gpu_hour"`
	Source    string  `json:"source"` // where the prices were read, with its title or address
	AsOf      string  `json:"as_of"`  // YYYY-MM-DD the prices were published or read
}

// Price is the offer's USD per GPU-hour on term, 0 where none is published.
func (o CloudOffer) Price(t Term) float64 {
	switch t {
	case OnDemand:
		return o.OnDemand
	case OneYear:
		return o.OneYear
	case ThreeYear:
		return o.ThreeYear
	case Spot:
		return o.Spot
	}
	return 0
}

// Term is how long a renter commits to an instance.
type Term string

const (
	OnDemand  Term = "on-demand"
	OneYear   Term = "1-year"
	ThreeYear Term = "3-year"
	Spot      Term = "spot"
)

// Terms lists the terms in the order tables show them.
func Terms() []Term { return []Term{OnDemand, OneYear, ThreeYear, Spot} }

// CloudOffers lists the cloud price catalog sorted by provider, instance and
// date (oldest first), so the newest entry of an instance is its last.
func CloudOffers() []CloudOffer {
	out := slices.Clone(cloudOffers)
	SortCloudOffers(out)
	return out
}

// SortCloudOffers sorts offers by provider, instance and date.
func SortCloudOffers(offers []CloudOffer) {
	slices.SortStableFunc(offers, func(a, b CloudOffer) int {
		return cmp.Or(cmp.Compare(a.Provider, b.Provider), cmp.Compare(a.Instance, b.Instance), cmp.Compare(a.AsOf, b.AsOf))
	})
}

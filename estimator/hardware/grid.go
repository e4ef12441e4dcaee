package hardware

import (
	"cmp"
	"slices"
	"strings"
)

// Grid is the carbon intensity of the electricity one place draws: a
// country's grid, or the grid under one cloud provider's region. A scenario
// names it (money.grid_region) instead of writing the number down.
type Grid struct {
	_  uncomparable
	ID string `json:"id"` // a country's ISO 3166 code (jp), or provider-region (aws-us-east-1)
	// Name is the country's or the provider's own name for the region;
	// NameJA a country's in Japanese (a region's own name serves both).
	Name   string `json:"name"`
	NameJA string `json:"name_ja,omitempty"`
	// Provider and Region are a cloud region's: the price catalog's
	// provider id and the region as its offers name it. Empty for a country.
	Provider string `json:"provider,omitempty"`
	Region   string `json:"region,omitempty"`
	Country  string `json:"country"` // ISO 3166 code, lower case
	// KgCO2PerKWh is the grid's average emissions, kg CO2-equivalent per
	// kWh drawn (location-based: renewable certificates bought elsewhere
	// do not lower it).
	KgCO2PerKWh float64 `json:"kg_co2_per_kwh"`
	Source      string  `json:"source"`
	AsOf        string  `json:"as_of"` // the date the figure was published
	// PUE is the provider's published data-centre power usage effectiveness
	// (0: none published, or a country), with its own source. It is listed
	// for a user to set money.pue from; the estimate keeps money.pue.
	PUE       float64 `json:"pue,omitempty"`
	PUESource string  `json:"pue_source,omitempty"`
}

// Grids lists the grid table: countries first, then cloud regions, each
// sorted by id.
func Grids() []Grid {
	out := slices.Clone(grids)
	slices.SortStableFunc(out, func(a, b Grid) int {
		return cmp.Or(cmp.Compare(a.Provider, b.Provider), cmp.Compare(a.ID, b.ID)) // "" (a country) first
	})
	return out
}

// GridByID finds a grid by id, ignoring case: "JP" is jp.
func GridByID(id string) (Grid, bool) {
	i := slices.IndexFunc(grids, func(g Grid) bool { return strings.EqualFold(g.ID, id) })
	if i < 0 {
		return Grid{}, false
	}
	return grids[i], true
}

// CloudGrid is the grid under a provider's region, as a cloud offer names
// it (aws, us-east-1); false where the table has no such region or the
// offer names none.
func CloudGrid(provider, region string) (Grid, bool) {
	if provider == "" || region == "" {
		return Grid{}, false
	}
	return GridByID(provider + "-" + region)
}

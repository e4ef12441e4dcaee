package estimator

import (
	"github.com/trainscale/trainscale/estimator/hardware"
)

// CatalogFact is one number of the hardware catalog that formulas may read,
// addressed as catalog.<table>.<id>.<field> (e.g. catalog.systems.dgx-1-p100.local_ssd).
// The workbook puts these on a sheet of their own so a user can edit them.
type CatalogFact struct {
	Path   string  `json:"path"`
	Label  string  `json:"label"`
	Value  float64 `json:"value"`
	Unit   Unit    `json:"unit"`
	Source string  `json:"source"`
	AsOf   string  `json:"as_of"`
}

// CatalogFacts lists the catalog numbers formulas use, in a stable order.
func CatalogFacts() []CatalogFact {
	var out []CatalogFact
	add := func(table, id, field, label string, v float64, u Unit, src, asOf string) {
		out = append(out, CatalogFact{Path: "catalog." + table + "." + id + "." + field, Label: label, Value: v, Unit: u, Source: src, AsOf: asOf})
	}
	for _, g := range hardware.GPUs() {
		add("gpus", g.ID, "memory", g.Name+": memory", g.Memory, Bytes, g.Source, g.AsOf)
		add("gpus", g.ID, "tdp", g.Name+": board power", g.TDP, Watts, g.Source, g.AsOf)
		add("gpus", g.ID, "price_usd", g.Name+": launch price", g.PriceUSD, USD, g.Source, g.AsOf)
	}
	for _, s := range hardware.Systems() {
		add("systems", s.ID, "gpus", s.Name+": GPUs", float64(s.GPUs), Count, s.Source, s.AsOf)
		add("systems", s.ID, "host_ram", s.Name+": host RAM", s.HostRAM, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "local_ssd", s.Name+": local SSD", s.LocalSSD, Bytes, s.Source, s.AsOf)
		add("systems", s.ID, "power", s.Name+": maximum power", s.Power, Watts, s.Source, s.AsOf)
		add("systems", s.ID, "price_usd", s.Name+": list price", s.PriceUSD, USD, s.Source, s.AsOf)
	}
	return out
}

// catalogValue looks up one catalog fact by path.
func catalogValue(path string) (float64, bool) {
	for _, f := range CatalogFacts() {
		if f.Path == path {
			return f.Value, true
		}
	}
	return 0, false
}

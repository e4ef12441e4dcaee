package estimator

import (
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
)

// checkGrid holds money to a carbon intensity: a number, or a grid of the
// table by name, which takes the number's place when both are given (so
// --set money.grid_region=jp works on any scenario).
func checkGrid(m *Money, errs *errorList) {
	switch {
	case m.GridRegion == "" && m.GridKgCO2PerKWh == nil:
		errs.add("money.grid_kg_co2_per_kwh", Text{"is required unless money.grid_region names a grid (trainscale catalog grid lists them)",
			"money.grid_region で電力網を指定しない限り必須です（一覧は trainscale catalog grid）"}, nil)
	case m.GridRegion != "":
		if _, ok := hardware.GridByID(m.GridRegion); !ok {
			errs.add("money.grid_region", Text{"must name a country (jp, us, ...) or a cloud region (aws-us-east-1, azure-eastus, ...) of the grid table; trainscale catalog grid lists them",
				"電力網の表にある国（jp、us など）かクラウドのリージョン（aws-us-east-1、azure-eastus など）を指定してください。一覧は trainscale catalog grid"}, strconv.Quote(m.GridRegion))
		}
	}
}

// gridFact is the catalog path of a grid's carbon intensity, which a CO2
// formula reads when the scenario names the grid.
func gridFact(id string) string { return "catalog.grid." + id + ".kg_co2_per_kwh" }

// addCO2 lays out a CO2 quantity of kind k for energy (joules): at the
// scenario's number, or at the named grid's intensity, the formula then
// reading the table's fact and the source citing the table's row.
func addCO2(b *builder, k *kind, c *subject, m *Money, energy float64) float64 {
	if m.GridRegion == "" {
		return b.add(k, c, energy/joulesPerKWh**m.GridKgCO2PerKWh)
	}
	g, _ := hardware.GridByID(m.GridRegion) // validated
	v := energy / joulesPerKWh * g.KgCO2PerKWh
	if !b.describe {
		return b.add(k, c, v)
	}
	named := *k
	src := Text{EN: k.source.EN + "; grid: " + g.Name + " (" + g.ID + "), " + g.Source + ", " + g.AsOf,
		JA: k.source.JA + "。電力網: " + gridName(g) + "（" + g.ID + "）、" + g.Source + "、" + g.AsOf}
	named.source = &src
	return b.addExpr(&named, c, strings.Replace(k.expr, "{money.grid_kg_co2_per_kwh}", "{"+gridFact(g.ID)+"}", 1), v)
}

// gridName is the grid's name for a Japanese reader: a country's Japanese
// name, a cloud region's own.
func gridName(g hardware.Grid) string {
	if g.NameJA != "" {
		return g.NameJA
	}
	return g.Name
}

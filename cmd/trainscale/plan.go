package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/estimator/planner"
	"github.com/trainscale/trainscale/estimator/present"
)

// runPlan answers the inverse question: what to buy or rent to meet the
// scenario's plan section (or its defaults: the team's target, no budget).
func runPlan(e *env, args []string) error {
	fs := newFlags(e, "plan")
	var sf scenarioFlags
	sf.register(fs)
	prices := fs.String("prices", "", "a prices `FILE` (JSON) whose entries replace or add to the cloud price catalog")
	asOf := fs.String("as-of", "", "`DATE` (YYYY-MM-DD) prices are judged at, unless the scenario sets plan.as_of; default: today")
	format := addFormat(fs, "table", "json", "csv")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return pointToSize(err)
	}
	if err := format.check(); err != nil {
		return err
	}
	s, err := sf.load(e, first(pos))
	if err != nil {
		return err
	}
	opt := planner.Options{AsOf: *asOf}
	if opt.AsOf == "" {
		opt.AsOf = time.Now().UTC().Format(time.DateOnly) // staleness is judged against the day the question is asked
	}
	if opt.Prices, err = pricesWith(*prices, s, opt.AsOf); err != nil {
		return err
	}
	res, err := planner.Make(s, opt)
	if err != nil {
		return sf.wrap(err)
	}
	switch format.value {
	case "json":
		return writeJSON(e.stdout, res) // the one shape planner.Result defines
	case "csv":
		return writeCSV(e.stdout, planQuantities(res))
	}
	return writePlanTable(e.stdout, s, res)
}

// askSize is where plan sends the question its flags do not ask: size owns
// it, so the two commands never answer it two ways.
const askSize = "to ask what N GPUs can train in D days, use trainscale size"

// pointToSize adds askSize to plan's error for a flag that size takes and
// plan does not (--gpu, --gpus, --days ...): whoever typed it asked size's
// question.
func pointToSize(err error) error {
	var ue *usageError
	if !errors.As(err, &ue) {
		return err
	}
	name, ok := strings.CutPrefix(ue.msg, "flag provided but not defined: -")
	if ok && slices.Contains(usageFlags(commands(), "size"), name) {
		return usagef("%s; %s", ue.msg, askSize)
	}
	return err
}

// pricesWith is the cloud price catalog with the prices file merged in, its
// entries in the scenario's currency converted (s may be nil: USD only) and
// none dated after asOf, the plan's date.
func pricesWith(file string, s *estimator.Scenario, asOf string) ([]hardware.CloudOffer, error) {
	catalog := hardware.CloudOffers()
	if file == "" {
		return catalog, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mine, err := estimator.DecodePrices(f, s, asOf)
	if err != nil {
		return nil, &sourceError{file, err}
	}
	return estimator.MergePrices(catalog, mine), nil
}

// planQuantities lists every number of the plan once, in the order the table
// shows them: the limits, then each option at the deadline, then the
// frontiers' plans.
func planQuantities(res *planner.Result) []estimator.Quantity {
	var out []estimator.Quantity
	seen := map[string]bool{}
	add := func(qs ...estimator.Quantity) {
		for _, q := range qs {
			if !seen[q.ID] {
				seen[q.ID] = true
				out = append(out, q)
			}
		}
	}
	for _, c := range res.Constraints {
		add(c.Limit)
	}
	for _, group := range [][]planner.Point{res.Options, res.Frontier, res.EnergyFrontier} {
		for i := range group {
			add(group[i].Quantities()...)
		}
	}
	for _, sf := range res.Shortfalls {
		add(sf.Best)
	}
	return out
}

func writePlanTable(w io.Writer, s *estimator.Scenario, res *planner.Result) error {
	show := func(q estimator.Quantity) string { return present.Format(q.Value, q.Unit, s.Units, estimator.English) }
	// The figures a whole run's model error moves show its range.
	ranged := false
	banded := func(q estimator.Quantity) string {
		v, r := present.FormatBand(q, s.Units, "en")
		ranged = ranged || r
		return v
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: plan for %s, prices as of %s\n", estimator.Printable(s.Name), estimator.Printable(res.Workload), res.AsOf)
	var limits []string
	for _, c := range res.Constraints {
		limits = append(limits, estimator.Printable(c.Limit.Label.EN)+" "+show(c.Limit))
	}
	fmt.Fprintf(&b, "Constraints: %s\n\n", strings.Join(limits, "; "))
	describe := func(title string, p *planner.Point) {
		if p == nil {
			return
		}
		fmt.Fprintf(&b, "%s: %s: %s systems or instances (%s GPUs, %s used), %s per run, total %s %s (capex %s, %s %s), power %s, energy %s a run%s\n",
			title, estimator.Printable(p.Label.EN), banded(p.Count), banded(p.GPUs), show(p.Utilisation), banded(p.TimePerRun), banded(p.Total), res.Horizon.EN, banded(p.Capex), res.Running.EN, banded(p.PerYear), show(p.Power), show(p.EnergyPerRun), staleNote(p))
	}
	describe("Chosen", res.Cheapest)
	fmt.Fprintf(&b, "Why: %s\n", estimator.Printable(res.Why.EN))
	for _, sf := range res.Shortfalls {
		fmt.Fprintf(&b, "  %s: needs %s against %s\n", sf.Path, show(sf.Best), show(sf.Limit))
	}
	describe("Fastest within the budgets", res.Fastest)
	if ranged {
		fmt.Fprintf(&b, "Ranges: %s\n", estimator.WholeRunNote().EN)
	}
	if _, err := io.WriteString(w, b.String()+"\n"); err != nil {
		return err
	}

	fmt.Fprintf(w, "Options considered, each sized for the deadline, cheapest first (%d plans compared in all):\n", res.Points)
	co2Head := "CO2"
	if len(res.Options) > 0 {
		co2Head = res.Options[0].CO2.Label.EN
	}
	rows := [][]string{{"option", "count", "utilisation", "time/run", "capex", res.Running.EN, "total, " + res.Horizon.EN, "power", "energy/run", co2Head, "buy beats rent after", "meets all", "binding"}}
	for i := range res.Options {
		p := &res.Options[i]
		breakEven := "-"
		if p.BreakEven != nil {
			breakEven = show(*p.BreakEven)
		}
		rows = append(rows, []string{estimator.Printable(p.Option) + staleNote(p), show(p.Count), show(p.Utilisation), show(p.TimePerRun), show(p.Capex), show(p.PerYear), banded(p.Total),
			show(p.Power), show(p.EnergyPerRun), show(p.CO2) + gridNote(p, s), breakEven, yesNo(p.MeetsAll), estimator.Printable(p.Why.EN)})
	}
	if err := writeColumns(w, rows); err != nil {
		return err
	}

	fmt.Fprintf(w, "\nFrontier of total cost against time per run (%d plans), cheapest first:\n", len(res.Frontier))
	rows = [][]string{{"option", "count", "time/run", "total", "energy/run"}}
	for _, p := range res.Frontier {
		rows = append(rows, []string{estimator.Printable(p.Option), show(p.Count), show(p.TimePerRun), show(p.Total), show(p.EnergyPerRun)})
	}
	if err := writeColumns(w, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "Frontier of total cost against energy per run: %d plans (--format json lists them)\n", len(res.EnergyFrontier))
	if len(res.Skipped) > 0 {
		fmt.Fprintf(w, "\nSkipped (%d):\n", len(res.Skipped))
		rows = nil
		for _, sk := range res.Skipped {
			rows = append(rows, []string{"  " + estimator.Printable(sk.Option), estimator.Printable(sk.Reason.EN)})
		}
		if err := writeColumns(w, rows); err != nil {
			return err
		}
	}
	return nil
}

// gridNote names the grid a plan's carbon was counted on where it is not
// the scenario's: a rented option's cloud region.
func gridNote(p *planner.Point, s *estimator.Scenario) string {
	if p.Grid == "" || strings.EqualFold(p.Grid, s.Money.GridRegion) {
		return ""
	}
	return " (" + p.Grid + " grid)"
}

// staleNote flags a plan whose cloud price is more than 12 months old.
func staleNote(p *planner.Point) string {
	if p.Stale {
		return " (price of " + p.PriceAsOf + ", over 12 months old)"
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

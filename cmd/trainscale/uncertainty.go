package main

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/trainscale/trainscale/estimator"
	"github.com/trainscale/trainscale/estimator/present"
)

func runUncertainty(e *env, args []string) error {
	fs := newFlags(e, "uncertainty")
	var sf scenarioFlags
	sf.register(fs)
	samples := addInt(fs, "samples", 100_000, 1, estimator.MaxSamples, "`N` Monte Carlo samples")
	seed := seedFlag(fs, "random seed `N`; the same seed gives the same result")
	workers := addInt(fs, "workers", 0, 0, estimator.MaxWorkers, "`N` goroutines to sample with (0: one per CPU)")
	format := addFormat(fs, "table", "json")
	s, err := parseScenario(e, fs, args, &sf, format, samples, seed, workers)
	if err != nil {
		return err
	}
	u, err := estimator.RunUncertainty(s, samples.value, seed.value, workers.value)
	if err != nil {
		return sf.wrap(err)
	}
	if format.value == "json" {
		return writeJSON(e.stdout, u)
	}
	fmt.Fprintf(e.stdout, "%s: %d samples, seed %d, %d ranged inputs (%s)\n\n", estimator.Printable(s.Name), u.Samples, u.Seed, len(u.Ranged), estimator.Printable(strings.Join(u.Ranged, ", ")))
	tw := tabwriter.NewWriter(e.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "quantity\tP10\tP50\tP90")
	for _, q := range u.Quantities {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", estimator.Printable(q.ID), present.Format(q.P10, q.Unit, s.Units, estimator.English), present.Format(q.P50, q.Unit, s.Units, estimator.English), present.Format(q.P90, q.Unit, s.Units, estimator.English))
	}
	return tw.Flush()
}

func runSensitivity(e *env, args []string) error {
	fs := newFlags(e, "sensitivity")
	var sf scenarioFlags
	sf.register(fs)
	target := fs.String("target", "", "quantity `id` to rank the inputs by (default: cost.tco, or the first team's systems)")
	format := addFormat(fs, "table", "json")
	s, err := parseScenario(e, fs, args, &sf, format)
	if err != nil {
		return err
	}
	sens, err := estimator.RunSensitivity(s, *target)
	if err != nil {
		return sf.wrap(err)
	}
	if format.value == "json" {
		return writeJSON(e.stdout, sens)
	}
	f := func(v float64) string { return present.Format(v, sens.Unit, s.Units, estimator.English) }
	fmt.Fprintf(e.stdout, "%s: %s = %s with every input at its likely value\n\n", estimator.Printable(sens.Target), estimator.Printable(sens.Label.EN), f(sens.Base))
	tw := tabwriter.NewWriter(e.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tinput\tlow .. high\ttarget at low\ttarget at high\tswing\telasticity")
	for i, sw := range sens.Swings {
		fmt.Fprintf(tw, "%d\t%s\t%s .. %s\t%s\t%s\t%s\t%s\n", i+1, estimator.Printable(sw.Path),
			strconv.FormatFloat(sw.InputLow, 'g', 4, 64), strconv.FormatFloat(sw.InputHigh, 'g', 4, 64),
			f(sw.Low), f(sw.High), f(sw.Swing), strconv.FormatFloat(sw.Elasticity, 'f', 2, 64))
	}
	return tw.Flush()
}

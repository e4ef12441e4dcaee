package estimator

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Summary is the estimate laid out as the article lays it out, every cell already
// rounded as the article rounds (times in years, system counts to the nearest
// integer). Text surfaces print it as is.
type Summary struct {
	Name     string
	Sections []Section
}

// Section is one titled table; its first row is the header.
type Section struct {
	Title string
	Rows  [][]string
}

// Summarize lays out an estimate's headline figures.
func Summarize(e *Estimate) Summary {
	s := e.Scenario
	us := s.Units
	val := func(id string) float64 { q, _ := e.Get(id); return q.Value }
	has := func(id string) bool { _, ok := e.Get(id); return ok }
	show := func(id string) string {
		q, ok := e.Get(id)
		if !ok {
			return "-"
		}
		return Format(q.Value, q.Unit, us)
	}
	name := s.Name
	if name == "" {
		name = "Unnamed scenario"
	}
	sum := Summary{Name: name}
	modelled := s.Training.Scaling == "modelled"

	data := [][]string{{"quantity", "value"}}
	for _, id := range []string{"data.per_car_hour", "data.raw", "data.sampled", "data.reduction", "data.processed", "data.frames", "data.tokens_per_frame", "data.tokens"} {
		if q, ok := e.Get(id); ok {
			data = append(data, []string{q.Label, show(id)})
		}
	}
	sum.Sections = append(sum.Sections, Section{Title: "Data", Rows: data})

	header := []string{"network", "system", "1 GPU", "1 system"}
	if modelled {
		header = append(header, "GPUs per job", "efficiency", "one job")
	}
	times := [][]string{header}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			// pairID places the workload and system in an id: "train.gpu_time" -> "train.<w>.gpu_time.<s>".
			pairID := func(name string) string {
				group, rest, _ := strings.Cut(name, ".")
				return group + "." + w.ID + "." + rest + "." + sys.ID
			}
			row := []string{w.name(), sys.ID, show(pairID("train.gpu_time")), show(pairID("train.system_time"))}
			if modelled {
				row = append(row, show(pairID("team.gpus_per_job")), trim(100*val(pairID("scale.efficiency")), 1)+" %", show(pairID("train.job_time")))
			}
			times = append(times, row)
		}
	}
	sum.Sections = append(sum.Sections, Section{Title: fmt.Sprintf("Time to train one run (%v epochs)", s.Training.Epochs), Rows: times})
	if tr := transformerRows(e, show, val); len(tr) > 1 {
		sum.Sections = append(sum.Sections, Section{Title: "Transformer training: tokens, FLOPs, layout and utilisation", Rows: tr})
	}

	team := [][]string{{"network", "system", "systems", "to buy", "per member", "node reads"}}
	var misses []string
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			n := val("team." + w.ID + ".systems." + sys.ID)
			team = append(team, []string{w.name(), sys.ID, roundCount(n),
				strconv.FormatFloat(val("team."+w.ID+".systems_to_buy."+sys.ID), 'f', 0, 64),
				trim(val("team."+w.ID+".systems_per_member."+sys.ID), 1),
				show("storage." + w.ID + ".node_read_rate." + sys.ID),
			})
			if id := "team." + w.ID + ".meets_target." + sys.ID; has(id) && val(id) == 0 {
				misses = append(misses, fmt.Sprintf("%s on %s: no job size meets the %v-day target; the best takes %s",
					w.name(), sys.ID, s.Team.TargetDays, show("train."+w.ID+".job_time."+sys.ID)))
			}
		}
	}
	for _, m := range misses {
		team = append(team, []string{"note: " + m})
	}
	sum.Sections = append(sum.Sections, Section{
		Title: fmt.Sprintf("Systems for the team (%v of %v members submitting, %v-day target)", s.Team.ConcurrentJobs, s.Team.Members, s.Team.TargetDays),
		Rows:  team,
	})

	mem := [][]string{{"network", "system", "memory per GPU", "fits"}}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			if id := "memory." + w.ID + ".per_gpu." + sys.ID; has(id) {
				mem = append(mem, []string{w.name(), sys.ID, show(id), show("memory." + w.ID + ".fits." + sys.ID)})
			}
		}
	}
	if len(mem) > 1 {
		sum.Sections = append(sum.Sections, Section{Title: "GPU memory", Rows: mem})
	}

	host := [][]string{{"system", "local SSD", "dataset fits", "shared reads per run", "GPU memory", "RAM wanted", "RAM installed"}}
	for _, sys := range s.Systems {
		host = append(host, []string{sys.ID,
			show("storage.local_ssd." + sys.ID),
			show("storage.dataset_fits_local." + sys.ID),
			show("storage.shared_read_per_run." + sys.ID),
			show("host.gpu_memory." + sys.ID),
			show("host.ram_low."+sys.ID) + " - " + show("host.ram_high."+sys.ID),
			show("host.ram_installed."+sys.ID) + okMark(val("host.ram_ok."+sys.ID)),
		})
	}
	sum.Sections = append(sum.Sections, Section{Title: "Storage and host", Rows: host})

	if m := s.Money; m != nil {
		budget := [][]string{{"quantity", "value"}}
		for _, q := range e.Quantities() {
			group, _, _ := strings.Cut(q.ID, ".")
			if group == "cost" || group == "energy" || group == "co2" || q.ID == "storage.shared_capacity" {
				budget = append(budget, []string{q.Label, show(q.ID)})
			}
		}
		sum.Sections = append(sum.Sections, Section{Title: fmt.Sprintf("Budget: %s on %s, in %s", m.Workload, m.System, m.currency()), Rows: budget})
		if g := s.Growth; g.Years != nil {
			plan := [][]string{{"year", "data x", "systems", "capital expense", "operating expense"}}
			for y := 1; y <= int(*g.Years); y++ {
				yearID := func(name string) string { return fmt.Sprintf("growth.y%d.%s", y, name) }
				plan = append(plan, []string{strconv.Itoa(y), trim(val(yearID("data_factor")), 2), show(yearID("systems")), show(yearID("capex")), show(yearID("opex"))})
			}
			sum.Sections = append(sum.Sections, Section{Title: fmt.Sprintf("%v-year plan (data x%v a year)", *g.Years, *g.PerYear), Rows: plan})
		}
	}

	growth := [][]string{{"data x", "compute x"}}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			growth[0] = append(growth[0], w.ID+" / "+sys.ID)
		}
	}
	for n := 1; n <= int(s.Growth.Factor); n++ {
		row := []string{strconv.Itoa(n), trim(val(fmt.Sprintf("growth.compute_factor_n%d", n)), 2)}
		for _, w := range s.Workloads {
			for _, sys := range s.Systems {
				row = append(row, roundCount(val(fmt.Sprintf("growth.%s.systems_n%d.%s", w.ID, n, sys.ID))))
			}
		}
		growth = append(growth, row)
	}
	sum.Sections = append(sum.Sections, Section{Title: "Systems when the data grows", Rows: growth})
	return sum
}

// transformerRows is the transformer workloads' plan on each system, one row
// per pair, with the header first.
func transformerRows(e *Estimate, show func(string) string, val func(string) float64) [][]string {
	rows := [][]string{{"network", "system", "tokens", "FLOPs", "layout", "memory per GPU", "MFU", "tokens/s per GPU", "GPUs per job", "one job"}}
	s := e.Scenario
	for _, w := range s.Workloads {
		if w.Transformer == nil {
			continue
		}
		for _, sys := range s.Systems {
			id := func(group, name string) string { return group + "." + w.ID + "." + name + "." + sys.ID }
			layout := fmt.Sprintf("TP%v x PP%v x DP%v", val(id("train", "tp")), val(id("train", "pp")), val(id("train", "dp")))
			rows = append(rows, []string{w.name(), sys.ID, show("train." + w.ID + ".tokens"), show("train." + w.ID + ".flops"), layout,
				show(id("train", "memory_per_gpu")) + fitsMark(val(id("train", "fits"))), show(id("train", "mfu")),
				trim(val(id("train", "tokens_per_s")), 1), show(id("team", "gpus_per_job")), show(id("train", "job_time"))})
		}
	}
	return rows
}

func fitsMark(fits float64) string {
	if fits == 1 {
		return " (fits)"
	}
	return " (does not fit)"
}

// IsHeadline reports whether a quantity id is one a planner reads first: the
// data, one training run's time, the systems each workload needs on each
// system, and the money, energy and CO2 totals; not every intermediate (the
// growth table only scales them, systems to buy only round them, a price is
// an input). The comparison's headline rows and the uncertainty's
// percentiles both show exactly these.
func IsHeadline(id string) bool {
	switch id {
	case "data.raw", "data.processed", "cost.capex", "cost.opex_per_year", "cost.tco", "cost.per_member",
		"cost.cloud_per_year", "cost.break_even_utilisation", "energy.per_run", "energy.per_year", "co2.per_run", "co2.per_year":
		return true
	}
	group, rest, _ := strings.Cut(id, ".")
	_, name, _ := strings.Cut(rest, ".")
	switch {
	case group == "train":
		// gpu_time.<s> is gpu_time / speedup where a reference GPU exists;
		// system_time and job_time carry the per-system figures.
		return name == "gpu_time" || strings.HasPrefix(name, "system_time.") || strings.HasPrefix(name, "job_time.")
	case group == "team":
		return strings.HasPrefix(name, "systems.")
	}
	return false
}

// Headline lists e's headline quantity ids (IsHeadline), in the estimate's order.
func Headline(e *Estimate) []string {
	var ids []string
	for _, q := range e.calc.layout {
		if IsHeadline(q.ID) {
			ids = append(ids, q.ID)
		}
	}
	return ids
}

// roundCount prints a system count as the article does, to the nearest
// integer, keeping two decimals below one so a fraction of a system shows.
func roundCount(n float64) string {
	if n < 1 {
		return trim(n, 2)
	}
	return strconv.FormatFloat(math.Round(n), 'f', 0, 64)
}

func okMark(v float64) string {
	if v != 0 {
		return " (enough)"
	}
	return " (too little)"
}

func (w Workload) name() string { return labelOr(w.Label, w.ID) }

func (s System) name() string { return labelOr(s.Label, s.ID) }

func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

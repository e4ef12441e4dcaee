package estimator

import (
	"fmt"
	"math"
	"strconv"
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
	name := s.Name
	if name == "" {
		name = "Unnamed scenario"
	}
	sum := Summary{Name: name}

	sum.Sections = append(sum.Sections, Section{Title: "Data", Rows: [][]string{
		{"quantity", "value"},
		{"Raw data collected per year", Format(val("data.raw"), Bytes, us)},
		{"Data reduction factor", trim(val("data.reduction"), 6)},
		{"Data after preprocessing", Format(val("data.processed"), Bytes, us)},
	}})

	header := []string{"network", "1 GPU"}
	for _, sys := range s.Systems {
		header = append(header, sys.ID)
	}
	times := [][]string{header}
	for _, w := range s.Workloads {
		row := []string{w.name(), FormatYears(val("train." + w.ID + ".gpu_time"))}
		for _, sys := range s.Systems {
			row = append(row, FormatYears(val("train."+w.ID+".system_time."+sys.ID)))
		}
		times = append(times, row)
	}
	sum.Sections = append(sum.Sections, Section{Title: fmt.Sprintf("Time to train one run (%v epochs)", s.Training.Epochs), Rows: times})

	team := [][]string{{"network", "system", "systems", "to buy", "per member", "node reads"}}
	for _, w := range s.Workloads {
		for _, sys := range s.Systems {
			k := "." + w.ID + ".systems." + sys.ID
			n := val("team" + k)
			team = append(team, []string{w.name(), sys.ID,
				strconv.FormatFloat(math.Round(n), 'f', 0, 64),
				strconv.FormatFloat(val("team."+w.ID+".systems_to_buy."+sys.ID), 'f', 0, 64),
				trim(val("team."+w.ID+".systems_per_member."+sys.ID), 1),
				Format(val("storage."+w.ID+".node_read_rate."+sys.ID), BytesPerSecond, us),
			})
		}
	}
	sum.Sections = append(sum.Sections, Section{
		Title: fmt.Sprintf("Systems for the team (%v of %v members submitting, %v-day target)", s.Team.ConcurrentJobs, s.Team.Members, s.Team.TargetDays),
		Rows:  team,
	})

	host := [][]string{{"system", "local SSD", "dataset fits", "shared reads per run", "GPU memory", "RAM wanted", "RAM installed"}}
	for _, sys := range s.Systems {
		host = append(host, []string{sys.ID,
			Format(val("storage.local_ssd."+sys.ID), Bytes, us),
			Format(val("storage.dataset_fits_local."+sys.ID), Flag, us),
			Format(val("storage.shared_read_per_run."+sys.ID), Bytes, us),
			Format(val("host.gpu_memory."+sys.ID), Bytes, us),
			Format(val("host.ram_low."+sys.ID), Bytes, us) + " - " + Format(val("host.ram_high."+sys.ID), Bytes, us),
			Format(val("host.ram_installed."+sys.ID), Bytes, us) + okMark(val("host.ram_ok."+sys.ID)),
		})
	}
	sum.Sections = append(sum.Sections, Section{Title: "Storage and host", Rows: host})

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
				row = append(row, strconv.FormatFloat(math.Round(val(fmt.Sprintf("growth.%s.systems_n%d.%s", w.ID, n, sys.ID))), 'f', 0, 64))
			}
		}
		growth = append(growth, row)
	}
	sum.Sections = append(sum.Sections, Section{Title: "Systems when the data grows", Rows: growth})
	return sum
}

// FormatYears prints a duration in years of 365 days, to the article's two decimals.
func FormatYears(seconds float64) string {
	return trim(seconds/Year, 2) + " years"
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

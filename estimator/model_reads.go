package estimator

import (
	"slices"
	"strings"

	"github.com/trainscale/trainscale/internal/minfmt"
)

// RerunInputs lists the inputs a surface must run trainscale again for
// when it holds the quantities held as numbers (modelled values it cannot
// write as formulas), and a job ladder's rows: the scenario's paths (as
// InputSpecs lists them) and the catalog facts (as CatalogFacts does) that
// the held quantities' formulas read, through every quantity they read,
// and those trainscale's hardware models read beyond what the formulas
// name. Sorted.
func (e *Estimate) RerunInputs(held ...string) []string {
	s := e.Scenario
	m := e.modelReads()
	seen := map[string]bool{}
	var read func(id string)
	read = func(id string) {
		if seen[id] {
			return
		}
		seen[id] = true
		m.add(id)
		if q, ok := e.Get(id); ok {
			for _, in := range q.Inputs {
				read(in)
			}
		}
	}
	for _, id := range held {
		read(id)
	}
	var out []string
	for _, in := range InputSpecs(s) {
		if m.reads(in.Path) {
			out = append(out, in.Path)
		}
	}
	for _, f := range CatalogFacts() {
		if m.reads(f.Path) {
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return out
}

// modelReads is what the hardware models read in this estimate beyond the
// inputs their quantities' formulas name.
func (e *Estimate) modelReads() *modelReads {
	s := e.Scenario
	m := &modelReads{paths: map[string]bool{}}
	for wi, w := range s.Workloads {
		p := minfmt.Sprintf("workloads[%d].", wi)
		switch tr := w.Transformer; {
		case tr != nil:
			// The plan reads the whole section but the run's tokens, which
			// only scale its hours (planKey).
			m.under(p + "transformer.")
			m.not(p + "transformer.tokens")
			if tr.Model != "" {
				m.under("catalog.transformers." + tr.Model + ".")
			}
			m.add("model_error.transformer")
			if s.IsProject() {
				m.under("goodput.") // a project's job is sized with its failures
			}
			for si, sys := range s.Systems {
				g := "catalog.gpus." + resolveDevice(sys).id + "."
				m.add(minfmt.Sprintf("systems[%d].gpus", si), minfmt.Sprintf("systems[%d].gpu_memory_gb", si), g+"memory", g+tr.Precision)
			}
		case w.Model != "":
			// A catalog network's memory reads its batch, which the GPU's
			// memory sets unless given; its throughput unless measured reads
			// the GPU and the size of a sample; modelled scaling, the
			// system's GPUs and links.
			m.add(p+"batch", p+"optimizer", "model_error.memory")
			m.under("catalog.models." + w.Model + ".")
			if w.MBPerS == nil {
				m.add(p+"sample_kb", "model_error.throughput")
				if w.SampleKB == nil {
					m.add("dataset.sample_kb")
				}
			}
			for si, sys := range s.Systems {
				d := resolveDevice(sys)
				if d.isCPU {
					m.under("catalog.cpus." + d.id + ".")
					continue
				}
				g := "catalog.gpus." + d.id + "."
				m.add(g + "memory")
				if w.MBPerS == nil {
					m.add(g+"fp32", g+"tf32", g+"mixed", g+"mem_bandwidth")
				}
				if s.Scaling() == "modelled" {
					m.add(minfmt.Sprintf("systems[%d].gpus", si), "model_error.scaling", "catalog.systems."+d.system.ID+".network_ports")
					m.under("catalog.networks.")
				}
			}
		default:
			continue
		}
		m.under("factors.")
	}
	return m
}

// modelReads collects the paths read: exact, under a prefix, and
// exceptions to the prefixes (not to the exact paths).
type modelReads struct {
	paths            map[string]bool
	prefixes, except []string
}

func (m *modelReads) add(paths ...string) {
	for _, p := range paths {
		m.paths[p] = true
	}
}
func (m *modelReads) under(prefix string) { m.prefixes = append(m.prefixes, prefix) }
func (m *modelReads) not(path string)     { m.except = append(m.except, path) }

func (m *modelReads) reads(path string) bool {
	return m.paths[path] ||
		!slices.Contains(m.except, path) && slices.ContainsFunc(m.prefixes, func(p string) bool { return strings.HasPrefix(path, p) })
}

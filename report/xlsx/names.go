package xlsx

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator"
)

// nameReplacer turns a path or id into a defined name.
var nameReplacer = strings.NewReplacer(".", "_", "-", "_", "[", "_", "]", "_")

// looksLikeReference matches what a spreadsheet would read as a cell
// reference (A1 or R1C1 style) rather than a name; a leading digit is not
// allowed in a name at all.
var looksLikeReference = regexp.MustCompile(`^(?i:[a-z]{1,3}[0-9]+|r[0-9]*c?[0-9]*|c[0-9]*|[0-9].*)$`)

// reservedNames are words a name must not be: booleans and the names of the
// functions the formulas call.
var reservedNames = map[string]bool{"true": true, "false": true, "if": true, "min": true, "max": true, "ceiling": true}

// definedName applies the naming rule to one path, id or constant, before
// collisions are resolved.
func definedName(ref string) string {
	n := nameReplacer.Replace(ref)
	if looksLikeReference.MatchString(n) || reservedNames[strings.ToLower(n)] {
		n = "n_" + n
	}
	return n
}

// constantName is the defined name of a unit constant of the formulas.
func constantName(c string) string { return "u_" + c }

// namer hands out defined names, unique regardless of case as spreadsheets
// compare them.
type namer struct {
	byRef map[string]string
	taken map[string]bool
	order []string // refs in the order they were named
}

func newNamer() *namer { return &namer{byRef: map[string]string{}, taken: map[string]bool{}} }

// add names ref unless it already has a name, and returns its name.
func (n *namer) add(ref, base string) string {
	if name, ok := n.byRef[ref]; ok {
		return name
	}
	name := base
	for i := 2; n.taken[strings.ToLower(name)]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.taken[strings.ToLower(name)] = true
	n.byRef[ref] = name
	n.order = append(n.order, ref)
	return name
}

// Names returns the defined name of every cell Write names for the estimate,
// keyed by what the cell holds: a scenario path (every input the scenario
// sets), a unit constant ("TB", "DAY", ...), a catalog fact's path (those the
// formulas read), a quantity id, a column of a job ladder on the Job sizes
// sheet or its job ("jobs.<workload>.<system>.<column>", "...job": cells
// jobs_<workload>_<system>_gpus ...), and the line that says a change needs
// a new run ("rerun": trainscale_rerun), where the workbook has one.
func Names(e *estimator.Estimate) map[string]string {
	return namesOf(e).byRef
}

// namesOf is layoutNames for an estimate alone.
func namesOf(e *estimator.Estimate) *namer {
	ladders, rerun := jobsOf(e)
	return layoutNames(e, ladders, rerun)
}

// jobsOf is what the Job sizes sheet keeps live, and the inputs whose change
// needs a new run.
func jobsOf(e *estimator.Estimate) (ladders []estimator.JobLadder, rerun []string) {
	ladders = e.JobLadders()
	return ladders, rerunPaths(e, ladders)
}

// layoutNames names the cells in the order the workbook lists them: inputs,
// unit constants, catalog facts, quantities; then the ladders' cells and the
// re-run line, which come later than any quantity's name.
func layoutNames(e *estimator.Estimate, ladders []estimator.JobLadder, rerun []string) *namer {
	n := newNamer()
	for _, in := range inputs(e.Scenario) {
		n.add(in.Path, definedName(in.Path))
	}
	for _, c := range constantOrder {
		n.add(c, constantName(c))
	}
	read := formulaRefs(e)
	for _, f := range estimator.CatalogFacts() {
		if read[f.Path] {
			n.add(f.Path, definedName(f.Path))
		}
	}
	for _, q := range e.Quantities() {
		n.add(q.ID, definedName(q.ID))
	}
	nameLadders(n, ladders)
	if hasRerunLine(ladders, rerun) {
		n.add(rerunRef, "trainscale_rerun")
	}
	return n
}

// constantOrder lists the unit constants as the Assumptions sheet shows them.
var constantOrder = []string{"TB", "GB", "MB", "KB", "DAY", "HOUR"}

// formulaRefs is every reference some quantity's formula reads.
func formulaRefs(e *estimator.Estimate) map[string]bool {
	out := map[string]bool{}
	for _, q := range e.Quantities() {
		if q.Expr == "" {
			continue
		}
		for _, r := range q.Inputs {
			out[r] = true
		}
	}
	return out
}

// inputs are the scenario's inputs the Assumptions sheet lists: all but the
// schema, name and notes, which the cover shows as text.
func inputs(s *estimator.Scenario) []estimator.InputSpec {
	var out []estimator.InputSpec
	for _, in := range estimator.InputSpecs(s) {
		if in.Path != "schema" && in.Path != "name" && in.Path != "notes" {
			out = append(out, in)
		}
	}
	return out
}

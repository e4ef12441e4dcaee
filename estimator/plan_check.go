package estimator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/trainscale/trainscale/estimator/hardware"
	"github.com/trainscale/trainscale/internal/civil"
)

// moneyForPlan is why planning needs the money section.
var moneyForPlan = Text{"is required to plan: it holds the prices, power and period the plans are costed over", "計画には必須です: プランの費用を計算する価格・電力・期間を含みます"}

// Plannable is nil where the planner can plan s, else why not: a
// *FieldError on the money section, which holds the prices, power and period
// the plans are costed over.
func (s *Scenario) Plannable() error {
	if s.Money == nil {
		return NewFieldError("money", moneyForPlan, nil)
	}
	return nil
}

// checkPlan applies the plan section's rules that relate it to the rest of
// the scenario; Validate calls it.
func checkPlan(s *Scenario, errs *errorList) {
	p := s.Plan
	if p == nil {
		return
	}
	if s.Money == nil {
		errs.add("money", moneyForPlan, nil)
	}
	if p.Workload != "" && s.workloadIndex(p.Workload) < 0 {
		errs.add("plan.workload", Text{"names no workload of the scenario", "シナリオのどのワークロードも指していません"}, strconv.Quote(p.Workload))
	}
	for _, g := range splitList(p.GPUs) {
		if _, ok := hardware.GPUByID(g); !ok {
			errs.add("plan.gpus", knownAs("unknown catalog GPU", "カタログにない GPU です", hardware.GPUIDs()), strconv.Quote(g))
		}
	}
	if p.GPUs != "" && len(splitList(p.GPUs)) == 0 {
		errs.add("plan.gpus", Text{"lists no GPU: leave it out to allow every GPU", "GPU がありません。すべての GPU を許すなら省略してください"}, strconv.Quote(p.GPUs))
	}
	for _, g := range splitList(p.Generations) {
		if !slices.Contains(hardware.Generations(), g) {
			errs.add("plan.generations", oneOf(hardware.Generations()), strconv.Quote(g))
		}
	}
	if p.Generations != "" && len(splitList(p.Generations)) == 0 {
		errs.add("plan.generations", Text{"lists no generation: leave it out to allow every one", "世代がありません。すべてを許すなら省略してください"}, strconv.Quote(p.Generations))
	}
	if gpus, gens := splitList(p.GPUs), splitList(p.Generations); len(gpus) > 0 && len(gens) > 0 && !slices.ContainsFunc(gpus, func(id string) bool {
		g, ok := hardware.GPUByID(id)
		return !ok || slices.Contains(gens, g.Generation)
	}) {
		errs.add("plan.generations", Text{"allows none of the GPUs plan.gpus names: the two lists contradict each other", "plan.gpus の GPU をどれも許していません。2 つの指定が矛盾しています"}, strconv.Quote(p.Generations))
	}
	known := []string{"fp32", "tf32", "mixed", "bf16", "fp8", "fp4"}
	for _, x := range splitList(p.Precisions) {
		if !slices.Contains(known, x) {
			errs.add("plan.precisions", oneOf(known), strconv.Quote(x))
		}
	}
	if p.AsOf != "" {
		if _, ok := civil.Parse(p.AsOf); !ok {
			errs.add("plan.as_of", Text{"must be a date YYYY-MM-DD", "YYYY-MM-DD の日付にしてください"}, strconv.Quote(p.AsOf))
		}
	}
}

// splitList reads a comma-separated list, without blanks.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// AllowedGPUs lists plan.gpus, the catalog GPUs a plan may use; none
// allows every one.
func (p *Plan) AllowedGPUs() []string { return splitList(p.GPUs) }

// AllowedGenerations lists plan.generations; none allows every one.
func (p *Plan) AllowedGenerations() []string { return splitList(p.Generations) }

// AllowedPrecisions lists plan.precisions; none allows every one.
func (p *Plan) AllowedPrecisions() []string { return splitList(p.Precisions) }

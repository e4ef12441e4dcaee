package planner

import "testing"

// BenchmarkPlan plans over the whole catalog (every system bought, every
// cloud offer rented on each published term) with counts up to
// DefaultMaxGPUs: the target is < 100 ms for the modern scenario.
func BenchmarkPlan(b *testing.B) {
	for _, name := range []string{"modern-2026", "av-world-model-2026", "llama-3-405b"} {
		b.Run(name, func(b *testing.B) {
			s := planScenario(b, name)
			for b.Loop() {
				if _, err := Make(s, Options{AsOf: "2026-12-01"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

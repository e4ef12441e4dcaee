package estimator

// Limits bound the work one request may ask for, so that no scenario, flag or
// link can make any surface (the CLI, the page's wasm instance, a report) run
// for minutes or allocate gigabytes. Every surface checks against these
// constants; none restates them. The README's "Limits" section lists them.
const (
	// MaxSamples bounds a Monte Carlo run: 1e6 samples take about 1.3 s on
	// one core and hold one float64 per sample and headline quantity.
	MaxSamples = 1_000_000
	// MaxWorkers bounds the goroutines an uncertainty run starts.
	MaxWorkers = 256
	// MaxErrors is how many problems of one input are reported in full; the
	// rest are counted ("... and 120 more").
	MaxErrors = 50
)

package estimator

// Percentiles exposes percentiles to the external tests.
var Percentiles = percentiles

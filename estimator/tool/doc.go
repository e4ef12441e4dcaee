// Package tool answers one-off questions about one model on one piece of
// hardware, which the scenario chain of package estimator never asks: how
// fast one device trains it (Throughput), how data-parallel training scales
// over systems (Scale), whether a step fits a GPU's memory (Memory), how a
// GPU compares with a CPU over a whole run (Devices), how far the models are
// from published measurements or a user's own (Calibrate), and what the
// hardware catalog holds (Catalog).
//
// Each function checks its request, naming every field at fault in an
// *estimator.FieldError, calls the models of package estimator/hardware and
// lays the answer out as a Result: estimator quantities whose formulas
// reproduce their values from catalog facts (catalog.<table>.<id>.<field>),
// efficiency factors (factors.<name>, listed in the same result, their
// ranges from hardware.FactorSpecs) and the result's other quantities, so
// every surface shows and explains them as it does an estimate's.
//
// The package uses the standard library, estimator and estimator/hardware only.
package tool

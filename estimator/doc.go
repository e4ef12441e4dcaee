// Package estimator sizes deep-learning compute the way NVIDIA's 2017
// self-driving estimate did (A. Grzywaczewski, "Training AI for Self-Driving
// Vehicles: the Challenge of Scale"), and carries the method further.
//
// A Scenario holds the assumptions, grouped as the article groups them: the
// fleet that collects data, the preprocessing that reduces it, the networks
// (workloads) trained on it and their measured throughput, the systems that
// could train them, and the team that must get results in time. Decode reads a
// scenario strictly from JSON and reports every problem at once as a
// *FieldError naming the field path and the rule it breaks; Run turns a valid
// scenario into an Estimate.
//
// An Estimate is a flat list of Quantity values. Each carries a stable id
// (<group>[.<workload>].<name>[.<system>], e.g. "team.inception-v3.systems.dgx-1-p100"),
// a value in base units (bytes, seconds, bytes per second, counts), the formula
// that made it and its source. That list is the contract with every surface:
// the CLI, the workbook, the reports and the page show these numbers and compute
// none of their own. Explain prints a quantity's formula with the numbers put in.
//
// The article's figures reproduce only with binary units (TB = 2^40 B,
// MB = 2^20 B), 365-day years and its rounded reduction factor 0.0005; the
// built-in scenario examples/article-2017.json sets exactly those.
//
// The package uses the standard library only and keeps no mutable global state,
// so it compiles to WebAssembly as it is.
package estimator

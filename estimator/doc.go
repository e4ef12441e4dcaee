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
// none of their own. Substituted puts the numbers into a quantity's formula.
// Every word a surface shows exists in English and Japanese as a Text, read in
// a reader's Lang.
//
// Beyond the article's chain a scenario may name catalog hardware and models
// (package hardware: roofline throughput, all-reduce scaling, training memory),
// price its plan (money: capex, opex, TCO, the cloud alternative, energy, CO2),
// charge failures (goodput) and give any number as a range. RunUncertainty
// samples the ranges (P10/P50/P90, reproducible per seed), RunSensitivity ranks
// them (a tornado), and package estimator/tool answers one-off questions
// (throughput, scaling, memory, GPU against CPU, calibration). Package
// estimator/planner answers the inverse question (the cheapest systems to buy
// or rent for a deadline and budgets), driving a Calculation through a Sweep;
// package estimator/present shows an estimate to people (display units, the
// article's tables, the answer, comparisons, explanations) and computes
// nothing. A Calculation (Prepare) estimates again
// in microseconds after Set changes one input in place, which is what sampling
// and the page's keystrokes use.
//
// Every quantity's Expr is a small arithmetic language (ParseExpr) over scenario
// paths, other quantities, catalog facts and unit constants; the tests evaluate
// each against the computed value, and the workbook turns each into a cell
// formula.
//
// The article's figures reproduce only with binary units (TB = 2^40 B,
// MB = 2^20 B), 365-day years and its rounded reduction factor 0.0005; the
// built-in scenario examples/article-2017.json sets exactly those.
//
// The package uses the standard library only and keeps no mutable global state,
// so it compiles to WebAssembly as it is.
package estimator

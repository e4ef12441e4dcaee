// Package xlsx writes a trainscale estimate as an editable Excel workbook:
// the spreadsheet the 2017 article asked its readers to copy and adapt.
//
// Every input of the scenario sits on the Assumptions sheet in a yellow cell
// with data validation; every quantity the estimator derives with a formula
// is a live cell formula over those inputs, so changing an input recomputes
// the workbook in Excel, LibreOffice or excelize. Quantities that come from
// trainscale's hardware models (throughput, scaling, memory) are written as
// values, in grey, with a comment saying so: editing the inputs they depend on
// needs a new run of trainscale, and the workbook says so (below).
//
// # Job sizes
//
// A transformer job that trainscale sizes to meet the team's target stays
// live: the Job sizes sheet lists the model's plan (layout, memory, MFU,
// tokens per second per GPU) at every whole number of systems from the
// fewest that hold the model to four times the job (estimator.JobLadder),
// and walks them as the estimator does, with formulas over the run's tokens
// and the target. The job's GPUs are the walk's last size and its layout,
// memory and MFU lookups (INDEX/MATCH) at that size, so an edit of the data,
// the tokens or the target picks the job the CLI would pick with --set.
//
// # Edits that need a new run
//
// Each input or catalog figure that a value the workbook holds as a number
// reads (estimator.RerunInputs) has, in its row, a cell that turns red
// ("changed: run trainscale again") once it no longer holds the value it
// was written with; a red line at the top of the Assumptions, Catalog,
// Job sizes and every result sheet (defined name trainscale_rerun) says so
// too, and also when a job walks past its ladder.
//
// # Defined names
//
// Formulas read defined names, not cell addresses, so a person can audit
// them. A name is made from what the cell holds, with '.', '-', '[' and ']'
// turned into '_':
//
//   - an input, from its scenario path: fleet.cars -> fleet_cars,
//     workloads[0].mb_per_s -> workloads_0__mb_per_s;
//   - a quantity, from its id: team.inception-v3.systems.dgx-1-p100 ->
//     team_inception_v3_systems_dgx_1_p100;
//   - a catalog fact, from its path: catalog.systems.dgx-1-p100.local_ssd ->
//     catalog_systems_dgx_1_p100_local_ssd;
//   - a unit constant of the formulas (TB, GB, MB, KB, DAY, HOUR): u_TB ...
//     computed from the units input, =IF(units="binary",2^40,10^12).
//
// A name that a spreadsheet would read as something else (a cell such as
// ab12, an R1C1 reference, a leading digit) gets the prefix "n_"; a name that
// two references would share (ids "a-b" and "a_b") gets "_2", "_3" ... in the
// order the workbook lists them. Names returns the exact mapping.
//
// # Formulas
//
// Each Quantity.Expr is parsed with estimator.ParseExpr and written with the
// spreadsheet's operators and only the functions Excel, LibreOffice and
// excelize's calculator all evaluate: IF, MIN, MAX and CEILING(x,1). A
// comparison outside an IF's condition becomes IF(a<=b,1,0), so every cell
// holds a number. The package computes no number of its own: values come
// from the estimate, the catalog, the scenario and the report bundle.
//
// # Charts
//
// The Charts sheet draws the report's chart specs (internal/chart) as native
// charts; a point that is a quantity of the estimate is a formula over its
// cell, so those charts follow the inputs too. A bundle without specs gets
// the charts built from the quantities: systems per network and system, time
// to train against GPUs (ideal and modelled), the cost breakdown and yearly
// plan, and the systems as the data grows. excelize sets a logarithmic scale
// on the vertical axis only, so horizontal axes are linear.
//
// # Language and print
//
// The bundle's language (report.Bundle.Lang) names the sheets and writes
// every heading, note, header and chart word (internal/chart's messages,
// keys xlsx.*) and every label and rule (the estimator's); ids, paths,
// defined names and formulas are the same in every language. Values read as
// the estimator's display policy shows them: a share's cell is formatted as a
// percentage, a count to its decimals, a unit other than the base one in a
// "shown as" cell beside it. Each sheet prints one page wide; long text
// wraps in its column, wide tables are split and the charts stand two
// abreast above their data, so that a page prints at a size one can read.
//
// # Checks
//
// The tests compare every named cell of every example scenario and of 200+
// random valid scenarios, evaluated by excelize and recalculated by
// LibreOffice, with the estimator to a relative 1e-9; and they edit input
// cells of written workbooks (among them the data, the tokens and the
// target of every example), recalculate them in LibreOffice and compare
// the results with the estimator run with the same --set overrides, or
// find the red line where the workbook cannot follow.
package xlsx

// Package page renders trainscale's web page in Go: the form of a scenario's
// inputs, the results of its estimate and the catalog's datalists. The site's
// build prerenders the default scenario with it, and the wasm API renders
// with it in the browser (after a preset, an import or a change of the
// lists), so both show the same markup. The page's script only updates
// values in place and shows errors; it formats no number.
//
// The form reads the estimator's fields table (estimator.Inputs): labels,
// units, rules and choices come from there, in English and Japanese.
package page

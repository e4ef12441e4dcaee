// Package site builds and serves trainscale's static page: the estimator
// compiled to WebAssembly behind a form of every scenario input, the article's
// figures and the extended ones, the reports' charts, explanations, presets,
// links that carry the scenario, JSON import and export, and downloads made in
// the browser (xlsx, PDF, HTML) by the same Go code as the CLI.
//
// Build writes the page into a directory (make site: site/dist), prerendering
// the default scenario's form and figures into index.html with the same code
// the wasm module runs, so the page shows its numbers at first paint, before
// any script; the module then takes over. Large files get precompressed .br and
// .gz siblings. Handler serves such a directory with the right MIME types, the
// precompressed files when the client accepts them, and a strict Content
// Security Policy (scripts from the page's own origin only, 'wasm-unsafe-eval'
// for WebAssembly, no inline script, no eval).
//
// The sources are the files beside this one: index.html (a template whose
// {{...}} holes Build fills), the JavaScript modules and style.css.
package site

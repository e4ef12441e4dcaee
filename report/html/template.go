package html

// pageHTML is the report page: "top" is everything up to the inlined echarts
// script, "bottom" the scripts that draw the charts and the end of the page.
const pageHTML = `{{define "top"}}<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trainscale">
<title>{{.Title}}: {{.Name}}</title>
<style>
:root { --ink: #1d2433; --muted: #5b6475; --rule: #d8dde6; --band: #f4f6f9; --accent: #2f5bb7; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP", "IPAexGothic", sans-serif; }
h1 { font-size: 1.7em; margin: 0 0 .2em; }
h2 { font-size: 1.3em; margin: 2em 0 .6em; padding-bottom: .2em; border-bottom: 2px solid var(--accent); }
h3 { font-size: 1.05em; margin: 1.4em 0 .4em; }
.meta { color: var(--muted); margin: 0 0 1em; }
.notes { background: var(--band); padding: .8em 1em; border-radius: 4px; }
.notice { border: 2px solid #c0392b; background: #fdecea; color: #7b1f16; padding: .8em 1em; border-radius: 4px; font-weight: 600; }
nav ol { columns: 2; margin: 0; padding-left: 1.4em; }
table { border-collapse: collapse; width: 100%; margin: .4em 0 1em; font-size: .9em; }
th, td { border-bottom: 1px solid var(--rule); padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.formula, td.id, .id { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .85em; }
td.formula { overflow-wrap: anywhere; }
/* every published figure: the label is not squeezed by the numbers, which may wrap ("26.08 GiB (28 GB)") */
table.points td:nth-child(2) { min-width: 12em; }
table.points td.num { white-space: normal; }
.seg { white-space: nowrap; }
td.label small { display: block; }
td.num small.band { display: block; color: var(--muted); }
.band-note { color: var(--muted); font-size: .9em; }
.answer { border-left: 4px solid var(--accent); background: var(--band); padding: .6em 1em .2em; border-radius: 4px; }
.answer h2 { margin-top: .3em; }
.answer .buy { font-size: 1.35em; font-weight: 700; margin: .2em 0; }
.answer table { background: #fff; }
details.full > summary { font-weight: 600; margin: .4em 0; }
td.source { color: var(--muted); font-size: .85em; }
figure { margin: 1.2em 0 2em; break-inside: avoid; page-break-inside: avoid; }
figcaption { color: var(--muted); font-size: .9em; margin-top: .3em; }
.echart { width: 100%; height: 380px; overflow: hidden; }
.empty { color: var(--muted); font-style: italic; }
details { margin-top: .4em; }
summary { cursor: pointer; color: var(--accent); }
.scroll { overflow-x: auto; }
@media print {
  @page { size: A4; margin: 14mm; }
  body { max-width: none; padding: 0; font-size: 10pt; }
  nav, summary { display: none; }
  details { display: block; }
  /* the folded tables print in full: a printed report holds every figure */
  details.full::details-content { content-visibility: visible; display: block; }
  details.full > summary { display: block; color: inherit; }
  details > table { display: table; }
  h2 { break-after: avoid; page-break-after: avoid; }
  tr, figure { break-inside: avoid; page-break-inside: avoid; }
  .echart { width: 180mm; height: 95mm; }
  .notice { border-width: 1px; }
  a { color: inherit; text-decoration: none; }
  .scroll { overflow: visible; }
}
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="meta"><span class="scenario-name">{{.Name}}</span> &middot; {{t .Lang "date"}} {{.Date}} &middot; {{.Units}}</p>
</header>
{{if not .Charted}}<p class="notice" id="no-echarts" role="alert">{{t .Lang "no.echarts"}}</p>{{end}}
<section id="answer" class="answer" aria-labelledby="answer-h"><h2 id="answer-h">{{t .Lang "answer"}}</h2>
{{with .Answer}}<p class="buy">{{.Headline}}</p>
{{if .Basis}}<p>{{.Basis}}</p>{{end}}
<div class="scroll"><table class="answer-table">{{$n := .Numbers}}{{range $i, $row := .Table}}{{if eq $i 0}}<thead><tr>{{range $j, $c := $row}}<th{{if ge $j $n}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>{{else}}<tr>{{range $j, $c := $row}}<td{{if ge $j $n}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>{{end}}{{end}}</tbody></table></div>
{{range .Text}}<p>{{.}}</p>
{{end}}{{end}}</section>
{{if .Notes}}<p class="notes">{{.Notes}}</p>{{end}}

<nav><h2>{{t .Lang "contents"}}</h2><ol>
<li><a href="#answer">{{t .Lang "answer"}}</a></li>
<li><a href="#summary">{{t .Lang "summary"}}</a></li>
<li><a href="#charts">{{t .Lang "charts"}}</a></li>
{{if .Plan}}<li><a href="#plan">{{t .Lang "plan.title"}}</a></li>
{{end}}
<li><a href="#assumptions">{{t .Lang "assumptions"}}</a></li>
<li><a href="#results">{{t .Lang "results"}}</a></li>
{{if .Comparison}}<li><a href="#comparison">{{t .Lang "comparison"}}</a></li>
{{end}}<li><a href="#uncertainty">{{t .Lang "uncertainty"}}</a></li>
<li><a href="#method">{{t .Lang "method"}}</a></li>
{{with .Accuracy}}<li><a href="#accuracy">{{.Title}}</a></li>
{{end}}</ol></nav>

<section id="summary"><h2>{{t .Lang "summary"}}</h2>
{{range .Summary.Sections}}<h3>{{.Title}}</h3>
{{if and (eq (len .Rows) 1) (eq (len (index .Rows 0)) 1)}}<p class="band-note">{{index .Rows 0 0}}</p>
{{else}}<div class="scroll"><table>{{range $i, $row := .Rows}}{{if eq $i 0}}<thead><tr>{{range $j, $c := $row}}<th{{if $j}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>{{else}}<tr>{{range $row}}<td{{if num .}} class="num"{{end}}>{{.}}</td>{{end}}</tr>{{end}}{{end}}</tbody></table></div>
{{end}}{{end}}</section>

<section id="charts"><h2>{{t .Lang "charts"}}</h2>
{{range .Figures}}{{template "figure" .}}
{{end}}</section>

{{with .Plan}}<section id="plan" aria-labelledby="plan-h"><h2 id="plan-h">{{t $.Lang "plan.title"}}</h2>
{{if .Refused}}<p class="empty">{{.Refused}}</p>{{else}}{{if .Chosen}}<p class="buy"><strong>{{.Chosen}}</strong></p>
{{end}}{{range .Text}}<p>{{.}}</p>
{{end}}<h3>{{.Options}}</h3>
<div class="scroll"><table class="plan-options">{{$f := .Figures}}{{range $i, $row := .Table}}{{if eq $i 0}}<thead><tr>{{range $j, $c := $row}}<th{{if and $j (le $j $f)}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>{{else}}<tr>{{range $j, $c := $row}}<td{{if and $j (le $j $f)}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>{{end}}{{end}}</tbody></table></div>
{{if .Stale}}<p class="meta">{{.Stale}}</p>
{{end}}{{range .Skipped}}<p class="meta">{{.}}</p>
{{end}}{{with .Figure}}{{template "figure" .}}
{{end}}{{end}}</section>
{{end}}
<section id="assumptions"><h2>{{t .Lang "assumptions"}}</h2>
<details class="full"><summary>{{t .Lang "assumptions"}} ({{len .Assumptions}})</summary>
<div class="scroll"><table><thead><tr><th>{{t .Lang "input"}}</th><th class="num">{{t .Lang "value"}}</th><th>{{t .Lang "uncertainty"}}</th><th>{{t .Lang "source"}}</th></tr></thead><tbody>
{{range .Assumptions}}<tr data-input="{{.Path}}"><td class="label">{{if .Label}}{{.Label}}{{end}}<small class="id">{{id .Path}}</small></td><td class="num">{{.Value}}</td><td>{{.Range}}</td><td class="source">{{.Source}}</td></tr>
{{end}}</tbody></table></div></details></section>

<section id="results"><h2>{{t .Lang "results"}}</h2>
<details class="full"><summary>{{t .Lang "details.show"}} ({{len .Results}})</summary>
<div class="scroll"><table><thead><tr><th>{{t .Lang "quantity"}}</th><th class="num">{{t .Lang "value"}}</th><th>{{t .Lang "formula"}}</th><th>{{t .Lang "source"}}</th></tr></thead><tbody>
{{range $r := .Results}}<tr id="q-{{.ID}}" data-quantity="{{.ID}}" data-value="{{.Raw}}"><td class="label">{{.Label}}<small class="id">{{id .ID}}</small></td><td class="num">{{.Value}}{{with .Band}}<small class="band" data-p10="{{$r.P10}}" data-p90="{{$r.P90}}">{{.}}</small>{{end}}</td><td class="formula">{{.Formula}}</td><td class="source">{{.Source}}</td></tr>
{{end}}</tbody></table></div></details></section>

{{with .Comparison}}<section id="comparison"><h2>{{t $.Lang "comparison"}}</h2>
<h3>{{t $.Lang "headline"}}</h3>
<div class="scroll"><table><thead><tr><th>{{t $.Lang "quantity"}}</th>{{range .Columns}}<th class="num">{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr data-quantity="{{.ID}}"><td>{{.Label}}</td>{{range .Values}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
<h3>{{t $.Lang "differing"}}</h3>
<div class="scroll"><table><thead><tr><th>{{t $.Lang "input"}}</th>{{range .Columns}}<th class="num">{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Inputs}}<tr data-input="{{.ID}}"><td class="id">{{id .ID}}</td>{{range .Values}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table></div></section>

{{end}}<section id="uncertainty"><h2>{{t .Lang "uncertainty"}}</h2>
{{with .Uncertainty}}<p class="meta">{{tf $.Lang "samples" .Samples .Seed}}</p>
<div class="scroll"><table><thead><tr><th>{{t $.Lang "quantity"}}</th><th class="num">P10</th><th class="num">P50</th><th class="num">P90</th></tr></thead><tbody>
{{range .Rows}}<tr data-quantity="{{.ID}}"><td>{{.Label}}</td>{{range .P}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{else}}<p class="empty">{{t .Lang "no.uncertainty"}}</p>{{end}}
<h3>{{t .Lang "sensitivity"}}</h3>
{{with .Sensitivity}}<p class="meta">{{t $.Lang "target"}}: {{.Label}} (<span class="id">{{id .Target}}</span>) = {{.Base}}</p>
<div class="scroll"><table><thead><tr><th>{{t $.Lang "input"}}</th><th class="num">{{t $.Lang "low"}}</th><th class="num">{{t $.Lang "high"}}</th><th class="num">{{t $.Lang "tornado.low"}}</th><th class="num">{{t $.Lang "tornado.high"}}</th><th class="num">{{t $.Lang "elasticity"}}</th><th>{{t $.Lang "source"}}</th></tr></thead><tbody>
{{range .Rows}}<tr data-input="{{.Path}}"><td class="id">{{id .Path}}</td><td class="num">{{.InputLow}}</td><td class="num">{{.InputHigh}}</td><td class="num">{{.Low}}</td><td class="num">{{.High}}</td><td class="num">{{.Elasticity}}</td><td class="source">{{.Why}}</td></tr>
{{end}}</tbody></table></div>
{{else}}<p class="empty">{{t .Lang "no.sensitivity"}}</p>{{end}}</section>

<section id="method"><h2>{{t .Lang "method"}}</h2>
<p>{{t .Lang "method.text"}}</p>
<p class="meta">{{t .Lang "generated"}} &middot; {{.Date}}</p>
</section>
{{with .Accuracy}}
<section id="accuracy"><h2>{{.Title}}</h2>
<p>{{.Lead}}</p>
{{template "grid" .Groups}}
<details class="full"><summary>{{.PointsTitle}} ({{len (slice .Points.Rows 1)}})</summary>
{{template "grid" .Points}}</details>
{{if .FitPoints}}<h3>{{.FitTitle}}</h3>
<p>{{.FitLead}}</p>
{{template "grid" .FitPoints}}
{{template "grid" .FitGroups}}{{end}}
</section>{{end}}
{{end}}

{{define "figure"}}<figure id="figure-{{.ID}}" data-chart-id="{{.ID}}">
<h3>{{tf .Lang "chart.of" .N .Title}}</h3>
{{if .Empty}}<p class="empty">{{.Note}}</p>{{else}}<div class="echart" id="{{.Elem}}" data-chart="{{.ID}}"></div>
<figcaption>{{.Note}}</figcaption>
<details{{if not .Charted}} open{{end}}><summary>{{t .Lang "chart.data"}}</summary>
<div class="scroll"><table class="chart-data"><thead><tr>{{range $i, $c := .Data.Head}}<th{{if $i}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>
{{range .Data.Rows}}<tr>{{range $i, $c := .}}<td{{if $i}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody></table></div></details>{{end}}
</figure>{{end}}
{{define "grid"}}<div class="scroll"><table{{with .Class}} class="{{.}}"{{end}}>{{$g := .}}{{range $i, $row := .Rows}}{{if eq $i 0}}<thead><tr>{{range $j, $c := $row}}<th{{if $g.IsNumber $j}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>{{else}}<tr>{{range $j, $c := $row}}<td{{if $g.IsNumber $j}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>{{end}}{{end}}</tbody></table></div>{{end}}

{{define "bottom"}}{{if .Charted}}<script>
(function () {
  "use strict";
  var drawn = [];
  function draw(id, option) {
    var el = document.getElementById(id);
    if (!window.echarts || !el) { return; }
    var c = echarts.init(el, null, { renderer: "svg" });
    c.setOption(option);
    drawn.push(c);
  }
{{range .Figures}}{{if .Option}}  draw({{.Elem}}, {{.Option}});
{{end}}{{end}}{{with .Plan}}{{with .Figure}}{{if .Option}}  draw({{.Elem}}, {{.Option}});
{{end}}{{end}}{{end}}  function resize() { drawn.forEach(function (c) { c.resize(); }); }
  window.addEventListener("resize", resize);
  window.addEventListener("beforeprint", resize);
  window.addEventListener("afterprint", resize);
})();
</script>
{{end}}</body>
</html>
{{end}}`

// render.cjs draws echarts options as SVG in Node (echarts' server-side
// rendering), with the echarts script it is given, for echartsjs_test.go:
//
//	node render.cjs SCRIPT < options.json > svgs.json
//
// The script runs as a page runs it, so both the custom build and the full
// echarts.min.js define the global echarts.
const fs = require('node:fs');
const vm = require('node:vm');

vm.runInThisContext(fs.readFileSync(process.argv[2], 'utf8'));
const options = JSON.parse(fs.readFileSync(0, 'utf8'));
// A chart that fails gives its error in place of its SVG: node's own report
// would quote a line of the minified script, half a megabyte long.
const svgs = options.map((option) => {
  const chart = globalThis.echarts.init(null, null, { renderer: 'svg', ssr: true, width: 800, height: 400 });
  try {
    chart.setOption(option);
    // Ids and class names carry counters of the charts and styles made so
    // far (zr7-c0, zr7-cls-31): numbered per chart, one chart's failure
    // does not shift every later chart's.
    const classes = new Map();
    return chart.renderToSVGString()
      .replace(/\bzr\d+-/g, 'zr-')
      .replace(/\bcls-\d+/g, (c) => classes.get(c) ?? classes.set(c, 'cls-' + classes.size).get(c));
  } catch (e) {
    return 'error: ' + e.message;
  } finally {
    chart.dispose();
  }
});
process.stdout.write(JSON.stringify(svgs));

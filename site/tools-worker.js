// tools-worker.js is the Worker tools.js starts: it loads the tools module
// here, off the page's thread, with Go's wasm_exec.js, and answers each
// {id, method, req} the page posts with {id, res} (the module's answer) or
// {id, failed} (the module could not load). The svg method renders charts
// here too (charts.js renderAll): {id, part} for each chart as it is drawn,
// then {id, res}.
import './wasm_exec.js';
import { loadTools, answer } from './trainscale.js';
import { loadEcharts, renderAll } from './charts.js';

/**
 * @typedef {import('./trainscale.js').ToWorker} ToWorker
 * @typedef {import('./trainscale.js').FromWorker} FromWorker
 */

const module = loadTools();
// echarts, which only the svg method needs, runs once the module has started:
// the charts the page asks for next are drawn with it.
module.then(() => loadEcharts()).catch(() => {}); // a failure is the svg method's to report

addEventListener('message', async (/** @type {MessageEvent<ToWorker>} */ { data: { id, method, req } }) => {
  try {
    if (method === 'svg') {
      await renderAll(/** @type {import('./charts.js').SVGRequest} */ (req), (part) => postMessage(/** @type {FromWorker} */ ({ id, part })));
      postMessage(/** @type {FromWorker} */ ({ id, res: null }));
      return;
    }
    postMessage(/** @type {FromWorker} */ ({ id, res: answer(await module, method, req) }));
  } catch (err) {
    postMessage(/** @type {FromWorker} */ ({ id, failed: String(err) }));
  }
});

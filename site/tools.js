// tools.js gives the page the tools module (charts, plan, catalog, throughput,
// scale, memory, transformer, uncertainty, sensitivity, compare) running in a Worker
// (tools-worker.js): its start and its Monte Carlo runs take no time on the
// page's thread, so typing never waits for them. The page posts a request
// and gets the module's answer, the object jsapi returns (or its error value):
//
//   const answer = await tools().ask('charts', {preset: 'article-2017', samples: 2000});
//
// One method is the worker's own, not the module's: svg renders echarts
// options as SVG markup (charts.js renderAll), and hands each chart to the
// third argument as it is drawn, one message each:
//
//   await tools().ask('svg', {group, charts: [{id, option, width, height}]}, ({id, svg, tips}) => ...);
//
// A page that embeds the estimator from another origin cannot start a worker
// from this site's URL; there the module and the rendering run on the page's
// thread, behind the same promises.
import { loadTools, workerClient } from './trainscale.js';

let client;

/**
 * tools starts the tools module once and returns {ask(method, request, onPart) → Promise<answer>}.
 * @returns {import('./trainscale.js').Client}
 */
export function tools() {
  return client ??= workerClient('tools-worker.js', loadTools, undefined, {
    svg: async (req, onPart) => (await import('./charts.js')).renderAll(req, onPart),
  });
}

// tools.js gives the page the tools module (charts, plan, catalog, throughput,
// scale, memory, transformer, uncertainty, sensitivity, compare) running in a Worker
// (tools-worker.js): its start and its Monte Carlo runs take no time on the
// page's thread, so typing never waits for them. The page posts a request
// and gets the module's answer, the object jsapi returns (or its error value):
//
//   const answer = await tools().ask('charts', {preset: 'article-2017', samples: 2000});
//
// A page that embeds the estimator from another origin cannot start a worker
// from this site's URL; there the module runs on the page's thread, behind
// the same promises.
import { loadTools, workerClient } from './trainscale.js';

let client;

/** tools starts the tools module once and returns {ask(method, request) → Promise<answer>}. */
export function tools() {
  return client ??= workerClient('tools-worker.js', loadTools);
}

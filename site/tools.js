// tools.js gives the page the tools module (charts, catalog, throughput,
// scale, memory, uncertainty, sensitivity, compare) running in a Worker
// (tools-worker.js): its start and its Monte Carlo runs take no time on the
// page's thread, so typing never waits for them. The page posts a request
// and gets the module's answer, the object jsapi returns (or its error value):
//
//   const answer = await tools().ask('charts', {preset: 'article-2017', samples: 2000});
//
// A page that embeds the estimator from another origin cannot start a worker
// from this site's URL; there the module runs on the page's thread, behind
// the same promises.
import { asset, loadTools } from './trainscale.js';

let client;

/** tools starts the tools module once and returns {ask(method, request) → Promise<answer>}. */
export function tools() {
  return client ??= start();
}

/** answer runs one method of a loaded tools module (its jsapi object). */
export function answer(module, method, req) {
  return JSON.parse(module.call(method, req ?? null)); // an unknown method gets the module's own error
}

function start() {
  const url = asset('tools-worker.js');
  if (new URL(url).origin !== location.origin) {
    return { ask: async (method, req) => answer(await loadTools(), method, req) };
  }
  const worker = new Worker(url, { type: 'module' });
  const waiting = new Map(); // id → {resolve, reject}
  let next = 0;
  let broken = null; // why the worker stopped, once it has
  worker.addEventListener('message', ({ data }) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.failed) w.reject(new Error(data.failed));
    else w.resolve(data.res);
  });
  // The worker's script or module failed to load: every question fails, now and later.
  worker.addEventListener('error', (ev) => {
    broken = new Error('the tools worker stopped: ' + (ev.message || 'could not load ' + url));
    for (const w of waiting.values()) w.reject(broken);
    waiting.clear();
  });
  return {
    ask(method, req) {
      if (broken) return Promise.reject(broken);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, method, req });
      });
    },
  };
}

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
import { asset, loadTools } from './trainscale.js';

let client;

/** tools starts the tools module once and returns {ask(method, request, onPart) → Promise<answer>}. */
export function tools() {
  return client ??= start();
}

/** answer runs one method of a loaded tools module (its jsapi object). */
export function answer(module, method, req) {
  return JSON.parse(module.call(method, req ?? null)); // an unknown method gets the module's own error
}

function start() {
  const url = asset('tools-worker.js');
  if (new URL(url).origin !== location.origin) return inPage();
  let here = null; // the module on this thread, once the worker has failed
  const worker = new Worker(url, { type: 'module' });
  const waiting = new Map(); // id → {method, req, onPart, resolve, reject}
  let next = 0;
  worker.addEventListener('message', ({ data }) => {
    const w = waiting.get(data.id);
    if ('part' in data) return w.onPart(data.part);
    waiting.delete(data.id);
    if (data.failed) w.reject(new Error(data.failed));
    else w.resolve(data.res);
  });
  // A browser without module workers, or a worker script that would not
  // load: the module runs on this thread instead, and answers what waits.
  worker.addEventListener('error', () => {
    worker.terminate();
    here = inPage();
    for (const w of waiting.values()) here.ask(w.method, w.req, w.onPart).then(w.resolve, w.reject);
    waiting.clear();
  });
  return {
    ask(method, req, onPart) {
      if (here) return here.ask(method, req, onPart);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { method, req, onPart, resolve, reject });
        worker.postMessage({ id, method, req });
      });
    },
  };
}

function inPage() {
  return {
    async ask(method, req, onPart) {
      if (method === 'svg') return (await import('./charts.js')).renderAll(req, onPart);
      return answer(await loadTools(), method, req);
    },
  };
}

// boot.js starts the estimator's worker (estimator-worker.js) and the
// module's download from the page's head, before the long prerendered page
// below it is parsed, styled and laid out. V8 compiles the module on threads
// of its own once the page has painted, and the module goes to the worker
// (named 'posted', so it waits for it) once compiled; should that fail, the
// worker is told so and fetches the module itself. (Chromium starts a worker
// only once the page's thread has a moment, after the parse.) The build
// inlines this script there (Prerender, {{boot}}), with its hash in the CSP
// (site.CSP): a script fetched from the head would either block the parser
// for a round trip or, async, be run by Chromium only once the page is
// parsed and painted. estimator() (trainscale.js) adopts the worker, with
// the events it heard before then, from globalThis.trainscaleBoot; should
// estimator() come first, it leaves null there and this starts nothing.
(() => {
  if (globalThis.trainscaleBoot !== undefined) return;
  const url = new URL('estimator-worker.js', document.baseURI);
  let worker;
  try {
    worker = new Worker(url, { type: 'module', name: 'posted' });
  } catch {
    return; // estimator() falls back as it does without this script
  }
  const post = (/** @type {WebAssembly.Module | null} */ module) => worker.postMessage({ module });
  try {
    const response = fetch(new URL('estimator.wasm', document.baseURI));
    let compiling = false;
    const compile = () => {
      if (compiling) return;
      compiling = true;
      WebAssembly.compileStreaming(response).then(post, () => post(null));
    };
    // Compiling takes CPU the first paint needs, where the CPU is slow or
    // shared: it starts once the page has painted (or loaded, where the
    // browser does not say when it paints). The bytes download meanwhile.
    new PerformanceObserver((_, seen) => { seen.disconnect(); compile(); }).observe({ type: 'paint' });
    addEventListener('load', compile);
  } catch {
    post(null);
  }
  /** @type {(MessageEvent | ErrorEvent)[]} */
  const early = [];
  worker.onmessage = worker.onerror = (/** @type {MessageEvent | ErrorEvent} */ e) => { early.push(e); };
  globalThis.trainscaleBoot = { url: url.href, worker, early };
})();

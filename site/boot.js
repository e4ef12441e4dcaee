// boot.js starts the estimator's worker (estimator-worker.js) from the
// page's head, before the long prerendered page below it is parsed, styled
// and laid out: the worker fetches, compiles and starts the module on its own
// thread meanwhile. It is a classic script, run in order, because a module
// (app.js) runs only once the page's thread is free, which is after that
// work. estimator() (trainscale.js) adopts the worker, with the events it
// heard before then, from globalThis.trainscaleBoot.
(() => {
  const url = new URL('estimator-worker.js', /** @type {HTMLScriptElement} */ (document.currentScript).src);
  let worker;
  try {
    worker = new Worker(url, { type: 'module' });
  } catch {
    return; // estimator() falls back as it does without this script
  }
  /** @type {(MessageEvent | ErrorEvent)[]} */
  const early = [];
  worker.onmessage = worker.onerror = (/** @type {MessageEvent | ErrorEvent} */ e) => { early.push(e); };
  globalThis.trainscaleBoot = { url: url.href, worker, early };
})();

// boot.js starts the estimator's worker (estimator-worker.js) from the
// page's head, before the long prerendered page below it is parsed, styled
// and laid out: the worker fetches, compiles and starts the module on its own
// thread meanwhile. It is a classic async script: it runs as soon as it
// arrives, where a module (app.js) runs only once the page's thread is free,
// which is after that work, and the parser does not wait for it, so the
// prerendered answer paints without it. estimator() (trainscale.js) adopts
// the worker, with the events it heard before then, from
// globalThis.trainscaleBoot; should estimator() come first, it leaves null
// there and this starts nothing.
(() => {
  if (globalThis.trainscaleBoot !== undefined) return;
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

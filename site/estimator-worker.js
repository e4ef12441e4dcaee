// estimator-worker.js is the Worker the page's estimator() (trainscale.js)
// runs the estimator module in (the page's boot.js starts it from the
// page's head): it fetches, compiles and starts the module here, with Go's
// wasm_exec.js, says {ready: true} once the module runs (or {ready: false,
// failed}), and answers each {id, method, req} with {id, res} (the module's
// answer) or {id, failed}. Requests posted before the module runs are
// answered once it does.
//
// The module's bytes are asked for first, before this worker's own imports
// arrive (they are imported, not import statements, for that): the download
// and the imports overlap, and the module compiles as it downloads.
/**
 * @typedef {import('./trainscale.js').ToWorker} ToWorker
 * @typedef {import('./trainscale.js').FromWorker} FromWorker
 */

const response = fetch(new URL('estimator.wasm', import.meta.url));
const started = Promise.all([import('./wasm_exec.js'), import('./trainscale.js')])
  .then(async ([, lib]) => ({ answer: lib.answer, ts: await lib.loadEstimator(response) }));

let asked = false; // whether the page has asked anything yet
started.then(({ answer, ts }) => {
  postMessage(/** @type {FromWorker} */ ({ ready: true }));
  // V8 compiles a module's functions on their first call: a keystroke's
  // estimate (a compact answer with a set), asked here
  // and thrown away, spares the page's first keystroke that wait. Not at
  // once: the page goes live on {ready}, and a keystroke made then should
  // not wait behind the warm-up too, nor the page's start share the cores
  // with it; a page that asks first compiles them by asking.
  setTimeout(() => asked || answer(ts, 'estimate', { set: ['fleet.cars=300'], compact: true, lang: 'en' }), 100);
}, (err) => postMessage(/** @type {FromWorker} */ ({ ready: false, failed: String(err) })));

addEventListener('message', async (/** @type {MessageEvent<ToWorker>} */ { data: { id, method, req } }) => {
  asked = true;
  try {
    const { answer, ts } = await started;
    postMessage(/** @type {FromWorker} */ ({ id, res: answer(ts, method, req) }));
  } catch (err) {
    postMessage(/** @type {FromWorker} */ ({ id, failed: String(err) }));
  }
});

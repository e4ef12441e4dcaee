// estimator-worker.js is the Worker the page's estimator() (trainscale.js)
// runs the estimator module in (the page's boot.js starts it from the
// page's head): it starts the module here, with Go's wasm_exec.js, says
// {ready: true} once the module runs (or {ready: false, failed}), and
// answers each {id, method, req} with {id, res} (the module's answer) or
// {id, failed}. Requests posted before the module runs are answered once it
// does.
//
// A worker named 'posted' (boot.js's) is sent the module compiled, as
// {module} ({module: null}: it was not, and this fetches it). Any other
// asks for the module's bytes first, before this worker's own imports
// arrive (they are imported, not import statements, for that): the download
// and the imports overlap, and the module compiles as it downloads.
/**
 * @typedef {import('./trainscale.js').ToWorker} ToWorker
 * @typedef {import('./trainscale.js').FromWorker} FromWorker
 * @typedef {ToWorker | {module: WebAssembly.Module | null}} Posted what boot.js posts, or the page
 */

const fetched = () => fetch(new URL('estimator.wasm', import.meta.url));
/** @type {Promise<Response | WebAssembly.Module>} */
const source = self.name === 'posted' ? new Promise((resolve) => {
  addEventListener('message', function posted(/** @type {MessageEvent<Posted>} */ { data }) {
    if (!('module' in data)) return;
    removeEventListener('message', posted);
    resolve(data.module ?? fetched());
  });
}) : fetched();
const started = Promise.all([import('./wasm_exec.js'), import('./trainscale.js')])
  .then(async ([, lib]) => ({ answer: lib.answer, ts: await lib.loadEstimator(source) }));

let asked = false; // whether the page has asked anything yet
started.then(({ answer, ts }) => {
  postMessage(/** @type {FromWorker} */ ({ ready: true }));
  // V8 compiles a module's functions on their first call: a keystroke's
  // estimate (a compact answer with a set), asked here at once and thrown
  // away, compiles them while the page goes live on {ready}, so its first
  // keystroke finds them compiled; a page that asks first compiles them by
  // asking.
  setTimeout(() => asked || answer(ts, 'estimate', { set: ['fleet.cars=300'], compact: true, lang: 'en' }));
}, (err) => postMessage(/** @type {FromWorker} */ ({ ready: false, failed: String(err) })));

addEventListener('message', async (/** @type {MessageEvent<Posted>} */ { data }) => {
  if (!('id' in data)) return; // the module, above
  const { id, method, req } = data;
  asked = true;
  try {
    const { answer, ts } = await started;
    postMessage(/** @type {FromWorker} */ ({ id, res: answer(ts, method, req) }));
  } catch (err) {
    postMessage(/** @type {FromWorker} */ ({ id, failed: String(err) }));
  }
});

// estimator-worker.js is the Worker the page's estimator() (trainscale.js)
// starts: it runs the estimator module the page compiled, posted as
// {module}, with Go's wasm_exec.js, says {ready: true} once the module runs,
// and answers each {id, method, req} with {id, res} (the module's answer) or
// {id, failed}. Requests posted before the module are answered once it runs.
import './wasm_exec.js';
import { run, answer, loadEstimator } from './trainscale.js';

let given;
let asked = false; // whether the page has asked anything yet
// A module the page could not compile (null) is fetched and compiled here.
const api = new Promise((resolve) => { given = resolve; }).then((m) => m ? run(m, 'trainscale') : loadEstimator());

api.then((ts) => {
  postMessage({ ready: true });
  // V8 compiles a module's functions on their first call: a keystroke's
  // estimate (a compact answer with a set), asked here
  // and thrown away, spares the page's first keystroke that wait. Not at
  // once: the page goes live on {ready}, and a keystroke made then should
  // not wait behind the warm-up too, nor the page's start share the cores
  // with it; a page that asks first compiles them by asking.
  setTimeout(() => asked || answer(ts, 'estimate', { set: ['fleet.cars=300'], compact: true, lang: 'en' }), 100);
}, (err) => postMessage({ ready: false, failed: String(err) }));

addEventListener('message', async ({ data }) => {
  if ('module' in data) return given(data.module);
  const { id, method, req } = data;
  asked = true;
  try {
    postMessage({ id, res: answer(await api, method, req) });
  } catch (err) {
    postMessage({ id, failed: String(err) });
  }
});

// estimator-warm-worker.js is the short-lived Worker warmUpEstimator (trainscale.js) starts
// with the page's compiled estimator module: it runs the module here and asks
// it what the page's first keystroke will (a compact estimate with a set, the
// ranges rendered) and the default scenario's full answer, so V8 compiles
// those functions off the page's thread, then says it is done and the page
// ends it. The answers are thrown away.
import './wasm_exec.js';
import { run } from './trainscale.js';

addEventListener('message', async ({ data: module }) => {
  try {
    const api = await run(module, 'trainscale');
    const preset = api.presets().default;
    api.estimate({ preset, set: ['fleet.cars=300'], compact: true, lang: 'en', render: ['ranges'] });
    api.estimate({ preset });
  } finally {
    postMessage('done');
  }
}, { once: true });

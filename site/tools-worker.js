// tools-worker.js is the Worker tools.js starts: it loads the tools module
// here, off the page's thread, with Go's wasm_exec.js, and answers each
// {id, method, req} the page posts with {id, res} (the module's answer) or
// {id, failed} (the module could not load).
import './wasm_exec.js';
import { loadTools, answer } from './trainscale.js';

const module = loadTools();

addEventListener('message', async ({ data: { id, method, req } }) => {
  try {
    postMessage({ id, res: answer(await module, method, req) });
  } catch (err) {
    postMessage({ id, failed: String(err) });
  }
});

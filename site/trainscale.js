// trainscale.js loads the estimator's WebAssembly modules and returns their
// APIs. Everything is fetched relative to this file, so the page, the custom
// element and other sites embedding it find the same files.
//
//   const ts = await loadEstimator();   // globalThis.trainscale
//   ts.estimate({preset: 'article-2017', set: ['fleet.cars=300']})
//   const tools = await loadTools();     // charts, catalog, throughput, scale, memory,
//                                        // uncertainty, sensitivity, compare
//   const exp = await loadExport();      // xlsx, pdf, html: {bytes, filename, type} or {error}
//   warmUpEstimator();                   // once live: the first estimate's compiling, off this thread
//
// Requests are plain objects (or JSON strings); answers are plain objects, or
// {error: {path, rule, got, message}, errors: [...]} naming the field at fault.

const base = new URL('.', import.meta.url);
const loaded = {};
const compiled = {}; // file → its compiled module (a promise), for warmUpEstimator

// wasmExec resolves once Go's wasm_exec.js has run: the page's own <script
// async> tag (index.html), or one added here for a page without it.
function wasmExec() {
  if (globalThis.Go) return Promise.resolve();
  return loaded.exec ??= new Promise((resolve, reject) => {
    const src = new URL('wasm_exec.js', base).href;
    let s = [...document.scripts].find((el) => el.src === src);
    if (!s) {
      s = document.createElement('script');
      s.src = src;
      document.head.append(s);
    }
    s.addEventListener('load', () => resolve());
    s.addEventListener('error', () => reject(new Error('could not load wasm_exec.js')));
  });
}

// compile compiles a module while it downloads, and while wasm_exec.js loads.
async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (err) {
    // A host that serves .wasm with the wrong type: compile from the bytes.
    return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
  }
}

async function instantiate(file, global) {
  const module = (compiled[file] = compile(new URL(file, base).href));
  await wasmExec();
  return run(await module, global);
}

/**
 * run starts Go's runtime (wasm_exec.js, already loaded) on a compiled module
 * and resolves with the API the module publishes as globalThis[global].
 */
export async function run(module, global) {
  const go = new globalThis.Go();
  const ready = new Promise((resolve) => { globalThis[global + 'OnReady'] = resolve; });
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).catch((err) => console.error(global, err));
  return ready;
}

/** The estimator module: estimate, explain, presets, messages. Loaded once. */
export function loadEstimator() {
  return loaded.estimator ??= instantiate('estimator.wasm', 'trainscale');
}

/**
 * warmUpEstimator hands the page's compiled estimator module to a
 * short-lived worker (estimator-warm-worker.js) that runs the estimates
 * typing asks for, then ends. V8 compiles a module's functions lazily, on
 * their first call, into code every instance of the module in this process
 * shares: the page's first keystroke then finds them compiled instead of
 * paying for it in one long task. The page calls it once it is live, so the
 * worker takes no time from its start. A page on another origin cannot start
 * this site's worker, and a browser without module workers goes without;
 * both lose only the head start.
 */
export async function warmUpEstimator() {
  if (loaded.warm || !compiled['estimator.wasm'] || typeof Worker !== 'function') return;
  loaded.warm = true;
  const url = asset('estimator-warm-worker.js');
  if (new URL(url).origin !== location.origin) return;
  const module = await compiled['estimator.wasm'];
  let worker;
  try {
    worker = new Worker(url, { type: 'module' });
  } catch {
    return;
  }
  const end = () => worker.terminate();
  worker.addEventListener('message', end);
  worker.addEventListener('error', end);
  worker.postMessage(module);
}

/** The tools module: charts, catalog, throughput, scale, memory, uncertainty, sensitivity, compare. */
export function loadTools() {
  return loaded.tools ??= instantiate('tools.wasm', 'trainscaleTools');
}

/** The export module (xlsx, pdf, html): fetched only when a download is asked for. */
export function loadExport() {
  return loaded.export ??= instantiate('export.wasm', 'trainscaleExport');
}

/** The URL of a file beside this module. */
export function asset(name) {
  return new URL(name, base).href;
}

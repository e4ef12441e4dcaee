// trainscale.js loads the estimator's WebAssembly modules and returns their
// APIs. Everything is fetched relative to this file, so the page, the custom
// element and other sites embedding it find the same files.
//
//   const ts = await loadEstimator();   // globalThis.trainscale
//   ts.estimate({preset: 'article-2017', set: ['fleet.cars=300']})
//   const tools = await loadTools();     // charts, catalog, throughput, scale, memory,
//                                        // uncertainty, sensitivity, compare
//   const exp = await loadExport();      // xlsx, pdf, html: {bytes, filename, type} or {error}
//
// Requests are plain objects (or JSON strings); answers are plain objects, or
// {error: {path, rule, got, message}, errors: [...]} naming the field at fault.

const base = new URL('.', import.meta.url);
const loaded = {};

function wasmExec() {
  if (globalThis.Go) return Promise.resolve();
  return loaded.exec ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = new URL('wasm_exec.js', base).href;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('could not load wasm_exec.js'));
    document.head.append(s);
  });
}

async function instantiate(file, global) {
  await wasmExec();
  const go = new globalThis.Go();
  const ready = new Promise((resolve) => { globalThis[global + 'OnReady'] = resolve; });
  const url = new URL(file, base).href;
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject));
  } catch (err) {
    // A host that serves .wasm with the wrong type: compile from the bytes.
    const bytes = await (await fetch(url)).arrayBuffer();
    ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
  }
  go.run(instance).catch((err) => console.error(file, err));
  return ready;
}

/** The estimator module: estimate, explain, presets, messages. Loaded once. */
export function loadEstimator() {
  return loaded.estimator ??= instantiate('estimator.wasm', 'trainscale');
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

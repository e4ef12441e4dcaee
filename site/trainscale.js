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
  const module = compile(new URL(file, base).href);
  await wasmExec();
  const go = new globalThis.Go();
  const ready = new Promise((resolve) => { globalThis[global + 'OnReady'] = resolve; });
  const instance = await WebAssembly.instantiate(await module, go.importObject);
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

// trainscale.js loads the estimator's WebAssembly modules and returns their
// APIs. Everything is fetched relative to this file, so the page, the custom
// element and other sites embedding it find the same files.
//
//   const ts = await loadEstimator();   // globalThis.trainscale
//   ts.estimate({preset: 'article-2017', set: ['fleet.cars=300']})
//   const tools = await loadTools();     // explain, presets, messages, charts, catalog, throughput,
//                                        // scale, memory, uncertainty, sensitivity, compare
//   const exp = await loadExport();      // xlsx, pdf, html: {bytes, filename, type} or {error}
//
// Requests are plain objects (or JSON strings); answers are plain objects, or
// {error: {path, rule, got, message}, errors: [...]} naming the field at fault.
// The estimator module answers estimate alone. explain, presets, messages
// and an estimate's render (the page's HTML: form, results, ranges) are the
// tools module's, and the estimator's names what was asked:
// {error: {path: 'method', rule: "is the tools module's: ask the tools module", got: '"explain"'}}
// (path 'render' for a render). The page reads presets and messages from
// data built into it (site/build.go).
//
// The page itself asks the estimator through estimator() (its worker, off
// the page's thread) and the tools through tools.js, both with workerClient.

const base = new URL('.', import.meta.url);
const loaded = {};
const compiled = {}; // file → its compiled module (a promise), for the estimator's worker

// wasmExec resolves once Go's wasm_exec.js has run: already here (a worker
// imports it), or a script added here for a page without it.
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

// compile compiles a module while it downloads, once per file; response,
// when given, is the file's fetch already under way.
function compile(file, response) {
  return compiled[file] ??= (async () => {
    const url = new URL(file, base).href;
    try {
      return await WebAssembly.compileStreaming(response ?? fetch(url));
    } catch (err) {
      // A host that serves .wasm with the wrong type: compile from the bytes.
      return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
    }
  })();
}

async function instantiate(file, global, response) {
  const module = compile(file, response);
  await wasmExec();
  return run(await module, global);
}

/**
 * run starts Go's runtime (wasm_exec.js, already loaded) on a compiled module
 * and resolves with the API the module publishes as globalThis[global].
 */
async function run(module, global) {
  const go = new globalThis.Go();
  const ready = new Promise((resolve) => { globalThis[global + 'OnReady'] = resolve; });
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).catch((err) => console.error(global, err));
  return ready;
}

/**
 * The estimator module: estimate (explain, presets and messages are
 * loadTools'). Loaded once; response, when given, is estimator.wasm's fetch
 * already under way (its worker asks for the bytes before its own imports
 * arrive).
 */
export function loadEstimator(response) {
  return loaded.estimator ??= instantiate('estimator.wasm', 'trainscale', response);
}

/** The tools module: estimate with render, explain, presets, messages, charts, catalog, throughput, scale, memory, uncertainty, sensitivity, compare. */
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

/** answer runs one method of a loaded module (its jsapi object) on a request. */
export function answer(module, method, req) {
  return JSON.parse(module.call(method, req ?? null)); // an unknown method gets the module's own error
}

/**
 * estimator is the page's estimator, started once: the module downloads,
 * compiles and runs in a Worker (estimator-worker.js), so that no keystroke,
 * preset or language runs Go on the page's thread. The page's boot.js has
 * started that worker already, from the page's head; elsewhere (the custom
 * element) it starts here. Its estimate takes a request as loadEstimator's
 * does and returns a promise of the answer; ready resolves once the module
 * answers.
 */
export function estimator() {
  return loaded.client ??= (() => {
    const boot = globalThis.trainscaleBoot;
    const client = workerClient('estimator-worker.js', loadEstimator, boot?.url === asset('estimator-worker.js') ? boot : undefined);
    return { ready: client.ready, estimate: (req) => client.ask('estimate', req) };
  })();
}

/**
 * workerClient runs a module's methods in the Worker file (a module worker
 * that imports wasm_exec.js and answers each {id, method, req} with {id,
 * res}, the module's answer, or {id, failed}). It returns {ask(method, req, onPart)
 * → Promise<answer>, ready}. ready follows the worker's {ready: true} or
 * {ready: false, failed}, for a worker that says when its module runs.
 * started, when given, is that worker already started ({worker, early}:
 * boot.js's), with the events it heard before this; else it starts here. A
 * page that embeds trainscale from another origin cannot start a worker from
 * this site's URL, and a browser without module workers cannot start one at
 * all: there load() runs the module on the page's thread, behind the same
 * promises. A method the worker answers itself, in parts ({id, part}
 * messages before {id, res}), gets onPart for each; local holds those
 * methods for the page's thread.
 */
export function workerClient(file, load, started, local = {}) {
  const url = asset(file);
  if (new URL(url).origin !== location.origin) return inPage(load, local);
  let here = null; // the module on this thread, once the worker has failed
  let worker = started?.worker;
  try {
    worker ??= new Worker(url, { type: 'module' });
  } catch {
    return inPage(load, local);
  }
  const waiting = new Map(); // id → {method, req, onPart, resolve, reject}
  let next = 0;
  let ready, unready;
  const client = {
    ready: new Promise((resolve, reject) => { ready = resolve; unready = reject; }),
    ask(method, req, onPart) {
      if (here) return here.ask(method, req, onPart);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { method, req, onPart, resolve, reject });
        worker.postMessage({ id, method, req });
      });
    },
  };
  const heard = ({ data }) => {
    if ('ready' in data) return data.ready ? ready() : unready(new Error(data.failed));
    const w = waiting.get(data.id);
    if ('part' in data) return w.onPart(data.part);
    waiting.delete(data.id);
    if (data.failed) w.reject(new Error(data.failed));
    else w.resolve(data.res);
  };
  // A browser without module workers, or a worker script that would not
  // load: the module runs on this thread instead, and answers what waits.
  const failed = () => {
    worker.terminate();
    here = inPage(load, local);
    here.ready.then(ready, unready);
    for (const w of waiting.values()) here.ask(w.method, w.req, w.onPart).then(w.resolve, w.reject);
    waiting.clear();
  };
  worker.onmessage = heard;
  worker.onerror = failed;
  for (const e of started?.early ?? []) (e.type === 'error' ? failed : heard)(e);
  return client;
}

function inPage(load, local) {
  const ready = load().then(() => {});
  ready.catch(() => {}); // a module that fails to load fails each ask too, where it is heard
  return {
    ready,
    ask: async (method, req, onPart) => (local[method] ? local[method](req, onPart) : answer(await load(), method, req)),
  };
}

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

// ---- What the modules are asked and answer (internal/api) ----

/**
 * A FieldError names the field at fault and the rule it broke; message is
 * the whole sentence, as the CLI prints it, in the request's language, and
 * problem the same without the field, for beside its label.
 * @typedef {object} FieldError
 * @property {string} path
 * @property {string} rule
 * @property {unknown} got
 * @property {string} message
 * @property {string} [problem]
 */

/**
 * An Answer is a method's answer T or, when error is set, the errors that
 * refused the request (and nothing of T).
 * @template T
 * @typedef {T & {error?: FieldError, errors?: FieldError[]}} Answer
 */

/**
 * An Override is one value set on the scenario (the CLI's --set): a path
 * and the value as JSON text.
 * @typedef {{path: string, value: string}} Override
 */

/**
 * A Request asks an estimate (and, of the tools module, more) of a preset
 * or a scenario (an object, or JSON text), with overrides.
 * @typedef {object} Request
 * @property {string} [preset]
 * @property {string | object} [scenario]
 * @property {(Override | string)[]} [set] an override, or "path=value"
 * @property {'en' | 'ja'} [lang]
 * @property {boolean} [compact] values and cells only, in place of quantities
 * @property {boolean} [return_scenario]
 * @property {('form' | 'results' | 'ranges')[]} [render] HTML for the page, from the tools module
 * @property {number} [samples] Monte Carlo samples (charts)
 * @property {string} [id] the quantity to explain
 * @property {string} [option] the plan option to load (plan_scenario)
 * @property {number} [sized_for_days] likewise
 */

/**
 * A Quantity is one number of the estimate (the contract every surface reads).
 * @typedef {object} Quantity
 * @property {string} id
 * @property {string} label
 * @property {number} value
 * @property {string} unit
 * @property {string} text
 */

/**
 * An Estimate is estimate's answer: quantities in full, or (compact) their
 * values in layout order and the text of each value the page shows; the
 * HTML asked for with render.
 * @typedef {object} Estimate
 * @property {string} name
 * @property {string} layout
 * @property {Quantity[]} [quantities]
 * @property {number[]} [values]
 * @property {string[]} [cells]
 * @property {any} [scenario] with return_scenario: the scenario as JSON decodes it
 * @property {string} [form]
 * @property {string} [results]
 * @property {string} [ranges]
 */

/**
 * A Chart is one of the reports' charts: its echarts option, built in Go.
 * @typedef {object} Chart
 * @property {string} id
 * @property {string} title
 * @property {string} [note]
 * @property {boolean} empty
 * @property {import('./charts.js').EChartsOption} [option] left out when empty
 */

/**
 * The charts method's answer: the charts, and the results' answer section
 * with its spread (and the planner's choice leading it).
 * @typedef {{charts: Chart[], answer: string, lead?: string}} Charts
 */

/**
 * A PlanLoad is a plan option the page can make its scenario.
 * @typedef {{option: string, label: string, sized_for_days: number}} PlanLoad
 */

/**
 * The plan method's answer, in the reports' words.
 * @typedef {object} Plan
 * @property {string} [refused]
 * @property {string} [chosen] left out when no plan meets every constraint
 * @property {string[]} [text]
 * @property {string} [options]
 * @property {string[][]} [table] header first; columns 1 to figures hold numbers
 * @property {number} [figures] the table's last column of figures
 * @property {number} [total] the table's column of the total its rows are ranked by
 * @property {number} [chosen_row] the table's row of the chosen plan, when it is one
 * @property {string} [stale]
 * @property {string[]} [skipped]
 * @property {Chart} [chart]
 * @property {PlanLoad[][]} [points] by series and point of the chart
 * @property {PlanLoad[]} [rows] by row of the table
 */

/**
 * Methods maps each method the page asks to its request and answer; svg is
 * the tools worker's own (charts.js renderAll), answered in parts.
 * @typedef {object} Methods
 * @property {{req: Request, res: Answer<Estimate>}} estimate
 * @property {{req: Request, res: Answer<Charts>}} charts
 * @property {{req: Request, res: Answer<{text: string}>}} explain
 * @property {{req: Request, res: Answer<Plan>}} plan
 * @property {{req: Request, res: Answer<{scenario: any}>}} plan_scenario
 * @property {{req: import('./charts.js').SVGRequest, res: void, part: import('./charts.js').SVGChart}} svg resolves once every chart is handed on
 */

/**
 * A Method is one the page asks; Part is what an answer in parts hands on.
 * @typedef {keyof Methods} Method
 * @typedef {Methods[Method] extends infer E ? E extends {part: infer P} ? P : never : never} Part
 */

/**
 * A Module is what a wasm module publishes as its global (wasm/jsapi):
 * call(method, request) answers JSON text.
 * @typedef {{call(method: string, req: unknown): string}} Module
 */

/**
 * Export is the export module (wasm/export): each kind makes a file of the
 * request, with the HTML report's echarts script or the Japanese PDF's font.
 * @typedef {{bytes: Uint8Array<ArrayBuffer>, filename: string, type: string}} ExportFile
 * @typedef {Record<'xlsx' | 'pdf' | 'html', (req: Request, extra?: string | Uint8Array) => Answer<ExportFile>>} Export
 */

/**
 * ToWorker is what the page posts a module's worker; FromWorker what the
 * worker posts back: whether its module runs, a part of an answer, the
 * answer, or why there is none.
 * @typedef {{id: number, method: Method, req: unknown}} ToWorker
 * @typedef {{ready: true} | {ready: false, failed: string} | {id: number, part: Part} | {id: number, res: unknown} | {id: number, failed: string}} FromWorker
 */

/**
 * A Client asks a module's methods: ask resolves with the answer, and hands
 * each part of one answered in parts to onPart; ready follows the module's
 * start.
 * @typedef {object} Client
 * @property {Promise<void>} ready
 * @property {<M extends Method>(method: M, req: Methods[M]['req'], onPart?: (part: Part) => void) => Promise<Methods[M]['res']>} ask
 */

/**
 * Local holds the methods a client answers on the page's thread itself.
 * @typedef {{[M in Method]?: (req: Methods[M]['req'], onPart: (part: Part) => void) => Promise<Methods[M]['res']>}} Local
 */

/**
 * Started is a worker already started (boot.js's), with the events it heard
 * before its client came.
 * @typedef {{url?: string, worker: Worker, early: (MessageEvent | ErrorEvent)[]}} Started
 */

/** @typedef {'trainscale' | 'trainscaleTools' | 'trainscaleExport'} Global the globals the modules publish */

const base = new URL('.', import.meta.url);
/** @type {{exec?: Promise<void>, estimator?: Promise<Module>, tools?: Promise<Module>, export?: Promise<Export>, client?: {ready: Promise<void>, estimate: (req: Request) => Promise<Answer<Estimate>>}}} */
const loaded = {};
/** @type {Record<string, Promise<WebAssembly.Module>>} */
const compiled = {}; // file → its compiled module (a promise), for the estimator's worker

// wasmExec resolves once Go's wasm_exec.js has run: already here (a worker
// imports it), or a script added here for a page without it.
/** @returns {Promise<void>} */
function wasmExec() {
  if (globalThis.Go) return Promise.resolve();
  return loaded.exec ??= new Promise((/** @type {() => void} */ resolve, reject) => {
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

// compile compiles a module while it downloads, once per file; source,
// when given, is the file's fetch already under way, or the module compiled.
/**
 * @param {string} file
 * @param {Promise<Response | WebAssembly.Module>} [source]
 */
function compile(file, source) {
  return compiled[file] ??= (async () => {
    const url = new URL(file, base).href;
    try {
      const got = await source;
      if (got instanceof WebAssembly.Module) return got;
      return await WebAssembly.compileStreaming(got ?? fetch(url));
    } catch (err) {
      // A host that serves .wasm with the wrong type: compile from the bytes.
      return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
    }
  })();
}

/**
 * @param {string} file
 * @param {Global} global
 * @param {Promise<Response | WebAssembly.Module>} [source]
 */
async function instantiate(file, global, source) {
  const module = compile(file, source);
  await wasmExec();
  return run(await module, global);
}

// A keystroke's estimate allocates about 0.4 MB and a collection in wasm
// takes 30-40 ms (the module's data is scanned each time): at Go's default,
// every tenth keystroke would wait for one. A heap goal five times the live
// heap (at least 16 MB) makes that about every fortieth. Set as the runtime
// reads it at start, GOGC (runtime/debug would link fmt, os and time).
/** @type {Partial<Record<Global, string>>} */
const gcPercent = { trainscale: '400' };

/**
 * run starts Go's runtime (wasm_exec.js, already loaded) on a compiled module
 * and resolves with the API the module publishes as globalThis[global].
 * @param {WebAssembly.Module} module
 * @param {Global} global
 * @returns {Promise<any>} a Module, or the export module's Export
 */
async function run(module, global) {
  const Go = /** @type {NonNullable<typeof globalThis.Go>} */ (globalThis.Go); // wasmExec has run
  const go = new Go();
  const gogc = gcPercent[global];
  if (gogc) go.env = { GOGC: gogc };
  const ready = new Promise((resolve) => { globalThis[/** @type {`${Global}OnReady`} */ (global + 'OnReady')] = resolve; });
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).catch((/** @type {unknown} */ err) => console.error(global, err));
  return ready;
}

/**
 * The estimator module: estimate (explain, presets and messages are
 * loadTools'). Loaded once; source, when given, is estimator.wasm's fetch
 * already under way (its worker asks for the bytes before its own imports
 * arrive), or the module compiled (by the page's boot.js).
 * @param {Promise<Response | WebAssembly.Module>} [source]
 * @returns {Promise<Module>}
 */
export function loadEstimator(source) {
  return loaded.estimator ??= instantiate('estimator.wasm', 'trainscale', source);
}

/**
 * The tools module: estimate with render, explain, presets, messages, charts, catalog, throughput, scale, memory, uncertainty, sensitivity, compare.
 * @returns {Promise<Module>}
 */
export function loadTools() {
  return loaded.tools ??= instantiate('tools.wasm', 'trainscaleTools');
}

/**
 * The export module (xlsx, pdf, html): fetched only when a download is asked for.
 * @returns {Promise<Export>}
 */
export function loadExport() {
  return loaded.export ??= instantiate('export.wasm', 'trainscaleExport');
}

/**
 * The URL of a file beside this module.
 * @param {string} name
 */
export function asset(name) {
  return new URL(name, base).href;
}

/**
 * answer runs one method of a loaded module (its jsapi object) on a request.
 * @param {Module} module
 * @param {string} method
 * @param {unknown} req
 * @returns {any} the method's answer (Methods), as JSON decodes it
 */
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
 * @returns {{ready: Promise<void>, estimate: (req: Request) => Promise<Answer<Estimate>>}}
 */
export function estimator() {
  return loaded.client ??= (() => {
    const boot = globalThis.trainscaleBoot;
    globalThis.trainscaleBoot = null; // adopted, or too late: boot.js starts no second worker
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
 * @param {string} file
 * @param {() => Promise<Module>} load
 * @param {Started} [started]
 * @param {Local} [local]
 * @returns {Client}
 */
export function workerClient(file, load, started, local = {}) {
  const url = asset(file);
  if (new URL(url).origin !== location.origin) return inPage(load, local);
  /** @type {Client | null} */
  let here = null; // the module on this thread, once the worker has failed
  let worker = started?.worker;
  try {
    worker ??= new Worker(url, { type: 'module' });
  } catch {
    return inPage(load, local);
  }
  /** @type {Map<number, {method: Method, req: unknown, onPart?: (part: Part) => void, resolve: (res: any) => void, reject: (err: Error) => void}>} */
  const waiting = new Map(); // id → {method, req, onPart, resolve, reject}
  let next = 0;
  /** @type {() => void} */
  let ready = () => {};
  /** @type {(err: unknown) => void} */
  let unready = () => {};
  /** @type {Client} */
  const client = {
    ready: new Promise((resolve, reject) => { ready = resolve; unready = reject; }),
    ask(method, req, onPart) {
      if (here) return here.ask(method, req, onPart);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { method, req, onPart, resolve, reject });
        worker.postMessage(/** @type {ToWorker} */ ({ id, method, req }));
      });
    },
  };
  /** @param {{data: FromWorker}} e */
  const heard = ({ data }) => {
    if ('ready' in data) return data.ready ? ready() : unready(new Error(/** @type {{failed: string}} */ (data).failed));
    const w = /** @type {NonNullable<ReturnType<typeof waiting.get>>} */ (waiting.get(data.id));
    if ('part' in data) return /** @type {(part: Part) => void} */ (w.onPart)(data.part);
    waiting.delete(data.id);
    if ('failed' in data && data.failed) w.reject(new Error(data.failed));
    else w.resolve('res' in data ? data.res : undefined);
  };
  // A browser without module workers, or a worker script that would not
  // load: the module runs on this thread instead, and answers what waits.
  const failed = () => {
    worker.terminate();
    here = inPage(load, local);
    here.ready.then(ready, unready);
    for (const w of waiting.values()) here.ask(w.method, /** @type {any} */ (w.req), w.onPart).then(w.resolve, w.reject);
    waiting.clear();
  };
  worker.onmessage = heard;
  worker.onerror = failed;
  for (const e of started?.early ?? []) e.type === 'error' ? failed() : heard(/** @type {MessageEvent<FromWorker>} */ (e));
  return client;
}

/**
 * @param {() => Promise<Module>} load
 * @param {Local} local
 * @returns {Client}
 */
function inPage(load, local) {
  const ready = load().then(() => {});
  ready.catch(() => {}); // a module that fails to load fails each ask too, where it is heard
  return {
    ready,
    ask: async (method, req, onPart) => {
      // The methods answered here are asked with onPart (svg).
      const own = /** @type {((req: unknown, onPart?: (part: Part) => void) => Promise<any>) | undefined} */ (local[method]);
      return own ? own(req, onPart) : answer(await load(), method, req);
    },
  };
}

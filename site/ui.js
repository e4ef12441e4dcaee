// ui.js runs the estimator page inside a root element: the page's body, or a
// <trainscale-estimator>'s shadow root. The form and the results are rendered
// by the Go core (prerendered into index.html at build time, or asked from
// the wasm module); this script only sends the inputs to the core, puts the
// answers in place and shows errors. It computes no number of its own.
//
// The core answers in its worker (trainscale.js estimator()), so every
// question is a promise. The estimator module answers values; the HTML of
// the form, the results and the ranges (render) comes from the tools module,
// which runs the same estimate in its own worker (page.rendered), so the
// module the page loads first links no HTML renderer. The page's changes run
// one at a time, in the order they were made (page.then): each builds its
// request from the scenario the one before left, and a newer value typed into
// the same input replaces one still waiting; see typing.
//
// mount wires small parts, one concern each: form.js (inputs as overrides,
// errors by field), results.js (the figures in step with the core), hash.js
// (the scenario in the link), exports.js (files), charts.js (the reports'
// charts, from the tools module's worker: tools.js), lists.js (adding and
// removing workloads and systems); the language and the charts' timing are
// here.
import { estimator, asset } from './trainscale.js';
import { tools } from './tools.js';
import { readHash, writeHash, hashKeeper } from './hash.js';
import { overrideOf, showErrors, clearErrors, anyErrors, refused, said, movesRange, showRanges, movesNotes, showNotes, replacedBy, clearReplaced, openFile, typedEarly } from './form.js';
import { resultsView } from './results.js';
import { bindExports } from './exports.js';
import { bindLists } from './lists.js';

/**
 * @typedef {import('./trainscale.js').Request} Request
 * @typedef {import('./trainscale.js').Estimate} Estimate
 * @typedef {import('./trainscale.js').Answer<Estimate>} Answer
 * @typedef {import('./trainscale.js').FieldError} FieldError
 * @typedef {import('./hash.js').State} State
 * @typedef {import('./hash.js').Presets} Presets
 * @typedef {import('./form.js').Field} Field
 */

/**
 * Options say how mount starts: hash keeps the scenario in the URL; preset
 * and lang are the starting scenario when the URL says none.
 * @typedef {{hash?: boolean, preset?: string, lang?: string}} Options
 */

/**
 * Startup is what the prerendered page carries (site/build.go, startup):
 * the presets, the English messages and the default scenario's answer.
 * @typedef {object} Startup
 * @property {{default: string, presets: {name: string, title: string}[]}} presets
 * @property {Record<string, string>} messages
 * @property {Estimate} estimate
 */

/**
 * Elements are the root's parts the page works on; those a root may lack
 * (an embedded estimator's) are null there.
 * @typedef {object} Elements
 * @property {HTMLFormElement} form
 * @property {HTMLElement} fields
 * @property {HTMLElement} results
 * @property {HTMLElement | null} charts
 * @property {HTMLElement | null} status
 * @property {HTMLSelectElement | null} preset
 * @property {HTMLSelectElement | null} lang
 * @property {HTMLInputElement | null} file
 * @property {HTMLDialogElement} dialog
 * @property {HTMLElement} explain
 */

/**
 * A Root is what a page runs in: the page's body, or an embedded
 * estimator's shadow root.
 * @typedef {HTMLElement & {host?: undefined} | ShadowRoot} Root
 */

/**
 * A Page is what every part works on (see newPage).
 * @typedef {object} Page
 * @property {Root} root
 * @property {Options} opts
 * @property {ReturnType<typeof estimator>} api
 * @property {Elements} els
 * @property {Startup['presets']} presets
 * @property {Startup} startup
 * @property {HTMLElement} host where the ready attribute goes
 * @property {State} state
 * @property {Record<string, string> | null} messages
 * @property {<T>(op: () => T | Promise<T>) => Promise<T | undefined>} then runs op after every change made before it
 * @property {(key: string) => string} t
 * @property {(extra?: Request) => Request} request
 * @property {(req: Request) => Promise<Answer>} rendered
 * @property {(key: string, bad?: boolean) => void} setStatus
 * @property {(text: string, bad?: boolean) => void} say
 * @property {(errors: FieldError[]) => void} showProblems
 * @property {Presets} preset
 * @property {ReturnType<typeof hashKeeper>} hash
 * @property {ReturnType<typeof resultsView>} results
 * @property {ReturnType<typeof chartScheduler>} charts
 * @property {() => Promise<Answer>} reload
 * @property {(text: string) => Promise<Answer>} importScenario
 * @property {(el: Field) => void} typed
 * @property {{want: (render: NonNullable<Request['render']>) => void, settled: () => Promise<void>}} parts
 * @property {ReturnType<typeof quietGate>} quiet
 */

const timings = (globalThis.trainscaleTimings ??= []);

/**
 * skeleton is the page's markup for a root that has none (an embedded
 * estimator): the toolbar, status, form, results and dialog of index.html,
 * with the default scenario prerendered, less what only the full page has
 * (data-page-only). toolbar false hides the preset and language pickers.
 * @param {{toolbar?: boolean}} [opts]
 */
export async function skeleton({ toolbar = true } = {}) {
  const res = await fetch(asset('index.html'));
  if (!res.ok) throw new Error('could not load index.html: ' + res.status);
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  for (const el of doc.querySelectorAll('[data-page-only]')) el.remove();
  const bar = /** @type {HTMLElement} */ (doc.querySelector('.toolbar'));
  bar.hidden = !toolbar;
  // A <main> belongs to the host page: the layout is a plain box here, and
  // the header a box with the page header's spacing, less its title.
  const layout = document.createElement('div');
  layout.className = 'layout';
  layout.append(...doc.querySelector('main.layout').childNodes);
  const top = document.createElement('div');
  top.className = 'top';
  top.append(bar, doc.querySelector('[data-role=status]'));
  const out = document.createDocumentFragment();
  out.append(top, layout, doc.querySelector('dialog'), ...doc.querySelectorAll('body > datalist, [data-role=startup]'));
  return out;
}

/**
 * mount makes root's page live once the core answers. Options: hash (keep
 * the scenario in the URL), preset and lang (the starting scenario when the
 * URL says none). Its answer's recompute, importScenario and reload run
 * after the changes already made; the host's trainscaleIdle() resolves once
 * every change made so far is on screen.
 * @param {Page['root']} root
 * @param {Options} [opts]
 */
export async function mount(root, opts = {}) {
  const api = estimator();
  await api.ready;
  const preset = presetScenario(api);
  const state = await firstState(opts, preset);
  const startup = startupData(root);
  const page = newPage(root, opts, api, preset, state, startup);
  bindForm(page);
  bindResults(page);
  bindPickers(page);
  bindExports(page);
  bindLists(page);
  import('./plan.js').then((m) => m.bindPlan(page)); // the Plan section (plan.js), apart from the first modules
  bindHash(page);
  bindPrint(page);
  await page.then(() => start(page));
  const host = page.host;
  host.dataset && (host.dataset.ready = 'true', host.dataset.recomputes = '0');
  page.quiet.start();
  // What was typed while the module loaded is answered now, each field as
  // if typed this moment.
  for (const el of typedEarly(page.els.form)) page.typed(el);
  performance.mark('trainscale-interactive');
  return {
    api, state: () => page.state, recompute: (/** @type {Field} */ el) => page.then(() => recompute(page, el)),
    importScenario: (/** @type {string} */ text) => page.then(() => page.importScenario(text)), reload: () => page.then(page.reload),
  };
}

// The scenario to start from: the link's, else the options'.
/**
 * @param {Options} opts
 * @param {Presets} preset
 */
async function firstState(opts, preset) {
  /** @type {State} */
  const state = opts.hash && location.hash.length > 1 ? await readHash(location.hash, preset) : { base: {}, sets: new Map(), lang: opts.lang === 'ja' ? 'ja' : 'en' };
  if (!state.base.preset && !state.base.scenario && opts.preset) state.base = { preset: opts.preset };
  return state;
}

// presetScenario gives a promise of a preset's scenario as an object (null
// for a name that is none), the base an edited scenario's link is written
// against (hash.js). It reads no page state, so it asks the core directly.
/**
 * @param {Page['api']} api
 * @returns {Presets}
 */
function presetScenario(api) {
  /** @type {Map<string, ReturnType<Presets>>} */
  const known = new Map();
  return (name) => {
    if (!known.has(name)) known.set(name, api.estimate({ preset: name, return_scenario: true, compact: true }).then((res) => res.error ? null : res.scenario));
    return known.get(name);
  };
}

/**
 * @param {Page['root']} root
 * @returns {Elements}
 */
function elements(root) {
  const $ = (/** @type {string} */ sel) => /** @type {any} */ (root.querySelector(sel)); // typed by Elements
  return {
    form: $('[data-role=form]'), fields: $('[data-role=fields]'), results: $('[data-role=results]'),
    charts: $('[data-role=charts]'), status: $('[data-role=status]'), preset: $('[data-role=preset]'),
    lang: $('[data-role=lang]'), file: $('[data-role=file]'), dialog: $('[data-role=explain]'), explain: $('[data-role=explain-text]'),
  };
}

// newPage is what every part works on: the root's elements, the core, the
// presets' scenarios, the scenario state (base, sets, lang, the preset an
// edited scenario came from) and the few verbs they share. then(op) runs op
// after every change made before it (see ui.js's head); an op's own verbs
// (reload, importScenario) run at once, inside it.
/**
 * @param {Page['root']} root
 * @param {Options} opts
 * @param {Page['api']} api
 * @param {Presets} preset
 * @param {State} state
 * @param {Startup} startup
 * @returns {Page}
 */
function newPage(root, opts, api, preset, state, startup) {
  const els = elements(root);
  const { presets } = startup;
  // The verbs that need the page itself are set below.
  const page = /** @type {Page} */ ({
    root, opts, api, els, presets, startup,
    host: /** @type {HTMLElement} */ (root.host || root), // where the ready attribute goes
    state: withDefault(state, presets.default),
    messages: /** @type {Record<string, string> | null} */ (null),
    then: inTurn(/** @type {HTMLElement} */ (root.host || root), () => page.parts.settled()),
    t: (/** @type {string} */ key) => (page.messages && page.messages[key]) || key,
    request: (extra = {}) => ({ ...page.state.base, set: setList(page.state.sets), ...extra }),
    // An estimate with render: [...] (form, results, ranges), which only the tools module answers.
    rendered: (/** @type {Request} */ req) => tools().ask('estimate', req),
    // Each keystroke says ready again: what already reads so is left alone.
    /**
     * @param {string} key
     * @param {boolean} [bad]
     */
    setStatus(key, bad = false) {
      if (!els.status) return;
      const text = page.t(key);
      if (els.status.dataset.i18n !== key) els.status.dataset.i18n = key;
      if (els.status.textContent !== text) els.status.textContent = text;
      if (els.status.title) els.status.removeAttribute('title');
      els.status.classList.toggle('bad', bad);
    },
    // A sentence of the page's own, already in the page's language.
    /**
     * @param {string} text
     * @param {boolean} [bad]
     */
    say(text, bad = false) {
      if (!els.status) return;
      delete els.status.dataset.i18n;
      els.status.textContent = text;
      els.status.removeAttribute('title');
      els.status.classList.toggle('bad', bad);
    },
    // The core's own problems, each field named by its label (its path on hover).
    /** @param {FieldError[]} errors */
    showProblems(errors) {
      if (!els.status) return;
      delete els.status.dataset.i18n;
      els.status.textContent = errors.map((e) => said(els.form, e)).join('; ');
      els.status.title = errors.map((e) => e.message).join('\n');
      els.status.classList.add('bad');
    },
  });
  page.preset = preset;
  page.hash = hashKeeper(Boolean(opts.hash), () => page.state, page.preset);
  page.results = resultsView(els.results, () => page.rendered(page.request({ render: ['results'], lang: page.state.lang })));
  page.charts = chartScheduler(page);
  page.reload = () => reload(page);
  page.importScenario = (text) => importScenario(page, text);
  page.typed = typing(page);
  page.parts = partsFollower(page);
  page.quiet = quietGate();
  return page;
}

// inTurn runs ops one after another: then(op) resolves with op's answer
// (undefined for one that failed) once every op before it has ended.
// host.trainscaleIdle() resolves once every op so far has ended, and what
// follows them beside the queue (behind) has settled (tests wait on it; it
// sets no attribute, which a benchmark would take for the page's answer to
// a keystroke).
/**
 * @param {HTMLElement & {trainscaleIdle?: () => Promise<void>}} host
 * @param {() => Promise<void>} behind
 * @returns {Page['then']}
 */
function inTurn(host, behind) {
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve();
  host.trainscaleIdle = async () => {
    for (let t; t !== tail;) {
      await (t = tail);
      await behind();
    }
  };
  // A failed op is said on the console; the ops after it still run.
  return (op) => /** @type {Promise<any>} */ (tail = tail.then(op).catch((err) => console.error(err)));
}

// typing queues a recompute for each input changed; a newer value of an
// input whose recompute still waits replaces it, and one whose recompute
// is out makes that one's answer stale: it is dropped, not shown before the
// newer one. So for each input at most one estimate is out and one waits.
/**
 * @param {Page} page
 * @returns {Page['typed']}
 */
function typing(page) {
  /** @type {Map<string, {el: Field, t0: number}>} */
  const waiting = new Map(); // the override's path → {el, t0}: the latest input not yet asked
  return (el) => {
    page.charts.hold();
    page.quiet.typed();
    const { path } = overrideOf(el);
    const queued = waiting.has(path);
    waiting.set(path, { el, t0: performance.now() });
    if (queued) return;
    page.then(() => {
      const { el, t0 } = waiting.get(path);
      waiting.delete(path);
      return recompute(page, el, t0, () => waiting.has(path));
    });
  };
}

// Keystrokes go first: the estimator's worker answers them, and what the
// tools module does (its start: 8 MB to compile; the ranges and notes a
// keystroke moved; the charts' 2,000 samples) waits until the page has been
// live quietMs with nothing typed. On two cores that work took the CPU a
// keystroke's estimate needs: the keystroke after the first took 41-52 ms
// with the tools module starting beside it, 14-22 ms without.
const quietMs = 500;

// quietGate's wait() resolves once the page has been live quietMs (start())
// with no keystroke (typed()) since; a keystroke makes the next wait()
// wait again.
function quietGate() {
  /** @type {() => void} */
  let open = () => {};
  let gate = new Promise((/** @type {(v?: void) => void} */ resolve) => { open = resolve; });
  let shut = true, live = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { shut = false; open(); }, quietMs);
  };
  return {
    start() {
      live = true;
      arm();
    },
    typed() {
      if (!shut) {
        shut = true;
        gate = new Promise((resolve) => { open = resolve; });
      }
      if (live) arm();
    },
    wait: () => gate,
  };
}

// partsFollower renders the parts of the form a keystroke moved (the ranges
// group, the notes and items' titles) once its figures are on screen and the
// typing has paused (quietGate), in the tools module, beside the page's
// queue: the next keystroke's estimate does not wait for it, nor for the
// tools module's start. One request is out at a time, for the scenario as
// it then stands; an answer that a later change overtook is asked again.
// settled() resolves once none is out or wanted.
/**
 * @param {Page} page
 * @returns {Page['parts']}
 */
function partsFollower(page) {
  /** @type {Set<NonNullable<Request['render']>[number]>} */
  const wanted = new Set();
  /** @type {Promise<void> | null} */
  let running = null;
  async function run() {
    while (wanted.size) {
      await page.quiet.wait();
      const render = [...wanted];
      wanted.clear();
      const req = page.request({ render, compact: true, lang: page.state.lang });
      let res;
      try {
        res = await page.rendered(req);
      } catch (err) {
        console.error(err); // the figures stand; the parts stay as they were
        continue;
      }
      if (JSON.stringify(page.request({ render, compact: true, lang: page.state.lang })) !== JSON.stringify(req)) {
        for (const p of render) wanted.add(p);
      } else if (!res.error) {
        showRanges(page.els.form, res.ranges);
        showNotes(page.els.form, res.form);
      }
    }
    running = null;
  }
  return {
    want(render) {
      for (const p of render) wanted.add(p);
      if (wanted.size) running ??= run();
    },
    settled: () => running ?? Promise.resolve(),
  };
}

// startupData is what the prerendered page (and so an embedded estimator's
// skeleton) carries for the default scenario in English (site/build.go,
// startup): the tools module's presets and English messages and the
// prerendered results' layout, as the core gave them at build time. The
// estimator module answers estimate alone, so the page goes live without
// asking for more.
/**
 * @param {Page['root']} root
 * @returns {Startup}
 */
function startupData(root) {
  const el = root.querySelector('script[data-role=startup]');
  if (!el) throw new Error('no startup data: the page is index.html as site/build.go writes it');
  return JSON.parse(el.textContent);
}

// messagesIn gives a promise of the page's words in lang: English from the
// startup data, another language from its file beside the page
// (messages-ja.json), fetched once, on the first switch to it.
/** @type {Map<string, Promise<Record<string, string>>>} */
const wordFiles = new Map();
/**
 * @param {Page} page
 * @param {string} lang
 * @returns {Promise<Record<string, string>> | Record<string, string>}
 */
function messagesIn(page, lang) {
  if (lang === 'en') return page.startup.messages;
  if (!wordFiles.has(lang)) {
    const file = `messages-${lang}.json`;
    const words = fetch(asset(file)).then((res) => {
      if (!res.ok) throw new Error(`could not load ${file}: ${res.status}`);
      return res.json();
    });
    words.catch(() => wordFiles.delete(lang)); // a failed fetch is tried again on the next switch
    wordFiles.set(lang, words);
  }
  return wordFiles.get(lang);
}

/**
 * @param {State} state
 * @param {string} preset
 */
function withDefault(state, preset) {
  state.defaultPreset = preset;
  if (!state.base.preset && !state.base.scenario) state.base = { preset };
  return state;
}

/** @param {Map<string, string>} sets */
function setList(sets) {
  return [...sets].map(([path, value]) => ({ path, value }));
}

// render puts a full answer on screen: the form, when it came, and the results.
/**
 * @param {Page} page
 * @param {Estimate} res
 */
function render(page, res) {
  if (res.form !== undefined && res.form !== '') page.els.fields.innerHTML = res.form;
  page.results.render(res);
}

// shown follows a new scenario on screen: status, link (unless kept as it
// is), charts.
/**
 * @param {Page} page
 * @param {boolean} [keepLink]
 */
function shown(page, keepLink = false) {
  page.setStatus('status.ready');
  if (!keepLink) page.hash.now();
  page.charts.schedule();
}

// Everything again: a preset, a language, a link.
/**
 * @param {Page} page
 * @param {boolean} [keepLink]
 */
async function reload(page, keepLink = false) {
  const res = await page.rendered(page.request({ render: ['form', 'results'], lang: page.state.lang }));
  if (res.error) return res;
  showPreset(page);
  render(page, res);
  shown(page, keepLink);
  return res;
}

// follow shows the scenario a link (or an embedding's attributes) gave. One
// the page cannot show leaves the default scenario live, the problems on
// screen and the link as it was, to be read or mended; the next change
// writes a new one.
/** @param {Page} page */
async function follow(page) {
  const s = page.state;
  const res = s.problem ? null : await reload(page);
  if (res && !res.error) return;
  const problems = s.problem ? [page.t(s.problem)] : res.errors.map((e) => said(page.els.form, e));
  page.state = withDefault({ base: {}, sets: new Map(), lang: s.lang }, page.presets.default);
  await reload(page, true);
  page.say(page.t('link.bad') + ' ' + problems.join('; '), true);
}

/**
 * @param {Page} page
 * @param {string} text
 */
async function importScenario(page, text) {
  const res = await page.rendered({ scenario: text, render: ['form', 'results'], lang: page.state.lang });
  if (res.error) {
    page.showProblems(res.errors);
    return res;
  }
  // The preset it was edited from (lists.js), the base of its link.
  page.state.from = page.state.base.preset || page.state.from;
  page.state.base = { scenario: text };
  page.state.sets = new Map();
  showPreset(page);
  render(page, res);
  shown(page);
  return res;
}

// recompute applies the override el stands for: the figures change in place,
// or the core's errors show by their fields and the last valid figures stay.
// t0 is when el changed; an answer that stale() says a newer value of el
// overtook is dropped.
/**
 * @param {Page} page
 * @param {Field} el
 * @param {number} [t0]
 * @param {() => boolean} [stale]
 */
async function recompute(page, el, t0 = performance.now(), stale = () => false) {
  const { els } = page;
  const o = overrideOf(el);
  const sets = new Map(page.state.sets);
  sets.delete(o.path);
  // A field that replaces others (a config.json, the catalog model) leaves
  // them out, with every edit made inside them.
  const replaced = replacedBy(els.form, el, o.value, sets);
  for (const p of replaced) {
    for (const k of sets.keys()) if (k === p || k.startsWith(p + '.')) sets.delete(k);
    sets.set(p, 'null');
  }
  sets.set(o.path, o.value);
  const tAsked = performance.now();
  const res = await page.api.estimate({ ...page.state.base, set: setList(sets), compact: true, lang: page.state.lang });
  const coreMs = performance.now() - tAsked; // the worker's round trip
  if (stale()) return res;
  if (res.error) {
    showErrors(els.form, res, el);
    page.setStatus('status.error', true);
    page.charts.resume();
  } else {
    page.state.sets = sets;
    clearErrors(els.form, el, o.path);
    clearReplaced(els.form, replaced);
    await page.results.update(res);
    // A point value with a range moves it: the ranges group follows, to
    // show where. A change that moves a note or an item's title brings the
    // form, for them alone. Both are the tools module's, after the figures.
    page.parts.want([...(movesRange(els.form, el) ? /** @type {const} */ (['ranges']) : []), ...(movesNotes(els.form, el) ? /** @type {const} */ (['form']) : [])]);
    page.hash.soon();
    page.charts.schedule();
    // A value refused beside this one may be valid now: asked again, it
    // joins the scenario or keeps its error, so the form and the status
    // follow what is typed.
    for (const f of refused(els.form, el)) if (f.isConnected) await recompute(page, f);
    if (anyErrors(els.form)) page.setStatus('status.error', true);
    else page.setStatus('status.ready');
  }
  timings.push({ what: 'recompute', ms: performance.now() - t0, core: coreMs, ok: !res.error });
  const host = page.host;
  host.dataset?.recomputes !== undefined && (host.dataset.recomputes = String(+host.dataset.recomputes + 1));
  return res;
}

// translate shows the page's own words in the state's language.
/** @param {Page} page */
async function translate(page) {
  const { root, els } = page;
  page.messages = await messagesIn(page, page.state.lang);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) {
    const text = page.messages[el.dataset.i18n];
    if (text && el.textContent !== text) el.textContent = text; // the same text left as it is: no layout to redo
  }
  if (root === document.body || root === document.documentElement) document.documentElement.lang = page.state.lang;
  // An embedded estimator's text takes its language (and its line breaking, style.css) from its host.
  else if (root.host) /** @type {HTMLElement} */ (root.host).lang = page.state.lang;
  if (els.lang) els.lang.value = page.state.lang;
  accuracyPoints(page);
}

// accuracyPoints builds the accuracy section's table of every published
// figure (internal/page/accuracy.go) in the page's language from the JSON
// beside it, once it is opened, and again after a language change: the
// prerendered page lays out none of it. The cells come formatted from the
// core.
/** @param {Page} page */
function accuracyPoints(page) {
  const box = /** @type {HTMLDetailsElement | null} */ (page.root.querySelector('[data-role=accuracy-points]'));
  if (!box) return;
  box.ontoggle ??= () => accuracyPoints(page);
  const lang = page.state.lang;
  if (!box.open || box.dataset.lang === lang) return;
  /** @type {{en: string[][], ja: string[][], numbers: number[]}} */
  const data = JSON.parse(box.querySelector('script').textContent);
  const table = document.createElement('table');
  const body = table.createTBody();
  data[lang].forEach((cells, i) => {
    const tr = i ? body.insertRow() : table.createTHead().insertRow();
    cells.forEach((text, j) => {
      // the header's cells head columns; a figure's label heads its row; names read left, numbers right
      const cell = document.createElement(i === 0 || j === 1 ? 'th' : 'td');
      if (i === 0 || j === 1) cell.scope = i === 0 ? 'col' : 'row';
      else if (!data.numbers.includes(j)) cell.className = 'text';
      cell.textContent = text;
      tr.append(cell);
    });
  });
  box.querySelector('.results').replaceChildren(table);
  box.dataset.lang = lang;
}

// chartScheduler draws the reports' charts a moment after the last change.
// The tools module answers, and echarts renders each chart as SVG, in the
// tools worker (tools.js, charts.js): the page only puts the markup in, one
// chart per frame. That, and the worker's rendering, wait until the charts
// come within a window's height of the screen, or the page has been left
// alone for a while (so that printing finds them).
// An answer overtaken by a newer change is dropped, and so is the rest of
// its drawing.
/** @param {Page} page */
function chartScheduler(page) {
  let timer = 0, showSoon = 0;
  let asked = 0; // the changes so far; an answer for an older one is stale
  /** @type {() => void} */
  let show;
  /** @type {Promise<void>} */
  const wanted = new Promise((resolve) => { show = resolve; });
  if (page.els.charts) {
    const near = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      near.disconnect();
      show();
    }, { rootMargin: '100% 0px' });
    near.observe(page.els.charts);
  }
  // One run at a time: the changes whose turn came during a run are
  // answered by one more run after it, for the latest of them.
  let running = false, missed = false;
  /** @param {number} n */
  async function draw(n) {
    if (running) {
      missed = true;
      return;
    }
    running = true;
    missed = false;
    let res = null;
    try {
      res = await tools().ask('charts', page.request({ samples: 2000, lang: page.state.lang }));
    } catch (err) {
      console.error(err);
    } finally {
      running = false;
    }
    if (n !== asked) {
      if (missed) draw(asked);
      return;
    }
    try {
      if (!res || res.error) return;
      page.results.answer(res.answer, res.lead); // its P10, P50 and P90, from the same run; the planner's choice leading it
      await wanted;
      const m = await import('./charts.js');
      if (n !== asked || !(await m.draw(page.els.charts, res.charts, () => n !== asked))) return;
      page.host.dataset && (page.host.dataset.charts = String(res.charts.length));
    } catch (err) {
      console.error(err);
    }
  }
  let held = false;
  return {
    // hold drops the charts' run in progress, or waiting, at a keystroke:
    // they are of a scenario about to change, and the keystroke's answer
    // goes first. Its recompute schedules them again (or resumes them, for
    // a value the core refused: the charts stay the last valid scenario's).
    hold() {
      if (!page.els.charts) return;
      asked++;
      clearTimeout(timer);
      held = true;
    },
    resume() {
      if (held) this.schedule();
    },
    schedule() {
      if (!page.els.charts) return;
      held = false;
      const n = ++asked;
      clearTimeout(timer);
      page.quiet.wait().then(() => {
        if (n !== asked) return;
        tools(); // the worker starts, and compiles its module, during the wait
        timer = setTimeout(() => draw(n), 250);
      });
      clearTimeout(showSoon);
      showSoon = setTimeout(show, 2000);
    },
  };
}

/** @param {Page} page */
function bindForm(page) {
  const { form } = page.els;
  form.addEventListener('input', (ev) => {
    const el = /** @type {Field} */ (ev.target);
    if (el.matches('input[name], select[name], textarea[name]')) page.typed(el);
  });
  form.addEventListener('submit', (ev) => ev.preventDefault());
  // A field's Open button (a config.json) opens its file input, which reads the file into the field.
  form.addEventListener('click', (ev) => {
    const b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (ev.target).closest('button[data-action=open-file]'));
    if (b) /** @type {HTMLInputElement | null} */ (form.querySelector(`input[data-loads="${CSS.escape(b.dataset.for)}"]`))?.click();
  });
  form.addEventListener('change', (ev) => {
    const input = /** @type {HTMLInputElement} */ (ev.target);
    if (input.matches('input[type=file][data-loads]')) openFile(form, input);
  });
}

// A figure clicked (or Enter on it) shows its formula with the numbers put
// in; closing the formula returns to the figure (or, if the results were
// rendered again meanwhile, to the one showing the same quantity).
/** @param {Page} page */
function bindResults(page) {
  const { els, root } = page;
  /** @type {HTMLElement | null} */
  let from = null;
  // The answer's box and the rest of the results (results.js) share the layout.
  els.results.closest('.layout').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (ev.target).closest('[data-quantity]'));
    if (!b) return;
    page.then(async () => {
      const res = await tools().ask('explain', page.request({ id: b.dataset.quantity, lang: page.state.lang }));
      from = b;
      els.explain.textContent = res.error ? res.error.message : res.text;
      if (!els.dialog.open) els.dialog.showModal();
    });
  });
  els.dialog.addEventListener('close', () => {
    if (!from) return;
    const b = from.isConnected ? from : /** @type {HTMLElement | null} */ (root.querySelector(`[data-quantity="${CSS.escape(from.dataset.quantity)}"]`));
    from = null;
    b?.focus();
  });
}

// showPreset sets the picker to the preset on screen or, for a scenario
// edited from one (a plan loaded, an item added, a link to either), to that
// preset marked as edited: the picker never goes blank on an edit.
/** @param {Page} page */
function showPreset(page) {
  const sel = page.els.preset;
  if (!sel) return;
  sel.querySelector('option[data-edited]')?.remove();
  const { base, from } = page.state;
  if (base.preset || !from) {
    sel.value = base.preset || '';
    return;
  }
  const o = new Option(page.t('preset.edited').replace('%s', from), '', true, true);
  o.dataset.edited = 'true';
  o.disabled = true;
  sel.prepend(o);
}

/** @param {Page} page */
function bindPickers(page) {
  const { els } = page;
  els.preset?.addEventListener('change', () => {
    const preset = els.preset.value;
    page.then(() => {
      page.state.base = { preset };
      page.state.sets = new Map();
      return reload(page);
    });
  });
  els.lang?.addEventListener('change', () => {
    const lang = els.lang.value === 'ja' ? 'ja' : 'en';
    page.then(async () => {
      page.state.lang = lang;
      await translate(page);
      return reload(page);
    });
  });
}

// A link followed or edited while the page is open.
/** @param {Page} page */
function bindHash(page) {
  if (!page.opts.hash) return;
  addEventListener('hashchange', () => page.then(async () => {
    if (location.hash === (await writeHash(page.state, page.preset))) return;
    page.state = withDefault(await readHash(location.hash, page.preset), page.presets.default);
    await translate(page);
    await follow(page);
  }));
}

// Print opens every group, and closes again those it opened. The list of
// every published figure prints only where it was opened: the PDF proposal
// carries it, and it is some four pages of the page's print.
/** @param {Page} page */
function bindPrint(page) {
  const { root } = page;
  addEventListener('beforeprint', () => {
    for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (root.querySelectorAll('details:not([open]):not([data-role=accuracy-points])'))) { d.dataset.printOpened = ''; d.open = true; }
  });
  addEventListener('afterprint', () => {
    for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (root.querySelectorAll('details[data-print-opened]'))) { delete d.dataset.printOpened; d.open = false; }
  });
}

// start fills what the prerender left out (the presets of a bare root) and
// catches up with a link's scenario or language; at the default scenario the
// prerendered figures stay as they are.
/** @param {Page} page */
async function start(page) {
  const { els, presets } = page;
  if (els.preset && els.preset.options.length === 0) {
    for (const p of presets.presets) els.preset.append(new Option(p.name + ': ' + p.title, p.name));
  }
  showPreset(page);
  await translate(page);
  const s = page.state;
  if (!s.problem && page.results.prerendered && s.base.preset === presets.default && s.sets.size === 0 && s.lang === 'en') {
    page.results.adopt(page.startup.estimate);
    page.setStatus('status.ready');
    page.charts.schedule();
    return;
  }
  await follow(page);
}

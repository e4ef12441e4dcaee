// ui.js runs the estimator page inside a root element: the page's body, or a
// <trainscale-estimator>'s shadow root. The form and the results are rendered
// by the Go core (prerendered into index.html at build time, or asked from
// the wasm module); this script only sends the inputs to the core, puts the
// answers in place and shows errors. It computes no number of its own.
import { loadEstimator, loadTools, loadExport, asset } from './trainscale.js';

const timings = (globalThis.trainscaleTimings ??= []);

/** skeleton is the markup a root without prerendered content starts from. */
export function skeleton({ toolbar = true } = {}) {
  return `
<div class="toolbar" role="toolbar" aria-label="Scenario tools"${toolbar ? '' : ' hidden'}>
  <label><span data-i18n="preset">Scenario</span> <select data-role="preset"></select></label>
  <label><span data-i18n="lang">Language</span> <select data-role="lang"><option value="en" lang="en">English</option><option value="ja" lang="ja">日本語</option></select></label>
</div>
<p class="status" role="status" aria-live="polite" data-role="status" data-i18n="status.loading">Loading…</p>
<div class="layout">
  <form class="inputs" data-role="form" novalidate autocomplete="off"><div data-role="fields"></div></form>
  <div class="outputs"><div data-role="results"></div><section class="charts"><div data-role="charts"></div></section></div>
</div>
<dialog data-role="explain"><h2 data-i18n="explain">How this number is computed</h2><pre data-role="explain-text"></pre><form method="dialog"><button data-i18n="close">Close</button></form></dialog>`;
}

/** The state a link carries: #preset=NAME or #scenario=BASE64URL, then set=path=value..., lang=ja. */
export function readHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const state = { base: {}, sets: new Map(), lang: p.get('lang') === 'ja' ? 'ja' : 'en' };
  if (p.has('scenario')) state.base = { scenario: fromBase64url(p.get('scenario')) };
  else if (p.has('preset')) state.base = { preset: p.get('preset') };
  for (const s of p.getAll('set')) {
    const i = s.indexOf('=');
    if (i > 0) state.sets.set(s.slice(0, i), s.slice(i + 1));
  }
  return state;
}

export function writeHash(state) {
  const p = new URLSearchParams();
  if (state.base.scenario) p.set('scenario', toBase64url(state.base.scenario));
  else p.set('preset', state.base.preset || state.defaultPreset);
  for (const [path, value] of state.sets) p.append('set', path + '=' + value);
  if (state.lang !== 'en') p.set('lang', state.lang);
  return '#' + p.toString();
}

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(s) {
  const bin = atob(s.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

// The path a field's error belongs to when no input has the error's own path:
// "workloads[1].mb_per_s.low" -> "workloads[1].mb_per_s" -> "workloads[1]" ...
function parentPath(path) {
  const m = path.match(/^(.*)(\.[^.[\]]+|\[\d+\])$/);
  return m ? m[1] : '';
}

/**
 * mount makes root's page live. Options: hash (keep the scenario in the
 * URL), preset and lang (the starting scenario when the URL says none).
 */
export async function mount(root, opts = {}) {
  const $ = (sel) => root.querySelector(sel);
  const els = {
    form: $('[data-role=form]'), fields: $('[data-role=fields]'), results: $('[data-role=results]'),
    charts: $('[data-role=charts]'), status: $('[data-role=status]'), preset: $('[data-role=preset]'),
    lang: $('[data-role=lang]'), file: $('[data-role=file]'), dialog: $('[data-role=explain]'), explain: $('[data-role=explain-text]'),
  };
  const host = root.host || root; // where the ready attribute goes
  let state = opts.hash && location.hash.length > 1 ? readHash(location.hash) : { base: {}, sets: new Map(), lang: opts.lang === 'ja' ? 'ja' : 'en' };
  if (!state.base.preset && !state.base.scenario && opts.preset) state.base = { preset: opts.preset };
  let messages = null;
  let layout = els.results.querySelector('.results')?.dataset.layout || null;
  let index = null; // quantity id -> the elements showing it
  const prerendered = layout !== null;

  const api = await loadEstimator();
  const presets = api.presets();
  state.defaultPreset = presets.default;
  if (!state.base.preset && !state.base.scenario) state.base = { preset: presets.default };

  const request = (extra = {}) => ({ ...state.base, set: [...state.sets].map(([path, value]) => ({ path, value })), ...extra });
  const t = (key) => (messages && messages[key]) || key;

  function setStatus(key, bad = false) {
    if (!els.status) return;
    els.status.dataset.i18n = key;
    els.status.textContent = t(key);
    els.status.classList.toggle('bad', bad);
  }

  function translate() {
    messages = api.messages({ lang: state.lang });
    for (const el of root.querySelectorAll('[data-i18n]')) {
      const text = messages[el.dataset.i18n];
      if (text) el.textContent = text;
    }
    if (root === document.body || root === document.documentElement) document.documentElement.lang = state.lang;
    if (els.lang) els.lang.value = state.lang;
  }

  function reindex() {
    index = new Map();
    for (const el of els.results.querySelectorAll('[data-quantity]')) {
      const id = el.dataset.quantity;
      if (!index.has(id)) index.set(id, []);
      index.get(id).push(el);
    }
  }

  function render(res) {
    if (res.form !== undefined && res.form !== '') els.fields.innerHTML = res.form;
    if (res.results) {
      els.results.innerHTML = res.results;
      layout = res.layout;
      reindex();
    }
    if (res.quantities) learn(res);
  }

  // The ids and labels of the current layout, in order: a compact answer
  // carries only values and texts in this order.
  let ids = null, labels = null;
  function learn(res) {
    ids = res.quantities.map((q) => q.id);
    labels = res.quantities.map((q) => q.label);
    layout = res.layout;
  }

  function update(res) {
    if (res.layout !== layout || !ids) {
      const full = api.estimate(request({ render: ['results'], lang: state.lang }));
      render(full);
      learn(full);
      return;
    }
    if (!index) reindex();
    for (let i = 0; i < ids.length; i++) {
      const list = index.get(ids[i]);
      if (!list) continue;
      const value = String(res.values[i]), text = res.texts[i];
      for (const el of list) {
        if (el.textContent === text && el.dataset.value === value) continue;
        el.dataset.value = value;
        el.textContent = text;
        el.setAttribute('aria-label', labels[i] + ': ' + text);
      }
    }
  }

  function fieldFor(path) {
    for (let p = path; p; p = parentPath(p)) {
      const el = els.form.querySelector(`[name="${CSS.escape(p)}"]`);
      if (el) return el;
    }
    return null;
  }

  function setError(el, text) {
    const slot = el.closest('.field')?.querySelector('.error');
    if (text) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    if (slot) {
      slot.textContent = text || '';
      slot.hidden = !text;
    }
  }

  function anyErrors() {
    return els.form.querySelector('[aria-invalid=true]') !== null;
  }

  // The override an input stands for, as --set would take it.
  function overrideOf(el) {
    const rangeOf = el.dataset.rangeOf;
    if (rangeOf) {
      const box = el.closest('[data-range-of]');
      const dist = {};
      for (const part of box.querySelectorAll('input[data-part]')) dist[part.dataset.part] = jsonNumber(part.value);
      if (box.dataset.why) dist.why = box.dataset.why;
      return { path: rangeOf, value: '{' + Object.entries(dist).map(([k, v]) => JSON.stringify(k) + ':' + (k === 'why' ? JSON.stringify(v) : v)).join(',') + '}' };
    }
    const path = el.name;
    const text = el.value.trim();
    if (text === '' && el.hasAttribute('data-optional')) return { path, value: 'null' };
    if (el.dataset.kind === 'number') {
      if (el.dataset.range) {
        // A ranged input's own field moves its likely value (or median).
        const dist = JSON.parse(el.dataset.range);
        const key = dist.median !== undefined ? 'median' : 'likely';
        const parts = Object.entries(dist).map(([k, v]) => JSON.stringify(k) + ':' + (k === key ? jsonNumber(text) : JSON.stringify(v)));
        if (!(key in dist)) parts.push(JSON.stringify(key) + ':' + jsonNumber(text));
        return { path, value: '{' + parts.join(',') + '}' };
      }
      return { path, value: text };
    }
    return { path, value: JSON.stringify(el.value) };
  }

  // A number as the user typed it, or the text as a JSON string, so the core
  // reports "must be a number, got string ..." for it.
  function jsonNumber(text) {
    text = String(text).trim();
    return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : JSON.stringify(text);
  }

  function recompute(el) {
    const t0 = performance.now();
    const o = overrideOf(el);
    const sets = new Map(state.sets);
    sets.delete(o.path);
    sets.set(o.path, o.value);
    const tGo = performance.now();
    const res = api.estimate({ ...state.base, set: [...sets].map(([path, value]) => ({ path, value })), compact: true });
    const goMs = performance.now() - tGo;
    if (res.error) {
      const targets = new Set();
      for (const e of res.errors) {
        const f = fieldFor(e.path) || el;
        targets.add(f);
        setError(f, e.rule + (e.got !== null && e.got !== undefined ? ', got ' + e.got : '') + (f.name !== e.path ? ' (' + e.path + ')' : ''));
      }
      if (!targets.has(el)) setError(el, res.error.message);
      setStatus('status.error', true);
    } else {
      state.sets = sets;
      const box = el.closest('[data-range-of]');
      for (const f of box ? box.querySelectorAll('input') : [el]) setError(f, '');
      for (const f of els.form.querySelectorAll(`[name="${CSS.escape(o.path)}"], [data-range-of="${CSS.escape(o.path)}"] input`)) setError(f, '');
      update(res);
      if (anyErrors()) setStatus('status.error', true);
      else setStatus('status.ready');
      saveHashSoon();
      scheduleCharts();
    }
    const ms = performance.now() - t0;
    timings.push({ what: 'recompute', ms, core: goMs, ok: !res.error });
    host.dataset?.recomputes !== undefined && (host.dataset.recomputes = String(+host.dataset.recomputes + 1));
    return res;
  }

  // history.replaceState costs milliseconds in Chrome: while typing, the URL
  // follows a moment later instead of on every keystroke.
  let hashTimer = 0;
  function saveHashSoon() {
    if (!opts.hash) return;
    clearTimeout(hashTimer);
    hashTimer = setTimeout(saveHash, 200);
  }
  function saveHash() {
    clearTimeout(hashTimer);
    if (opts.hash) history.replaceState(null, '', writeHash(state));
  }

  // Everything again: a preset, an import, a language, a link.
  function reload() {
    const res = api.estimate(request({ render: ['form', 'results'], lang: state.lang }));
    if (res.error) return res;
    render(res);
    setStatus('status.ready');
    saveHash();
    scheduleCharts();
    return res;
  }

  let chartTimer = 0;
  let chartsWanted = false;
  function scheduleCharts() {
    if (!els.charts) return;
    chartsWanted = true;
    clearTimeout(chartTimer);
    chartTimer = setTimeout(drawCharts, 250);
  }
  async function drawCharts() {
    if (!chartsWanted) return;
    chartsWanted = false;
    try {
      const tools = await loadTools();
      const res = tools.charts(request({ samples: 2000, lang: state.lang }));
      if (res.error) return;
      const { draw } = await import('./charts.js');
      await draw(els.charts, res.charts);
      host.dataset && (host.dataset.charts = String(res.charts.length));
    } catch (err) {
      console.error(err);
    }
  }

  // Events.
  els.form.addEventListener('input', (ev) => {
    const el = ev.target;
    if (el.matches('input[name], select[name], textarea[name]')) recompute(el);
  });
  els.form.addEventListener('submit', (ev) => ev.preventDefault());
  els.results.addEventListener('click', (ev) => {
    const b = ev.target.closest('[data-quantity]');
    if (!b) return;
    const res = api.explain(request({ id: b.dataset.quantity }));
    els.explain.textContent = res.error ? res.error.message : res.text;
    els.dialog.showModal();
  });
  els.preset?.addEventListener('change', () => {
    state.base = { preset: els.preset.value };
    state.sets = new Map();
    reload();
  });
  els.lang?.addEventListener('change', () => {
    state.lang = els.lang.value === 'ja' ? 'ja' : 'en';
    translate();
    reload();
  });
  root.querySelector('[data-action=import]')?.addEventListener('click', () => els.file.click());
  els.file?.addEventListener('change', async () => {
    const f = els.file.files[0];
    if (!f) return;
    const text = await f.text();
    els.file.value = '';
    importScenario(text);
  });
  root.querySelector('[data-action=export-json]')?.addEventListener('click', () => {
    const res = api.estimate(request({ return_scenario: true }));
    if (res.error) return;
    download(JSON.stringify(res.scenario, null, 2) + '\n', 'application/json', (res.scenario.name ? slug(res.scenario.name) : 'scenario') + '.json');
  });
  root.querySelector('[data-action=link]')?.addEventListener('click', async () => {
    saveHash();
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus('link.copied');
    } catch {
      prompt(t('link'), location.href);
    }
  });
  root.querySelector('[data-action=print]')?.addEventListener('click', () => print());
  for (const b of root.querySelectorAll('[data-export]')) {
    b.addEventListener('click', () => exportFile(b.dataset.export, b));
  }
  if (opts.hash) {
    addEventListener('hashchange', () => {
      if (location.hash === writeHash(state)) return;
      state = { ...readHash(location.hash), defaultPreset: presets.default };
      if (!state.base.preset && !state.base.scenario) state.base = { preset: presets.default };
      translate();
      reload();
    });
  }
  addEventListener('beforeprint', () => {
    for (const d of root.querySelectorAll('details:not([open])')) { d.dataset.printOpened = ''; d.open = true; }
  });
  addEventListener('afterprint', () => {
    for (const d of root.querySelectorAll('details[data-print-opened]')) { delete d.dataset.printOpened; d.open = false; }
  });

  function importScenario(text) {
    const res = api.estimate({ scenario: text, render: ['form', 'results'], lang: state.lang });
    if (res.error) {
      els.status.textContent = res.errors.map((e) => e.message).join('; ');
      els.status.classList.add('bad');
      return res;
    }
    state.base = { scenario: text };
    state.sets = new Map();
    render(res);
    setStatus('status.ready');
    saveHash();
    scheduleCharts();
    return res;
  }

  async function exportFile(kind, button) {
    button.disabled = true;
    setStatus('status.export');
    try {
      const exp = await loadExport();
      // The HTML report inlines echarts, as the CLI's does.
      const extra = kind === 'html' ? await (await fetch(asset('echarts.min.js'))).text() : undefined;
      const res = exp[kind](request({ lang: state.lang }), extra);
      if (res.error) {
        els.status.textContent = res.error.message;
        els.status.classList.add('bad');
        return;
      }
      download(res.bytes, res.type, res.filename);
      setStatus('status.ready');
    } finally {
      button.disabled = false;
    }
  }

  function download(data, type, filename) {
    const url = URL.createObjectURL(new Blob([data], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.hidden = true;
    (root.host ? root : document.body).append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  // Fill what the prerender left out (the presets of a bare root), and catch
  // up with a link's scenario or language.
  if (els.preset && els.preset.options.length === 0) {
    for (const p of presets.presets) els.preset.append(new Option(p.name + ': ' + p.title, p.name));
  }
  if (els.preset) els.preset.value = state.base.preset || '';
  translate();
  const atDefault = prerendered && state.base.preset === presets.default && state.sets.size === 0 && state.lang === 'en';
  if (atDefault) {
    learn(api.estimate(request()));
    reindex();
    setStatus('status.ready');
    scheduleCharts();
  } else {
    const res = reload();
    if (res.error) {
      // A link or attribute naming something invalid: show the problems, keep the default.
      els.status.textContent = res.errors.map((e) => e.message).join('; ');
      els.status.classList.add('bad');
      state = { base: { preset: presets.default }, sets: new Map(), lang: state.lang, defaultPreset: presets.default };
      reload();
    }
  }
  host.dataset && (host.dataset.ready = 'true', host.dataset.recomputes = '0');
  performance.mark('trainscale-interactive');
  return { api, state: () => state, recompute, importScenario, reload };
}

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'scenario';
}

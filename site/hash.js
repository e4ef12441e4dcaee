// hash.js keeps a page's scenario in its URL: #preset=NAME or
// #scenario=PACKED, then set=path=value..., and lang=ja. A scenario is
// deflated and written in base64url after the prefix "d."; a link without
// the prefix carries the scenario's JSON itself in base64url (older links).
// A scenario edited from a preset (an item added) travels as what changed:
// from=PRESET and, in scenario, a JSON merge patch (RFC 7386) of that
// preset's scenario, since most of it (the sources above all) stays as the
// preset has it; that takes the default scenario with a workload added from
// 3,207 characters to under 2,000.

const PACKED = 'd.'; // '.' is outside base64url, so no older link starts so

/**
 * A State is the scenario a page shows, as its link carries it: a preset
 * or a scenario's JSON text (base), the overrides set on it (path → value
 * as JSON text), the language, the preset an edited scenario came from,
 * and the message key of a link that could not be read. defaultPreset is
 * the page's (ui.js), for a state with no base.
 * @typedef {object} State
 * @property {{preset?: string, scenario?: string}} base
 * @property {Map<string, string>} sets
 * @property {'en' | 'ja'} lang
 * @property {string} [from]
 * @property {string} [problem]
 * @property {string} [defaultPreset]
 */

/**
 * Presets gives a promise of a preset's scenario as an object, or of null
 * for a name that is none.
 * @typedef {(name: string) => Promise<JSONValue>} Presets
 */

/**
 * A JSONValue is what JSON.parse gives.
 * @typedef {null | boolean | number | string | JSONValue[] | {[key: string]: JSONValue}} JSONValue
 * @typedef {{[key: string]: JSONValue}} JSONObject
 */

/**
 * readHash is the state a link carries; preset(name) is a promise of that
 * preset's scenario as an object, or of null. A scenario the link cannot
 * give (cut short, mistyped, from no preset) leaves base empty and sets
 * problem to the message key that says so; the core judges the rest (a
 * preset, each set).
 * @param {string} hash
 * @param {Presets} preset
 * @returns {Promise<State>}
 */
export async function readHash(hash, preset) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  /** @type {State} */
  const state = { base: {}, sets: new Map(), lang: p.get('lang') === 'ja' ? 'ja' : 'en' };
  if (p.has('scenario')) {
    try {
      let text = await unpack(p.get('scenario'));
      if (p.has('from')) {
        state.from = p.get('from');
        const base = await preset(state.from);
        if (!base) throw new Error('no such preset');
        text = JSON.stringify(mergePatch(base, JSON.parse(text)));
      }
      state.base = { scenario: text };
    } catch {
      state.problem = 'link.damaged';
    }
  } else if (p.has('preset')) state.base = { preset: p.get('preset') };
  for (const s of p.getAll('set')) {
    // A set without a value stays, so that the core names its path.
    const i = s.indexOf('=');
    if (i < 0) state.sets.set(s, '');
    else state.sets.set(s.slice(0, i), s.slice(i + 1));
  }
  return state;
}

/**
 * writeHash is the link for a state; preset is as for readHash. A scenario
 * with a state.from preset goes as a patch of it when the patch gives the
 * scenario back (it cannot say null), else whole.
 * @param {State} state
 * @param {Presets} preset
 */
export async function writeHash(state, preset) {
  const p = new URLSearchParams();
  if (state.base.scenario) {
    const patch = state.from && patchOf(await preset(state.from), state.base.scenario);
    if (patch) p.set('from', state.from);
    p.set('scenario', await pack(patch || state.base.scenario));
  } else p.set('preset', state.base.preset || state.defaultPreset);
  for (const [path, value] of state.sets) p.append('set', path + '=' + value);
  if (state.lang !== 'en') p.set('lang', state.lang);
  return '#' + p.toString();
}

/**
 * hashKeeper writes state() into the URL: now, or soon after the last of a
 * run of changes. history.replaceState costs milliseconds in Chrome, so while
 * the user types the URL follows a moment later instead of on every key.
 * Disabled, it does nothing (an embedded estimator leaves its host's URL alone).
 * @param {boolean} enabled
 * @param {() => State} state
 * @param {Presets} preset
 * @returns {{now: () => Promise<void>, soon: () => void}}
 */
export function hashKeeper(enabled, state, preset) {
  let timer = 0;
  let turn = 0; // packing is asynchronous: only the latest write lands
  const now = async () => {
    clearTimeout(timer);
    if (!enabled) return;
    const mine = ++turn;
    const hash = await writeHash(state(), preset);
    if (mine === turn) history.replaceState(null, '', hash);
  };
  const soon = () => {
    if (!enabled) return;
    clearTimeout(timer);
    timer = setTimeout(now, 200);
  };
  return { now, soon };
}

// patchOf is the merge patch that turns base into the scenario text, as
// text, or null when there is no base or the patch would not give it back.
/**
 * @param {JSONValue} base
 * @param {string} text
 */
function patchOf(base, text) {
  if (!base) return null;
  const want = JSON.parse(text);
  const patch = diff(base, want);
  return same(mergePatch(base, patch), want) ? JSON.stringify(patch) : null;
}

/**
 * @param {JSONValue} v
 * @returns {v is JSONObject}
 */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// diff is a merge patch from a to b: b's changed members, null for a's gone.
/**
 * @param {JSONValue} a
 * @param {JSONValue} b
 * @returns {JSONValue}
 */
function diff(a, b) {
  if (!isObject(a) || !isObject(b)) return b;
  /** @type {JSONObject} */
  const out = {};
  for (const k of Object.keys(a)) if (!(k in b)) out[k] = null;
  for (const [k, v] of Object.entries(b)) if (!(k in a) || !same(a[k], v)) out[k] = diff(a[k], v);
  return out;
}

/**
 * mergePatch applies an RFC 7386 merge patch to target.
 * @param {JSONValue} target
 * @param {JSONValue} patch
 * @returns {JSONValue}
 */
export function mergePatch(target, patch) {
  if (!isObject(patch)) return patch;
  const out = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

// same compares JSON values, whatever the order of an object's members.
/**
 * @param {JSONValue} a
 * @param {JSONValue} b
 * @returns {boolean}
 */
function same(a, b) {
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  return a === b;
}

// The last scenario packed: a page writes the same one on every change.
/** @type {{text: string | null, packed: string}} */
let lastPacked = { text: null, packed: '' };

/** @param {string} text */
async function pack(text) {
  if (lastPacked.text !== text) {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    lastPacked = { text, packed: PACKED + toBase64url(bytes) };
  }
  return lastPacked.packed;
}

/** @param {string} s */
async function unpack(s) {
  const fatal = new TextDecoder('utf-8', { fatal: true });
  if (!s.startsWith(PACKED)) return fatal.decode(fromBase64url(s));
  const stream = new Blob([fromBase64url(s.slice(PACKED.length))]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return fatal.decode(await new Response(stream).arrayBuffer());
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** @param {string} s */
function fromBase64url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) throw new Error('not base64url');
  const bin = atob(s.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

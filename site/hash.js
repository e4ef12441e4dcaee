// hash.js keeps a page's scenario in its URL: #preset=NAME or
// #scenario=BASE64URL, then set=path=value..., and lang=ja.

/** readHash is the state a link carries. */
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

/** writeHash is the link for a state. */
export function writeHash(state) {
  const p = new URLSearchParams();
  if (state.base.scenario) p.set('scenario', toBase64url(state.base.scenario));
  else p.set('preset', state.base.preset || state.defaultPreset);
  for (const [path, value] of state.sets) p.append('set', path + '=' + value);
  if (state.lang !== 'en') p.set('lang', state.lang);
  return '#' + p.toString();
}

/**
 * hashKeeper writes state() into the URL: now, or soon after the last of a
 * run of changes. history.replaceState costs milliseconds in Chrome, so while
 * the user types the URL follows a moment later instead of on every key.
 * Disabled, it does nothing (an embedded estimator leaves its host's URL alone).
 */
export function hashKeeper(enabled, state) {
  let timer = 0;
  const now = () => {
    clearTimeout(timer);
    if (enabled) history.replaceState(null, '', writeHash(state()));
  };
  const soon = () => {
    if (!enabled) return;
    clearTimeout(timer);
    timer = setTimeout(now, 200);
  };
  return { now, soon };
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

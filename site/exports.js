// exports.js is the toolbar's file work: import and export the scenario as
// JSON, copy the link, print, and the downloads the export module makes (the
// CLI's own workbook, PDF and HTML writers, fetched on the first download; the
// Japanese PDF's font, fetched on the first Japanese PDF).
import { loadExport, asset } from './trainscale.js';

/**
 * @typedef {import('./ui.js').Page} Page
 * @typedef {keyof import('./trainscale.js').Export} Kind
 */

/**
 * bindExports wires the toolbar's file buttons of page (see ui.js) that the root has.
 * @param {Page} page
 */
export function bindExports(page) {
  const { root, els } = page;
  /** @type {HTMLElement | null} */ (root.querySelector('[data-action=import]'))?.addEventListener('click', () => els.file.click());
  els.file?.addEventListener('change', async () => {
    const f = els.file.files[0];
    if (!f) return;
    const text = await f.text();
    els.file.value = '';
    page.then(() => page.importScenario(text));
  });
  root.querySelector('[data-action=export-json]')?.addEventListener('click', () => page.then(() => exportJSON(page)));
  root.querySelector('[data-action=link]')?.addEventListener('click', () => copyLink(page));
  root.querySelector('[data-action=print]')?.addEventListener('click', () => print());
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('[data-export]'))) {
    b.addEventListener('click', () => exportFile(page, /** @type {Kind} */ (b.dataset.export), b));
  }
  const pdf = /** @type {HTMLButtonElement | null} */ (root.querySelector('[data-export=pdf]'));
  els.lang?.addEventListener('change', () => {
    if (pdf && !pdf.ariaBusy) pdf.disabled = pdfOff(page, 'pdf');
  });
}

/** @param {Page} page */
async function exportJSON(page) {
  const res = await page.api.estimate(page.request({ return_scenario: true }));
  if (res.error) return;
  download(page.root, JSON.stringify(res.scenario, null, 2) + '\n', 'application/json', fileName(res.name, 'json'));
}

/** @param {Page} page */
async function copyLink(page) {
  await page.hash.now();
  try {
    await navigator.clipboard.writeText(location.href);
    page.setStatus('link.copied');
  } catch {
    prompt(page.t('link'), location.href);
  }
}

/**
 * @param {Page} page
 * @param {Kind} kind
 * @param {HTMLButtonElement} button
 */
async function exportFile(page, kind, button) {
  button.disabled = true;
  button.ariaBusy = 'true';
  page.setStatus('status.export');
  try {
    const exp = await loadExport();
    const res = exp[kind](page.request({ lang: page.state.lang }), await extraFor(page, kind));
    if (res.error) {
      page.showProblems([res.error]);
      return;
    }
    download(page.root, res.bytes, res.type, fileName((await page.api.estimate(page.request())).name, res.filename.split('.').pop(), { lang: page.state.lang }));
    page.setStatus('status.ready');
  } catch (e) {
    // Said in the page's words; the cause, for whoever debugs, on the console.
    console.warn(e);
    const status = /** @type {{status?: number}} */ (e).status; // a FontError's
    page.say(page.t(e instanceof FontError ? 'export.font' : 'export.failed').replace('%s', status ? ` (HTTP ${status})` : ''), true);
  } finally {
    button.ariaBusy = null;
    button.disabled = pdfOff(page, kind);
  }
}

// extraFor is what an export takes beside the request: the HTML report
// inlines echarts, as the CLI's does; the Japanese PDF needs its font. The
// English exports fetch neither.
/**
 * @param {Page} page
 * @param {Kind} kind
 * @returns {Promise<string | Uint8Array | undefined>}
 */
async function extraFor(page, kind) {
  if (kind === 'html') return (await fetch(asset('echarts.min.js'))).text();
  if (kind === 'pdf' && page.state.lang === 'ja') return japaneseFont(page);
}

// The Japanese PDF's font (IPAex Gothic, internal/jafont): fetched on the
// first Japanese PDF and kept for the page's life. A failure is kept too, so
// that the button stays off, saying why, rather than failing again.
/** @type {Uint8Array | undefined} */
let font;
let fontFailed = false;

class FontError extends Error {
  /** @param {number} [status] the HTTP status, when the server answered */
  constructor(status) {
    super('the Japanese font did not load' + (status ? ': HTTP ' + status : ''));
    this.status = status;
  }
}

/** @param {Page} page */
async function japaneseFont(page) {
  if (font) return font;
  page.setStatus('status.font');
  /** @type {Response | {ok: false, status?: undefined}} */
  let res;
  try {
    res = await fetch(asset('fonts/ipaexg.ttf'));
  } catch {
    res = { ok: false };
  }
  if (!res.ok) {
    fontFailed = true;
    throw new FontError(res.status);
  }
  font = new Uint8Array(await res.arrayBuffer());
  page.setStatus('status.export');
  return font;
}

// pdfOff says whether an export's button stays off: the PDF's while the
// language is Japanese and its font has failed (the English PDF needs none).
/**
 * @param {Page} page
 * @param {Kind} kind
 */
function pdfOff(page, kind) {
  const lang = page.els.lang?.value || page.state.lang;
  return kind === 'pdf' && lang === 'ja' && fontFailed;
}

/**
 * @param {Page['root']} root
 * @param {BlobPart} data
 * @param {string} type
 * @param {string} filename
 */
function download(root, data, type, filename) {
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

/**
 * fileName names a download after the scenario and the day, so that files
 * from several scenarios and days keep apart: "NVIDIA 2017: 100 data cars to
 * DGX-1 systems" on 1 December 2026 gives
 * nvidia-2017-100-data-cars-to-dgx-1-2026-12-01.xlsx. A document in Japanese
 * ends in -ja, so that it does not take the English one's name.
 * @param {string | undefined} name
 * @param {string} ext
 * @param {{day?: Date, lang?: string}} [opts]
 */
export function fileName(name, ext, { day = new Date(), lang = 'en' } = {}) {
  const date = [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return slug(name || '') + '-' + date + (lang === 'ja' ? '-ja' : '') + '.' + ext;
}

// slug keeps the name's words, in any script ("article's", "Zürich",
// "自動運転"), lower case, joined by '-': whatever else there is (spaces,
// punctuation, the characters Windows forbids, path separators, control
// characters) only parts words. At most 40 characters, cut at a word's end
// where one is near; a name with no word gives "scenario".
/** @param {string} s */
function slug(s) {
  const words = s.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+(?:['\u2019][\p{L}\p{N}\p{M}]+)*/gu) || [];
  const all = [...words.join('-')]; // by code point: a kanji counts one
  let out = all.slice(0, 40);
  // Cut inside a word: back to the word's end where one is near, else as
  // it falls (a Japanese name has no spaces to cut at).
  const end = out.lastIndexOf('-');
  if (all.length > 40 && all[40] !== '-' && end >= 20) out = out.slice(0, end);
  if (out.at(-1) === '-') out.pop();
  return out.join('') || 'scenario';
}

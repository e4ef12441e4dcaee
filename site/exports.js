// exports.js is the toolbar's file work: import and export the scenario as
// JSON, copy the link, print, and the downloads the export module makes (the
// CLI's own workbook, PDF and HTML writers, fetched on the first download).
import { loadExport, asset } from './trainscale.js';

/** bindExports wires the toolbar's file buttons of page (see ui.js) that the root has. */
export function bindExports(page) {
  const { root, els } = page;
  root.querySelector('[data-action=import]')?.addEventListener('click', () => els.file.click());
  els.file?.addEventListener('change', async () => {
    const f = els.file.files[0];
    if (!f) return;
    const text = await f.text();
    els.file.value = '';
    page.importScenario(text);
  });
  root.querySelector('[data-action=export-json]')?.addEventListener('click', () => exportJSON(page));
  root.querySelector('[data-action=link]')?.addEventListener('click', () => copyLink(page));
  root.querySelector('[data-action=print]')?.addEventListener('click', () => print());
  for (const b of root.querySelectorAll('[data-export]')) {
    b.addEventListener('click', () => exportFile(page, b.dataset.export, b));
  }
}

function exportJSON(page) {
  const res = page.api.estimate(page.request({ return_scenario: true }));
  if (res.error) return;
  download(page.root, JSON.stringify(res.scenario, null, 2) + '\n', 'application/json', (res.scenario.name ? slug(res.scenario.name) : 'scenario') + '.json');
}

async function copyLink(page) {
  page.hash.now();
  try {
    await navigator.clipboard.writeText(location.href);
    page.setStatus('link.copied');
  } catch {
    prompt(page.t('link'), location.href);
  }
}

async function exportFile(page, kind, button) {
  button.disabled = true;
  page.setStatus('status.export');
  try {
    const exp = await loadExport();
    // The HTML report inlines echarts, as the CLI's does.
    const extra = kind === 'html' ? await (await fetch(asset('echarts.min.js'))).text() : undefined;
    const res = exp[kind](page.request({ lang: page.state.lang }), extra);
    if (res.error) {
      page.showProblems([res.error]);
      return;
    }
    download(page.root, res.bytes, res.type, res.filename);
    page.setStatus('status.ready');
  } finally {
    button.disabled = false;
  }
}

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

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'scenario';
}

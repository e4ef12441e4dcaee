// app.js starts the page: index.html already shows the default scenario
// (prerendered at build time); mount makes it live. The estimator's worker
// is already loading the module, started by boot.js from the page's head;
// estimator() adopts it. mount waits for the whole document.
import { estimator } from './trainscale.js';

const core = estimator();
const parsed = document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true })) : null;

(async () => {
  await parsed;
  const { mount } = await import('./ui.js');
  await core.ready;
  await mount(document.body, { hash: true });
})().catch((err) => {
  const status = document.querySelector('[data-role=status]');
  if (status) {
    status.textContent = String(err);
    status.classList.add('bad');
  }
  console.error(err);
});

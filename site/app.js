// app.js starts the page: index.html already shows the default scenario
// (prerendered at build time); mount makes it live.
import { mount } from './ui.js';

mount(document.body, { hash: true }).catch((err) => {
  const status = document.querySelector('[data-role=status]');
  if (status) {
    status.textContent = String(err);
    status.classList.add('bad');
  }
  console.error(err);
});

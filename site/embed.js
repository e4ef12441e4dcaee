// embed.js defines <trainscale-estimator preset="article-2017" lang="en">:
// the estimator's form and results in any page, in a shadow root so the host
// page's styles do not leak in. Its markup is the page's own (index.html). Load it as a module from wherever the site is
// served; it fetches its stylesheet and wasm modules from beside itself.
//
//   <script type="module" src="https://example.org/trainscale/embed.js"></script>
//   <trainscale-estimator preset="modern-2026"></trainscale-estimator>
//
// Attributes: preset (a built-in scenario, see presets), lang (en or ja),
// toolbar ("false" hides the preset and language pickers).
import { mount, skeleton } from './ui.js';
import { asset } from './trainscale.js';

class TrainscaleEstimator extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = asset('style.css');
    root.append(css);
    const box = document.createElement('div');
    box.className = 'embed';
    root.append(box);
    skeleton({ toolbar: this.getAttribute('toolbar') !== 'false' })
      .then((nodes) => {
        box.append(nodes);
        return mount(root, { preset: this.getAttribute('preset') || undefined, lang: this.getAttribute('lang') || 'en' });
      })
      .catch((err) => {
        (box.querySelector('[data-role=status]') || box).textContent = String(err);
        console.error(err);
      });
  }
}

if (!customElements.get('trainscale-estimator')) customElements.define('trainscale-estimator', TrainscaleEstimator);

// embed.js defines <trainscale-estimator preset="article-2017" lang="en">:
// the estimator's form and results in any page, in a shadow root so the host
// page's styles do not leak in. Its markup is the page's own (index.html), and
// so is its stylesheet (style.css). Load it as a module from wherever the site
// is served; it fetches its stylesheet, markup and wasm modules from beside
// itself, so a host page's CSP names this site in script-src and connect-src
// (and allows 'wasm-unsafe-eval'), never in style-src.
//
//   <script type="module" src="https://example.org/trainscale/embed.js"></script>
//   <trainscale-estimator preset="modern-2026"></trainscale-estimator>
//
// Attributes: preset (a built-in scenario, see presets), lang (en or ja),
// toolbar ("false" hides the preset and language pickers).
import { mount, skeleton } from './ui.js';
import { asset } from './trainscale.js';

// The stylesheet is fetched and adopted, not linked: a <link> from another
// origin is a style the host page's CSP (style-src 'self') refuses, while a
// constructed sheet is no markup for it to refuse. One sheet serves every
// element on the page.
let shared;
function stylesheet() {
  return shared ??= fetch(asset('style.css')).then(async (res) => {
    if (!res.ok) throw new Error('could not load style.css: ' + res.status);
    const sheet = new CSSStyleSheet();
    return sheet.replace(await res.text());
  });
}

class TrainscaleEstimator extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const box = document.createElement('div');
    box.className = 'embed';
    root.append(box);
    Promise.all([stylesheet(), skeleton({ toolbar: this.getAttribute('toolbar') !== 'false' })])
      .then(([sheet, nodes]) => {
        root.adoptedStyleSheets = [sheet];
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

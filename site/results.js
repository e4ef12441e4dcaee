// results.js keeps the results on screen in step with the core's answers.
// A full answer (render: ['results']) replaces them; a compact one (values
// by quantity, and the text of every value element in document order, as the
// core renders them) changes the numbers in place, which is what a keystroke
// costs. The answer's P10, P50 and P90 come later, with the charts.

/**
 * @typedef {import('./trainscale.js').Estimate} Estimate
 * @typedef {import('./trainscale.js').Answer<Estimate>} Answer
 */

/**
 * resultsView manages the results inside el. full() asks the core for a
 * full answer (a promise of it), for when the list of quantities has
 * changed; update then resolves once it is shown.
 * @param {Element} el
 * @param {() => Promise<Answer>} full
 */
export function resultsView(el, full) {
  let layout = /** @type {HTMLElement | null} */ (el.querySelector('.results'))?.dataset.layout || null;
  /** @type {HTMLElement[] | null} */
  let cells = null; // the value elements, in document order
  // What each of cells shows ({id, value, text}), read from the page once
  // and kept since: a keystroke compares with it and writes only what
  // changed, reading nothing back from the page.
  /** @type {{id: string, value: number, text: string}[] | null} */
  let shown = null;
  /** @type {Map<string, number> | null} */
  let at = null;
  /** @type {Map<string, string> | null} */
  let labels = null; // of the current layout: a quantity's index in an answer's values, and its label

  function reindex() {
    cells = [.../** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-quantity]'))];
    shown = null;
  }

  /** @param {Estimate} res */
  function learn(res) {
    at = new Map(res.quantities.map((q, i) => [q.id, i]));
    labels = new Map(res.quantities.map((q) => [q.id, q.label]));
    layout = res.layout;
  }

  /** @param {Answer} res an error's has neither results nor quantities: it renders nothing */
  function render(res) {
    if (res.results) {
      el.innerHTML = res.results;
      layout = res.layout;
      reindex();
    }
    if (res.quantities) learn(res);
  }

  /** @param {Estimate} res */
  async function update(res) {
    if (res.layout !== layout || !at) {
      render(await full());
      return;
    }
    if (!cells) reindex();
    // Numbers compare as numbers: the prerendered page writes Go's 6.922e+07
    // where String() gives 69220000.
    shown ??= cells.map((q) => ({ id: q.dataset.quantity, value: Number(q.dataset.value), text: q.textContent }));
    cells.forEach((q, i) => {
      const s = shown[i], value = res.values[at.get(s.id)], text = res.cells[i];
      if (s.value !== value) {
        q.dataset.value = String(value);
        s.value = value;
      }
      if (s.text === text) return;
      // A new text node, not the old one's characters changed: Chromium
      // shapes a changed node's text at once (InlineNode::SetTextWithOffset,
      // 35-77 ms of a load's keystrokes in a trace), a new one with the frame's layout.
      q.textContent = text;
      q.setAttribute('aria-label', labels.get(s.id) + ': ' + text);
      s.text = text;
    });
    // The spread was the last scenario's: hidden until the new one comes;
    // the planner's choice too is the last one's until then.
    for (const s of /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-role=spread]'))) s.hidden ||= true;
    for (const s of /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll('[data-role=plan-lead]'))) s.dataset.stale = 'true';
  }

  return {
    /** Whether the page came with the default scenario's results (index.html). */
    prerendered: layout !== null,
    render,
    update,
    /**
     * adopt takes the prerendered results as the answer res describes.
     * @param {Estimate} res
     */
    adopt(res) {
      learn(res);
      reindex();
    },
    /**
     * answer puts the answer section the core rendered with its spread
     * (the charts' Monte Carlo run) in place of the one shown; it has the
     * same value elements, in the same order.
     * @param {string} html
     * @param {string} [lead]
     */
    answer(html, lead) {
      const old = el.querySelector('[data-role=answer]');
      if (!old || !html) return;
      const t = document.createElement('template');
      t.innerHTML = html;
      // A scenario with a plan section: the planner's choice (text, no
      // values to update) goes where the answer leads.
      const box = lead && t.content.querySelector('[data-role=plan-lead]');
      if (box) box.innerHTML = lead;
      old.replaceWith(t.content);
      reindex();
    },
  };
}

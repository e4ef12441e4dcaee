// results.js keeps the results on screen in step with the core's answers.
// A full answer (render: ['results']) replaces them; a compact one (values
// and texts only, in the order of the last full answer's quantities) changes
// the numbers in place, which is what a keystroke costs.

/**
 * resultsView manages the results inside el. full() asks the core for a full
 * answer, for when the list of quantities has changed.
 */
export function resultsView(el, full) {
  let layout = el.querySelector('.results')?.dataset.layout || null;
  let index = null; // quantity id -> the elements showing it
  let ids = null, labels = null; // of the current layout, in order

  function reindex() {
    index = new Map();
    for (const q of el.querySelectorAll('[data-quantity]')) {
      const id = q.dataset.quantity;
      if (!index.has(id)) index.set(id, []);
      index.get(id).push(q);
    }
  }

  function learn(res) {
    ids = res.quantities.map((q) => q.id);
    labels = res.quantities.map((q) => q.label);
    layout = res.layout;
  }

  function render(res) {
    if (res.results) {
      el.innerHTML = res.results;
      layout = res.layout;
      reindex();
    }
    if (res.quantities) learn(res);
  }

  function update(res) {
    if (res.layout !== layout || !ids) {
      render(full());
      return;
    }
    if (!index) reindex();
    for (let i = 0; i < ids.length; i++) {
      const list = index.get(ids[i]);
      if (!list) continue;
      const value = String(res.values[i]), text = res.texts[i];
      for (const q of list) {
        if (q.textContent === text && q.dataset.value === value) continue;
        q.dataset.value = value;
        q.textContent = text;
        q.setAttribute('aria-label', labels[i] + ': ' + text);
      }
    }
  }

  return {
    /** Whether the page came with the default scenario's results (index.html). */
    prerendered: layout !== null,
    render,
    update,
    /** adopt takes the prerendered results as the answer res describes. */
    adopt(res) {
      learn(res);
      reindex();
    },
  };
}

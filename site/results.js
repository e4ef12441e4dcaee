// results.js keeps the results on screen in step with the core's answers.
// A full answer (render: ['results']) replaces them; a compact one (values
// by quantity, and the text of every value element in document order, as the
// core renders them) changes the numbers in place, which is what a keystroke
// costs. The answer's P10, P50 and P90 come later, with the charts.
//
// The answer has a box of its own, before the form (index.html): a phone
// shows it first. Below it, while the answer is off screen, the form's peek
// repeats its sentence and figures as they now stand, so that an edit far
// down the form shows what it did; pressed, it goes back to the answer.

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
  const layoutBox = /** @type {HTMLElement} */ (el.closest('.layout'));
  const box = /** @type {HTMLElement} */ (layoutBox.querySelector('[data-role=answer-box]'));
  const peek = /** @type {HTMLElement | null} */ (layoutBox.querySelector('[data-role=peek]'));
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
    // In the core's order: the answer's values first.
    const all = /** @type {NodeListOf<HTMLElement>} */ (layoutBox.querySelectorAll(':is([data-role=answer-box], [data-role=results]) [data-quantity]'));
    cells = [...all];
    shown = null;
  }

  // The peek shows while the answer is off screen and the form on it (the
  // stylesheet shows it only stacked).
  let answerInView = true;
  if (peek) {
    new IntersectionObserver((entries) => {
      answerInView = entries.at(-1).isIntersecting;
      peek.hidden = answerInView || !peek.textContent;
    }).observe(box);
    peek.addEventListener('click', () => box.scrollIntoView({ block: 'start' }));
  }

  // retell puts the answer's words and figures, as shown, in the peek: its
  // sentence (the planner's choice, where it leads), then each figure.
  let told = '';
  function retell() {
    if (!peek) return;
    const answer = box.querySelector('[data-role=answer]');
    const text = (/** @type {Element | null} */ n) => {
      if (!n) return '';
      const c = /** @type {Element} */ (n.cloneNode(true));
      for (const band of c.querySelectorAll('.band')) band.remove(); // the range stays with the answer
      return c.textContent.replace(/\s+/g, ' ').trim();
    };
    const ask = text(answer?.querySelector('.ask'));
    /** @type {[string, string][]} */
    const figures = [];
    for (const f of answer?.querySelector('dl.headline')?.children || []) figures.push([text(f.firstElementChild), text(f.lastElementChild)]);
    // A scenario without money: a row per workload and system, less the
    // count before rounding up (the fourth column).
    for (const r of answer?.querySelectorAll('table.each tbody tr') || []) {
      const c = [...r.children].map(text);
      figures.push([c[0] + ' · ' + c[1], c[2] + ' · ' + c[4]]);
    }
    const key = JSON.stringify([ask, figures]);
    if (told === key) return; // a keystroke that changed no figure of the answer
    told = key;
    const head = document.createElement('strong'), rest = document.createElement('span');
    head.textContent = ask;
    rest.className = 'figures';
    for (const [label, value] of figures) {
      const f = document.createElement('span'), v = document.createElement('b');
      v.textContent = value;
      f.append(label + ' ', v);
      rest.append(f);
    }
    peek.replaceChildren(head, rest);
    peek.hidden = answerInView || !ask;
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
      const answer = el.querySelector('[data-role=answer]');
      if (answer) box.replaceChildren(answer);
      layout = res.layout;
      reindex();
      retell();
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
    for (const s of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll('[data-role=spread]'))) s.hidden ||= true;
    for (const s of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll('[data-role=plan-lead]'))) s.dataset.stale = 'true';
    retell();
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
      retell();
    },
    /**
     * answer puts the answer section the core rendered with its spread
     * (the charts' Monte Carlo run) in place of the one shown; it has the
     * same value elements, in the same order.
     * @param {string} html
     * @param {string} [lead]
     */
    answer(html, lead) {
      const old = box.querySelector('[data-role=answer]');
      if (!old || !html) return;
      const t = document.createElement('template');
      t.innerHTML = html;
      // A scenario with a plan section: the planner's choice (text, no
      // values to update) goes where the answer leads.
      const choice = lead && t.content.querySelector('[data-role=plan-lead]');
      if (choice) choice.innerHTML = lead;
      old.replaceWith(t.content);
      reindex();
      retell();
    },
  };
}

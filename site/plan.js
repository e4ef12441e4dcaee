// plan.js is the page's Plan section: what to buy or rent for the scenario on
// screen. Its button asks the tools module's plan method (tools.js, in its
// worker), which answers with the reports' words and table cells and the
// frontier chart's echarts option; this file only puts them in place and
// draws the chart with charts.js. A frontier point clicked (or an option's
// Load button) becomes the page's scenario, as an edit of lists.js does: the
// core's plan_scenario gives the scenario the plan is (rented plans keep
// their offer in money.rent), and the link carries it.
import { tools } from './tools.js';

/**
 * @typedef {import('./ui.js').Page} Page
 * @typedef {import('./trainscale.js').Plan} Plan
 * @typedef {import('./trainscale.js').PlanLoad} PlanLoad
 */

/**
 * bindPlan wires the Plan section of page (see ui.js), when the root has one.
 * @param {Page} page
 */
export function bindPlan(page) {
  // The answer of a scenario with a plan section leads with the planner's
  // choice (results.js), whose button makes it the scenario.
  page.root.addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (ev.target).closest?.('[data-action=plan-lead-load]'));
    if (b) load(page, { option: b.dataset.option, label: b.dataset.label, sized_for_days: Number(b.dataset.days) });
  });
  const section = page.root.querySelector('[data-role=plan]');
  if (!section) return;
  const button = /** @type {HTMLButtonElement} */ (section.querySelector('button[data-action=plan]'));
  const out = /** @type {HTMLElement} */ (section.querySelector('[data-role=plan-out]'));
  let asked = 0; // an answer for an older click is dropped
  // A plan is of the scenario and language it was asked for: another one,
  // typed or picked, takes it away (a plan loaded from its chart keeps it).
  const forget = () => {
    asked++;
    if (out.firstChild) out.replaceChildren(); // every keystroke comes here: nothing shown, nothing to write
  };
  page.els.form.addEventListener('input', forget);
  page.els.preset?.addEventListener('change', forget);
  page.els.lang?.addEventListener('change', forget);
  button.addEventListener('click', async () => {
    const n = ++asked;
    out.replaceChildren(el('p', 'note', page.t('plan.working')));
    let res = null;
    try {
      res = await tools().ask('plan', page.request({ lang: page.state.lang }));
    } catch (err) {
      console.error(err);
    }
    if (n !== asked) return;
    if (!res) {
      out.replaceChildren(el('p', 'error', page.t('plan.failed').replace('%s', '')));
      return;
    }
    if (res.error) {
      out.replaceChildren(el('p', 'error', res.errors.map((e) => e.message).join('; ')));
      return;
    }
    // The status line says the outcome; the section itself is too long to be read out.
    page.say(res.chosen || res.refused || (res.table ? res.text[0] : page.t('plan.none')));
    await show(page, out, res, () => n !== asked);
    if (n === asked) page.host.dataset && (page.host.dataset.plan = res.chosen ? 'chosen' : 'none');
  });
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [cls]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// show renders an answer: the chosen plan, why, the options table, the
// skipped options and the frontier, whose points load their plans.
/**
 * @param {Page} page
 * @param {HTMLElement} out
 * @param {Plan} res
 * @param {() => boolean} stale
 */
async function show(page, out, res, stale) {
  if (res.refused) {
    out.replaceChildren(el('p', 'error', res.refused));
    return;
  }
  if (!res.table) {
    out.replaceChildren(el('p', 'note', page.t('plan.none')));
    return;
  }
  const parts = [];
  if (res.chosen) parts.push(el('p', 'chosen', res.chosen));
  for (const line of res.text || []) parts.push(el('p', null, line));
  parts.push(el('p', 'options', res.options), optionsTable(page, res));
  if (res.stale) parts.push(el('p', 'note', res.stale));
  if (res.skipped?.length) {
    const ul = el('ul', 'note');
    for (const line of res.skipped) ul.append(el('li', null, line));
    parts.push(ul);
  }
  const charts = el('div', 'charts');
  parts.push(charts);
  out.replaceChildren(...parts);
  if (!res.chart || res.chart.empty) return;
  const m = await import('./charts.js');
  if (!(await m.draw(charts, [res.chart], stale))) return;
  const plot = charts.querySelector('.plot');
  m.onPick(plot, (series, data) => {
    const point = res.points?.[series]?.[data];
    if (point) load(page, point);
  });
  plot.after(el('p', 'note', page.t('plan.pick')));
}

// optionsTable is the planner's options, the header first, as the reports
// show them (columns 1 to 6 hold numbers, the last is the binding
// constraint), each row ending in a button that loads it: the keyboard's
// way to what a frontier point's click does. The total, which the rows are
// ranked by, comes next to the option's name, and the name stays at the
// box's left edge: both show on a phone while the rest scrolls beside them,
// which the box's right edge says (data-scroll, set by scrollCue). The
// chosen plan's row is marked.
/**
 * @param {Page} page
 * @param {Plan} res
 */
function optionsTable(page, res) {
  const wrap = el('div', 'plan-table');
  const box = el('div', 'plan-options');
  const table = el('table');
  table.setAttribute('aria-label', res.options);
  const last = res.table[0].length - 1, total = res.total ?? 0, figures = res.figures ?? 0;
  // The columns in the order shown: the header's, the total moved next to the name.
  const order = [0, total, ...res.table[0].keys()].filter((i, at, all) => all.indexOf(i) === at);
  const kind = (/** @type {number} */ i) => (i === total ? 'num total' : i >= 1 && i <= figures ? 'num' : i === last ? 'text why' : 'text');
  const head = el('tr');
  for (const i of order) head.append(Object.assign(el('th', i ? kind(i) : null, res.table[0][i]), { scope: 'col' }));
  head.append(Object.assign(el('th', null, page.t('plan.load.col')), { scope: 'col' }));
  const thead = el('thead');
  thead.append(head);
  table.append(thead);
  const body = el('tbody');
  res.table.slice(1).forEach((row, r) => {
    const tr = el('tr');
    if (r + 1 === res.chosen_row) tr.setAttribute('aria-current', 'true'); // the stylesheet marks it
    for (const i of order) {
      const c = el(i === 0 ? 'th' : 'td', i ? kind(i) : null, row[i]);
      if (i === 0) c.scope = 'row';
      tr.append(c);
    }
    const point = res.rows[r];
    const b = el('button', null, page.t('plan.load'));
    b.type = 'button';
    b.setAttribute('aria-label', page.t('plan.load') + ': ' + point.label);
    b.addEventListener('click', () => load(page, point));
    const c = el('td', 'text');
    c.append(b);
    tr.append(c);
    body.append(tr);
  });
  table.append(body);
  box.append(table);
  wrap.append(box);
  scrollCue(wrap, box);
  return wrap;
}

// scrollCue keeps wrap's data-scroll saying on which sides box has more to
// scroll to ("left", "right", both or ""): the stylesheet fades that edge.
/**
 * @param {HTMLElement} wrap
 * @param {HTMLElement} box
 */
function scrollCue(wrap, box) {
  const mark = () => {
    const more = [];
    if (box.scrollLeft > 1) more.push('left');
    if (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) more.push('right');
    const v = more.join(' ');
    if (wrap.dataset.scroll !== v) wrap.dataset.scroll = v;
  };
  box.addEventListener('scroll', mark, { passive: true });
  new ResizeObserver(mark).observe(box);
}

// load makes a plan the page's scenario: the core turns it into the
// scenario it is (what it buys, or the offer it rents, sized for its
// target), so the page, its answer and its link read as the plan. It runs in
// turn with the page's other changes (ui.js, page.then).
/**
 * @param {Page} page
 * @param {PlanLoad} point
 */
function load(page, point) {
  page.then(() => loadNow(page, point));
}

/**
 * @param {Page} page
 * @param {PlanLoad} point
 */
async function loadNow(page, point) {
  const res = await tools().ask('plan_scenario', page.request({ option: point.option, sized_for_days: point.sized_for_days }));
  if (!res || res.error) {
    if (res) page.showProblems(res.errors);
    return;
  }
  if ((await page.importScenario(JSON.stringify(res.scenario))).error) return;
  page.say(page.t('plan.loaded').replace('%s', point.label));
}

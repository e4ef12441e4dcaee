// lists.js adds and removes the scenario's workloads and systems (the form's
// Add and Remove buttons, rendered by internal/page). An edit takes the
// scenario the page holds, as the core returns it (overrides applied, ranges
// in place), changes the list and makes the result the page's own scenario,
// as an import does: the core renders the form and results anew and the link
// carries it. The core checks the edited scenario like any other and refuses
// one it finds invalid (money naming a removed workload) with its own message.

/**
 * A Scenario is the page's scenario as the core returns it; an Item one of
 * its workloads or systems.
 * @typedef {{id: string, label?: string, catalog?: string, [key: string]: unknown}} Item
 * @typedef {{workloads: Item[], systems: Item[], sources?: Record<string, string>, [key: string]: unknown}} Scenario
 * @typedef {'workloads' | 'systems'} List
 * @typedef {import('./ui.js').Page} Page
 */

/**
 * bindLists wires the form's Add and Remove buttons of page (see ui.js).
 * @param {Page} page
 */
export function bindLists(page) {
  page.els.form.addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    const b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (ev.target).closest('button[data-action=add-item], button[data-action=remove-item]'));
    if (!b) return;
    const { action, index } = b.dataset;
    const list = /** @type {List} */ (b.dataset.list);
    page.then(() => (action === 'add-item' ? addItem(page, list) : removeItem(page, list, Number(index))));
  });
}

// current is the scenario on screen, or null (with the core's problems shown).
/**
 * @param {Page} page
 * @returns {Promise<Scenario | null>}
 */
async function current(page) {
  const res = await page.api.estimate(page.request({ return_scenario: true, compact: true }));
  if (res.error) {
    page.showProblems(res.errors);
    return null;
  }
  return res.scenario;
}

// addItem appends a copy of the list's last item under a new id: a
// sensible start that the scenario already holds valid (a transformer
// workload's shape, a system's prices). The copy drops the label, so the form
// and the results name it as the core names an unlabelled item (a workload
// by its catalog model, else by that id); the last item's sources come
// along, since the copy keeps its values.
/**
 * @param {Page} page
 * @param {List} list
 */
async function addItem(page, list) {
  const s = await current(page);
  if (!s) return;
  const items = s[list];
  const last = items[items.length - 1];
  const copy = structuredClone(last);
  copy.id = freeID(items.map((it) => it.id), last.id);
  delete copy.label;
  // A system's catalog defaults to its id; the new id names no catalog
  // system, so the copy names the one its original stood for (the form's
  // list of catalog systems says whether it was one).
  if (list === 'systems' && !copy.catalog && page.root.querySelector(`#dl-systems option[value="${CSS.escape(last.id)}"]`)) copy.catalog = last.id;
  items.push(copy);
  const from = `${list}[${items.length - 2}].`, to = `${list}[${items.length - 1}].`;
  for (const [path, text] of Object.entries(s.sources || {})) {
    if (path.startsWith(from)) s.sources[to + path.slice(from.length)] = text;
  }
  if ((await apply(page, s)).error) return;
  page.say(page.t('item.added').replace('%s', copy.id));
  /** @type {HTMLElement | null} */ (page.root.querySelector(`[name="${CSS.escape(to + 'id')}"]`))?.focus();
}

// removeItem takes item index out of the list; the sources of the items after
// it move up with them. The scenario needs one of each: the last one stays.
/**
 * @param {Page} page
 * @param {List} list
 * @param {number} index
 */
async function removeItem(page, list, index) {
  const s = await current(page);
  if (!s) return;
  if (s[list].length <= 1) {
    page.say(page.t('item.last.' + list), true);
    return;
  }
  const [gone] = s[list].splice(index, 1);
  const at = new RegExp('^' + list + '\\[(\\d+)\\]');
  /** @type {Record<string, string>} */
  const sources = {};
  for (const [path, text] of Object.entries(s.sources || {})) {
    const m = path.match(at);
    const i = m ? Number(m[1]) : -1;
    if (i === index) continue;
    sources[i > index ? `${list}[${i - 1}]` + path.slice(m[0].length) : path] = text;
  }
  if (s.sources) s.sources = sources;
  if ((await apply(page, s)).error) return;
  page.say(page.t('item.removed').replace('%s', gone.label || gone.id));
  /** @type {HTMLElement | null} */ (page.root.querySelector(`button[data-action=add-item][data-list="${list}"]`))?.focus();
}

/**
 * @param {Page} page
 * @param {Scenario} s
 */
function apply(page, s) {
  return page.importScenario(JSON.stringify(s));
}

// freeID is id with the first "-2", "-3", ... that no item has. An id the
// suffix makes too long the core refuses, naming the rule.
/**
 * @param {string[]} taken
 * @param {string} id
 * @returns {string}
 */
export function freeID(taken, id) {
  for (let k = 2; ; k++) {
    if (!taken.includes(id + '-' + k)) return id + '-' + k;
  }
}

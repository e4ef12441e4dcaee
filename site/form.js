// form.js reads the form's inputs as overrides (what the CLI's --set takes)
// and shows the core's errors next to the fields they name, and its notes
// and item titles as they follow an edit. It checks no value itself: the
// core's message is shown as the core wrote it.

/**
 * A Field is one of the form's inputs.
 * @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Field
 * @typedef {import('./trainscale.js').Override} Override
 */

/**
 * typedEarly lists the form's fields whose value is not the one the page
 * was built with: typed (or restored by the browser) before the page went
 * live, when no handler heard them.
 * @param {Element} form
 * @returns {Field[]}
 */
export function typedEarly(form) {
  return [.../** @type {NodeListOf<Field>} */ (form.querySelectorAll('input[name], select[name], textarea[name]'))].filter((el) =>
    el instanceof HTMLSelectElement ? [...el.options].some((o) => o.selected !== o.defaultSelected) : el.value !== el.defaultValue);
}

/**
 * overrideOf is the override an input stands for: {path, value}, value as JSON text.
 * @param {Field} el
 * @returns {Override}
 */
export function overrideOf(el) {
  const rangeOf = el.dataset.rangeOf;
  if (rangeOf) return rangeOverride(el, rangeOf);
  const path = el.name;
  const text = el.value.trim();
  if (text === '' && el.hasAttribute('data-optional')) return { path, value: 'null' };
  // An object (a config.json) goes as pasted: the core reads it, and says where JSON that is not breaks.
  if (el.dataset.kind === 'object') return { path, value: text };
  if (el.dataset.kind !== 'number') return { path, value: JSON.stringify(el.value) };
  // A ranged input's own field sends its point value: the core moves the range with it.
  return { path, value: text };
}

// rangeOverride is a range's endpoints (low, likely, high or median, p90) as
// one distribution, from the inputs of its box in the Ranges group.
/**
 * @param {Field} el
 * @param {string} path
 * @returns {Override}
 */
function rangeOverride(el, path) {
  const box = /** @type {HTMLFieldSetElement} */ (el.closest('fieldset[data-range-of]')); // not the input, which carries data-range-of too
  /** @type {Record<string, string>} */
  const dist = {};
  for (const part of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input[data-part]'))) dist[part.dataset.part] = jsonNumber(part.value);
  if (box.dataset.why) dist.why = box.dataset.why;
  return { path, value: '{' + Object.entries(dist).map(([k, v]) => JSON.stringify(k) + ':' + (k === 'why' ? JSON.stringify(v) : v)).join(',') + '}' };
}

// A number as the user typed it, or the text as a JSON string, so the core
// reports "must be a number, got \"...\"" for it. Full-width digits pass as
// typed (NFKC only tells they are digits): the core reads them.
/**
 * @param {string} text
 * @returns {string}
 */
export function jsonNumber(text) {
  text = String(text).trim();
  return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text.normalize('NFKC')) ? text : JSON.stringify(text);
}

// The path a field's error belongs to when no input has the error's own path:
// "workloads[1].mb_per_s.low" -> "workloads[1].mb_per_s" -> "workloads[1]" ...
/**
 * @param {string} path
 * @returns {string}
 */
export function parentPath(path) {
  const m = path.match(/^(.*)(\.[^.[\]]+|\[\d+\])$/);
  return m ? m[1] : '';
}

/**
 * @param {Element} form
 * @param {string} path
 */
function fieldFor(form, path) {
  for (let p = path; p; p = parentPath(p)) {
    const el = form.querySelector(`[name="${CSS.escape(p)}"]`);
    if (el) return el;
  }
  return null;
}

// setError writes only what changes: every keystroke clears its field's
// error, which is nearly always none. The slot shows the problem in words
// beside the field's label; the core's whole message, paths and all, as
// authors (and the CLI) read it, shows on hover.
/**
 * @param {Element} el
 * @param {string} text
 * @param {string} [title]
 */
function setError(el, text, title = '') {
  const slot = /** @type {HTMLElement | null} */ (el.closest('.field')?.querySelector('.error'));
  if (text) el.setAttribute('aria-invalid', 'true');
  else el.removeAttribute('aria-invalid');
  if (!slot) return;
  if (slot.textContent !== (text || '')) slot.textContent = text || '';
  if (slot.hidden !== !text) slot.hidden = !text;
  if (text && title) slot.title = title;
  else slot.removeAttribute('title');
}

/**
 * showErrors puts each of an answer's errors next to the field it names (or
 * el, the input changed), and marks el as refused: its value is not in the
 * scenario shown until an answer takes it. An error beside its own field
 * reads without the field (the label is there); one beside another names
 * its field as the core does.
 * @param {Element} form
 * @param {import('./trainscale.js').Answer<{}>} res an answer with error set
 * @param {Field} el
 */
export function showErrors(form, res, el) {
  const targets = new Set();
  for (const e of res.errors) {
    const own = fieldFor(form, e.path);
    const f = own || el;
    targets.add(f);
    setError(f, besideIts(form, own, e), e.message);
  }
  if (!targets.has(el)) {
    targets.add(el);
    setError(el, said(form, res.error), res.error.message); // the field at fault is elsewhere: named by its label
  }
  el.dataset.refused = '';
  clearStale(form, targets);
}

// besideIts is an error as the field it is shown by reads it: beside its
// own field the label says which, so the problem alone; beside the field
// holding it (a range's low end, a config's key) the rest of its path
// first ("low: must be > 0"); else the core's whole message.
/**
 * @param {Element} form
 * @param {Element | null} own the field at the error's path or holding it
 * @param {import('./trainscale.js').FieldError} e
 * @returns {string}
 */
function besideIts(form, own, e) {
  const name = own?.getAttribute('name');
  if (!own || !e.problem || !name || !e.path.startsWith(name)) return e.message;
  const rest = e.path.slice(name.length).replace(/^\./, '');
  const problem = labelled(form, e.problem);
  return rest ? rest + ': ' + problem : problem;
}

// labelled names by their labels the fields a problem names by path ("must
// be <= team.members (30)" reads "must be <= Members (30)"), where the form
// shows them; the path stays in the error's title.
/**
 * @param {Element} form
 * @param {string} text
 * @returns {string}
 */
function labelled(form, text) {
  return text.replace(/\b[a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)+\b/g, (path) => labelOf(form, path) ?? path);
}

// labelOf is the label the form shows for the field at path, or null where
// it shows none.
/**
 * @param {Element} form
 * @param {string} path
 * @returns {string | null}
 */
function labelOf(form, path) {
  const label = form.querySelector(`.field[data-field="${CSS.escape(path)}"] > label`);
  return label?.firstChild ? label.firstChild.textContent.trim() : null;
}

/**
 * clearErrors clears el's error and those of every input of the override
 * at path, takes el's value as the scenario's, and clears every error an
 * earlier answer left on a field whose value the scenario holds: the
 * scenario is valid now, so only a refused value can still be wrong.
 * @param {Element} form
 * @param {Field} el
 * @param {string} path
 */
export function clearErrors(form, el, path) {
  const box = el.closest('fieldset[data-range-of]'); // not the input, which carries data-range-of too
  for (const f of box ? box.querySelectorAll('input') : [el]) {
    setError(f, '');
    delete /** @type {HTMLElement} */ (f).dataset.refused;
  }
  for (const f of form.querySelectorAll(`[name="${CSS.escape(path)}"], [data-range-of="${CSS.escape(path)}"] input`)) setError(f, '');
  clearStale(form, new Set());
}

// clearStale clears the error of every field but those in keep and those
// whose value was refused: an error on a field whose value the scenario
// holds came from an edit elsewhere, which the latest answer supersedes.
/**
 * @param {Element} form
 * @param {Set<Element>} keep
 */
function clearStale(form, keep) {
  for (const f of form.querySelectorAll('[aria-invalid=true]')) {
    if (!keep.has(f) && /** @type {HTMLElement} */ (f).dataset.refused === undefined) setError(f, '');
  }
}

/**
 * refused lists the fields whose values an answer refused and none has
 * taken since, but el: after an edit the scenario takes, each may now be
 * valid, so the page asks again.
 * @param {Element} form
 * @param {Element} el
 * @returns {Field[]}
 */
export function refused(form, el) {
  return [.../** @type {NodeListOf<Field>} */ (form.querySelectorAll('[data-refused]'))].filter((f) => f !== el);
}

/**
 * said is an error for a reader away from its field (the status line): the
 * field by its label, as the form shows it, and the problem; the core's
 * message, path and all, where the form has no such field.
 * @param {Element} form
 * @param {import('./trainscale.js').FieldError} e
 * @returns {string}
 */
export function said(form, e) {
  const label = e.problem ? labelOf(form, e.path) : null;
  return label ? label + ': ' + labelled(form, e.problem) : e.message;
}

/**
 * anyErrors reports whether some field still shows an error.
 * @param {Element} form
 */
export function anyErrors(form) {
  return form.querySelector('[aria-invalid=true]') !== null;
}

/**
 * movesRange reports whether el is the point value of an input with a range, which the core moves with it.
 * @param {Element} form
 * @param {Field} el
 */
export function movesRange(form, el) {
  return !el.dataset.rangeOf && form.querySelector(`fieldset[data-range-of="${CSS.escape(el.name)}"]`) !== null;
}

/**
 * movesNotes reports whether the change el stands for can move what the core
 * writes around the inputs: a note under a field (the core drops the file's
 * note on a value once it is edited, and notes a catalog model by the
 * catalog), or an item's title (a workload reads as its label, else its
 * model). So: el's field shows a note, or el is a text field of a list item
 * (its id, label or model).
 * @param {Element} form
 * @param {Field} el
 */
export function movesNotes(form, el) {
  const { path } = overrideOf(el);
  if (form.querySelector(`.field[data-field="${CSS.escape(path)}"] > .source`)) return true;
  return el.dataset.kind !== 'number' && el.closest('fieldset.item') !== null;
}

/**
 * showNotes puts the notes under the fields and the items' titles of the
 * core's form (render: ['form']) in place of the form's, leaving every input
 * as it is: the one being typed in keeps its value, caret and focus.
 * @param {Element} form
 * @param {string} [html]
 */
export function showNotes(form, html) {
  if (!html) return;
  const t = document.createElement('template');
  t.innerHTML = html;
  const fresh = t.content;
  const twins = new Map([.../** @type {NodeListOf<HTMLElement>} */ (fresh.querySelectorAll('.field[data-field]'))].map((f) => [f.dataset.field, f]));
  for (const field of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll('.field[data-field]'))) {
    const twin = twins.get(field.dataset.field);
    const note = field.querySelector(':scope > .source'), now = twin?.querySelector(':scope > .source');
    if (!twin || note?.textContent === now?.textContent) continue;
    if (note && now) note.replaceWith(now);
    else if (now) field.querySelector(':scope > .error').before(now);
    else note.remove();
    // The input's description lists its note's element, or no longer does.
    field.querySelector('[name]').setAttribute('aria-describedby', twin.querySelector('[name]').getAttribute('aria-describedby'));
  }
  // Items keep their order: only a list's Add and Remove change it, and they render the form anew.
  const titles = fresh.querySelectorAll('fieldset.item > legend, fieldset.item > .item-remove');
  form.querySelectorAll('fieldset.item > legend, fieldset.item > .item-remove').forEach((el, i) => {
    const twin = titles[i];
    if (!twin) return;
    if (el.textContent !== twin.textContent) el.textContent = twin.textContent;
    const label = twin.getAttribute('aria-label');
    if (label !== null && el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  });
}

/**
 * showRanges puts the core's ranges group (render: ['ranges']) in place of the form's.
 * @param {Element} form
 * @param {string} [html]
 */
export function showRanges(form, html) {
  const old = form.querySelector('#g-ranges');
  if (!old || !html) return;
  const t = document.createElement('template');
  t.innerHTML = html;
  old.replaceWith(t.content);
}

/**
 * replacedBy lists the paths an override of el to value leaves out: the
 * fields beside it that give the same thing another way (a config.json
 * replaces the catalog model and the shape; internal/page renders them as
 * data-replaces), those that hold something in the form or in sets.
 * Clearing el replaces nothing.
 * @param {Element} form
 * @param {Field} el
 * @param {string} value
 * @param {Map<string, string>} sets
 * @returns {string[]}
 */
export function replacedBy(form, el, value, sets) {
  if (value === 'null') return [];
  const under = (/** @type {string} */ p) => (/** @type {string} */ k) => k === p || k.startsWith(p + '.');
  return (el.dataset.replaces || '').split(' ').filter((p) => p && ([...sets.keys()].some(under(p)) ||
    [.../** @type {NodeListOf<Field>} */ (form.querySelectorAll('[name]'))].some((f) => under(p)(f.name) && f.value.trim() !== '')));
}

/**
 * clearReplaced empties the inputs of the replaced paths (a box's included) and their errors.
 * @param {Element} form
 * @param {string[]} paths
 */
export function clearReplaced(form, paths) {
  for (const p of paths) {
    for (const f of /** @type {NodeListOf<Field>} */ (form.querySelectorAll(`[name="${CSS.escape(p)}"], [name^="${CSS.escape(p + '.')}"]`))) {
      if (f.tagName === 'SELECT') /** @type {HTMLSelectElement} */ (f).selectedIndex = 0;
      else f.value = '';
      setError(f, '');
    }
  }
}

/**
 * openFile puts the text of the file chosen in input (a config.json, read here: nothing is sent) into its field, as if pasted.
 * @param {Element} form
 * @param {HTMLInputElement} input
 */
export async function openFile(form, input) {
  const file = input.files[0];
  input.value = ''; // the same file chosen again is read again
  const field = file && /** @type {Field | null} */ (form.querySelector('#' + CSS.escape(input.dataset.loads)));
  if (!field) return;
  field.value = await file.text();
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

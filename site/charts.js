// charts.js draws the reports' charts. The tools module's charts method gives
// each chart's echarts option, built in Go exactly as the HTML report draws
// it (internal/echarts). echarts turns an option into an SVG string without a
// DOM (its server-side rendering), so the page never runs echarts itself:
// the tools worker renders (tools-worker.js calls renderAll), and the page
// puts one chart's markup in per frame and shows its tooltip from what the
// worker read off the same chart. Only a page that embeds the estimator from
// another origin, which cannot start the worker, renders here, one chart per
// task. The plot's size is the page's own (style.css); a plot whose box
// changes width is rendered again at the new one.
import { asset } from './trainscale.js';
import { tools } from './tools.js';

/**
 * An EChartsOption is a chart's option as the core built it
 * (internal/echarts); the page reads only its series' names.
 * @typedef {{series?: {name?: string}[], [key: string]: unknown}} EChartsOption
 */

/**
 * A Datum is one point of a series or category of an axis, as echarts
 * normalises an option: a value, a pair [x, y], or an object holding one.
 * @typedef {number | string | (number | string)[] | {name?: string, value: number | string | (number | string)[]} | null} Datum
 */

/**
 * Laid out is the option as echarts normalised it (getOption).
 * @typedef {object} LaidOut
 * @property {{trigger?: string}[]} [tooltip]
 * @property {{name: string, data: Datum[], tooltip?: {show?: boolean}}[]} series
 * @property {{type?: string, data: Datum[]}[]} xAxis
 * @property {{type?: string, data: Datum[]}[]} yAxis
 */

/**
 * The part of echarts' API (and zrender's, under it) the rendering uses.
 * @typedef {object} EChartsInstance
 * @property {(option: object) => void} setOption
 * @property {() => LaidOut} getOption
 * @property {() => {painter: {renderToString(opts: {useViewBox: boolean, cssEmphasis: boolean, cssAnimation: boolean}): string}}} getZr
 * @property {() => {getComponent(type: string, index: number): {coordinateSystem?: {getRect(): {x: number, y: number, width: number, height: number}}} | undefined}} getModel
 * @property {(finder: {seriesIndex: number}, key: string) => string} getVisual
 * @property {(finder: Record<string, number>, value: number | string) => number} convertToPixel
 * @property {() => void} dispose
 *
 * @typedef {object} ECharts
 * @property {(dom: null, theme: null, opts: {renderer: 'svg', ssr: true, width: number, height: number}) => EChartsInstance} init
 * @property {{addCommas(n: number | string): string}} format
 * @property {(api: {measureText(text: string, font?: string): TextMetrics}) => void} setPlatformAPI
 */

/**
 * A Line is a series' line of a tooltip; a Stop what the tooltip shows at
 * one point along the axis (at, in px) or for one point (an item tooltip).
 * @typedef {{color: string, name: string, value: string}} Line
 * @typedef {{at?: number, head: string, lines: Line[]}} Stop
 */

/**
 * Tips is what a chart's tooltip shows: a stop per point (items, by
 * series and index), or along the axis (x or y) inside the plot's rect [x,
 * y, width, height].
 * @typedef {{items?: Stop[][], axis?: string, rect?: number[], stops?: Stop[]}} Tips
 */

/**
 * An SVGRequest asks a group's charts rendered at sizes in px, less the
 * series the legend hid (off); an SVGChart is one rendered.
 * @typedef {{id: string, option: EChartsOption, width: number, height: number, off?: string[]}} ChartToRender
 * @typedef {{group: string, charts: ChartToRender[]}} SVGRequest
 * @typedef {{id: string, svg: string, tips: Tips | null}} SVGChart
 */

// ---- Rendering: in the tools worker, or on the page when it has none ----

const inWorker = typeof document === 'undefined';
/** @type {Promise<ECharts> | undefined} */
let echartsLoaded;

/**
 * loadEcharts runs the echarts script once, where the charts are rendered.
 * @returns {Promise<ECharts>}
 */
export function loadEcharts() {
  return echartsLoaded ??= inWorker ? import(asset('echarts.min.js')).then(measured) : new Promise((resolve, reject) => {
    // A classic script: a page embedding the estimator from another origin
    // loads it as it loads any script of this site.
    const s = document.createElement('script');
    s.src = asset('echarts.min.js');
    s.onload = () => resolve(/** @type {ECharts} */ (globalThis.echarts));
    s.onerror = () => reject(new Error('could not load echarts'));
    document.head.append(s);
  });
}

// measured gives the worker's echarts a text measurer. Without a document,
// echarts guesses a text's width from its font size, and Japanese labels and
// the legend would be laid out for widths the page does not draw them at.
function measured() {
  const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (new OffscreenCanvas(1, 1).getContext('2d'));
  const echarts = /** @type {ECharts} */ (globalThis.echarts); // the script just run sets it
  echarts.setPlatformAPI({
    measureText(text, font) {
      ctx.font = font || '12px sans-serif';
      return ctx.measureText(text);
    },
  });
  return echarts;
}

/** @type {Map<string, number>} */
const latest = new Map(); // group → the number of its newest renderAll

/**
 * renderAll renders req.charts ({id, option, width, height, off}: off names
 * the series its legend has hidden) one at a time,
 * handing each ({id, svg, tips}) to onChart as soon as it is drawn, and
 * yielding between them. A newer call for the same req.group ends it: its
 * charts would be thrown away.
 * @param {SVGRequest} req
 * @param {(chart: SVGChart) => void} onChart
 */
export async function renderAll(req, onChart) {
  const n = (latest.get(req.group) ?? 0) + 1;
  latest.set(req.group, n);
  const echarts = await loadEcharts();
  for (const c of req.charts) {
    await nextTask();
    if (latest.get(req.group) !== n) return;
    onChart({ id: c.id, ...render(echarts, c) });
  }
}

// render draws one option as SVG markup of width x height px, with what its
// tooltip shows.
/**
 * @param {ECharts} echarts
 * @param {ChartToRender} chart
 * @returns {{svg: string, tips: Tips | null}}
 */
function render(echarts, { option, width, height, off = [] }) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    // The series a click on the legend hid, as echarts' own legend hides them.
    if (off.length) chart.setOption({ legend: { selected: Object.fromEntries(off.map((name) => [name, false])) } });
    // zrender's own call, for the two switches echarts' renderToSVGString
    // does not pass on: the hover and animation rules it would add are a
    // <style> element, which the page's CSP (style-src 'self') refuses.
    const svg = chart.getZr().painter.renderToString({ useViewBox: true, cssEmphasis: false, cssAnimation: false });
    return { svg: presentational(svg), tips: tips(chart, echarts.format.addCommas, off) };
  } finally {
    chart.dispose();
  }
}

// presentational writes a text's font, which zrender puts in a style
// attribute (refused by the CSP too), as SVG presentation attributes.
/** @param {string} svg */
function presentational(svg) {
  return svg.replace(/ style="([^"]*)"/g, (_, css) => css.split(';').filter(Boolean)
    .map((/** @type {string} */ decl) => {
      const i = decl.indexOf(':');
      return ` ${decl.slice(0, i).trim()}="${decl.slice(i + 1).trim()}"`;
    }).join(''));
}

/**
 * tips is what the chart's tooltip shows, read off the option as echarts
 * laid it out: for an axis tooltip, one stop per category or x value (its
 * pixel along the axis, a heading, and a line per series: marker colour,
 * name, value); for an item tooltip, one per point. Words and numbers are
 * the option's own, written as echarts' tooltip writes them (addCommas).
 * @param {EChartsInstance} chart
 * @param {(n: number | string) => string} addCommas
 * @param {string[]} off
 * @returns {Tips | null}
 */
function tips(chart, addCommas, off) {
  const o = chart.getOption();
  const trigger = o.tooltip?.[0]?.trigger;
  // The plot area as laid out, which no public call gives: the grid's rect.
  const rect = chart.getModel().getComponent('grid', 0)?.coordinateSystem?.getRect();
  // The series the tooltip names: not the range chart's candlestick, whose
  // P10, P50 and P90 its scatters give by name, nor those the legend hid.
  const shown = o.series.map((s, i) => ({ s, i })).filter(({ s }) => s.tooltip?.show !== false && !off.includes(s.name));
  const color = (/** @type {number} */ i) => chart.getVisual({ seriesIndex: i }, 'color');
  const raw = (/** @type {Datum} */ d) => (d !== null && typeof d === 'object' && !Array.isArray(d) ? d.value : d);
  // A value axis's points are pairs [x, y].
  const pair = (/** @type {Datum} */ d) => /** @type {number[]} */ (raw(d));
  if (trigger === 'item') {
    return {
      items: o.series.map((s, i) => s.data.map((d) => ({
        head: s.name,
        lines: [{ color: color(i), name: /** @type {{name?: string} | null} */ (d)?.name ?? '', value: /** @type {(number | string)[]} */ ([]).concat(/** @type {number | string | (number | string)[]} */ (raw(d))).map(addCommas).join('  ') }],
      }))),
    };
  }
  if (trigger !== 'axis' || !rect) return null;
  const category = /** @type {const} */ (['xAxis', 'yAxis']).find((a) => o[a][0]?.type === 'category');
  const axis = category ?? 'xAxis';
  const finder = { [axis + 'Index']: 0 };
  const px = (/** @type {number | string} */ v) => chart.convertToPixel(finder, v);
  let stops;
  if (category) {
    stops = o[category][0].data.map((c, k) => ({
      at: px(k),
      head: String(raw(c)),
      lines: shown.map(({ s, i }) => ({ color: color(i), name: s.name, value: addCommas(/** @type {number | string} */ (raw(s.data[k]))) })),
    }));
  } else {
    // A value axis: a stop at each x some series has a point at, showing
    // the series that have one there.
    const xs = [...new Set(shown.flatMap(({ s }) => s.data.map((d) => pair(d)[0])))].sort((a, b) => a - b);
    stops = xs.map((x) => ({
      at: px(x),
      head: addCommas(x),
      lines: shown.flatMap(({ s, i }) => {
        const d = s.data.find((p) => pair(p)[0] === x);
        return d ? [{ color: color(i), name: s.name, value: addCommas(pair(d)[1]) }] : [];
      }),
    }));
  }
  return { axis: axis[0], rect: [rect.x, rect.y, rect.width, rect.height], stops };
}

// nextTask lets what waits (input first, a newer request) go before.
/** @returns {Promise<void>} */
function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

// ---- Drawing on the page ----

// frame waits for the next frame, and a task after it: one chart's markup
// per frame.
/** @returns {Promise<void>} */
function frame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * An Entry is a chart on the page: its elements, the option it shows, the
 * series its legend hid (off), its tooltip, its plot's box as laid out
 * (size) and what is on screen (drawn).
 * @typedef {object} Entry
 * @property {string} id
 * @property {HTMLElement} fig
 * @property {HTMLElement} h
 * @property {HTMLElement} plot
 * @property {HTMLElement} note
 * @property {EChartsOption | null} option
 * @property {Set<string>} off
 * @property {Tips | null} tips
 * @property {{width: number, height: number} | null} size
 * @property {{option: EChartsOption | null, size: string}} drawn
 */

/**
 * A State is a container's charts (see state).
 * @typedef {{byId: Map<string, Entry>, group: string, drawing: boolean, observer: ResizeObserver}} State
 */

// figure makes a chart's elements: its title, the plot and its note.
/**
 * @param {string} id
 * @returns {Entry}
 */
function figure(id) {
  const fig = document.createElement('figure');
  fig.className = 'chart';
  fig.dataset.chart = id;
  const h = document.createElement('h3');
  const plot = document.createElement('div');
  plot.className = 'plot';
  plot.setAttribute('role', 'img');
  const note = document.createElement('p');
  note.className = 'note';
  fig.append(h, plot, note);
  // size: the plot's box as laid out; drawn: the option and size on screen.
  // off: the series a click on the legend hid, until the next option.
  return { id, fig, h, plot, note, option: null, off: new Set(), tips: null, size: null, drawn: { option: null, size: '' } };
}

const sizeOf = (/** @type {Entry} */ e) => e.size && e.size.width + 'x' + e.size.height;
// dirty: a chart whose option or box is not the one on screen.
const dirty = (/** @type {Entry} */ e) => e.option && (e.size?.width ?? 0) > 0 && (e.option !== e.drawn.option || sizeOf(e) !== e.drawn.size);

/** @type {WeakMap<Element, State>} */
const drawn = new WeakMap();
let groups = 0;

// state is a container's charts: its entries by chart id, and the observer
// of their plots' boxes. The boxes are read as the browser lays them out
// rather than asked for, so drawing never forces a layout; a box that
// changed (a window, a host page's column, the layout switching columns)
// has its chart rendered again at the new size. On paper the stylesheet
// scales them: print lays out after beforeprint, too late to redraw.
/** @param {Element} container */
function state(container) {
  const had = drawn.get(container);
  if (had) return had;
  const st = /** @type {State} */ ({ byId: new Map(), group: 'charts-' + ++groups, drawing: false });
  st.observer = new ResizeObserver((entries) => {
    for (const { target, contentRect } of entries) {
      const fig = /** @type {HTMLElement | null} */ (target.closest('[data-chart]'));
      const e = st.byId.get(/** @type {string} */ (fig?.dataset.chart));
      if (e) e.size = { width: Math.round(contentRect.width), height: Math.round(contentRect.height) };
    }
    if (!st.drawing && [...st.byId.values()].some(dirty)) paint(st);
  });
  drawn.set(container, st);
  return st;
}

/**
 * draw shows charts ({id, title, note, empty, option}) in container, reusing
 * each chart's figure by id, and resolves once they are on screen: false if
 * stale() then says a newer answer has come.
 * @param {Element} container
 * @param {import('./trainscale.js').Chart[]} charts
 * @param {() => boolean} [stale]
 */
export async function draw(container, charts, stale = () => false) {
  const st = state(container);
  // A chart the new answer lacks goes (a scenario carries only the charts
  // that speak of it: chart.Carries in Go); the rest stand in its order.
  const want = new Set(charts.map((c) => c.id));
  for (const [id, e] of st.byId) {
    if (want.has(id)) continue;
    st.observer.unobserve(e.plot);
    e.fig.remove();
    st.byId.delete(id);
  }
  charts.forEach((c, i) => {
    let e = st.byId.get(c.id);
    if (!e) {
      e = figure(c.id);
      st.byId.set(c.id, e);
      st.observer.observe(e.plot);
      hover(e);
      legend(st, e);
    }
    const at = container.children[i] ?? null;
    if (at !== e.fig) container.insertBefore(e.fig, at);
    e.h.textContent = c.title;
    e.note.textContent = c.note || '';
    e.plot.setAttribute('aria-label', c.title + (c.note ? '. ' + c.note : ''));
    e.plot.hidden = c.empty;
    if (e.option !== c.option) e.off.clear(); // a new answer shows every series, as echarts' setOption did
    e.option = c.empty ? null : c.option;
  });
  // New plots' boxes come with the frame that lays them out.
  st.drawing = true;
  try {
    await frame();
  } finally {
    st.drawing = false;
  }
  await paint(st);
  return !stale();
}

// paint renders the container's dirty charts at their boxes' sizes and puts
// each in at its own frame. A chart whose option or box has changed since
// it was asked for is not put in: a newer paint is on its way (and the
// worker drops the rest of this one, renderAll).
/** @param {State} st */
async function paint(st) {
  const want = [...st.byId.values()].filter(dirty).map((e) => ({ e, option: e.option, size: sizeOf(e), ...e.size }));
  if (!want.length) return;
  let chain = Promise.resolve();
  await tools().ask('svg', {
    group: st.group,
    charts: want.map((w) => ({ id: w.e.id, option: w.option, width: w.width, height: w.height, off: [...w.e.off] })),
  }, (/** @type {SVGChart} */ part) => {
    const w = want.find((x) => x.e.id === part.id);
    chain = chain.then(frame).then(() => {
      if (w.e.option !== w.option || sizeOf(w.e) !== w.size) return;
      w.e.plot.innerHTML = part.svg; // the worker's markup of the core's option
      w.e.tips = part.tips;
      w.e.drawn = { option: w.option, size: w.size };
    });
  });
  await chain;
}

// point is the chart's point element at or above el: echarts' server-side
// rendering marks each with its series and index (ecmeta_* attributes), and
// marks the legend's items too (whose type is not chart).
const point = (/** @type {Element} */ el) => el.closest?.('[ecmeta_ssr_type=chart][ecmeta_data_index]');

// legend hides a series when its item in the legend is clicked, and shows
// it again at the next click: the chart is rendered again without it.
/**
 * @param {State} st
 * @param {Entry} e
 */
function legend(st, e) {
  e.plot.addEventListener('click', (ev) => {
    const item = /** @type {Element} */ (ev.target).closest?.('[ecmeta_ssr_type=legend][ecmeta_series_index]');
    const name = item && e.option?.series?.[Number(item.getAttribute('ecmeta_series_index'))]?.name;
    if (name == null) return;
    if (!e.off.delete(name)) e.off.add(name);
    e.drawn = { option: null, size: '' };
    paint(st);
  });
}

/**
 * onPick calls pick(seriesIndex, dataIndex) when a point of plot's chart is
 * clicked.
 * @param {Element} plot
 * @param {(series: number, data: number) => void} pick
 */
export function onPick(plot, pick) {
  plot.addEventListener('click', (ev) => {
    const el = point(/** @type {Element} */ (ev.target));
    if (el) pick(Number(el.getAttribute('ecmeta_series_index')), Number(el.getAttribute('ecmeta_data_index')));
  });
}

// hover shows a chart's tooltip where the pointer is: the nearest stop along
// an axis tooltip's axis (with a line marking it), or the point under it.
// It is the page's markup, styled by style.css and placed through CSSOM,
// which the CSP allows.
/** @param {Entry} entry */
function hover(entry) {
  const { plot } = entry;
  const tip = document.createElement('div');
  tip.className = 'tip';
  tip.hidden = true;
  const line = document.createElement('div');
  line.className = 'pointer';
  line.hidden = true;
  /** @type {Stop | null} */
  let current = null; // what the tooltip shows
  const hide = () => { tip.hidden = true; line.hidden = true; };
  plot.addEventListener('pointerleave', hide);
  // A touch shows it too: a tap gives a pointerdown and no move.
  const move = (/** @type {PointerEvent} */ ev) => {
    const t = entry.tips;
    const box = plot.getBoundingClientRect();
    const x = ev.clientX - box.left, y = ev.clientY - box.top;
    let show = null;
    if (t?.items) {
      const el = point(/** @type {Element} */ (ev.target));
      show = el && t.items[Number(el.getAttribute('ecmeta_series_index'))]?.[Number(el.getAttribute('ecmeta_data_index'))];
    } else if (t?.stops?.length) {
      const [rx, ry, rw, rh] = t.rect;
      if (x >= rx && x <= rx + rw && y >= ry && y <= ry + rh) {
        const at = t.axis === 'x' ? x : y;
        show = t.stops.reduce((a, b) => (Math.abs(b.at - at) < Math.abs(a.at - at) ? b : a));
        line.className = 'pointer ' + t.axis;
        const s = line.style;
        if (t.axis === 'x') Object.assign(s, { left: show.at + 'px', top: ry + 'px', width: '', height: rh + 'px' });
        else Object.assign(s, { left: rx + 'px', top: show.at + 'px', width: rw + 'px', height: '' });
      }
    }
    if (!show) return hide();
    if (show !== current) fill(tip, (current = show));
    if (!tip.isConnected || !line.isConnected) plot.append(line, tip);
    line.hidden = !t.stops;
    tip.hidden = false;
    // Beside the pointer, on the side with room.
    const right = x + 16 + tip.offsetWidth <= box.width;
    tip.style.left = (right ? x + 16 : Math.max(0, x - 16 - tip.offsetWidth)) + 'px';
    tip.style.top = Math.max(0, Math.min(y - tip.offsetHeight / 2, box.height - tip.offsetHeight)) + 'px';
  };
  plot.addEventListener('pointermove', move);
  plot.addEventListener('pointerdown', move);
}

// fill writes a tooltip: its heading, then a line per series.
/**
 * @param {HTMLElement} tip
 * @param {Stop} show
 */
function fill(tip, show) {
  const rows = [];
  if (show.head) {
    const h = document.createElement('div');
    h.className = 'head';
    h.textContent = show.head;
    rows.push(h);
  }
  for (const l of show.lines) {
    const row = document.createElement('div');
    const mark = document.createElement('span');
    mark.className = 'mark';
    mark.style.background = l.color || '';
    const name = document.createElement('span');
    name.textContent = l.name;
    const value = document.createElement('b');
    value.textContent = l.value;
    row.append(mark, name, value);
    rows.push(row);
  }
  tip.replaceChildren(...rows);
}

// charts.js draws the reports' charts with echarts, loaded on first use. The
// tools module's charts method gives each chart's echarts option, built in Go
// exactly as the HTML report draws it (internal/echarts); this file only makes
// the figures and hands the options over. The renderer and the plot's size
// (style.css) are the page's own. Drawing yields to the page between charts
// and between a chart's start, its option and its paint, so a keystroke
// waits for one of those at most, never for all the charts.
import { asset } from './trainscale.js';

let echartsLoaded;
/** loadEcharts fetches and runs the echarts script once (ui.js asks early, in idle time). */
export function loadEcharts() {
  if (globalThis.echarts) return Promise.resolve(globalThis.echarts);
  return echartsLoaded ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = asset('echarts.min.js');
    s.onload = () => resolve(globalThis.echarts);
    s.onerror = () => reject(new Error('could not load echarts'));
    document.head.append(s);
  });
}

// figure makes a chart's elements: its title, the plot and its note.
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
  return { fig, h, plot, note, chart: null };
}

const drawn = new WeakMap();

// nextTask lets the page handle what waits (input first) before going on.
function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

// painted waits for the next frame, in which echarts paints what setOption
// left pending, and then for a task after it: one chart's paint per frame.
function painted() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * draw renders charts ({id, title, note, empty, option}) into container,
 * reusing echarts instances by chart id, one chart per task. It stops, and
 * returns false, once stale() says a newer answer has come.
 */
export async function draw(container, charts, stale = () => false) {
  const echarts = await loadEcharts();
  const byId = drawn.get(container) || new Map();
  drawn.set(container, byId);
  for (const c of charts) {
    await nextTask();
    if (stale()) return false;
    let entry = byId.get(c.id);
    if (!entry) {
      entry = figure(c.id);
      container.append(entry.fig);
      byId.set(c.id, entry);
    }
    entry.h.textContent = c.title;
    entry.note.textContent = c.note || '';
    entry.plot.setAttribute('aria-label', c.title + (c.note ? '. ' + c.note : ''));
    entry.plot.hidden = c.empty;
    if (c.empty) continue;
    if (!entry.chart) {
      entry.chart = echarts.init(entry.plot, null, { renderer: 'canvas' });
      await nextTask();
      if (stale()) return false;
    }
    // The option is read now, and painted at the next frame: two tasks.
    entry.chart.setOption(c.option, { notMerge: true, lazyUpdate: true });
    await painted();
    if (stale()) return false;
  }
  return true;
}

/** resize lets every chart in container follow its box (after print layout, window resize). */
export function resize(container) {
  for (const e of (drawn.get(container) || new Map()).values()) e.chart?.resize();
}

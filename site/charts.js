// charts.js draws the reports' charts (internal/chart specs, converted for
// display by the tools module) with echarts, loaded on first use.
import { asset } from './trainscale.js';

let echartsLoaded;
function loadEcharts() {
  if (globalThis.echarts) return Promise.resolve(globalThis.echarts);
  return echartsLoaded ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = asset('echarts.min.js');
    s.onload = () => resolve(globalThis.echarts);
    s.onerror = () => reject(new Error('could not load echarts'));
    document.head.append(s);
  });
}

function option(c) {
  const valueAxis = (a) => ({ type: a.log ? 'log' : 'value', name: a.name, nameLocation: 'middle', nameGap: 32, scale: true });
  const catAxis = (cats, a) => ({ type: 'category', data: cats, name: a.name, nameLocation: 'middle', nameGap: 28 });
  const o = { animation: false, tooltip: { trigger: 'axis' }, legend: { type: 'scroll', top: 0 }, grid: { left: 70, right: 20, top: 40, bottom: 55 } };
  switch (c.kind) {
    case 'line':
      o.xAxis = valueAxis(c.x); o.yAxis = valueAxis(c.y);
      o.series = c.series.map((s) => ({ type: 'line', name: s.name, showSymbol: true, data: (s.y || []).map((y, i) => [s.x ? s.x[i] : i + 1, y]) }));
      break;
    case 'bar':
    case 'stacked-bar':
      o.xAxis = catAxis(c.x.categories, c.x); o.yAxis = valueAxis(c.y);
      o.series = c.series.map((s) => ({ type: 'bar', name: s.name, stack: c.kind === 'stacked-bar' ? 'total' : undefined, data: s.y || [] }));
      break;
    case 'range':
      o.xAxis = catAxis(c.x.categories, c.x); o.yAxis = valueAxis(c.y);
      // A box from P10 to P90 with P50 marked: echarts takes the five values as they are.
      o.tooltip = { trigger: 'item' };
      o.series = c.series.map((s) => ({ type: 'boxplot', name: s.name, data: (s.y || []).map((y, i) => [s.low[i], s.low[i], y, s.high[i], s.high[i]]) }));
      break;
    case 'tornado': {
      const cats = c.y.categories || c.x.categories || [];
      o.yAxis = { type: 'category', data: cats, inverse: true };
      o.xAxis = valueAxis(c.y.categories ? c.x : c.y);
      o.tooltip = { trigger: 'item' };
      o.grid.left = 180;
      o.series = c.series.flatMap((s) => [
        { type: 'bar', name: s.name + ' low', data: s.low || [], markLine: { symbol: 'none', data: [{ xAxis: c.base }] } },
        { type: 'bar', name: s.name + ' high', data: s.high || [] },
      ]);
      break;
    }
    default:
      return null;
  }
  return o;
}

const drawn = new WeakMap();

/** draw renders charts into container, reusing echarts instances by chart id. */
export async function draw(container, charts) {
  const echarts = await loadEcharts();
  const byId = drawn.get(container) || new Map();
  drawn.set(container, byId);
  for (const c of charts) {
    let entry = byId.get(c.id);
    if (!entry) {
      const fig = document.createElement('figure');
      fig.className = 'chart';
      fig.dataset.chart = c.id;
      const h = document.createElement('h3');
      const plot = document.createElement('div');
      plot.className = 'plot';
      plot.setAttribute('role', 'img');
      const note = document.createElement('p');
      note.className = 'note';
      fig.append(h, plot, note);
      container.append(fig);
      entry = { fig, h, plot, note, chart: null };
      byId.set(c.id, entry);
    }
    entry.h.textContent = c.title;
    entry.note.textContent = c.note || '';
    entry.plot.setAttribute('aria-label', c.title + (c.note ? '. ' + c.note : ''));
    const opt = c.empty ? null : option(c);
    entry.plot.hidden = !opt;
    if (!opt) continue;
    entry.chart ??= echarts.init(entry.plot, null, { renderer: 'canvas' });
    entry.chart.setOption(opt, true);
  }
}

/** resize lets every chart in container follow its box (after print layout, window resize). */
export function resize(container) {
  for (const e of (drawn.get(container) || new Map()).values()) e.chart?.resize();
}

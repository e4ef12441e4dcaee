// The parts of echarts trainscale draws with, and nothing else: the chart
// types internal/echarts writes options for (line; bar, stacked and the
// tornado's; the range chart's candlestick with its scatter of P50s), the
// components those options switch on (grid with value, log and category
// axes; the axis tooltip; the legend, plain and scrolling), and the SVG
// renderer: the HTML report draws SVG in the browser, the page has its charts
// drawn as SVG strings in its tools worker (server-side rendering, no DOM).
// The canvas renderer is left out: nothing draws on a canvas. An option
// naming a part left out here is drawn without it, silently, so a new chart
// type or component in internal/echarts needs its line here and
// `make echarts`.
import { use, init, getInstanceByDom, setPlatformAPI, format } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([
  BarChart, CandlestickChart, LineChart, ScatterChart,
  GridComponent, LegendComponent, TooltipComponent,
  SVGRenderer,
]);

// The global echarts, assigned rather than declared so that the script
// defines it however it runs: inlined in the report, as a classic script on
// the page, or imported by the page's module worker (whose top-level names
// stay its own). init draws a chart (the report's and the worker's),
// getInstanceByDom finds one (the report's tests), setPlatformAPI gives the
// worker a text measurer, and format.addCommas writes a tooltip's numbers
// as echarts' own tooltip does.
globalThis.echarts = { init, getInstanceByDom, setPlatformAPI, format };

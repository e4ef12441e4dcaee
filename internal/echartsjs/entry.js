// The parts of echarts trainscale draws with, and nothing else: the chart
// types internal/echarts writes options for (line; bar, stacked and the
// tornado's; the range chart's candlestick with its scatter of P50s), the
// components those options switch on (grid with value, log and category
// axes; the axis tooltip; the legend, plain and scrolling), and both
// renderers: the HTML report draws SVG, the page canvas. An option naming a
// part left out here is drawn without it, silently, so a new chart type or
// component in internal/echarts needs its line here and `make echarts`.
import { use, init, getInstanceByDom } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([
  BarChart, CandlestickChart, LineChart, ScatterChart,
  GridComponent, LegendComponent, TooltipComponent,
  CanvasRenderer, SVGRenderer,
]);

// The global echarts the report's and the page's scripts call (init), and the
// page's tests (getInstanceByDom).
export { init, getInstanceByDom };

// globals.d.ts types what the page's scripts share through globalThis: the
// wasm modules' start signal (wasm/jsapi calls globalThis[name+"OnReady"]),
// boot.js's worker handed to trainscale.js, the echarts script and the
// page's timings the speed tests read.
// The type check (site/tsconfig.json) reads it; nothing ships it.

declare var trainscaleOnReady: ((api: import('./trainscale.js').Module) => void) | undefined;
declare var trainscaleToolsOnReady: ((api: import('./trainscale.js').Module) => void) | undefined;
declare var trainscaleExportOnReady: ((api: import('./trainscale.js').Export) => void) | undefined;
declare var trainscaleBoot: import('./trainscale.js').Started | null | undefined;
declare var trainscaleTimings: { what: string; ms: number; core: number; ok: boolean }[] | undefined;
declare var echarts: import('./charts.js').ECharts | undefined;

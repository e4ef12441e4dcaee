// build.mjs writes the echarts bundle (entry.js, minified; running it
// defines the global echarts) from the echarts the lockfile pins, with the esbuild it pins:
//
//	node internal/echartsjs/build.mjs OUT
//
// `make echarts` runs it to refresh echarts.min.js beside it; the package's
// test runs it into a temporary file to check the committed one is its output.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = process.argv[2];
if (!out) {
  console.error('usage: node build.mjs OUT');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
// The versions npm ci installed from the lockfile, at the module's root.
const version = (pkg) => JSON.parse(readFileSync(join(here, '..', '..', 'node_modules', pkg, 'package.json'), 'utf8')).version;

// The minifier drops the sources' licence headers: the banner keeps what
// their licences ask to travel with a build (echarts' NOTICE, zrender's
// copyright line), naming each package and its licence.
const banner = `/*! A custom build of Apache ECharts ${version('echarts')} (Apache-2.0) for trainscale: internal/echartsjs/entry.js names its parts.
Apache ECharts. Copyright 2017-2024 The Apache Software Foundation. This product includes software developed at The Apache Software Foundation (https://www.apache.org/).
ZRender ${version('zrender')} (BSD-3-Clause). Copyright (c) 2017, Baidu Inc. All rights reserved.
tslib ${version('tslib')} (0BSD). Copyright (c) Microsoft Corporation. */`;

await build({
  entryPoints: [join(here, 'entry.js')],
  outfile: out,
  bundle: true,
  minify: true,
  format: 'iife',
  // echarts' development warnings and checks are behind this test.
  define: { 'process.env.NODE_ENV': '"production"' },
  target: 'es2017',
  legalComments: 'none',
  banner: { js: banner },
  charset: 'utf8',
  logLevel: 'warning',
});

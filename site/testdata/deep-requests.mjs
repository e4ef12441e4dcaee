// deep-requests.mjs DIR FILE GLOBAL LIMIT: starts the built module DIR/FILE
// (which publishes globalThis[GLOBAL]) with DIR/wasm_exec.js, as the page's
// worker does, sends it requests nested LIMIT levels deep and deeper, as
// JSON text and as JavaScript objects, and prints one JSON line per request:
// what came back, and whether a plain estimate answered after it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [dir, file, global, limitArg] = process.argv.slice(2);
const limit = Number(limitArg);
globalThis.require = createRequire(import.meta.url); // wasm_exec.js reads fs and crypto through it
globalThis.fs = fs;
await import(path.resolve(dir, 'wasm_exec.js'));
const go = new globalThis.Go();
const ready = new Promise((resolve) => { globalThis[global + 'OnReady'] = resolve; });
const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, file)), go.importObject);
go.run(instance);
const api = await ready;

// Nested arrays, levels deep in all.
const arrays = (levels) => '['.repeat(levels) + ']'.repeat(levels);
const object = (levels) => {
  const root = {};
  let v = root;
  for (let i = 1; i < levels; i++) v = v.a = {};
  return root;
};
const cases = [];
for (const levels of [limit, limit + 1, 5000, 20000]) {
  // The request is one level; what it holds, the rest.
  cases.push([levels, 'text', `{"lang":${arrays(levels - 1)}}`]);
  cases.push([levels, 'object', { lang: JSON.parse(arrays(levels - 1)) }]);
  cases.push([levels, 'set object', { set: [{ path: 'fleet.cars', value: object(levels - 3) }] }]);
  cases.push([levels, 'scenario object', { scenario: { fleet: object(levels - 2) } }]);
  // A scenario or an override is read on its own: its levels count from 1.
  cases.push([levels, 'scenario text', { scenario: `{"fleet":${arrays(levels - 1)}}` }]);
  cases.push([levels, 'override', { set: ['fleet.cars=' + arrays(levels)] }]);
}
for (const [levels, kind, req] of cases) {
  let answer;
  try {
    const res = api.estimate(req);
    answer = res.error ? { path: res.error.path, rule: res.error.rule } : { ok: true };
  } catch (err) {
    answer = { threw: String(err).slice(0, 200) };
  }
  let next;
  try {
    const res = api.estimate({ preset: 'modern-2026', compact: true });
    next = res.error ? res.error.message : 'answered';
  } catch (err) {
    next = 'threw ' + String(err).slice(0, 200);
  }
  console.log(JSON.stringify({ levels, kind, ...answer, next }));
}
process.exit(0); // the module blocks forever

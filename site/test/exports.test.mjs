// A download's name (exports.js): the scenario's name as a slug, and the day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName } from '../exports.js';

const day = new Date(2026, 11, 1);

test('fileName is the name as a slug and the date', () => {
  for (const [name, want] of [
    ['NVIDIA 2017: 100 data cars to DGX-1 systems', 'nvidia-2017-100-data-cars-to-dgx-1-2026-12-01.xlsx'],
    ['Café — Paris', 'cafe-paris-2026-12-01.xlsx'],
    ['Zürich fleet', 'zurich-fleet-2026-12-01.xlsx'],
    ['日本語だけ', 'scenario-2026-12-01.xlsx'],
    ['', 'scenario-2026-12-01.xlsx'],
    [undefined, 'scenario-2026-12-01.xlsx'],
    ['  --Hello--  ', 'hello-2026-12-01.xlsx'],
  ]) {
    assert.equal(fileName(name, 'xlsx', day), want, String(name));
  }
});

test('a long name is cut at a word end, within 40 characters', () => {
  const got = fileName('a very long scenario name that goes on and on past forty', 'pdf', day);
  assert.equal(got, 'a-very-long-scenario-name-that-goes-on-2026-12-01.pdf');
  assert.ok(got.length - '-2026-12-01.pdf'.length <= 40);
  assert.equal(fileName('x'.repeat(60), 'json', new Date(2027, 0, 9)), 'x'.repeat(41).replace(/-[^-]*$/, '') + '-2027-01-09.json');
});

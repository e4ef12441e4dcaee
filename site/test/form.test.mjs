// The form's pure helpers (form.js): numbers as typed, and error paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonNumber, parentPath } from '../form.js';

test('jsonNumber passes a JSON number as typed and quotes the rest', () => {
  for (const [typed, want] of [
    ['300', '300'],
    [' -1.5e3 ', '-1.5e3'],
    ['0.25', '0.25'],
    ['１２', '１２'], // full-width digits: the core reads them
    ['', '""'],
    ['1,000', '"1,000"'],
    ['01', '"01"'],
    ['.5', '".5"'],
    ['abc', '"abc"'],
    ['NaN', '"NaN"'],
  ]) {
    assert.equal(jsonNumber(typed), want, typed);
  }
});

test('parentPath walks up a path to the field an error belongs to', () => {
  const walk = [];
  for (let p = 'workloads[1].mb_per_s.low'; p; p = parentPath(p)) walk.push(p);
  assert.deepEqual(walk, ['workloads[1].mb_per_s.low', 'workloads[1].mb_per_s', 'workloads[1]', 'workloads']);
  assert.equal(parentPath('fleet'), '');
  assert.equal(parentPath('systems[0][2]'), 'systems[0]');
});

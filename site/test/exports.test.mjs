// A download's name (exports.js): the scenario's words as a slug, and the day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName } from '../exports.js';

const day = new Date(2026, 11, 1);

test('fileName keeps the scenario\'s words and adds the day', () => {
  for (const [name, want] of [
    ['NVIDIA 2017: 100 data cars to DGX-1 systems', 'nvidia-2017-100-data-cars-to-dgx-1-2026-12-01.xlsx'],
    ["The article's fleet in 2026", "the-article's-fleet-in-2026-2026-12-01.xlsx"],
    ['The article\u2019s fleet', 'the-article\u2019s-fleet-2026-12-01.xlsx'],
    ['Café — Paris', 'café-paris-2026-12-01.xlsx'],
    ['Cafe\u0301', 'café-2026-12-01.xlsx'], // composed, as one character
    ['Zürich fleet', 'zürich-fleet-2026-12-01.xlsx'],
    ['自動運転の計画 2026年', '自動運転の計画-2026年-2026-12-01.xlsx'],
    ['', 'scenario-2026-12-01.xlsx'],
    [undefined, 'scenario-2026-12-01.xlsx'],
    ['  --Hello--  ', 'hello-2026-12-01.xlsx'],
    ["'quoted'", 'quoted-2026-12-01.xlsx'], // an apostrophe only inside a word
  ]) {
    assert.equal(fileName(name, 'xlsx', { day }), want, String(name));
  }
});

test('a name keeps no character a file system refuses', () => {
  const got = fileName('a/b\\c:d*e?f"g<h>i|j\u0000k\u202el. ..', 'pdf', { day });
  assert.equal(got, 'a-b-c-d-e-f-g-h-i-j-k-l-2026-12-01.pdf');
  assert.equal(fileName('../../etc/passwd', 'json', { day }), 'etc-passwd-2026-12-01.json');
  assert.equal(fileName('CON', 'json', { day }), 'con-2026-12-01.json'); // a reserved name only alone
});

test('a Japanese document says so in its name', () => {
  assert.equal(fileName('NVIDIA 2017: 100 data cars', 'pdf', { day, lang: 'ja' }), 'nvidia-2017-100-data-cars-2026-12-01-ja.pdf');
  assert.equal(fileName('自動運転', 'xlsx', { day, lang: 'ja' }), '自動運転-2026-12-01-ja.xlsx');
});

test('a long name is cut within 40 characters, at a word end where one is near', () => {
  const got = fileName('a very long scenario name that goes on and on past forty', 'pdf', { day });
  assert.equal(got, 'a-very-long-scenario-name-that-goes-on-2026-12-01.pdf');
  assert.equal(fileName('x'.repeat(60), 'json', { day: new Date(2027, 0, 9) }), 'x'.repeat(40) + '-2027-01-09.json');
  // Japanese has no spaces: cut at 40 characters, not 40 bytes.
  const ja = '長い'.repeat(30);
  assert.equal(fileName(ja, 'xlsx', { day }), '長い'.repeat(20) + '-2026-12-01.xlsx');
  assert.equal(fileName('exactly forty characters long in words x cut', 'pdf', { day }), 'exactly-forty-characters-long-in-words-x-2026-12-01.pdf');
});

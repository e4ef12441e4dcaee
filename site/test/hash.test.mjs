// The link's state (hash.js): what writeHash writes, readHash reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHash, writeHash, mergePatch } from '../hash.js';

const presets = {
  'article-2017': { name: 'NVIDIA 2017', fleet: { cars: 100, tb_per_hour: 1 }, workloads: [{ id: 'resnet-50' }] },
};
const preset = async (name) => presets[name] ?? null;

const state = (over) => ({ base: {}, sets: new Map(), lang: 'en', defaultPreset: 'article-2017', ...over });

test('a preset, its sets and the language go and come back', async () => {
  const sets = new Map([['fleet.cars', '300'], ['money.currency', '"EUR"']]);
  const hash = await writeHash(state({ base: { preset: 'article-2017' }, sets, lang: 'ja' }), preset);
  assert.equal(hash, '#preset=article-2017&set=fleet.cars%3D300&set=money.currency%3D%22EUR%22&lang=ja');
  assert.deepEqual(await readHash(hash, preset), { base: { preset: 'article-2017' }, sets, lang: 'ja' });
});

test('a state with no base names the default preset', async () => {
  assert.equal(await writeHash(state(), preset), '#preset=article-2017');
});

test('a scenario goes packed and comes back as the same text', async () => {
  const text = JSON.stringify({ name: 'Mine', fleet: { cars: 7 }, note: 'ü 日本語 '.repeat(50) });
  const hash = await writeHash(state({ base: { scenario: text } }), preset);
  assert.match(hash, /^#scenario=d\.[A-Za-z0-9_-]+$/);
  assert.ok(hash.length < text.length, `${hash.length} characters for ${text.length}`);
  assert.deepEqual(await readHash(hash, preset), { base: { scenario: text }, sets: new Map(), lang: 'en' });
});

test('a scenario edited from a preset goes as a patch of it', async () => {
  const edited = structuredClone(presets['article-2017']);
  edited.fleet.cars = 300;
  edited.workloads.push({ id: 'resnet-50-2' });
  delete edited.name;
  const text = JSON.stringify(edited);
  const hash = await writeHash(state({ base: { scenario: text }, from: 'article-2017' }), preset);
  assert.match(hash, /^#from=article-2017&scenario=d\./);
  const back = await readHash(hash, preset);
  assert.equal(back.from, 'article-2017');
  assert.deepEqual(JSON.parse(back.base.scenario), edited);
});

test('a scenario a patch cannot give back (a null in it) goes whole', async () => {
  const text = JSON.stringify({ ...presets['article-2017'], note: null });
  const hash = await writeHash(state({ base: { scenario: text }, from: 'article-2017' }), preset);
  assert.doesNotMatch(hash, /from=/);
  assert.equal((await readHash(hash, preset)).base.scenario, text);
});

test('an older link carries the JSON itself in base64url', async () => {
  const text = '{"fleet":{"cars":5}}';
  const hash = '#scenario=' + Buffer.from(text).toString('base64url');
  assert.equal((await readHash(hash, preset)).base.scenario, text);
});

test('a link that cannot give its scenario says so and keeps the rest', async () => {
  for (const hash of [
    '#scenario=d.AAAA', // not deflate
    '#scenario=a*b', // not base64url
    '#scenario=A', // cut short
    '#scenario=' + Buffer.from([0xff, 0xfe]).toString('base64url'), // not UTF-8
    '#from=nope&scenario=' + Buffer.from('{}').toString('base64url'), // from no preset
  ]) {
    const got = await readHash(hash + '&set=fleet.cars=3', preset);
    assert.equal(got.problem, 'link.damaged', hash);
    assert.deepEqual(got.base, {}, hash);
    assert.deepEqual(got.sets, new Map([['fleet.cars', '3']]), hash);
  }
});

test('a set without a value stays, for the core to name its path', async () => {
  const got = await readHash('#preset=x&set=fleet.cars&set=a=b=c&lang=fr', preset);
  assert.deepEqual(got.sets, new Map([['fleet.cars', ''], ['a', 'b=c']]));
  assert.equal(got.lang, 'en');
});

// RFC 7386, appendix A.
test('mergePatch follows RFC 7386', () => {
  const cases = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, want] of cases) {
    assert.deepEqual(mergePatch(target, patch), want, JSON.stringify([target, patch]));
  }
});

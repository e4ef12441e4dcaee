// The lists' pure helper (lists.js): the id an added item gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeID } from '../lists.js';

test('freeID takes the first suffix no item has', () => {
  assert.equal(freeID(['resnet-50'], 'resnet-50'), 'resnet-50-2');
  assert.equal(freeID(['a', 'a-2', 'a-3'], 'a'), 'a-4');
  assert.equal(freeID(['a', 'a-3'], 'a'), 'a-2');
  assert.equal(freeID(['a-2', 'a-2-2'], 'a-2'), 'a-2-3');
});

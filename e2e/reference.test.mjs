// The reference implementations themselves must match the published test vectors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fnv1a64Hex, murmurHex } from './reference.js';

test('FNV-1a 64 reference matches published vectors', () => {
  assert.equal(fnv1a64Hex(''), 'cbf29ce484222325');
  assert.equal(fnv1a64Hex('a'), 'af63dc4c8601ec8c');
  assert.equal(fnv1a64Hex('foobar'), '85944171f73967e8');
});

test('MurmurHash3 x86_32 reference matches published vectors', () => {
  assert.equal(murmurHex(''), '00000000');
  assert.equal(murmurHex('hello'), '248bfa47');
  assert.equal(murmurHex('Hello, world!'), 'c0363e43');
  assert.equal(murmurHex('', 1), '514e28b7');
});

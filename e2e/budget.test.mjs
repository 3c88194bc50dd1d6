// Byte budgets are tests: each entry of the release build (page, JS glue and snippets, wasm, CSS,
// gzipped at level 9 as a static host serves them) must stay within its budget. `make bench` prints
// the same table (e2e/sizes.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENTRIES, measure } from './sizes.mjs';

for (const entry of ENTRIES) {
  test(`${entry.name} stays within ${entry.budget / 1024} KB gzipped`, () => {
    const measured = measure(entry);
    const detail = measured.files.map((file) => `${file.name}: ${file.gzip}`).join(', ');
    assert.ok(measured.gzip <= entry.budget, `${measured.gzip} bytes > ${entry.budget} (${detail})`);
    // Every entry loads its own wasm and nothing of another entry's.
    assert.equal(measured.files.filter((file) => file.name.endsWith('.wasm')).length, 1, detail);
  });
}

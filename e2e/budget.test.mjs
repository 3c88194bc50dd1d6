// Byte budgets are tests: what each entry of the release build transfers in each language (page, JS
// glue and snippets, wasm, CSS and the language's text files, gzipped at level 9 as a static host
// serves them) must stay within its budget, and its page's own content within its own. `make bench` prints
// the same table (e2e/sizes.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENTRIES, HOST_SCRIPT, LAB_WORKERS, LANGUAGES, ON_DEMAND_FILES, QR_CODE, measure, measureHostScript, measureOnDemand, measureWorker } from './sizes.mjs';

for (const entry of ENTRIES) {
  for (const lang of Object.keys(LANGUAGES)) {
    test(`${entry.name} in ${lang} stays within ${entry.budget / 1024} KB gzipped`, () => {
      const measured = measure(entry, lang);
      const detail = measured.files.map((file) => `${file.name}: ${file.gzip}`).join(', ');
      const total = measured.gzip + measured.text;
      assert.ok(total <= entry.budget, `${total} bytes > ${entry.budget} (${detail}, texts: ${measured.text})`);
      // The prerendered page: content a reader sees before the code arrives, held to its own budget.
      assert.ok(measured.page > 0, 'the page is prerendered');
      assert.ok(measured.page <= entry.pageBudget, `prerendered content: ${measured.page} bytes > ${entry.pageBudget}`);
      // Every entry loads its own wasm and nothing of another entry's.
      assert.equal(measured.files.filter((file) => file.name.endsWith('.wasm')).length, 1, detail);
    });
  }
}

// The lab's workers arrive when a run (or a race) starts, each within its own budget.
for (const worker of LAB_WORKERS) {
  test(`${worker.name} stays within ${worker.budget / 1024} KB gzipped`, () => {
    const gzip = measureWorker(worker);
    assert.ok(gzip > 0 && gzip <= worker.budget, `${gzip} bytes > ${worker.budget}`);
  });
}

// Presenter mode's QR code arrives when a teacher asks for one, within its own budget.
test(`${QR_CODE.name} stays within ${QR_CODE.budget / 1024} KB gzipped`, () => {
  const gzip = measureWorker(QR_CODE, '');
  assert.ok(gzip > 0 && gzip <= QR_CODE.budget, `${gzip} bytes > ${QR_CODE.budget}`);
});

// The script an author's page loads for the widgets (`widget.js`) is no page's: it has its own line.
test(`${HOST_SCRIPT.name} stays within ${HOST_SCRIPT.budget / 1024} KB gzipped`, () => {
  const gzip = measureHostScript();
  assert.ok(gzip > 0 && gzip <= HOST_SCRIPT.budget, `${gzip} bytes > ${HOST_SCRIPT.budget}`);
});

// What a page fetches only when it is needed (presenter mode's style sheet, the downloads' code, the
// service workers and their notes) is downloaded too: each file within its own budget.
for (const { file, budget } of ON_DEMAND_FILES) {
  test(`on demand: ${file} stays within ${budget / 1024} KB gzipped`, () => {
    const gzip = measureOnDemand(file);
    assert.ok(gzip > 0 && gzip <= budget, `${gzip} bytes > ${budget}`);
  });
}

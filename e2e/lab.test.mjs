// End-to-end tests of the big-N lab: the release build in real Chromium, with its worker. Every m and
// k the page shows is worked out here from m = ⌈−n·ln p/(ln 2)²⌉ and k = round((m/n)·ln 2); the
// slides' printed values are read from the slides' text as this file writes them down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useSite } from './harness.mjs';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, { ready: 'lab-run', ...options });

// The slides' cells: target, N, and m (in W = 10⁴ bits), k and MB as printed.
const SLIDES = [
  [1e-4, 500000, 958, 13, 1], [1e-4, 1000000, 1917, 13, 2], [1e-4, 3000000, 5751, 13, 6], [1e-4, 5000000, 9585, 13, 11], [1e-4, 10000000, 19170, 13, 22],
  [1e-5, 500000, 1198, 17, 1], [1e-5, 1000000, 2396, 17, 2], [1e-5, 3000000, 7188, 17, 8], [1e-5, 5000000, 11981, 17, 14], [1e-5, 10000000, 23962, 17, 28],
  [1e-7, 500000, 1677, 23, 1], [1e-7, 1000000, 3355, 23, 3], [1e-7, 3000000, 10064, 23, 11], [1e-7, 5000000, 16773, 23, 19], [1e-7, 10000000, 33547, 23, 39],
];
const sized = (n, p) => {
  const bits = Math.ceil((-n * Math.log(p)) / Math.LN2 ** 2);
  return { bits, hashes: Math.max(1, Math.round((bits / n) * Math.LN2)) };
};
const rows = (page) => page.$$eval('[data-testid="lab-row"]', (all) => all.map((row) => ({
  n: Number(row.dataset.n), target: Number(row.dataset.target), bits: Number(row.dataset.bits),
  hashes: Number(row.dataset.hashes), measured: row.dataset.measured,
})));
const status = (page) => page.getByTestId('lab-status').textContent();
const progress = async (page) => Number(await page.getByTestId('lab-progress').getAttribute('data-value'));
const waitDone = (page, timeout = 120000) => page.waitForFunction(
  () => /^Done/.test(document.querySelector('[data-testid="lab-status"]')?.textContent ?? ''), null, { timeout });

/** Records main-thread tasks longer than 50 ms from now on. */
const watchLongTasks = (page) => page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration)); })
    .observe({ type: 'longtask' });
});

test('the table computes each cell as the slides did, and marks where they agree', async () => {
  const { page, problems } = await open('/lab/');
  const shown = await rows(page);
  assert.equal(shown.length, 15);
  shown.forEach((row, i) => {
    const [target, n, w, k, mb] = SLIDES[i];
    const { bits, hashes } = sized(n, target);
    assert.deepEqual([row.n, row.target, row.bits, row.hashes, row.measured], [n, target, bits, hashes, ''], `cell ${i}`);
    // Within one W of the printed m, the same k, the printed MB rounded down (±1 for m's rounding).
    assert.ok(Math.abs(bits / 1e4 - w) < 1 && hashes === k && Math.abs(bits / 8 / 2 ** 20 - mb) < 1, `cell ${i}`);
  });
  const first = page.getByTestId('lab-row').first();
  assert.match(await first.textContent(), /FP1 · 50W.*0\.01% for 500,000 items.*9,585,059printed 958W ✓.*13printed 13 ✓.*printed 1M ✓.*not run yet/);
  assert.equal(await page.locator('.mark.differ').count(), 0, 'every printed value agrees');
  assert.match(await status(page), /Nothing running/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('"Run all 15" fills the table in the worker while the page stays responsive; the CSV is the table', async () => {
  const { page, problems } = await open('/lab/?scale=1000&keys=wasm&seed=1');
  await page.getByTestId('lab-run').click();
  // From the first report on: the click's own render is the page's, not the run's.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]').dataset.value) > 0);
  await watchLongTasks(page);
  // The page answers while the worker runs: the seed field is greyed out, scrolling works.
  assert.equal(await page.getByTestId('lab-seed').isDisabled(), true);
  await page.mouse.wheel(0, 600);
  await waitDone(page);
  assert.equal(await progress(page), 1);
  assert.equal(await page.getByTestId('lab-run').isEnabled(), true);
  const shown = await rows(page);
  for (const row of shown) {
    assert.notEqual(row.measured, '', `${row.n} at ${row.target} was measured`);
    assert.ok(Number(row.measured) <= 20 * row.target + 3 / row.n, `${row.n} at ${row.target}: ${row.measured}`);
  }
  assert.equal(await page.locator('[data-testid="lab-point"]').count(), 15, 'a point per cell on the chart');
  // The CSV the link offers holds the same cells and measurements.
  const href = await page.getByTestId('lab-csv').getAttribute('href');
  const csv = decodeURIComponent(href.slice(href.indexOf(',') + 1)).trim().split('\n');
  const header = csv[0].split(',');
  assert.deepEqual(header.slice(0, 5), ['cell', 'n', 'target', 'm', 'k']);
  assert.equal(csv.length, 16);
  csv.slice(1).forEach((line, i) => {
    const cell = Object.fromEntries(line.split(',').map((value, j) => [header[j], value]));
    assert.deepEqual([Number(cell.n), Number(cell.m), Number(cell.k), cell.measured], [shown[i].n, shown[i].bits, shown[i].hashes, shown[i].measured]);
    assert.equal(Number(cell.measured), Number(cell.false_positives) / Number(cell.n));
  });
  assert.deepEqual(await page.evaluate(() => window.longTasks), [], 'no main-thread task over 50 ms');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('ten million items at full size: progress, speed and memory shown, no long task on the page', async () => {
  const { page, problems } = await open('/lab/');
  // FP1 · 1000W: 10,000,000 keys into 191,701,168 bits (23.4 MB), then 10,000,000 never inserted.
  await page.getByTestId('lab-run-cell').nth(4).click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]').dataset.value) > 0);
  await watchLongTasks(page);
  await page.waitForFunction(() => /keys a second/.test(document.querySelector('[data-testid="lab-status"]').textContent));
  assert.match(await status(page), /FP1 · 1000W: (inserting|querying) 10,000,000 keys.* 22\.9 MiB.* keys a second, about \d+ s left/);
  const during = await progress(page);
  assert.ok(during > 0 && during < 1, `${during}`);
  await waitDone(page, 180000);
  const [, , , , cell] = await rows(page);
  const fp = Number(cell.measured) * cell.n;
  assert.equal(fp, Math.round(fp));
  // 10⁷ probes at about 10⁻⁴: some 1,000 false positives; the interval holds the target.
  assert.ok(fp > 800 && fp < 1250, `${fp} false positives`);
  assert.match(await page.getByTestId('lab-row').nth(4).textContent(), /within the target/);
  assert.deepEqual(await page.evaluate(() => window.longTasks), [], 'no main-thread task over 50 ms');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('Cancel stops a run at once and a new run starts fresh', async () => {
  const { page, problems } = await open('/lab/');
  await page.getByTestId('lab-run-cell').nth(14).click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]').dataset.value) > 0);
  const took = await page.evaluate(async () => {
    const start = performance.now();
    document.querySelector('[data-testid="lab-cancel"]').click();
    await new Promise((resolve) => {
      const check = () => (/Cancelled/.test(document.querySelector('[data-testid="lab-status"]').textContent) ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  });
  assert.ok(took < 100, `cancelled in ${took} ms`);
  const stopped = await progress(page);
  await page.waitForTimeout(600);
  assert.equal(await progress(page), stopped, 'no progress after the cancel');
  assert.equal((await rows(page))[14].measured, '');
  // Another run: a new worker, to the end.
  await page.getByTestId('lab-run-cell').nth(0).click();
  await waitDone(page);
  assert.notEqual((await rows(page))[0].measured, '');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('keys handed over from JavaScript give the same false positives as keys made in wasm', async () => {
  const { page, problems } = await open('/lab/?scale=10&keys=wasm&seed=5');
  await page.getByTestId('lab-run-cell').nth(0).click();
  await waitDone(page);
  const wasm = (await rows(page))[0].measured;
  await page.getByTestId('lab-keys').selectOption('js');
  assert.match(page.url(), /keys=js/);
  assert.equal((await rows(page))[0].measured, '', 'new settings clear the results');
  await page.getByTestId('lab-run-cell').nth(0).click();
  await waitDone(page);
  assert.equal((await rows(page))[0].measured, wasm);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the crawler’s claim: 0.144 bits per URL answers “maybe” to nearly all, 19.17 bits keeps 0.01 %', async () => {
  const { page, problems } = await open('/lab/?scale=100');
  assert.equal(Number(await page.getByTestId('claim-bits-per-url').getAttribute('data-value')), (18e6 * 8) / 1e9);
  // 10⁹ · ln 10⁴ / (ln 2)², cut down, in bytes.
  assert.equal(Number(await page.getByTestId('claim-needed').getAttribute('data-value')), Math.ceil(Math.floor((1e9 * Math.log(1e4)) / Math.LN2 ** 2) / 8));
  assert.match(await page.getByTestId('claim-figures').textContent(), /18 MB.*0\.144 bits per URL.*99\.9% with the best k = 1.*133 times the claim/);
  await page.getByTestId('claim-run').click();
  await waitDone(page);
  const [claimed, needed] = await page.$$eval('[data-testid="claim-row"]', (all) => all.map((row) => ({
    n: Number(row.dataset.n), bits: Number(row.dataset.bits), measured: Number(row.dataset.measured),
  })));
  assert.deepEqual([claimed.n, claimed.bits], [100000, Math.round((18e6 * 8 * 100000) / 1e9)]);
  assert.ok(claimed.measured > 0.99, `${claimed.measured}`);
  assert.equal(needed.bits, Math.floor((-100000 * Math.log(1e-4)) / Math.LN2 ** 2));
  assert.ok(needed.measured < 4e-4, `${needed.measured}`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the race runs this site’s wasm and both npm libraries in this browser, on the same keys', async () => {
  const requests = [];
  const { page, problems } = await open('/lab/?scale=100', { onRequest: (url) => requests.push(url) });
  assert.ok(!requests.some((url) => url.includes('race-worker')), 'the libraries load only for a race');
  await page.getByTestId('race-run').click();
  await waitDone(page, 180000);
  const race = await page.$$eval('[data-testid="race-row"]', (all) => all.map((row) => ({
    impl: row.dataset.impl, insert: Number(row.dataset.nsInsert), query: Number(row.dataset.nsQuery), measured: Number(row.dataset.measured),
  })));
  assert.deepEqual(race.map((row) => row.impl), ['wasm', 'wasm-js-keys', 'bloomfilter', 'bloom-filters']);
  for (const row of race) {
    assert.ok(row.insert > 0 && row.query > 0, `${row.impl} timed`);
    // 10,000 probes at about 1 %.
    assert.ok(row.measured > 0.004 && row.measured < 0.02, `${row.impl}: ${row.measured}`);
  }
  // Same keys, same m, k and derivation: the two wasm runs find the same false positives.
  assert.equal(race[0].measured, race[1].measured);
  assert.match(await page.getByTestId('race-machine').textContent(), /Measured in this browser: Chromium \d+, \d+ logical cores?\./);
  assert.ok(requests.some((url) => url.endsWith('/lab/race-worker.js')));
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a link with bad settings says what it ignored and keeps the rest', async () => {
  const { page, problems } = await open('/lab/?scale=7&keys=python&seed=12&m=%3Cscript%3E');
  const notice = await page.getByTestId('state-error').textContent();
  assert.match(notice, /scale/);
  assert.match(notice, /python/);
  assert.match(notice, /m/);
  assert.equal(await page.getByTestId('lab-seed').inputValue(), '12');
  assert.equal(await page.getByTestId('lab-scale').inputValue(), '1');
  assert.equal(await page.locator('script:not([src])').evaluateAll((all) => all.some((s) => s.textContent.includes('<script>'))), false);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the embedded table waits for a click, then runs', async () => {
  const { page, problems } = await open('/embed/lab/?scale=1000');
  await page.waitForTimeout(1000);
  assert.ok((await rows(page)).every((row) => row.measured === ''), 'nothing runs on its own');
  await page.getByTestId('lab-run').click();
  await waitDone(page);
  assert.ok((await rows(page)).every((row) => row.measured !== ''));
  assert.equal(await page.getByTestId('race-run').count(), 0, 'the widget is the table');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the lab in Chinese and Japanese', async () => {
  for (const [path, title, run] of [['/zh/lab/', '大规模实验室', '运行全部 15 组'], ['/ja/lab/', '大規模ラボ', '15 件すべて実行']]) {
    const { page, problems } = await open(path);
    assert.equal(await page.locator('h1').textContent(), title);
    assert.equal(await page.getByTestId('lab-run').textContent(), run);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('chapter 8 frames the lab’s table, which runs a cell when asked', async () => {
  const { page, problems } = await open('/learn/8/', { ready: 'site-nav' });
  // Beside the frame, the way to the lab's own page (the claim and the race are there).
  const link = page.getByTestId('lab-link');
  assert.match(await link.textContent(), /crawler’s claim.*open the lab/);
  assert.equal(new URL(await link.getAttribute('href'), page.url()).pathname, '/lab/');
  const frame = page.getByTestId('frame-lab');
  await frame.scrollIntoViewIfNeeded();
  const inner = page.frameLocator('iframe[data-testid="frame-lab"]');
  await inner.getByTestId('lab-row').first().waitFor();
  assert.match(await inner.getByTestId('lab-row').first().textContent(), /printed 958W ✓/);
  await inner.getByTestId('lab-run-cell').first().click();
  await inner.locator('[data-testid="lab-row"][data-measured]:not([data-measured=""])').first().waitFor({ timeout: 60000 });
  // The frame takes the height the widget reports.
  await page.waitForFunction(() => Number.parseInt(document.querySelector('[data-testid="frame-lab"]').style.height, 10) !== 1900);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('old #/ links open the lab and its widget with their settings', async () => {
  for (const [url, path] of [['/#/embed/lab?scale=1000', '/embed/lab/'], ['/#/lab?scale=1000&seed=3', '/lab/']]) {
    const { page, problems } = await open(url);
    assert.equal(new URL(page.url()).pathname, path);
    assert.equal((await rows(page))[0].n, 500);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone, in the dark, each row of the filled table is a card: every result on the screen, each under its column’s name', async () => {
  const { page, problems } = await open('/lab/?scale=1000', { width: 375, colorScheme: 'dark' });
  await page.getByTestId('lab-run').click();
  await waitDone(page);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375);
  // Each row's Run is a thumb's target.
  for (const run of await page.getByTestId('lab-run-cell').all()) {
    const box = await run.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `Run is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
  }
  const table = page.locator('.lab .table-scroll').first();
  assert.ok(await table.evaluate((box) => box.scrollWidth <= box.clientWidth), 'the table does not scroll sideways');
  const measured = page.getByTestId('lab-measured');
  assert.equal(await measured.count(), 15);
  for (const cell of await measured.all()) {
    const box = await cell.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `a measured rate within the screen: ${box.x}–${box.x + box.width}`);
    // The column's name, as the table's head says it, beside the value.
    assert.equal(await cell.evaluate((td) => getComputedStyle(td, '::before').content), '"Measured rate"');
  }
  // A rate as the lab writes one: a percentage, or below 0.1 % a power of ten (0 alone).
  assert.match(await measured.first().textContent(), /^\d+(\.\d+)?(%|\u00a0×\u00a010⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

// End-to-end tests of the false-positive chart, the readouts, hash schemes and the choice of k, in the
// release build. Every expected number comes from reference.js, written independently of the Rust code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useSite } from './harness.mjs';
import {
  ReferenceFilter, approximateRate, bitIndexes, classicRate, enhancedIndexes, exactRate, independentIndexes,
  playgroundProbes,
} from './reference.js';

const site = useSite();

const open = (options) => openPage(site.context, site.origin, '/', options);

async function insert(page, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId('insert-button').click();
}

async function setParam(page, testid, value) {
  await page.getByTestId(testid).fill(String(value));
  await page.getByTestId(testid).press('Enter');
}

const value = async (page, testid) => Number(await page.getByTestId(testid).getAttribute('data-value'));

function close(actual, expected, relative = 1e-9) {
  assert.ok(Math.abs(actual - expected) <= relative * Math.max(Math.abs(expected), 1e-300), `${actual} ≉ ${expected}`);
}

test('each insert adds a live point whose fill and measured rate match the reference', async () => {
  const { page, problems } = await open();
  assert.equal(await page.getByTestId('fpr-point').count(), 0);
  const words = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango'];
  const reference = new ReferenceFilter(32, 3);
  for (const [i, word] of words.entries()) {
    await insert(page, word);
    reference.insert(word);
    const points = page.getByTestId('fpr-point');
    assert.equal(await points.count(), i + 1);
    const last = points.last();
    assert.equal(await last.getAttribute('data-n'), String(i + 1));
    close(Number(await last.getAttribute('data-fill')), (reference.bits.size / 32) ** 3);
    const positives = playgroundProbes.filter((probe) => reference.verdict(probe) !== 'absent').length;
    close(Number(await last.getAttribute('data-measured')), positives / 10_000);
  }
  // A duplicate adds no point: n counts distinct items.
  await insert(page, 'apple');
  assert.equal(await page.getByTestId('fpr-point').count(), words.length);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the readouts show the approximate, classic, exact, fill and measured rates for the current n', async () => {
  const { page, problems } = await open();
  await setParam(page, 'm-input', 15);
  await setParam(page, 'k-input', 2);
  await insert(page, 'apple');
  // The small exact case: m = 15, k = 2, n = 1 gives 19/1125.
  close(await value(page, 'fpr-exact'), 19 / 1125, 1e-12);
  close(await value(page, 'fpr-approx'), approximateRate(15, 2, 1));
  close(await value(page, 'fpr-classic'), classicRate(15, 2, 1));

  await setParam(page, 'm-input', 64);
  await setParam(page, 'k-input', 4);
  const reference = new ReferenceFilter(64, 4);
  for (const word of ['apple', 'pear', 'plum', 'kiwi', 'fig', 'lime', 'date']) {
    if (word !== 'apple') await insert(page, word);
    reference.insert(word);
  }
  const before = await value(page, 'fpr-approx');
  close(before, approximateRate(64, 4, 7));
  close(await value(page, 'fpr-classic'), classicRate(64, 4, 7));
  close(await value(page, 'fpr-exact'), exactRate(64, 4, 7), 1e-9);
  close(await value(page, 'fpr-fill'), (reference.bits.size / 64) ** 4);
  const measured = page.getByTestId('fpr-measured');
  assert.equal(await measured.getAttribute('data-probes'), '10000');
  const positives = playgroundProbes.filter((probe) => reference.verdict(probe) !== 'absent').length;
  close(Number(await measured.getAttribute('data-value')), positives / 10_000);
  assert.match(await measured.textContent(), new RegExp(`${positives.toLocaleString('en-US')} of 10,000 probes; 95% interval`));
  assert.ok(exactRate(64, 4, 7) >= classicRate(64, 4, 7), 'exact sits above classic at small m');

  await insert(page, 'one more');
  assert.ok((await value(page, 'fpr-approx')) > before, 'the readouts follow n');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a measured rate above the filter’s own (X/m)^k says why: probes whose indexes repeat test fewer bits', async () => {
  // The blog author's case: m = 32, k = 3, double hashing, four animals.
  const { page, problems } = await open();
  const reference = new ReferenceFilter(32, 3);
  for (const word of ['cat', 'dog', 'fox', 'owl']) {
    await insert(page, word);
    reference.insert(word);
  }
  const fill = (reference.bits.size / 32) ** 3;
  const positives = playgroundProbes.filter((probe) => reference.verdict(probe) !== 'absent').length;
  // By hand: the probe strings whose three indexes name fewer than three bits.
  const short = playgroundProbes.filter((probe) => new Set(bitIndexes(probe, 32, 3)).size < 3).length;
  assert.ok(positives / 10_000 > fill, `measured ${positives / 10_000} above ${fill}`);
  const note = page.getByTestId('short-probes-note');
  assert.equal(await note.getAttribute('data-value'), String(short));
  assert.equal(
    await note.textContent(),
    `Measured above this filter’s (X/m)^k: ${short.toLocaleString('en-US')} of the 10,000 probe strings test fewer than 3 different bits (at a small m, double hashing can land on one bit twice), and a string that tests fewer bits passes more often.`,
  );
  // With k = 1 no index can repeat: no such note.
  await setParam(page, 'k-input', 1);
  await page.waitForFunction(() => document.querySelector('[data-testid="k-input"]').value === '1');
  await note.waitFor({ state: 'detached' });
  assert.equal(await note.count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('switching the hash scheme changes the bit indexes and rebuilds the filter', async () => {
  const { page, problems } = await open();
  const select = page.getByTestId('scheme-select');
  assert.deepEqual(await select.locator('option').evaluateAll((options) => options.map((o) => o.value)),
    ['double', 'enhanced', 'independent', 'murmur128-split']);
  await setParam(page, 'm-input', 97);
  await setParam(page, 'k-input', 6);
  await insert(page, 'apple');
  const indexes = async () => (await page.getByTestId('bit-indexes').getAttribute('data-value')).split(',').map(Number);
  const text = 'Hello, world!';
  await page.getByTestId('item-input').fill(text);
  assert.deepEqual(await indexes(), bitIndexes(text, 97, 6));

  await select.selectOption('enhanced');
  assert.deepEqual(await indexes(), enhancedIndexes(text, 97, 6));
  assert.match(await page.getByTestId('outcome').textContent(), /Enhanced double hashing/);
  const set = await page.$$eval('[data-testid="bit"][data-set="true"]', (cells) => cells.map((c) => Number(c.dataset.index)));
  assert.deepEqual(set, [...new Set(enhancedIndexes('apple', 97, 6))].sort((a, b) => a - b));

  await select.selectOption('independent');
  assert.deepEqual(await indexes(), independentIndexes(text, 97, 6));

  await select.selectOption('murmur128-split');
  const split = await indexes();
  assert.equal(split.length, 6);
  assert.ok(split.every((index) => index >= 0 && index < 97));
  assert.notDeepEqual(split, bitIndexes(text, 97, 6));
  assert.match(await page.getByTestId('hash-murmur128').textContent(), /h₁ = 0x[0-9a-f]{16}/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the log toggle switches the rate axis to decades', async () => {
  const { page, problems } = await open();
  for (const word of ['apple', 'banana', 'cherry']) await insert(page, word);
  const chart = page.getByTestId('fpr-chart');
  assert.equal(await chart.getAttribute('data-scale'), 'linear');
  assert.ok(!(await chart.locator('.tick-label').allTextContents()).some((label) => label.includes('10⁻')));
  await page.getByTestId('log-toggle').check();
  assert.equal(await chart.getAttribute('data-scale'), 'log');
  const labels = await chart.locator('.tick-label').allTextContents();
  assert.ok(labels.some((label) => /^10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/.test(label)), labels.join(' '));
  await page.getByTestId('log-toggle').uncheck();
  assert.equal(await chart.getAttribute('data-scale'), 'linear');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('screen readers get a summary and a data table', async () => {
  const { page, problems } = await open();
  for (const word of ['apple', 'banana', 'cherry']) await insert(page, word);
  const svg = page.getByTestId('fpr-chart').locator('svg.chart');
  assert.equal(await svg.getAttribute('role'), 'img');
  const name = await svg.evaluate((element) => element.getAttribute('aria-labelledby').split(' ').map((id) => document.getElementById(id).textContent).join(' '));
  assert.match(name, /False-positive rate against n for m = 32, k = 3/);
  assert.match(name, new RegExp(`At n = 3: approximate ${approximateRate(32, 3, 3).toPrecision(3)}`));
  await page.getByText('The chart as a table').click();
  const row = page.locator('.chart-table tbody tr').filter({ has: page.locator('th', { hasText: /^3$/ }) });
  const cells = await row.locator('td').allTextContents();
  assert.equal(cells[0], approximateRate(32, 3, 3).toPrecision(3).replace(/0+$/, ''));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the optimal k chart shows k* and the best whole k, and one click uses it', async () => {
  const { page, problems } = await open();
  await setParam(page, 'm-input', 64);
  // No items: no k* to print, and the reason given (not "∞").
  assert.equal(await page.getByTestId('optimal-k').getAttribute('data-value'), 'none');
  assert.match(await page.getByTestId('optimal-k').textContent(), /^No items yet, so there is no k\* to compute: k\* = \(m\/n\)·ln 2 divides by n, and n is 0/);
  assert.doesNotMatch(await page.locator('.optimal-k').textContent(), /∞/);
  const words = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'peach', 'pear'];
  for (const word of words) await insert(page, word);
  close(await value(page, 'optimal-k'), (64 / 8) * Math.LN2, 1e-12);
  const rates = Array.from({ length: 20 }, (_, i) => exactRate(64, i + 1, 8));
  const best = rates.indexOf(Math.min(...rates)) + 1;
  assert.equal(await value(page, 'best-k'), best);
  assert.match(await page.getByTestId('best-k').textContent(), new RegExp(`Best whole k by the exact rate: ${best}`));
  await page.getByTestId('use-k-button').click();
  assert.equal(await page.getByTestId('k-input').inputValue(), String(best));
  assert.equal(await page.getByTestId('bit-indexes').count(), 1);
  assert.match(await page.locator('.optimal-k').textContent(), new RegExp(`You are using k = ${best}`));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('compare schemes: plain double hashing drifts far above the exact rate at m = 1024, k = 16', async () => {
  const { page, problems } = await open();
  await setParam(page, 'm-input', 1024);
  await setParam(page, 'k-input', 16);
  for (let i = 0; i < 20; i++) await insert(page, `item ${i}`);
  assert.equal(await value(page, 'stat-n'), 20);
  await page.getByTestId('compare-button').click();
  const status = page.getByTestId('compare-status');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-status"]')?.dataset.running === 'false', null, { timeout: 15_000 });
  assert.ok(Number(await status.getAttribute('data-trials')) > 0);
  assert.equal(await status.getAttribute('data-at'), '20');
  const rates = Object.fromEntries((await status.getAttribute('data-rates')).split(',').map((pair) => pair.split(':')).map(([id, rate]) => [id, Number(rate)]));
  const exact = exactRate(1024, 16, 20);
  assert.ok(exact < 1e-8, `exact ${exact}`);
  assert.ok(rates.double > 1000 * exact, `double hashing measured ${rates.double}`);
  assert.ok(rates.double > rates.enhanced, JSON.stringify(rates));
  assert.equal(await page.getByTestId('fpr-chart').locator('path.series-double').count(), 1);
  assert.match(await status.textContent(), /trials per scheme/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

// End-to-end tests of state that is never lost: links, reloads, saved state, sharing, malformed links,
// undo and redo — in the release build, with fresh browser profiles where a reader of a link would
// have one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, useSite } from './harness.mjs';
import { ReferenceFilter, bitIndexes, enhancedIndexes } from './reference.js';

const site = useSite();

const open = (url, options) => openPage(site.context, site.origin, url, options);
const itemTexts = (page) => page.$$eval('[data-testid="item"] .item-text', (items) => items.map((item) => item.textContent));
const setCells = (page) => page.$$eval('[data-testid="bit"][data-set="true"]', (cells) => cells.map((c) => Number(c.dataset.index)));
const sorted = (values) => [...new Set(values)].sort((a, b) => a - b);

async function insert(page, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId('insert-button').click();
}

/** The `item` parameters of the page's current link. */
function linkItems(page) {
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).getAll('item');
}

async function waitForLinkItems(page, count) {
  await page.waitForFunction((count) => new URLSearchParams(location.hash.slice(1)).getAll('item').length === count, count);
}

test('a link restores m, k, scheme and items; working on it rewrites the link without new history entries', async () => {
  const items = ['apple', 'a,b&c=d', '🌸🐝', '布隆过滤器', 'e\u0301'];
  const query = `m=20&k=3&scheme=enhanced&${items.map((item) => `item=${encodeURIComponent(item)}`).join('&')}`;
  // A link from when the state lived after "#" opens the same state at its new address.
  const { page, problems } = await open(`/#/playground?${query}`);
  assert.ok(!new URL(page.url()).hash.startsWith('#/'), 'the old route is gone from the address');
  assert.equal(await page.getByTestId('m-input').inputValue(), '20');
  assert.equal(await page.getByTestId('scheme-select').inputValue(), 'enhanced');
  assert.deepEqual(await itemTexts(page), items);
  assert.deepEqual(await setCells(page), sorted(items.flatMap((item) => enhancedIndexes(item, 20, 3))));
  const historyLength = await page.evaluate(() => history.length);
  await insert(page, 'cherry');
  await waitForLinkItems(page, 6);
  assert.deepEqual(linkItems(page), [...items, 'cherry']);
  await page.getByTestId('m-input').fill('40');
  await page.getByTestId('m-input').press('Enter');
  await page.waitForFunction(() => location.hash.includes('m=40'));
  assert.equal(await page.evaluate(() => history.length), historyLength, 'replaceState, not a history entry per change');
  assert.equal(await page.getByTestId('state-error').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a reload keeps the state, and saved state returns when the link has none', async () => {
  const { page, problems } = await open('/');
  await insert(page, 'apple');
  await insert(page, 'banana');
  await waitForLinkItems(page, 2);
  await page.reload();
  await page.getByTestId('item-input').waitFor();
  assert.deepEqual(await itemTexts(page), ['apple', 'banana']);
  // Same browser, a bare link: localStorage brings the state back.
  await page.goto(`${site.origin}/calculator/`);
  await page.goto(`${site.origin}/`);
  await page.getByTestId('item-input').waitFor();
  assert.deepEqual(await itemTexts(page), ['apple', 'banana']);
  // A link with state wins over saved state.
  await page.goto(`${site.origin}/#item=kiwi`);
  await page.reload();
  await page.getByTestId('item-input').waitFor();
  assert.deepEqual(await itemTexts(page), ['kiwi']);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('Copy link copies an absolute URL that restores the exact state in a fresh profile', async () => {
  await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  const { page, problems } = await open('/');
  await page.getByTestId('k-input').fill('4');
  await page.getByTestId('k-input').press('Enter');
  for (const word of ['apple', 'pear', 'apple', '🍋 lemon']) await insert(page, word);
  // The seed the next random words come from is part of what the page shows, so of the link.
  await page.getByTestId('seed-input').fill('4242');
  await page.getByTestId('seed-input').press('Enter');
  const share = page.getByTestId('share-link');
  await page.waitForFunction(() => /[#&]seed=4242(&|$)/.test(document.querySelector('[data-testid="share-link"]').dataset.value));
  const link = await share.getAttribute('data-value');
  assert.ok(link.startsWith(`${site.origin}/#`), link);
  await share.click();
  await page.getByText('Copied to the clipboard.').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  const cells = await setCells(page);
  await page.close();

  const fresh = await launchBrowser();
  try {
    const { page: other, problems: otherProblems } = await openPage(fresh.context, site.origin, link.slice(site.origin.length));
    assert.deepEqual(await itemTexts(other), ['apple', 'pear', '🍋 lemon']);
    assert.match(await other.locator('[data-testid="item"]').first().textContent(), /×2/);
    assert.equal(await other.getByTestId('k-input').inputValue(), '4');
    assert.equal(await other.getByTestId('seed-input').inputValue(), '4242');
    assert.deepEqual(await setCells(other), cells);
    assert.deepEqual(otherProblems(), []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(problems(), []);
});

test('a malformed or hostile link shows exactly what was ignored, with sane values and no console error', async () => {
  const { page, problems } = await open('/#m=abc&k=-1&scheme=rot13&item=&item=%FF&item=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&z=!!!&utm_source=mail');
  const error = page.getByTestId('state-error');
  const lines = await error.locator('li').allTextContents();
  assert.deepEqual(lines, [
    'm = “abc”: m must be a whole number from 8–1024, so the default was used',
    'k = “-1”: k must be a whole number from 1–16, so the default was used',
    'scheme = “rot13”: no such hash scheme, so double hashing was used',
    'the compact item list (z) could not be decoded',
    'the unknown parameter “utm_source”',
    '1 empty item',
    '1 item that is not valid UTF-8 text',
  ]);
  assert.equal(await page.getByTestId('m-input').inputValue(), '32');
  assert.equal(await page.getByTestId('k-input').inputValue(), '3');
  assert.deepEqual(await itemTexts(page), ['<img src=x onerror=alert(1)>']);
  assert.equal(await page.locator('main img').count(), 0);
  await page.getByTestId('state-error-dismiss').click();
  assert.equal(await error.count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a link with 20,000 items keeps the first 10,000 and says so', async () => {
  const items = Array.from({ length: 20_000 }, (_, i) => `item=${i}`).join('&');
  const { page, problems } = await open(`/#m=1024&k=4&${items}`);
  assert.match(await page.getByTestId('state-error').textContent(), /10,000 items past the first 10,000/);
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '10000');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('thousands of items: the compact link stays small and restores the same filter', async () => {
  const items = Array.from({ length: 3000 }, (_, i) => `https://example.com/page/${i}`);
  const query = `m=1024&k=4&${items.map((item) => `item=${encodeURIComponent(item)}`).join('&')}`;
  const { page, problems } = await open(`/#${query}`);
  const note = await page.getByTestId('share-compact-note').textContent();
  assert.match(note, /over the 8 kB/);
  const link = await page.getByTestId('share-link').getAttribute('data-value');
  const plainLength = site.origin.length + '/#'.length + query.length + '&scheme=double'.length;
  assert.ok(link.length * 8 < plainLength, `compact ${link.length} bytes vs plain ${plainLength}`);
  assert.match(link, /[#&]z=/);
  console.log(`3,000 URLs: plain link ≈ ${plainLength} bytes, compact link ${link.length} bytes`);
  const reference = new ReferenceFilter(1024, 4);
  items.forEach((item) => reference.insert(item));
  await page.close();

  const fresh = await launchBrowser();
  try {
    const { page: other, problems: otherProblems } = await openPage(fresh.context, site.origin, link.slice(site.origin.length));
    // The browser inflates the items after the page is drawn.
    await other.waitForFunction(() => document.querySelector('[data-testid="stat-n"]')?.dataset.value !== '0');
    assert.equal(await other.getByTestId('stat-n').getAttribute('data-value'), '3000');
    assert.deepEqual(await setCells(other), sorted([...reference.bits]));
    assert.equal((await itemTexts(other)).at(-1), 'https://example.com/page/2999'.slice(0, 40) + (('https://example.com/page/2999'.length > 40) ? '…' : ''));
    assert.deepEqual(otherProblems(), []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(problems(), []);
});

test('a compact link cut short says so and restores the items before the cut', async () => {
  const items = Array.from({ length: 3000 }, (_, i) => `https://example.com/page/${i}`);
  const query = `m=1024&k=4&${items.map((item) => `item=${encodeURIComponent(item)}`).join('&')}`;
  const { page, problems } = await open(`/#${query}`);
  // The compact form arrives once the browser has compressed the items.
  await page.waitForFunction(() => /[#&]z=/.test(document.querySelector('[data-testid="share-link"]')?.dataset.value ?? ''));
  const link = await page.getByTestId('share-link').getAttribute('data-value');
  await page.close();
  // A mail program cuts the link part-way through its compressed item list.
  const cut = link.slice(0, Math.floor(link.length * 0.6) + 1);
  const fresh = await launchBrowser();
  try {
    const { page: other, problems: otherProblems } = await openPage(fresh.context, site.origin, cut.slice(site.origin.length));
    const message = await other.getByTestId('state-error').textContent();
    await other.waitForFunction(() => document.querySelector('[data-testid="stat-n"]')?.dataset.value !== '0');
    const restored = Number(await other.getByTestId('stat-n').getAttribute('data-value'));
    assert.ok(restored > 1000 && restored < 3000, `${restored} items restored`);
    assert.match(message, new RegExp(`the link was cut short: its item list breaks off, so only the first ${restored.toLocaleString('en-US')} items were restored`));
    // Exactly the first items, in order: the same filter as inserting them.
    const reference = new ReferenceFilter(1024, 4);
    items.slice(0, restored).forEach((item) => reference.insert(item));
    assert.deepEqual(await setCells(other), sorted([...reference.bits]));
    assert.deepEqual(otherProblems(), []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(problems(), []);
});

test('undo and redo step through inserts and resets', async () => {
  const { page, problems } = await open('/');
  assert.ok(await page.getByTestId('undo-button').isDisabled());
  await insert(page, 'apple');
  await insert(page, 'pear');
  await page.getByTestId('reset-button').click();
  assert.deepEqual(await itemTexts(page), []);
  await page.getByTestId('undo-button').click();
  assert.deepEqual(await itemTexts(page), ['apple', 'pear']);
  await page.getByTestId('undo-button').click();
  assert.deepEqual(await itemTexts(page), ['apple']);
  assert.deepEqual(await setCells(page), sorted(bitIndexes('apple', 32, 3)));
  await page.getByTestId('redo-button').click();
  assert.deepEqual(await itemTexts(page), ['apple', 'pear']);
  await page.getByTestId('redo-button').click();
  assert.deepEqual(await itemTexts(page), []);
  assert.ok(await page.getByTestId('redo-button').isDisabled());
  assert.deepEqual(problems(), []);
  await page.close();
});

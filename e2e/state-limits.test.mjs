// End-to-end tests of the playground at the sizes a shared link can reach: a list of thousands of
// items draws its head and tail with a real button for the rest, and a 10,000-item state can be
// edited, reset and undone repeatedly without the page failing — in the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from './harness.mjs';

const site = useSite();

const open = (url, options) => openPage(site.context, site.origin, url, options);
const itemTexts = (page) => page.$$eval('[data-testid="item"] .item-text', (items) => items.map((item) => item.textContent));
const statN = (page) => page.getByTestId('stat-n').getAttribute('data-value');

async function insert(page, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId('insert-button').click();
}

/** A playground link with `count` items named `w0`, `w1`, …. */
function linkWith(count) {
  return `/#/playground?m=1024&k=4&${Array.from({ length: count }, (_, i) => `item=w${i}`).join('&')}`;
}

test('a list of 3,000 items shows the first 50 and the last 5, and a button shows the rest', async () => {
  const { page, problems } = await open(linkWith(3000));
  assert.equal(await statN(page), '3000');
  const folded = await itemTexts(page);
  assert.equal(folded.length, 55);
  assert.deepEqual(folded.slice(0, 3), ['w0', 'w1', 'w2']);
  assert.equal(folded[49], 'w49');
  assert.deepEqual(folded.slice(50), ['w2995', 'w2996', 'w2997', 'w2998', 'w2999']);
  // The numbers beside the tail are the items' own positions.
  assert.equal(await page.getByTestId('item-list-rest').getAttribute('start'), '2996');

  const toggle = page.getByTestId('item-list-toggle');
  assert.equal(await toggle.evaluate((element) => element.tagName), 'BUTTON');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.match(await toggle.textContent(), /2,945/);

  // Reached with the keyboard: Tab from the last focusable element before it.
  await page.getByTestId('item-list').evaluate((list) => list.setAttribute('tabindex', '-1'));
  await page.getByTestId('item-list').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'item-list-toggle');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length === 3000);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal((await itemTexts(page))[1234], 'w1234');
  assert.equal(await page.getByTestId('item-list-rest').getAttribute('start'), '51');

  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length === 55);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

  // While folded, the newest insert is still in sight, at the end.
  await insert(page, 'apple');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="item"] .item-text')].at(-1)?.textContent === 'apple');
  assert.equal((await itemTexts(page)).length, 55);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a short list has no button', async () => {
  const { page, problems } = await open(linkWith(60));
  assert.equal(await statN(page), '60');
  assert.equal((await itemTexts(page)).length, 60);
  assert.equal(await page.getByTestId('item-list-toggle').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a 10,000-item link survives rounds of edits, resets and reloads of the link, and undo walks back', async () => {
  const link = linkWith(10_000);
  const { page, problems } = await open(link);
  assert.equal(await statN(page), '10000');
  for (let round = 0; round < 8; round += 1) {
    await insert(page, `round ${round}`);
    await page.getByTestId('reset-button').click();
    assert.equal(await statN(page), '0');
    await page.getByTestId('undo-button').click();
    assert.equal(await statN(page), String(10_001 + round));
  }
  assert.equal(await statN(page), '10008');
  // Undo takes the inserts back one by one, as far as the history reaches.
  await page.getByTestId('undo-button').click();
  assert.equal(await statN(page), '10007');
  assert.equal((await itemTexts(page)).at(-1), 'round 6');
  await page.getByTestId('redo-button').click();
  assert.equal(await statN(page), '10008');
  assert.deepEqual(problems(), []);
  await page.close();
});

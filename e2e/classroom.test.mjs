// End-to-end tests for teaching with a projector: presenter mode, step-through with the arrow keys,
// and keyboard shortcuts that never act while the visitor types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, badgesOverNumbers, openPage, readabilityProblems, useSite } from './harness.mjs';
import { bitIndexes, fnv1a64Hex, murmurHex } from './reference.js';

const site = useSite();

const open = (url, options) => openPage(site.context, site.origin, url, options);
const setBits = (page) => page.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)).sort((a, b) => a - b));
const focusedTestId = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);

async function insert(page, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId('insert-button').click();
}

test('step-through walks every step of an insert with the arrow keys, then inserts', async () => {
  const { page, problems } = await open('/');
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('step-insert-button').click();
  const panel = page.getByTestId('step-through');
  const steps = Number(await panel.getAttribute('data-steps'));
  assert.equal(steps, 4 + 3 + 1, 'text, bytes, FNV, second hash, three indexes, result');
  const titles = [];
  const bodies = [];
  for (let i = 0; i < steps; i++) {
    await page.locator(`[data-testid="step-through"][data-step="${i}"]`).waitFor();
    titles.push(await page.getByTestId('step-title').textContent());
    bodies.push(await page.getByTestId('step-body').textContent());
    if (i >= 4 && i < 7) {
      const index = bitIndexes('apple', 32, 3)[i - 4];
      assert.equal(await page.locator('[data-step-bit]').getAttribute('data-index'), String(index));
    }
    if (i === 2) assert.equal(await page.getByTestId('step-working').evaluate((element) => element.open), true, 'the working open');
    if (i === 1) {
      // Going back works too.
      await page.keyboard.press('ArrowLeft');
      await page.locator('[data-testid="step-through"][data-step="0"]').waitFor();
      await page.keyboard.press('ArrowRight');
    }
    if (i < steps - 1) assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '0', 'nothing inserted before the end');
    await page.keyboard.press('ArrowRight');
  }
  assert.deepEqual(titles, ['The text', 'Its UTF-8 bytes, in hex', 'First hash: FNV-1a 64', 'Second hash', 'Index g₀', 'Index g₁', 'Index g₂', 'Result']);
  // Each hash's value comes first, its working under it, open on a wide screen.
  // Each then reduced mod m: the numbers the index steps start from.
  const [h1, h2] = [BigInt(`0x${fnv1a64Hex('apple')}`) % 32n, parseInt(murmurHex('apple'), 16) % 32];
  assert.ok(bodies[2].startsWith(`h₁ = 0x${fnv1a64Hex('apple')}h₁ mod 32 = ${h1}The working, byte by byte`), bodies[2]);
  assert.ok(bodies[3].startsWith(`h₂ = 0x${murmurHex('apple')}h₂ mod 32 = ${h2}The working, byte by byte`), bodies[3]);
  assert.match(bodies[4], new RegExp(`^g₀ = \\(${h1} \\+ 0 × ${h2}\\) mod 32 = `));
  assert.match(bodies[1], /61 70 70 6c 65/);
  assert.match(bodies[2], /byte 0x61: XOR → 0xcbf29ce484222344, × prime → 0xaf63dc4c8601ec8c/);
  // Every byte of a short word has its round: "apple"'s fifth, 0x65, too.
  assert.deepEqual(bodies[2].match(/byte 0x[0-9a-f]{2}:/g), ['byte 0x61:', 'byte 0x70:', 'byte 0x70:', 'byte 0x6c:', 'byte 0x65:']);
  assert.match(bodies[2], new RegExp(`after all 5 bytes: h₁ = 0x${fnv1a64Hex('apple')}`));
  assert.match(bodies[3], new RegExp(`h₂ = 0x${murmurHex('apple')}`));
  const [g0, g1] = bitIndexes('apple', 32, 3);
  assert.match(bodies[4], new RegExp(`g₀ = .* = ${g0}Bit ${g0} is 0: the insert sets it to 1 at the last step\\.`));
  // apple's g₂ is its g₀ again: the step says so, not that the bit is already 1.
  assert.match(bodies[6], new RegExp(`Bit ${g0} is the one g₀ chose: this insert sets it once, not twice\\.`));
  assert.match(bodies[5], new RegExp(`g₁ = .* = ${g1}`));
  assert.match(bodies[7], /Inserted: bits .* are new\. Items in the filter now: n = 1\./);
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '1');
  // The insert's steps can be read again from its result, and on to it again it does not insert
  // twice.
  assert.equal(await page.getByTestId('step-prev').isEnabled(), true, 'Previous from the result');
  await page.keyboard.press('ArrowLeft');
  await page.locator('[data-testid="step-through"][data-step="6"]').waitFor();
  assert.equal(await page.getByTestId('step-title').textContent(), 'Index g₂');
  // Stepped back, the array is the filter the steps read, as it was before the insert: what they
  // say ("Bit … is 0") is what it shows.
  assert.equal(await page.locator('[data-testid="bit"][data-set="true"]').count(), 0, 'no bit set before the insert');
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid="step-through"][data-step="7"]').waitFor();
  assert.deepEqual(await setBits(page), [...new Set(bitIndexes('apple', 32, 3))].sort((a, b) => a - b), 'the insert\'s bits at its result');
  assert.match(await page.getByTestId('step-body').textContent(), /Items in the filter now: n = 1\./);
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '1', 'inserted once');
  // Undo takes the insert back and closes the steps, which told of the filter before it.
  await page.keyboard.press('u');
  assert.equal(await panel.count(), 0, 'the steps closed with the undo');
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '0');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('step-through of a query ends in its verdict', async () => {
  const { page, problems } = await open('/');
  await insert(page, 'apple');
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('step-query-button').click();
  const steps = Number(await page.getByTestId('step-through').getAttribute('data-steps'));
  for (let i = 1; i < steps; i++) await page.getByTestId('step-next').click();
  assert.match(await page.getByTestId('step-body').textContent(), /All bits are 1, so the filter answers “maybe in the set” — it can never be sure\. Here it is right: the item was inserted\./);
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'present');
  await page.getByTestId('step-close').click();
  assert.deepEqual(problems(), []);
  await page.close();
});

test('shortcuts act outside fields and never while typing', async () => {
  const { page, problems } = await open('/');
  await insert(page, 'apple');
  // Typing every shortcut key into the field just types it.
  await page.getByTestId('item-input').fill('');
  await page.getByTestId('item-input').focus();
  await page.keyboard.type('p/r?uU');
  assert.equal(await page.getByTestId('item-input').inputValue(), 'p/r?uU');
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.getByTestId('shortcut-help').count(), 0);
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '1');

  // Outside a field they act.
  await page.getByTestId('item-input').fill('');
  await page.locator('h1').click();
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  assert.equal(await focusedTestId(page), 'shortcut-help-close', 'focus moves into the list');
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('shortcut-help').count(), 0);
  await page.keyboard.press('r');
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '0');
  await page.keyboard.press('u');
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '1', 'r is undone by u');
  await page.keyboard.press('p');
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('p');
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'false');
  await page.keyboard.press('/');
  assert.equal(await focusedTestId(page), 'item-input');
  // Enter leaves the word selected; "/" then asks for the field again, as a teacher's next word
  // begins, and puts no slash into the filter. In a word being typed it is a letter like any other.
  const field = page.getByTestId('item-input');
  await page.keyboard.type('cherry');
  await page.keyboard.press('Enter');
  await page.keyboard.press('/');
  assert.equal(await field.inputValue(), 'cherry');
  await page.keyboard.type('dog');
  assert.equal(await field.inputValue(), 'dog', 'the next word replaces the last');
  await page.keyboard.type('/x');
  assert.equal(await field.inputValue(), 'dog/x');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the list of shortcuts names only the keys that do something on the page', async () => {
  const listed = async (url, ready) => {
    const { page, problems } = await open(url, { ready });
    await page.keyboard.press('?');
    await page.getByTestId('shortcut-help').waitFor();
    const keys = await page.locator('.shortcut-list kbd').allTextContents();
    const presenter = await page.locator('.shortcut-list div').filter({ hasText: /^p/ }).textContent();
    assert.deepEqual(problems(), []);
    await page.close();
    return { keys, presenter };
  };
  const playground = await listed('/');
  assert.deepEqual(playground.keys, ['/', '?', 'i', 'q', '←', '→', 'Space, PageDown', 'Shift+Space, PageUp', 'p', 'm', 'c', 'r', 'u', 'U', 'Esc']);
  // The tool pages step through their last query (the counting filter its insert too), a remote's
  // keys with them.
  const counting = await listed('/counting/');
  assert.deepEqual(counting.keys, ['/', '?', 'i', 'q', '←', '→', 'Space, PageDown', 'Shift+Space, PageUp', 'p', 'm', 'c', 'r', 'u', 'U', 'Esc']);
  for (const url of ['/scalable/', '/count-min/', '/sets/']) {
    assert.deepEqual((await listed(url)).keys, ['/', '?', 'q', '←', '→', 'Space, PageDown', 'Shift+Space, PageUp', 'p', 'm', 'c', 'r', 'u', 'U', 'Esc'], url);
  }
  const lab = await listed('/lab/', 'lab-run');
  assert.deepEqual(lab.keys, ['?', '←', '→', 'p', 'm', 'c', 'Esc']);
  const chapter = await listed('/learn/2/');
  assert.deepEqual(chapter.keys, ['/', '?', 'i', 'q', '←', '→', 'Space, PageDown', 'Shift+Space, PageUp', 'Home', 'End', 'p', 'm', 'c', 'r', 'u', 'U', 'Esc']);
  assert.match(chapter.presenter, /in a chapter, it presents the chapter as slides/);
});

test('Esc leaves the item field keeping what was typed and stops a step-through; outside a field it closes what is open', async () => {
  const { page, problems } = await open('/');
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('step-insert-button').click();
  await page.getByTestId('step-through').waitFor();
  await page.getByTestId('item-input').focus();
  await page.keyboard.type(' pie');
  await page.keyboard.press('Escape');
  assert.notEqual(await focusedTestId(page), 'item-input', 'the first Esc leaves the field');
  assert.equal(await page.getByTestId('item-input').inputValue(), 'apple pie', 'and keeps what was typed');
  // A teacher who has just typed the word presses Esc once to stop, as anywhere else.
  assert.equal(await page.getByTestId('step-through').count(), 0, 'the same Esc stops stepping');
  await page.getByTestId('step-insert-button').click();
  await page.getByTestId('step-through').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('step-through').count(), 0, 'Esc outside the field stops stepping');
  // With no mouse at all, the shortcuts are reachable again.
  await page.keyboard.press('/');
  assert.equal(await focusedTestId(page), 'item-input');
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('shortcut-help').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

/** The playground in presenter mode at `width` × `height`, its shortcut list opened with `?`. */
async function openShortcuts(width, height) {
  const { page, problems } = await open('/#present=1&m=16', { width, height });
  await page.locator('.app.presenter').waitFor();
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcut-help');
  await help.waitFor();
  return { page, problems, help };
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`presenter mode at ${width}×${height}: the shortcut list in 28 px type, two keys to a row, Close in view and focused, every key reached`, async () => {
    const { page, problems, help } = await openShortcuts(width, height);
    assert.equal(await focusedTestId(page), 'shortcut-help-close');
    assert.equal(await onScreen(page.getByTestId('shortcut-help-close')), true, 'Close');
    assert.equal(await onScreen(help.locator('h2')), true, 'the title');
    const sizes = await help.locator('dt kbd, dd').evaluateAll((texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)));
    assert.ok(sizes.length >= 20 && sizes.every((size) => size >= 28), `every key and what it does at 28 px or more: ${sizes}`);
    const [first, second] = await help.locator('dt').evaluateAll((keys) => keys.slice(0, 2).map((key) => key.getBoundingClientRect().top));
    assert.ok(Math.abs(first - second) < 2, 'the first two keys side by side');
    if (height >= 1080) {
      assert.equal(await onScreen(help.locator('dd').last()), true, 'the last key, with no scrolling');
      assert.equal(await help.evaluate((dialog) => dialog.scrollHeight <= dialog.clientHeight + 1), true, 'nothing to scroll');
    } else {
      // At 720 px the list is taller than the screen: ↓ from Close scrolls it to its last key.
      assert.equal(await onScreen(help.locator('dd').last()), false, 'the last key below, at first');
      for (let press = 0; press < 40 && !(await onScreen(help.locator('dd').last())); press += 1) {
        await page.keyboard.press('ArrowDown');
      }
      assert.equal(await onScreen(help.locator('dd').last()), true, 'the last key, after ↓');
      assert.equal(await focusedTestId(page), 'shortcut-help-close', 'the focus still on Close');
    }
    await page.keyboard.press('Escape');
    assert.equal(await help.count(), 0);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

/** Whether the element's whole box is inside the viewport. */
const onScreen = (locator) => locator.evaluate((element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
});

async function assertReadable(page, where) {
  const { small, clipped } = await readabilityProblems(page, 28);
  assert.deepEqual(small, [], `${where}: text under 28 px`);
  assert.deepEqual(clipped, [], `${where}: cut off`);
}

/** At each step: no page scrolling needed, and the step panel, every bit of the array and what
 * happened wholly on the screen, in type of 28 px or more. */
async function assertStage(page, where) {
  assert.equal(await page.evaluate(() => scrollY), 0, `${where}: the page has not scrolled`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), `${where}: nothing below the screen`);
  assert.ok(await onScreen(page.locator('.bit-array')), `${where}: the whole array on screen`);
  // Until the last step what happened only repeats where the steps are; with many bits it makes
  // way for the step's words, and comes back with the verdict.
  const midway = await page.locator('.step-through:not(.last)').count();
  if (!midway) assert.ok(await onScreen(page.locator('.outcome-panel')), `${where}: what happened on screen`);
  if (await page.getByTestId('step-through').count()) {
    assert.ok(await onScreen(page.getByTestId('step-through')), `${where}: the steps on screen`);
    // The step's words fit their panel (a hash's working is folded under its value on the stage).
    const more = await page.getByTestId('step-body').evaluate((element) => element.scrollHeight - element.clientHeight);
    assert.ok(more <= 1, `${where}: the step's words need no scrolling (${more} px more)`);
  }
  const covered = await badgesOverNumbers(page);
  assert.deepEqual(covered, [], `${where}: badges over the bits' numbers`);
  await assertReadable(page, where);
}

for (const [width, height] of [[1920, 1080], [1280, 720]]) {
  test(`presenter mode at ${width}×${height}: a stage — the field, the steps, the verdict and 64 bits on one screen at every step, in 28 px type; m brings the rest back`, async () => {
    const requested = [];
    const { page, problems } = await open('/#m=64&k=4', { width, height, onRequest: (url) => requested.push(url) });
    const sheets = () => requested.filter((url) => url.endsWith('/presenter.css')).length;
    assert.equal(sheets(), 0, 'a visitor who does not present does not download its style sheet');
    const cell = () => page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.bit-value')).fontSize));
    const before = await cell();
    await page.keyboard.press('p');
    assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
    // Drawn once presenter mode's own style sheet has arrived.
    await page.locator('.app.presenter').waitFor();
    assert.equal(sheets(), 1);
    assert.ok((await cell()) >= 1.5 * before, `a bit's value grows from ${before} px to ${await cell()} px`);
    // Folded: the navigation, the settings and the panels around the widget are out of the way.
    for (const testid of ['site-nav', 'm-input', 'undo-button', 'share-link', 'fpr-chart']) {
      assert.equal(await page.getByTestId(testid).first().isVisible(), false, `${testid} folded away`);
    }
    assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'false');
    for (const word of ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'kiwi', 'plum']) await insert(page, word);
    // The statistics are folded away; n and X stay over the array, as the stats panel has them.
    const stats = page.getByTestId('stage-stats');
    assert.ok(await stats.isVisible(), 'n and X on the stage');
    const set = await page.locator('[data-testid="bit"][data-set="true"]').count();
    assert.equal((await stats.textContent()).replace(/\u00a0/g, ' '), `, n = 8, X = ${set}`);
    // Under the step buttons, what the folded panels say in brief: the chance a new word answers
    // "maybe", (X/m)^k, and the items, newest first (the oldest give way to an ellipsis).
    const summary = page.getByTestId('stage-summary');
    assert.ok(await onScreen(summary), 'the summary on the stage');
    const rate = (await page.getByTestId('stage-rate').textContent()).replace(/\u00a0/g, ' ');
    const shown = Number(rate.match(/^False-positive rate now: \(X\/m\)k = ([\d.]+)%$/)?.[1]);
    const expected = 100 * (set / 64) ** 4;
    assert.ok(Math.abs(shown - expected) <= expected * 0.005, `${rate}: (${set}/64)^4 is ${expected} %`);
    const items = page.getByTestId('stage-items');
    assert.equal(await items.getAttribute('title'), 'plum, kiwi, mango, lemon, grape, cherry, banana, apple');
    assert.match(await items.textContent(), /^Newest first: plum, kiwi, mango/);
    await page.getByTestId('item-input').fill('melon');
    await page.getByTestId('query-button').click();
    await page.getByTestId('verdict').waitFor();
    await assertStage(page, 'after a query');
    // Every step of an insert and of a query, with the keyboard: Esc leaves the field, i or q
    // starts stepping through the word typed.
    for (const [word, key] of [['peach', 'i'], ['melon', 'q']]) {
      await page.getByTestId('item-input').fill(word);
      await page.keyboard.press('Escape');
      await page.keyboard.press(key);
      const panel = page.getByTestId('step-through');
      await panel.waitFor();
      const steps = Number(await panel.getAttribute('data-steps'));
      let previous;
      for (let step = 0; step < steps; step++) {
        // The step the last → asked for, once the page shows it.
        await page.locator(`[data-testid="step-through"][data-step="${step}"]`).waitFor();
        await assertStage(page, `${word}, step ${step + 1}`);
        if (step >= 4 && step < steps - 1) assert.ok(await onScreen(page.locator('[data-step-bit]')), 'the bit of the current step is on screen');
        // Previous stays where it was, the last step too (a remote's finger, a teacher's eye).
        const box = await page.getByTestId('step-prev').boundingBox();
        previous ??= box;
        assert.ok(Math.abs(box.x - previous.x) < 1 && Math.abs(box.y - previous.y) < 1, `${word}, step ${step + 1}: Previous at ${box.x},${box.y}, was ${previous.x},${previous.y}`);
        await page.keyboard.press('ArrowRight');
      }
      // At the last step what happened is whole in its panel: nothing under its edge.
      const said = word === 'melon' ? page.getByTestId('verdict').locator('.verdict-label') : page.getByTestId('insert-outcome').locator('p').first();
      assert.ok(await onScreen(said), `${word}: the outcome on screen`);
      const hidden = await page.locator('.outcome-panel').evaluate((box) => box.scrollHeight - box.clientHeight);
      assert.ok(hidden <= 1, `${word}: ${hidden} px of what happened under its panel's edge`);
      await page.keyboard.press('Escape');
      assert.equal(await panel.count(), 0);
    }
    // m unfolds what a teacher reaches for next: undo, the link to share, the chart, the settings.
    await page.keyboard.press('m');
    assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'true');
    for (const testid of ['site-nav', 'm-input', 'undo-button', 'redo-button', 'share-link', 'fpr-chart']) {
      assert.ok(await page.getByTestId(testid).first().isVisible(), `${testid} is shown`);
    }
    await assertReadable(page, 'unfolded');
    // The Menu button folds it again.
    await page.getByTestId('menu-toggle').click();
    assert.equal(await page.getByTestId('m-input').isVisible(), false);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
    await page.close();
  });

  test(`presenter mode at ${width}×${height} with 32 bits: every step of an insert and of a query is on the stage, its words whole in their panel`, async () => {
    const { page, problems } = await open('/?m=32&k=3&item=apple&item=banana&item=grape&item=mango&item=lemon&item=pear&item=plum&item=fig&present=1', { width, height });
    await page.locator('.app.presenter').waitFor();
    for (const [word, button] of [['kiwi', 'step-insert-button'], ['lime', 'step-query-button']]) {
      await page.getByTestId('item-input').fill(word);
      await page.getByTestId(button).click();
      const panel = page.getByTestId('step-through');
      await panel.waitFor();
      const steps = Number(await panel.getAttribute('data-steps'));
      for (let step = 0; step < steps; step++) {
        await page.locator(`[data-testid="step-through"][data-step="${step}"]`).waitFor();
        await assertStage(page, `${word}, step ${step + 1}`);
        await page.keyboard.press('PageDown');
      }
      if (await panel.count()) await page.getByTestId('step-close').first().click();
    }
    assert.deepEqual(problems(), []);
    await page.close();
  });

  test(`presenter mode at ${width}×${height}: a cell that several probes land on shows how many beside its value, on the playground's and the counting filter's stages`, async () => {
    // "apple" probes bit 15 three times at m = 16, and counter 31 twice at m = 32 (bit 15 once).
    for (const [address, cell, badge] of [['/#m=16&k=3&present=1', 15, 'g×3'], ['/counting/#m=16&k=3&present=1', 15, 'g×3'], ['/counting/#m=32&k=3&present=1', 31, 'g×2']]) {
      const { page, problems } = await open(address, { width, height });
      await page.locator('.app.presenter.folded').waitFor();
      await insert(page, 'apple');
      const probed = page.locator(`.bit[data-index="${cell}"]`);
      await probed.locator('.bit-badge').waitFor();
      assert.equal(await probed.locator('.bit-badge').textContent(), badge, address);
      assert.deepEqual(await badgesOverNumbers(page), [], `${address}: badges over the cells' numbers`);
      assert.ok(await onScreen(page.locator('.bit-array')), `${address}: the whole array on screen`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), true, `${address}: nothing below the screen`);
      await assertReadable(page, address);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  });

  test(`presenter mode at ${width}×${height}: tutorial chapters, the calculator's longest answers and the embeds read from the back`, async () => {
    for (const [url, ready] of [
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((chapter) => [`/learn/#/${chapter}`, 'chapter']),
      ['/calculator/#n=1000000000&p=0.0001', 'calc-n'],
      ['/counting/#c=2&add=apple&add=apple&add=apple&add=pear&del=pear', 'counter'],
      ['/count-min/#w=8&d=3&add=5*apple&stream=1', 'cms-cell'],
      ['/scalable/#preset=redis&n0=4&p=0.1&add=apple&stream=40&add=apple', 'stage'],
      ['/sets/#m=32&a=apple&a=pear&b=pear&b=fig', 'or-bit'],
    ]) {
      const { page, problems } = await open(url, { width, height, ready });
      // The chapter's prose arrives as its own file.
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('p');
      assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
      await page.locator('.app.presenter').waitFor();
      await assertReadable(page, url);
      assert.deepEqual(problems(), []);
      await page.close();
    }
    for (const [url, ready] of [
      ['/embed/chart/#m=64&k=4&item=a&item=b&item=c&present=1', 'fpr-chart'],
      ['/embed/playground/#m=32&item=apple&present=1', 'bit'],
      ['/embed/calculator/#n=1000000000&p=0.0001&present=1', 'calc-n'],
      ['/embed/counting/#m=32&add=apple&present=1', 'counter'],
      ['/embed/count-min/#add=apple&present=1', 'cms-cell'],
      ['/embed/scalable/#n0=4&stream=40&present=1', 'stage'],
      ['/embed/shipping/#view=cascade&present=1', 'cascade-level'],
      ['/embed/sets/#a=apple&b=apple&present=1', 'or-bit'],
    ]) {
      const { page, problems } = await open(url, { width, height, ready });
      await page.waitForLoadState('networkidle');
      await page.locator('.app.presenter').waitFor();
      await assertReadable(page, url);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  });
}

test('presenter mode at 1280×720: a remote’s PageDown shows the rest of what happened when it is taller than its box, PageUp its start', async () => {
  // A full filter with k = 8: a false positive's eight bits and who set each are more than the
  // stage's room for what happened.
  const { page, problems } = await open('/#m=32&k=8&item=apple&item=banana&item=cherry&item=kiwi&item=lemon&item=mango&item=olive', { width: 1280, height: 720 });
  await page.keyboard.press('p');
  await page.locator('.app.presenter').waitFor();
  for (const word of ['grape', 'fig', 'plum', 'pear', 'peach', 'melon', 'lime', 'date', 'quince', 'papaya']) {
    await page.getByTestId('item-input').fill(word);
    await page.getByTestId('query-button').click();
    if (await page.getByTestId('verdict').getAttribute('data-verdict') === 'false-positive') break;
  }
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'false-positive');
  const panel = page.locator('.outcome-panel');
  const sizes = () => panel.evaluate((box) => ({ top: box.scrollTop, seen: box.clientHeight, whole: box.scrollHeight }));
  const first = await sizes();
  assert.ok(first.whole > first.seen, `what happened is taller than its box here: ${JSON.stringify(first)}`);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('PageDown');
  await page.waitForTimeout(300);
  const after = await sizes();
  assert.ok(after.top > first.top, 'PageDown scrolled what happened');
  assert.match(await panel.textContent(), /Who set those bits/);
  // Each press shows more, to its end.
  for (let press = 0; press < 4 && (await sizes()).top + first.seen < first.whole - 1; press++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
  }
  const list = await panel.locator('li').last().boundingBox();
  const box = await panel.boundingBox();
  assert.ok(list.y + list.height <= box.y + box.height + 1, 'its last line is in view');
  for (let press = 0; press < 4 && (await sizes()).top > 0; press++) {
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(300);
  }
  assert.equal((await sizes()).top, 0, 'PageUp went back to its start');
  assert.ok(await page.locator('.app.presenter').count(), 'still presenting');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('presenter mode at 1280×720 on combining filters: a remote’s PageDown shows the rest of an answer taller than its box', async () => {
  // Eleven words in A, five in B: a word only the AND says "maybe" for has the longest answer.
  const a = ['apple', 'pear', 'plum', 'fig', 'kiwi', 'lime', 'grape', 'melon', 'mango', 'peach', 'cherry'];
  const b = ['pear', 'fig', 'lemon', 'date', 'olive'];
  const link = `/sets/#m=32&k=3&${a.map((word) => `a=${word}`).join('&')}&${b.map((word) => `b=${word}`).join('&')}`;
  const { page, problems } = await open(link, { width: 1280, height: 720 });
  await page.keyboard.press('p');
  await page.locator('.app.presenter').waitFor();
  const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
  for (const word of words) {
    await page.locator('#set-a-item').fill(word);
    await page.locator('[data-testid="set-a"] [data-testid="query-button"]').click();
    await page.getByTestId('sets-verdict').waitFor();
    if (await page.getByTestId('and-false-positive').count()) break;
  }
  assert.equal(await page.getByTestId('and-false-positive').count(), 1, 'a word only the AND says “maybe” for');
  const panel = page.locator('.outcome-panel');
  const sizes = () => panel.evaluate((box) => ({ top: box.scrollTop, seen: box.clientHeight, whole: box.scrollHeight }));
  const first = await sizes();
  assert.ok(first.whole > first.seen + 24, `the answer is taller than its box here: ${JSON.stringify(first)}`);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let press = 0; press < 4 && (await sizes()).top + first.seen < first.whole - 1; press++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
  }
  const warning = await page.getByTestId('and-false-positive').boundingBox();
  const box = await panel.boundingBox();
  assert.ok(warning.y + warning.height <= box.y + box.height + 1, 'the AND’s false positive read to its end');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await page.waitForTimeout(300);
  assert.equal((await sizes()).top, 0, 'PageUp went back to its start');
  assert.deepEqual(problems(), []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`presenter mode at ${width}×${height} on combining filters of 64 bits: at every step of a query the rows of bits, the step and what happened fit the stage`, async () => {
    const { page, problems } = await open('/sets/?present=1#m=64&k=4&scheme=double&a=apple&a=pear&a=plum&a=fig&b=pear&b=fig&b=kiwi&b=lime&b=grape', { width, height, ready: 'set-a' });
    await page.locator('.app.presenter').waitFor();
    await page.locator('#set-a-item').fill('pear');
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    await page.locator('.action-steps.stepping').waitFor();
    for (let step = 0; ; step++) {
      const hidden = await page.evaluate(() => [...document.querySelectorAll('.rows-panel, .outcome-panel, .action-steps')]
        .filter((box) => box.checkVisibility() && box.scrollHeight > box.clientHeight + 1)
        .map((box) => `${box.className}: ${box.scrollHeight - box.clientHeight} px`));
      assert.deepEqual(hidden, [], `step ${step}: under a panel's edge`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), `step ${step}: nothing below the screen`);
      await assertReadable(page, `step ${step}`);
      if (await page.getByTestId('step-done').count()) break;
      assert.ok(step < 8, 'the steps end');
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(250);
    }
    const said = page.locator('.outcome-panel');
    assert.match(await said.textContent(), /It is in both sets\./);
    assert.ok(await onScreen(said), 'what happened on the screen at the last step');
    // Done: the sets' bars come back, and what happened still fits its panel.
    await page.getByTestId('step-done').click();
    await page.locator('.action-steps.stepping').waitFor({ state: 'detached' });
    const hidden = await said.evaluate((box) => box.scrollHeight - box.clientHeight);
    assert.ok(hidden <= 1, `after the steps: ${hidden} px of what happened under its edge`);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('presenter mode on a phone (375 px) never runs past the screen', async () => {
  for (const [url, ready, act] of [
    ['/#m=48&k=4', 'item-input', async (page) => {
      await insert(page, 'gold');
      await page.getByTestId('item-input').fill('silver');
      await page.getByTestId('step-query-button').click();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    }],
    ['/learn/2/', 'chapter', async () => {}],
    ['/calculator/#n=1000000000&p=0.0001', 'calc-n', async () => {}],
  ]) {
    const { page, problems } = await open(url, { width: 375, height: 667, ready });
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('p');
    await page.locator('.app.presenter').waitFor();
    await act(page);
    const { clipped } = await readabilityProblems(page, 0);
    // Wide tables scroll inside their own box on a phone; nothing else may run off the screen.
    assert.deepEqual(clipped.filter((problem) => !problem.startsWith('div.table-scroll')), [], url);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('?present=1 opens in presenter mode', async () => {
  const { page, problems } = await open('/#present=1&m=16');
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('state-error').count(), 0, 'present is a known parameter');
  assert.deepEqual(problems(), []);
  await page.close();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const stream = await file.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('the chart exports as SVG and PNG, the bit array as PNG, for slides', async () => {
  const requested = [];
  const { page, problems } = await open('/#m=32&k=3&item=apple&item=pear&item=plum', { width: 1600, onRequest: (url) => requested.push(url) });
  await page.waitForLoadState('networkidle');
  const fetchedCode = () => requested.filter((url) => url.endsWith('/export.js')).length;
  assert.equal(fetchedCode(), 0, 'the downloads’ code is not part of the page until someone downloads');
  const svg = await download(page, 'export-chart-svg');
  assert.equal(fetchedCode(), 1);
  assert.equal(svg.name, 'bloom-filter-chart.svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(text, /False-positive rate against n for m = 32, k = 3/);
  assert.match(text, /stroke:\s*rgb\(/, 'colours are written into the file');
  assert.equal((text.match(/data-testid="fpr-point"/g) ?? []).length, 3);
  const png = await download(page, 'export-chart-png');
  assert.equal(png.name, 'bloom-filter-chart.png');
  const [width, height] = pngSize(png.bytes);
  const [drawnWidth, drawnHeight] = await page.getByTestId('fpr-chart').locator('svg.chart')
    .evaluate((element) => [element.viewBox.baseVal.width, element.viewBox.baseVal.height]);
  assert.equal(width, Math.round(drawnWidth * 2));
  assert.equal(height, Math.round(drawnHeight * 2));
  const array = await download(page, 'export-array-png');
  assert.equal(array.name, 'bloom-filter-bits.png');
  const [arrayWidth, arrayHeight] = pngSize(array.bytes);
  assert.equal(arrayWidth, 2 * (6 + 16 * 54), '16 cells per row');
  assert.equal(arrayHeight, 2 * (6 + 2 * 54), 'two rows for 32 bits');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the list of shortcuts holds the keys while it is open: a remote’s PageDown or an arrow does not move the steps behind it', async () => {
  const { page, problems } = await open('/');
  await insert(page, 'apple');
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('step-query-button').click();
  const panel = page.getByTestId('step-through');
  await page.getByTestId('step-next').click();
  assert.equal(await panel.getAttribute('data-step'), '1');
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  for (const key of ['PageDown', 'ArrowRight', 'PageUp', 'ArrowLeft']) {
    await page.keyboard.press(key);
    assert.equal(await panel.getAttribute('data-step'), '1', `${key} behind the list`);
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('shortcut-help').waitFor({ state: 'detached' });
  await page.keyboard.press('PageDown');
  await page.locator('[data-testid="step-through"][data-step="2"]').waitFor();
  assert.deepEqual(problems(), []);
  await page.close();
});

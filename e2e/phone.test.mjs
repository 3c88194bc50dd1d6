// End-to-end tests for a student on a 375 × 800 phone and for what a learner reads while stepping:
// after Query and at every step of a step-through the field, the verdict and the bits touched are on
// the screen (not under the field that stays at the top); the step buttons never move; each index is
// revealed at its own step; hexadecimal is marked; the second hash is worked out like the first; the
// positive verdict is a "maybe".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeViolations, badgesOverNumbers, openPage, useSite } from './harness.mjs';
import { bitIndexes, independentIndexes, murmurHex } from './reference.js';

const { PNG } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle');
const site = useSite();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const texts = (lang, name) => JSON.parse(fs.readFileSync(path.join(root, 'static/locales', lang, `${name}.json`), 'utf8'));
const phone = { width: 375, height: 800 };

/** The part of `locator`'s box on the screen and below `coveredTo` (what stays at the top). */
async function onScreen(page, locator, coveredTo = 0) {
  const box = await locator.boundingBox();
  assert.ok(box, 'laid out');
  const viewport = page.viewportSize();
  return box.y + box.height > coveredTo && box.y < viewport.height && box.width > 0;
}

/** How far down what stays at the top of a phone's screen covers the page. */
async function coveredTo(page) {
  return page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.stage > .item-panel, .stage > .step-through')]
    .map((panel) => panel.getBoundingClientRect())
    .filter((box) => box.top <= 1)
    .map((box) => box.bottom)));
}

async function assertAllOnScreen(page, what, indexes) {
  const covered = await coveredTo(page);
  for (const index of indexes) {
    // The cell itself, or its copy in the strip a phone shows above a large array.
    const cell = page.locator(`[data-testid="bit"][data-index="${index}"]`);
    const copy = page.locator(`[data-testid="probe-strip"] [data-index="${index}"]`).first();
    const shown = await onScreen(page, cell, covered) || (await copy.count() > 0 && await onScreen(page, copy, covered));
    assert.ok(shown, `${what}: bit ${index} on screen below ${covered} px`);
  }
}

test('on a phone, after Query the field, the verdict and every probed bit are on one screen', async () => {
  for (const m of [16, 32, 64, 96, 128]) {
    const { page, problems } = await openPage(site.context, site.origin, `/#m=${m}&k=3&item=apple&item=dog&item=cherry`, phone);
    for (const [word, action] of [['grape', 'query-button'], ['apple', 'query-button'], ['melon', 'insert-button']]) {
      await page.getByTestId('item-input').fill(word);
      await page.getByTestId(action).click();
      await page.waitForTimeout(400);
      const covered = await coveredTo(page);
      assert.ok(await onScreen(page, page.getByTestId('item-input')), `m=${m} ${word}: the field`);
      const said = action === 'query-button' ? page.getByTestId('verdict') : page.getByTestId('insert-outcome');
      assert.ok(await onScreen(page, said, covered), `m=${m} ${word}: what happened`);
      await assertAllOnScreen(page, `m=${m} ${word}`, bitIndexes(word, m, 3));
    }
    // The array's heading breaks only between "m = …" and "k = …", never inside one.
    assert.equal(await page.locator('#array-heading .heading-note').textContent(), ` m\u00a0=\u00a0${m}, k\u00a0=\u00a03`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone, with 200 bits (several screens of cells), the field, what happened and the probed bits are on one screen: the bits above the array', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=200&k=3&item=apple&item=dog&item=cherry', phone);
  assert.equal(await page.getByTestId('probe-strip').count(), 0, 'nothing typed, no strip');
  for (const [word, action] of [['grape', 'query-button'], ['apple', 'query-button'], ['melon', 'insert-button']]) {
    await page.getByTestId('item-input').fill(word);
    await page.getByTestId(action).click();
    await page.waitForTimeout(400);
    const covered = await coveredTo(page);
    assert.ok(await onScreen(page, page.getByTestId('item-input')), `${word}: the field`);
    const said = action === 'query-button' ? page.getByTestId('verdict') : page.getByTestId('insert-outcome');
    assert.ok(await onScreen(page, said, covered), `${word}: what happened`);
    // The strip holds the probed bits in hash-row order, each with its index, its value as the
    // array has it, and its row's badge — and is on the screen whole.
    const strip = page.getByTestId('probe-strip');
    assert.match(await strip.textContent(), /^This item’s bits, from the array below:/);
    const cells = await strip.locator('li').evaluateAll((items) => items.map((item) => [Number(item.dataset.index), item.querySelector('.bit-value').textContent, item.querySelector('.bit-badge').textContent]));
    const indexes = bitIndexes(word, 200, 3);
    const values = await Promise.all(indexes.map((index) => page.locator(`[data-testid="bit"][data-index="${index}"]`).getAttribute('data-set')));
    assert.deepEqual(cells, indexes.map((index, row) => [index, values[row] === 'true' ? '1' : '0', `g${row}`]), word);
    const box = await strip.boundingBox();
    assert.ok(box.y >= covered && box.y + box.height <= phone.height, `${word}: the strip whole on the screen (${Math.round(box.y)}–${Math.round(box.y + box.height)} px)`);
  }
  // Stepping through an insert: at each step the bit it points at is on the screen below the steps,
  // and the strip holds the indexes reached so far.
  await page.getByTestId('item-input').fill('kiwi');
  await page.getByTestId('step-insert-button').click();
  const kiwi = bitIndexes('kiwi', 200, 3);
  await eachStep(page, page.locator('body'), async (step, count) => {
    const reached = await page.getByTestId('probe-strip').locator('li').evaluateAll((items) => items.map((item) => Number(item.dataset.index)));
    assert.deepEqual(reached, kiwi.slice(0, reached.length), `step ${step + 1}: the strip holds kiwi's indexes so far`);
    const pointed = page.locator('[data-step-bit]');
    if (step < count - 1 && await pointed.count()) {
      const covered = await coveredTo(page);
      const box = await pointed.boundingBox();
      assert.ok(box.y >= covered - 1 && box.y + box.height <= phone.height, `step ${step + 1}: bit ${await pointed.getAttribute('data-index')} at ${Math.round(box.y)} px, under the steps (${Math.round(covered)} px)`);
    }
  });
  // At 1280 px the array is on one screen: no copy.
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.equal(await page.getByTestId('probe-strip').isVisible(), false);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

/** Walks the open step-through in `scope` to its last step. At each step (from the first) Previous
 * is where it was and on the screen, and the step's own button (Next, or Close at the last) is on
 * the screen; then `check(step, count)` runs, and Next is pressed. */
async function eachStep(page, scope, check) {
  const panel = scope.getByTestId('step-through');
  const count = Number(await panel.getAttribute('data-steps'));
  let place;
  for (let step = 0; step < count; step++) {
    await scope.locator(`[data-testid="step-through"][data-step="${step}"]`).waitFor();
    await page.waitForTimeout(150);
    const at = await scope.getByTestId('step-prev').boundingBox();
    place ??= at;
    assert.deepEqual(at, place, `step ${step + 1}: Previous has not moved`);
    assert.ok(at.y >= 0 && at.y + at.height <= phone.height, `step ${step + 1}: Previous on screen at ${at.y}`);
    const next = step < count - 1 ? scope.getByTestId('step-next') : scope.getByTestId('step-close');
    assert.ok(await onScreen(page, next), `step ${step + 1}: its button on screen`);
    await check(step, count);
    if (step < count - 1) await scope.getByTestId('step-next').click();
  }
}

test('on a phone, stepping through a query keeps its buttons still and the step’s bit and outcome in view', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3&item=apple&item=dog', phone);
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('step-query-button').click();
  const indexes = bitIndexes('grape', 32, 3);
  await eachStep(page, page.locator('body'), async (step, count) => {
    const covered = await coveredTo(page);
    const outcome = step < count - 1 ? page.getByTestId('step-outcome') : page.getByTestId('verdict');
    assert.ok(await onScreen(page, outcome, covered), `step ${step + 1}: the outcome in view`);
    if (step < count - 1) {
      // The step-through is no taller than most steps need: what happened is read whole under the array.
      const box = await outcome.boundingBox();
      assert.ok(box.y >= covered && box.y + box.height <= phone.height, `step ${step + 1}: what happened whole on the screen (${box.y}–${box.y + box.height})`);
    }
    // Only the indexes reached so far are marked, each at its own step.
    const revealed = Math.max(0, Math.min(3, step - 3));
    const marked = await page.$$eval('[data-testid="bit"][data-probe]', (cells) => cells.map((cell) => Number(cell.dataset.index)).sort((a, b) => a - b));
    assert.deepEqual(marked, [...new Set(indexes.slice(0, revealed))].sort((a, b) => a - b), `step ${step + 1}: marked bits`);
    await assertAllOnScreen(page, `step ${step + 1}`, indexes.slice(0, revealed));
    if (step === 0) {
      assert.equal(await outcome.textContent(), `Querying “grape” step by step (1 of ${count}): the verdict comes at the last step.`);
    }
  });
  // A query changed nothing: from its result the steps can be read again, and on to the same verdict.
  const panel = page.getByTestId('step-through');
  const count = Number(await panel.getAttribute('data-steps'));
  const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
  assert.equal(await page.getByTestId('step-prev').isEnabled(), true, 'Previous from the result');
  await page.getByTestId('step-prev').click();
  await page.locator(`[data-testid="step-through"][data-step="${count - 2}"]`).waitFor();
  await page.getByTestId('step-next').click();
  await page.locator(`[data-testid="step-through"][data-step="${count - 1}"]`).waitFor();
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), verdict);
  // Closed, the verdict and every probed bit are on the screen.
  await page.getByTestId('step-close').click();
  await panel.waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
  const covered = await coveredTo(page);
  assert.ok(await onScreen(page, page.getByTestId('verdict'), covered), 'closed: the verdict in view');
  await assertAllOnScreen(page, 'closed', indexes);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, a chapter’s playground keeps its step buttons still and the step’s bit in view', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/2/', phone);
  const widget = page.locator('.learn-widget').first();
  await widget.getByTestId('item-input').fill('melon');
  await widget.getByTestId('step-query-button').click();
  const indexes = bitIndexes('melon', 16, 3);
  await eachStep(page, widget, async (step) => {
    const covered = await widget.getByTestId('step-through').evaluate((element) => element.getBoundingClientRect().bottom);
    const revealed = Math.max(0, Math.min(3, step - 3));
    for (const index of indexes.slice(0, revealed)) {
      assert.ok(await onScreen(page, widget.locator(`[data-testid="bit"][data-index="${index}"]`), covered), `step ${step + 1}: bit ${index} below the panel`);
    }
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, a chapter’s playground puts the array under its field, gives the field room and folds a hash’s working under its value', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/2/', phone);
  const widget = page.locator('.learn-widget').first();
  const field = await widget.getByTestId('item-input').boundingBox();
  assert.ok(field.width >= 0.45 * phone.width, `the field is ${Math.round(field.width)} px wide`);
  assert.equal(await widget.getByTestId('item-input').evaluate((input) => input.scrollWidth <= input.clientWidth), true, 'its placeholder fits');
  // The array and what happened come before the step buttons and the settings.
  const array = await widget.locator('.array-panel').boundingBox();
  const settings = await widget.locator('.settings-panel').boundingBox();
  assert.ok(array.y > field.y && array.y + array.height <= settings.y, `array at ${Math.round(array.y)} px, settings at ${Math.round(settings.y)} px`);
  // The tour says which section its queries belong to.
  assert.equal(await widget.locator('.tour-label').textContent(), 'Three queries for the next section, one for each possible answer:');
  // Stepping: each hash shows its value first; the working, folded, opens on a tap.
  await widget.getByTestId('item-input').fill('melon');
  await widget.getByTestId('step-query-button').click();
  const body = widget.getByTestId('step-body');
  for (let step = 0; step < 4; step++) {
    if (step >= 2) {
      const [value, reduced] = await body.locator('p').allTextContents();
      assert.match(value, step === 2 ? /^h₁ = 0x[0-9a-f]{16}$/ : /^h₂ = 0x[0-9a-f]{8}$/);
      assert.match(reduced, step === 2 ? /^h₁ mod \d+ = \d+$/ : /^h₂ mod \d+ = \d+$/);
      const working = widget.getByTestId('step-working');
      assert.equal(await working.evaluate((element) => element.open), false, `step ${step + 1}: the working folded`);
      const more = await body.evaluate((element) => element.scrollHeight - element.clientHeight);
      assert.ok(more <= 1, `step ${step + 1}: the step needs no scrolling (${more} px more)`);
    }
    await widget.getByTestId('step-next').click();
  }
  await widget.getByTestId('step-prev').click();
  const places = () => page.evaluate(() => ['[data-testid="step-next"]', '.bit-array'].map((selector) => Math.round(document.querySelector(`.learn-widget ${selector}`).getBoundingClientRect().top)));
  const closed = await places();
  const room = () => body.evaluate((element) => element.clientHeight);
  const folded = await room();
  await widget.getByTestId('step-working').locator('summary').click();
  assert.match(await widget.getByTestId('step-working').textContent(), /bytes 6d 65 6c 6f: k = 0x6f6c656d/);
  // Opened, the working is what the reader asked to read: the panel grows to most of the screen,
  // under the buttons, which stay where the thumb is.
  assert.ok(await room() >= 2 * folded, `the step's room grew from ${folded} to ${await room()} px`);
  assert.equal((await places())[0], closed[0], 'Next has not moved');
  assert.ok(await room() <= phone.height, 'within the screen');
  // The next step starts folded: Next and the array are back where they were.
  await widget.getByTestId('step-next').click();
  assert.deepEqual(await places(), closed, 'Next and the array where they were');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, the chart as a table scrolls in its own box, never the page', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3&item=apple&item=banana', phone);
  for (const summary of await page.locator('details.chart-table > summary').all()) await summary.click();
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), phone.width, 'the page does not scroll sideways');
  const table = page.locator('details.chart-table').first();
  assert.ok(await table.evaluate((box) => box.getBoundingClientRect().right <= innerWidth), 'the table’s box inside the screen');
  // The table is wider than its box, and the box's right edge is shaded (more that way); its left,
  // scrolled to the start, is not — until it is scrolled.
  const scroller = table.locator('.table-scroll');
  assert.ok(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth + 20), 'wider than its box');
  const edges = async () => {
    const box = await scroller.boundingBox();
    const strip = async (x) => {
      const shot = PNG.sync.read(await page.screenshot({ clip: { x, y: box.y + box.height / 2, width: 3, height: 3 } }));
      return shot.data[0] + shot.data[1] + shot.data[2];
    };
    return { left: await strip(box.x), right: await strip(box.x + box.width - 3) };
  };
  await scroller.evaluate((box) => box.scrollIntoView({ block: 'center' }));
  const start = await edges();
  assert.ok(start.right < start.left - 20, `the right edge shaded: ${JSON.stringify(start)}`);
  await scroller.evaluate((box) => { box.scrollLeft = box.scrollWidth; });
  const end = await edges();
  assert.ok(end.left < end.right - 20, `scrolled to its end, the left edge shaded: ${JSON.stringify(end)}`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the steps mark hexadecimal and work out MurmurHash3 like FNV-1a', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3');
  await page.getByTestId('item-input').fill('grapefruit');
  await page.getByTestId('step-insert-button').click();
  const title = page.getByTestId('step-title');
  const body = page.getByTestId('step-body');
  await page.getByTestId('step-next').click();
  assert.equal(await title.textContent(), 'Its UTF-8 bytes, in hex');
  assert.match(await body.textContent(), /^67 72 61 70 65 66 72 75 69 74/);
  await page.getByTestId('step-next').click();
  assert.match(await body.textContent(), /Start from the offset basis 0xcbf29ce484222325/);
  await page.getByTestId('step-next').click();
  assert.equal(await title.textContent(), 'Second hash');
  const [value, modulo, ...lines] = await body.locator('p').allTextContents();
  // Its value first, then it reduced mod m on a line of its own, then its working, like FNV-1a's.
  assert.equal(value, `h₂ = 0x${murmurHex('grapefruit')}`);
  const [, m, rest] = modulo.match(/^h₂ mod (\d+) = (\d+)$/);
  assert.equal(Number(rest), parseInt(murmurHex('grapefruit'), 16) % Number(m));
  // "grapefruit": blocks "grap" and "efru", then the tail "it" — read little-endian, as the reference does.
  assert.match(lines[0], /^MurmurHash3 x86_32, seed 0: start from h = 0x00000000\. .*× 0xcc9e2d51, rotate left 15, × 0x1b873593.*× 5 \+ 0xe6546b64/);
  assert.match(lines[1], /^bytes 67 72 61 70: k = 0x70617267, scrambled → 0x[0-9a-f]{8}, h → 0x[0-9a-f]{8}$/);
  assert.match(lines[2], /^bytes 65 66 72 75: k = 0x75726665, /);
  assert.match(lines[3], /^last bytes 69 74: k = 0x00007469, scrambled → 0x[0-9a-f]{8}, h XOR k → 0x[0-9a-f]{8}$/);
  assert.equal(lines[4], `… XOR the length (10 bytes), then the finalizer (XOR-shifts and two multiplications): h₂ = 0x${murmurHex('grapefruit')}`);
  // The workings panel marks its hashes as hexadecimal too.
  assert.match(await page.getByTestId('hash-murmur').textContent(), new RegExp(`^0x${murmurHex('grapefruit')}`));
  assert.match(await page.locator('.workings dt').first().textContent(), /^UTF-8 bytes in hex \(10\)$/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the steps hash as the scheme does: k seeded MurmurHash3, or one MurmurHash3 x64_128 split in two halves; no FNV-1a where it is not used', async () => {
  const stepsOf = async (scheme) => {
    const { page, problems } = await openPage(site.context, site.origin, `/#m=32&k=3&scheme=${scheme}`);
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('step-insert-button').click();
    const read = [];
    const count = Number(await page.getByTestId('step-through').getAttribute('data-steps'));
    for (let step = 0; step < count - 1; step++) {
      await page.locator(`[data-testid="step-through"][data-step="${step}"]`).waitFor();
      read.push({ title: await page.getByTestId('step-title').textContent(), lines: await page.getByTestId('step-body').locator('p').allTextContents() });
      await page.getByTestId('step-next').click();
    }
    assert.deepEqual(problems(), []);
    await page.close();
    return read;
  };
  const seeded = await stepsOf('independent');
  assert.deepEqual(seeded.map((step) => step.title), ['The text', 'Its UTF-8 bytes, in hex', '3 hashes, one per seed', 'Each hash mod m', 'Index g₀', 'Index g₁', 'Index g₂']);
  const hashes = [0, 1, 2].map((seed) => murmurHex('apple', seed));
  assert.deepEqual(seeded[2].lines.slice(1), hashes.map((hash, seed) => `h${'₀₁₂'[seed]} = 0x${hash}`));
  assert.deepEqual(seeded[3].lines.slice(0, 3), hashes.map((hash, seed) => `h${'₀₁₂'[seed]} mod 32 = ${parseInt(hash, 16) % 32}`));
  const seededIndexes = independentIndexes('apple', 32, 3);
  for (const i of [0, 1, 2]) assert.equal(seeded[4 + i].lines[0], `g${'₀₁₂'[i]} = 0x${hashes[i]} mod 32 = ${seededIndexes[i]}`);
  const split = await stepsOf('murmur128-split');
  assert.deepEqual(split.map((step) => step.title).slice(2, 4), ['The hash: MurmurHash3 x64_128', 'Its two halves: h₁ and h₂']);
  // The 128-bit hash is its two halves side by side, high then low; the indexes start from them.
  const [whole] = split[2].lines;
  const [low, lowMod, high, highMod] = split[3].lines;
  assert.equal(whole, `0x${high.slice(7)}${low.slice(7)}`);
  const [a, b] = [lowMod, highMod].map((line) => Number(line.split(' = ')[1]));
  assert.equal(a, Number(BigInt(low.slice(5)) % 32n));
  assert.equal(b, Number(BigInt(high.slice(5)) % 32n));
  assert.match(split[4].lines[0], new RegExp(`^g₀ = \\(${a} \\+ 0 × ${b}\\) mod 32 = ${a}$`));
  for (const steps of [seeded, split]) assert.doesNotMatch(JSON.stringify(steps), /FNV/);
});

test('the first step counts what the text is made of: characters for ASCII, code points past it, with its spaces as typed', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3');
  const first = async (text) => {
    await page.getByTestId('item-input').fill(text);
    await page.getByTestId('step-query-button').click();
    const said = await page.getByTestId('step-body').textContent();
    // The line over the steps names the item, where a phone's steps cover its field.
    if (text === 'apple') assert.match(await page.locator('.step-count').innerText(), /^Querying “apple”, step 1 of \d+$/);
    await page.getByTestId('step-close').click();
    return said;
  };
  assert.equal(await first('apple'), 'We start from the text “apple” (5 characters).');
  // A family emoji is one picture of five code points (three people, two joiners), eighteen bytes.
  const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
  assert.match(await first(family), /^We start from the text “.+” \(5 Unicode code points: a character seen as one can be several/);
  assert.equal(await first('e\u0301'), 'We start from the text “e\u0301” (2 Unicode code points: a character seen as one can be several, and each is one to four bytes).');
  // Spaces at the ends and doubled are what the bytes are made of: the quote shows every one.
  const spaced = '  spaced  ';
  const said = await first(spaced);
  const quoted = said.match(/“([^”]*)”/)[1];
  assert.equal(quoted.replaceAll('\u00a0', ' '), spaced);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a yes is only a maybe, in all three languages; the seed sits with the random words', async () => {
  for (const lang of ['en', 'zh', 'ja']) {
    const own = texts(lang, 'widgets');
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const { page, problems } = await openPage(site.context, site.origin, `${prefix}/#m=32&k=3&item=apple`);
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
    const verdict = page.getByTestId('verdict');
    assert.equal(await verdict.getAttribute('data-verdict'), 'present');
    assert.equal(await verdict.locator('.verdict-label').textContent(), own.VerdictBadgePresent);
    assert.match(own.VerdictBadgePresent, { en: /Maybe/, zh: /可能/, ja: /かもしれない/ }[lang]);
    assert.doesNotMatch(await verdict.textContent(), /✓/);
    const group = page.locator('.random-words');
    assert.equal(await group.getByTestId('seed-input').count(), 1);
    assert.equal(await group.getByTestId('random-words-button').count(), 1);
    assert.equal(await group.locator('label').textContent(), own.SeedLabel);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone every formula of a chapter is whole in its column: one wider than the column is set smaller, never cut at its edge', async () => {
  for (const url of ['/learn/3/', '/learn/4/', '/learn/5/', '/learn/6/', '/learn/9/', '/learn/10/', '/learn/11/', '/learn/12/', '/zh/learn/10/']) {
    const { page, problems } = await openPage(site.context, site.origin, url, { ...phone, ready: 'chapter' });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const formulas = await page.locator('.chapter-body .math').evaluateAll((all) => all.map((box) => {
      box.scrollIntoView();
      return { room: box.clientWidth, need: box.scrollWidth, size: parseFloat(getComputedStyle(box).fontSize), text: box.textContent.slice(0, 30) };
    }));
    assert.ok(formulas.length > 0, `${url} has formulas`);
    const cut = formulas.filter((formula) => formula.need > formula.room + 1);
    assert.deepEqual(cut, [], `${url}: formulas cut at the column's edge`);
    // Set smaller, still readable: no formula under 70% of the page's formula size (1.2 × 16 px).
    assert.ok(formulas.every((formula) => formula.size >= 0.7 * 1.2 * 16 - 0.1), JSON.stringify(formulas.map((formula) => formula.size)));
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone a chapter starts with the chapter: the contents fold into one button above it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/4/', { ...phone, ready: 'chapter' });
  const heading = page.getByTestId('chapter').locator('h1');
  assert.equal(await heading.textContent(), 'False positives');
  assert.ok((await heading.boundingBox()).y + 40 < phone.height, 'the chapter’s title on the first screen');
  const toggle = page.getByTestId('contents-toggle');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('.learn-contents ol').isVisible(), false);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const links = page.locator('.learn-contents li a');
  assert.equal(await links.count(), 12);
  assert.ok(await links.first().isVisible());
  assert.equal(await page.locator('.learn-contents li[aria-current="page"] a').textContent(), 'False positives');
  await toggle.click();
  assert.equal(await page.locator('.learn-contents ol').isVisible(), false);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
  // Beside the chapter on a wide screen, the contents are open and need no button.
  const wide = await openPage(site.context, site.origin, '/learn/4/', { ready: 'chapter' });
  assert.equal(await wide.page.getByTestId('contents-toggle').isVisible(), false);
  assert.ok(await wide.page.locator('.learn-contents ol').isVisible());
  assert.deepEqual(wide.problems(), []);
  await wide.page.close();
});

test('on a phone every chapter shows a widget, a table or a drawing within its first two screens (a formula is not a picture), in all three languages', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/1/', { ...phone, ready: 'chapter' });
  const late = [];
  for (const lang of ['', 'zh/', 'ja/']) {
    for (let chapter = 1; chapter <= 12; chapter++) {
      await page.goto(`${site.origin}/${lang}learn/${chapter}/`);
      const first = await page.evaluate(() => {
        const shown = [...document.querySelectorAll('[data-testid="chapter"] :is(.learn-widget, .chapter-table, .chapter-figure)')]
          .map((element) => ({ top: element.getBoundingClientRect().top + scrollY, height: element.getBoundingClientRect().height, what: element.className }))
          .filter((figure) => figure.height > 40);
        return shown.sort((a, b) => a.top - b.top)[0];
      });
      assert.ok(first, `${lang}learn/${chapter}/ has a figure`);
      // It starts within the first two screens: one scroll brings it into view.
      if (first.top >= 2 * phone.height) late.push(`${lang || 'en/'}learn/${chapter}/: ${first.what} at ${Math.round(first.top)} px`);
    }
  }
  assert.deepEqual(late, []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a chapter starts within its first third, and a class’s link to a slide opens the chapter at that slide’s place', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/2/', { ...phone, ready: 'chapter' });
  const title = await page.getByTestId('chapter').locator('h1').boundingBox();
  assert.ok(title.y < phone.height / 3, `the chapter’s title at ${Math.round(title.y)} px`);
  // The header's links take one row, which scrolls sideways; the page itself never does.
  const nav = await page.getByTestId('site-nav').locator('ul').evaluate((list) => ({ height: list.getBoundingClientRect().height, wider: list.scrollWidth > list.clientWidth }));
  assert.ok(nav.height < 60 && nav.wider, `the links: ${JSON.stringify(nav)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
  // A QR code of slide 5: the section it shows is at the top of the phone's screen.
  const section = await page.locator('.chapter-slide').nth(4).locator('> *').first().textContent();
  await page.goto(`${site.origin}/learn/2/?present=1&slide=5`);
  await page.waitForFunction(() => scrollY > 0);
  const first = page.locator('.chapter-slide').nth(4).locator('> *').first();
  assert.equal(await first.textContent(), section);
  const box = await first.boundingBox();
  assert.ok(box.y >= -1 && box.y < phone.height / 2, `slide 5 begins at ${Math.round(box.y)} px`);
  assert.equal(await page.getByTestId('slide').count(), 0, 'a phone reads; it does not show slides');
  assert.equal(await page.locator('.app.presenter').count(), 0, 'in the page’s own type');
  // The playground's code on the wall: its state, in the page a phone reads.
  await page.goto(`${site.origin}/?m=32&k=3&item=apple&item=banana&present=1`);
  assert.equal(await page.locator('.app.presenter').count(), 0, 'not presented on a phone');
  assert.equal(await page.getByTestId('item').count(), 2, 'the wall’s two items');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, stepping through an empty field says why where the eye is, as Insert does', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3&item=apple', phone);
  await page.getByTestId('item-input').fill('');
  await page.evaluate(() => scrollTo(0, 1200));
  await page.getByTestId('step-insert-button').click();
  const refused = page.getByTestId('refused');
  await refused.waitFor();
  assert.match(await refused.textContent(), /^Nothing to insert/);
  assert.ok(await onScreen(page, refused, await coveredTo(page)), 'the reason on the screen, under the field');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'item-input', 'the cursor in the field');
  assert.equal(await page.getByTestId('step-through').count(), 0, 'no steps of nothing');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a tapped bit is marked, and who set it shows on the screen', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3&item=forest&item=fox&item=apple', phone);
  const cell = page.locator('[data-testid="bit"][data-set="true"]').first();
  const index = await cell.getAttribute('data-index');
  await cell.click();
  await page.locator(`[data-testid="bit"][data-index="${index}"].inspected`).waitFor();
  const line = page.getByTestId('bit-detail');
  await page.waitForFunction((index) => document.querySelector('[data-testid="bit-detail"]').textContent.includes(`Bit ${index} is 1`), index);
  const box = await line.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= phone.height + 1, `the line about bit ${index} at ${Math.round(box.y)}–${Math.round(box.y + box.height)} px`);
  assert.equal(await page.locator('[data-testid="bit"].inspected').count(), 1, 'one bit is marked');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone an array of 200 bits keeps each cell in its column, and a tapped bit stays on the screen with who set it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=200&k=3&item=apple&item=forest', phone);
  // Every cell within its own column: none reaches into its neighbour's.
  const overlaps = await page.locator('.bit-array').first().evaluate((grid) => {
    const cells = [...grid.children].map((cell) => cell.getBoundingClientRect());
    return cells.slice(1).filter((cell, at) => Math.abs(cell.top - cells[at].top) < 1 && cell.left < cells[at].right - 0.5).length;
  });
  assert.equal(overlaps, 0, 'cells overlap their neighbours');
  const set = await page.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
  // A bit near the array's top, one near its foot, and one in between: each tap leaves the bit where
  // the thumb was and names it on the screen.
  for (const index of [2, 195, set[Math.floor(set.length / 2)]]) {
    const cell = page.locator(`[data-testid="bit"][data-index="${index}"]`);
    await cell.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const before = await cell.boundingBox();
    await cell.click();
    const value = set.includes(index) ? 1 : 0;
    await page.waitForFunction(([index, value]) => document.querySelector('[data-testid="bit-detail"]').textContent.includes(`Bit ${index} is ${value}`), [index, value]);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const after = await cell.boundingBox();
    assert.ok(Math.abs(after.y - before.y) < 2, `bit ${index} moved from ${Math.round(before.y)} to ${Math.round(after.y)} px`);
    const line = await page.getByTestId('bit-detail').boundingBox();
    assert.ok(line.y >= 0 && line.y + line.height <= phone.height + 1, `the line about bit ${index} at ${Math.round(line.y)} px`);
    assert.ok(after.y + after.height <= line.y + 1 || after.y >= line.y + line.height - 1, `bit ${index} is not under its line`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, a chapter’s framed counting filter brings what each action did onto the chapter’s screen', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/7/', { ...phone, ready: 'chapter' });
  await page.getByTestId('frame-counting').scrollIntoViewIfNeeded();
  const inner = page.frameLocator('iframe[data-testid="frame-counting"]');
  await inner.locator('.app.embed').first().waitFor();
  await inner.locator('#prerendered').waitFor({ state: 'detached' });
  for (const button of ['insert-button', 'query-button', 'remove-button']) {
    await inner.getByTestId('item-input').fill('fig');
    // Scrolled to the field first, as a reader would be: the answer is far below it in the frame.
    await inner.getByTestId('item-input').scrollIntoViewIfNeeded();
    await inner.getByTestId(button).dispatchEvent('click');
    await page.waitForTimeout(400);
    const outcome = await inner.getByTestId('counting-outcome').boundingBox();
    assert.ok(outcome.y >= 0 && outcome.y + outcome.height <= phone.height, `after ${button}: what happened at ${Math.round(outcome.y)}–${Math.round(outcome.y + outcome.height)} px`);
  }
  assert.match(await inner.getByTestId('counting-outcome').textContent(), /fig/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a bit or a counter that several hash rows probe keeps its index and value readable beside its badge', async () => {
  // At m = 16 all three of "apple"'s indexes are 15: its badge says so.
  assert.deepEqual(bitIndexes('apple', 16, 3), [15, 15, 15]);
  for (const address of ['/#m=16&k=3', '/counting/#m=16&k=3']) {
    const { page, problems } = await openPage(site.context, site.origin, address, phone);
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
    const badge = page.locator('[data-index="15"] .bit-badge');
    await badge.waitFor();
    assert.equal(await badge.textContent(), 'g×3', 'three of the item’s probes land here');
    assert.deepEqual(await badgesOverNumbers(page), [], address);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone the counting page keeps the button that steps through an insert in view, under its bar, not behind it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/counting/', phone);
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('insert-button').click();
  await page.waitForFunction(() => scrollY > 0);
  const button = page.locator('.action-steps button').first();
  await page.waitForTimeout(300);
  const bar = await page.locator('.item-field').boundingBox();
  const box = await button.boundingBox();
  assert.ok(box.y >= bar.y + bar.height - 1 && box.y + box.height <= phone.height, `the button at ${Math.round(box.y)} px under a bar ending at ${Math.round(bar.y + bar.height)} px`);
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  assert.equal(hit, await button.textContent(), 'a tap there presses it');
  assert.ok(await onScreen(page, page.getByTestId('counting-outcome'), bar.y + bar.height), 'what happened is on the screen');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, chapter 7’s framed counting filter keeps its field, what happened and the counters touched on one screen', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/7/', { width: 390, height: 844, ready: 'chapter' });
  await page.getByTestId('frame-counting').scrollIntoViewIfNeeded();
  const frame = page.locator('iframe[data-testid="frame-counting"]');
  await frame.waitFor();
  const inner = page.frameLocator('iframe[data-testid="frame-counting"]');
  // The widget's own app has taken its page over.
  await (await frame.elementHandle()).contentFrame().then((content) => content.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('[data-testid="counter"]')));
  const onPage = async (locator) => {
    const [outer, box] = [await frame.boundingBox(), await locator.evaluate((element) => element.getBoundingClientRect().toJSON())];
    const top = outer.y + box.top;
    return top >= 0 && top + box.height <= 844 + 1;
  };
  for (const [word, button] of [['kiwi', 'insert-button'], ['banana', 'remove-button'], ['apple', 'query-button']]) {
    await inner.getByTestId('item-input').fill(word);
    await inner.getByTestId(button).click();
    await page.waitForTimeout(600);
    assert.ok(await onPage(inner.getByTestId('item-input')), `${word}: the field on the screen`);
    assert.ok(await onPage(inner.getByTestId('counting-outcome')), `${word}: what happened on the screen`);
    const touched = await inner.locator('[data-testid="counter"][data-probe]').count();
    assert.ok(touched > 0, `${word}: counters marked`);
    for (let at = 0; at < touched; at++) {
      assert.ok(await onPage(inner.locator('[data-testid="counter"][data-probe]').nth(at)), `${word}: touched counter ${at + 1} on the screen`);
    }
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone every counter of a count-min sketch shows its whole count inside its cell, up to a million', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/count-min/#w=8&d=3&add=250*pear&add=120*apple&add=999*fig&add=1000000*kiwi&add=234567*kiwi', { ...phone, ready: 'cms-cell' });
  const cut = await page.getByTestId('cms-cell').evaluateAll((cells) => cells
    .filter((cell) => cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight + 1)
    .map((cell) => `${cell.dataset.row}/${cell.dataset.column}: ${cell.textContent}`));
  assert.deepEqual(cut, []);
  // The longest count is all there, digit for digit, for the eye.
  const texts = await page.getByTestId('cms-cell').allTextContents();
  assert.ok(texts.some((text) => text.replace(/\D/g, '').length >= 7), `a count of a million or more: ${texts.join(' ')}`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone Undo and Redo stay under the thumb: pressed again and again, the page does not move', async () => {
  for (const [url, insert] of [['/#m=32&k=3', 'insert-button'], ['/counting/#m=16', 'insert-button']]) {
    const { page, problems } = await openPage(site.context, site.origin, url, phone);
    for (const word of ['apple', 'pear', 'plum']) {
      await page.getByTestId('item-input').fill(word);
      await page.getByTestId(insert).click();
    }
    const undo = page.getByTestId('undo-button');
    await undo.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    for (const button of ['undo-button', 'undo-button', 'redo-button']) {
      const target = page.getByTestId(button);
      const before = await target.boundingBox();
      await target.click();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))));
      const after = await target.boundingBox();
      assert.ok(Math.abs(after.y - before.y) < 2, `${url}: ${button} moved from ${Math.round(before.y)} to ${Math.round(after.y)} px`);
    }
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone a glossary word shows its entry where it is read: the page stays, the note is on the screen, Esc or a tap elsewhere closes it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/2/', { ...phone, ready: 'chapter' });
  const link = page.getByTestId('glossary-link').first();
  await link.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const target = await link.boundingBox();
  assert.ok(target.height >= 24, `the word's target is ${target.height} px high`);
  const term = decodeURIComponent((await link.getAttribute('href')).slice(1));
  const [name, definition] = await page.evaluate((id) => {
    const entry = document.getElementById(id);
    return [entry.textContent, entry.nextElementSibling.textContent];
  }, term);
  const before = await page.evaluate(() => scrollY);
  await link.click();
  const note = page.getByTestId('glossary-note');
  await note.waitFor();
  assert.equal(await page.evaluate(() => scrollY), before, 'the page did not jump to the glossary');
  assert.equal(await note.textContent(), `${name} ${definition}Glossary`);
  const box = await note.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= phone.height && box.x >= 0 && box.x + box.width <= phone.width, JSON.stringify(box));
  await page.keyboard.press('Escape');
  await note.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'glossary-link');
  // A tap elsewhere closes it too; its link goes to the glossary.
  await link.click();
  await note.waitFor();
  await page.getByTestId('chapter').locator('h1').click();
  await note.waitFor({ state: 'detached' });
  await link.click();
  await note.getByRole('link').click();
  await page.waitForFunction((id) => location.hash === `#${id}`, term);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone the answer to a chapter’s exercise is on the screen once checked, even when Check was at the foot of it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/1/', { ...phone, ready: 'chapter' });
  await page.getByTestId('exercise-option').first().check();
  await page.getByTestId('exercise-check').evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await page.getByTestId('exercise-check').click();
  const feedback = page.getByTestId('exercise-feedback');
  await page.waitForFunction(() => document.querySelector('[data-testid="exercise-feedback"]').textContent.length > 20);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const box = await feedback.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= phone.height + 1, `the feedback at ${Math.round(box.y)}–${Math.round(box.y + box.height)} px`);
  assert.deepEqual(problems(), []);
  await page.close();
});

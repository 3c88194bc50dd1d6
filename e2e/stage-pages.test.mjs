// End-to-end tests of the counting, count-min, scalable and combining pages for a student on a
// 375 × 800 phone, and of those pages and the lab as a stage for a class at 1280 × 720 and
// 1920 × 1080. On the phone, after every action the field, what happened and every cell the action
// touched are on the screen (below what stays at its top), and the buttons pressed again and again
// do not move. On the projector, presenter mode is a layout: after the page's main action nothing
// needs scrolling (the page, and no box inside it), no text is under 28 px, the settings and the
// navigation are folded away, and Menu brings them back. The touched cells are worked out here from
// the hashes in reference.js, not read from the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, readabilityProblems, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const site = useSite();
/** A stage's list of parts, or the list for the screen's height. */
const listed = (parts, height) => (typeof parts === 'function' ? parts(height) : parts);
const open = (url, options) => openPage(site.context, site.origin, url, options);
const phone = { width: 375, height: 800 };

/** How far down the page's bars that stay at the top of the screen cover it. */
const coveredTo = (page) => page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('main *')]
  .filter((element) => getComputedStyle(element).position === 'sticky')
  .map((element) => element.getBoundingClientRect())
  .filter((box) => box.height > 0 && box.top < innerHeight / 2)
  .map((box) => box.bottom)));

/** The element's box on the screen, or why it is not. */
async function placeOf(locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width, height: box.height };
  });
}

/** Whether `locator` shows on a phone's screen below `covered` (the bars at the top). */
async function assertShown(page, locator, what, covered = 0) {
  const box = await placeOf(locator);
  const { width, height } = page.viewportSize();
  assert.ok(box.width > 0 && box.height > 0, `${what}: laid out`);
  assert.ok(box.bottom > covered + 4 && box.top < height - 4, `${what}: on screen (${Math.round(box.top)}–${Math.round(box.bottom)} px, the bars reach ${Math.round(covered)} px)`);
  assert.ok(box.right > 4 && box.left < width - 4, `${what}: not off to a side (${Math.round(box.left)}–${Math.round(box.right)} px)`);
}

/** The first line of what happened is readable: its top below the bars and well above the bottom. */
async function assertOutcomeShown(page, locator, what, covered) {
  const box = await placeOf(locator);
  assert.ok(box.top >= covered - 1 && box.top < page.viewportSize().height - 40, `${what}: what happened starts on screen (${Math.round(box.top)} px, the bars reach ${Math.round(covered)} px)`);
}

/** The boxes of the buttons pressed again and again. */
const buttonPlaces = (page, selectors) => Promise.all(selectors.map((selector) => placeOf(page.locator(selector))));

/** Runs `actions` on a phone; after each, the field it used, what happened and every cell it touched
 * are on screen, and from the first action on the repeated buttons stay where they are. */
async function phoneRun(page, { actions, outcome, buttons }) {
  let first;
  for (const { field, text, button, cells, what } of actions) {
    await page.locator(field).fill(text);
    await page.locator(button).click();
    await page.waitForTimeout(350);
    const covered = await coveredTo(page);
    await assertShown(page, page.locator(field), `${what}: the field`);
    await assertOutcomeShown(page, page.getByTestId(outcome), what, covered);
    assert.ok(cells.length > 0, `${what}: some cells to see`);
    for (const cell of cells) await assertShown(page, page.locator(cell), `${what}: ${cell}`, covered);
    const places = await buttonPlaces(page, buttons);
    first ??= places;
    assert.deepEqual(places, first, `${what}: the buttons have not moved`);
  }
}

const counter = (index) => `[data-testid="counter"][data-index="${index}"]`;

test('on a phone the counting filter keeps its field, what happened and the counters touched on one screen', async () => {
  const { page, problems } = await open('/counting/#m=32&k=3&add=apple&add=pear&add=plum', phone);
  const action = (text, button) => ({
    field: '[data-testid="item-input"]', text, button: `[data-testid="${button}"]`, what: `${button} ${text}`,
    cells: bitIndexes(text, 32, 3).map(counter),
  });
  await phoneRun(page, {
    actions: [action('fig', 'insert-button'), action('grape', 'query-button'), action('fig', 'remove-button'), action('apple', 'query-button'), action('kiwi', 'insert-button')],
    outcome: 'counting-outcome',
    buttons: ['[data-testid="insert-button"]', '[data-testid="query-button"]', '[data-testid="remove-button"]'],
  });
  // Stepping through the last insert: the step stays at the top, its buttons never move, and each
  // step's counter is on screen below it.
  await page.getByTestId('step-button').click();
  const indexes = bitIndexes('kiwi', 32, 3);
  let place;
  for (let step = 0; step <= indexes.length; step++) {
    await page.waitForTimeout(250);
    assert.equal(await page.getByTestId('step-text').getAttribute('data-step'), String(step));
    const covered = await coveredTo(page);
    const previous = await placeOf(page.getByTestId('step-previous'));
    place ??= previous;
    assert.deepEqual(previous, place, `step ${step}: Previous has not moved`);
    await assertShown(page, page.getByTestId('step-text'), `step ${step}: the step`);
    if (step > 0) await assertShown(page, page.locator(counter(indexes[step - 1])), `step ${step}: its counter`, covered);
    await page.getByTestId(step < indexes.length ? 'step-next' : 'step-done').click();
  }
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a counting filter of 100 or 1,000 counters shows the counters an action touched above its row, on one screen with what happened', async () => {
  for (const m of [100, 1000]) {
    const { page, problems } = await open(`/counting/#m=${m}&k=4&add=apple&add=pear&add=plum`, phone);
    const strip = (index) => `[data-testid="probe-strip"] [data-index="${index}"]`;
    const action = (text, button) => ({
      field: '[data-testid="item-input"]', text, button: `[data-testid="${button}"]`, what: `m=${m} ${button} ${text}`,
      cells: bitIndexes(text, m, 4).map(strip),
    });
    const actions = [action('kiwi', 'insert-button'), action('grape', 'query-button'), action('apple', 'remove-button'), action('kiwi', 'query-button')];
    await phoneRun(page, {
      actions,
      outcome: 'counting-outcome',
      buttons: ['[data-testid="insert-button"]', '[data-testid="query-button"]', '[data-testid="remove-button"]'],
    });
    // The strip is a copy of the row: each probed counter's value as the row has it, in probe order.
    const copies = await page.getByTestId('probe-strip').locator('li').evaluateAll((items) => items.map((item) => [Number(item.dataset.index), item.querySelector('.bit-value').textContent]));
    const indexes = bitIndexes('kiwi', m, 4);
    const values = await Promise.all(indexes.map((index) => page.locator(counter(index)).getAttribute('data-value')));
    assert.deepEqual(copies, indexes.map((index, at) => [index, values[at]]));
    assert.match(await page.getByTestId('probe-strip').textContent(), /^This item’s counters, from the row below:/);
    // At 1280 px no copy shows: the row is the page's.
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.equal(await page.getByTestId('probe-strip').isVisible(), false);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('on a phone a long account of what happened gives way to the counters it names: their cells stay on the screen, the account scrolls in its box', async () => {
  // c = 2, k = 6: a long item four times sticks its counters at 3, and removing it says so at
  // length, naming it twice (48 counters: their rows go further down the screen than the account
  // leaves them).
  const long = 'a-rather-long-item-that-wraps-on-a-phone';
  const adds = [long, long, long, long, 'pear', 'plum', 'fig', 'kiwi', 'lime'].map((word) => `add=${word}`).join('&');
  const { page, problems } = await open(`/counting/#m=48&k=6&c=2&${adds}`, phone);
  const action = (text, button) => ({
    field: '[data-testid="item-input"]', text, button: `[data-testid="${button}"]`, what: `${button} ${text}`,
    cells: bitIndexes(text, 48, 6).map(counter),
  });
  await phoneRun(page, {
    actions: [action(long, 'remove-button'), action('kiwi', 'remove-button'), action(long, 'query-button'), action('grape', 'remove-button')],
    outcome: 'counting-outcome',
    buttons: ['[data-testid="insert-button"]', '[data-testid="query-button"]', '[data-testid="remove-button"]'],
  });
  // The first removal's account was taller than the screen left it: it scrolled in its box, and
  // its last words can be read there.
  await page.getByTestId('item-input').fill(long);
  await page.getByTestId('remove-button').click();
  await page.waitForTimeout(350);
  const panel = page.locator('.outcome-panel');
  const box = await panel.evaluate((element) => ({ scrolls: element.scrollHeight > element.clientHeight + 1, height: element.clientHeight }));
  assert.ok(box.scrolls && box.height >= 150, `what happened: ${JSON.stringify(box)}`);
  await page.getByTestId('kept-stuck').scrollIntoViewIfNeeded();
  await assertShown(page, page.getByTestId('kept-stuck'), 'the stuck counters’ warning', await coveredTo(page));
  // A short account after it is whole again.
  await page.getByTestId('item-input').fill('pear');
  await page.getByTestId('query-button').click();
  await page.waitForTimeout(350);
  assert.equal(await panel.evaluate((element) => element.scrollHeight <= element.clientHeight + 1 && !element.style.maxHeight), true);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone the count-min sketch keeps its field, the estimate and every counter read on one screen', async () => {
  const { page, problems } = await open('/count-min/#w=16&d=4', phone);
  const action = (text, button) => ({
    field: '[data-testid="item-input"]', text, button: `[data-testid="${button}"]`, what: `${button} ${text}`,
    cells: bitIndexes(text, 16, 4).map((column, row) => `[data-testid="cms-cell"][data-row="${row}"][data-column="${column}"]`),
  });
  await phoneRun(page, {
    actions: [action('apple', 'insert-button'), action('pear', 'query-button'), action('pear', 'insert-button'), action('apple', 'query-button')],
    outcome: 'cms-outcome',
    buttons: ['[data-testid="insert-button"]', '[data-testid="query-button"]'],
  });
  // The counters an item reads are the ones marked, and the sketch does not scroll sideways.
  const marked = await page.$$eval('.cms-cell.probe', (cells) => cells.map((cell) => [Number(cell.dataset.row), Number(cell.dataset.column)]));
  assert.deepEqual(marked, bitIndexes('apple', 16, 4).map((column, row) => [row, column]));
  assert.equal(await page.locator('.cms-grid-wrap').evaluate((box) => box.scrollWidth <= box.clientWidth), true, 'no counter hidden to the side');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone the scalable filter keeps its field, which stage answered and the bits it read on one screen', async () => {
  const { page, problems } = await open('/scalable/#preset=custom&n0=4&p=0.1&s=2&r=0.5&add=apple&add=pear&add=plum&add=fig&add=kiwi', phone);
  const hashes = (await page.$$eval('[data-testid="stage"]', (stages) => stages.map((stage) => Number(stage.dataset.hashes)))).reduce((a, b) => a + b, 0);
  let marked = 0;
  const action = (text, button) => ({
    field: '[data-testid="item-input"]', text, button: `[data-testid="${button}"]`, what: `${button} ${text}`,
    read: undefined,
    get cells() { return this.read ?? Array.from({ length: marked }, (_, i) => `.stage-bits .dot.marked >> nth=${i}`); },
    set cells(read) { this.read = read; },
  });
  // The bits an insert wrote are marked in their stage: their number is known only once it has
  // run. A query's, read from every stage, are beside each stage's answer.
  const actions = [action('lime', 'insert-button'), action('grape', 'query-button'), action('apple', 'query-button')];
  let first;
  for (const one of actions) {
    await page.locator(one.field).fill(one.text);
    await page.locator(one.button).click();
    await page.waitForTimeout(350);
    marked = await page.locator('.stage-bits .dot.marked').count();
    assert.ok(marked >= 1 && marked <= hashes + 8, `${one.what}: ${marked} bits marked`);
    if (one.button.includes('query')) {
      assert.equal(await page.locator('[data-testid="stage-reads"] .read-bit').count(), hashes, `${one.what}: every bit read, beside its stage's answer`);
      one.cells = await page.$$eval('[data-testid="stage-reads"] .read-bit', (bits) => bits.map((_, i) => `[data-testid="stage-reads"] .read-bit >> nth=${i}`));
    }
    await phoneCheck(page, one, 'scalable-outcome');
    const places = await buttonPlaces(page, ['[data-testid="insert-button"]', '[data-testid="query-button"]', '[data-testid="stream-few"]']);
    first ??= places;
    assert.deepEqual(places, first, `${one.what}: the buttons have not moved`);
  }
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone a query of six stages shows every stage’s answer and the bits it read with the verdict, the false positive’s stage among them; an insert the bits it wrote', async () => {
  const { page, problems } = await open('/scalable/#preset=custom&n0=4&p=0.1&s=2&r=0.5&stream=200', phone);
  const stages = await page.getByTestId('stage').count();
  assert.ok(stages >= 6, `${stages} stages`);
  for (const text of ['word2', 'grape', 'word7']) {
    await page.locator('[data-testid="item-input"]').fill(text);
    await page.getByTestId('query-button').click();
    await page.waitForTimeout(350);
    const rows = page.locator('[data-testid="stage-reads"] > li');
    assert.equal(await rows.count(), stages, `${text}: a row per stage`);
    const stage = await page.getByTestId('scalable-verdict').getAttribute('data-stage');
    if (stage) assert.equal(await rows.nth(Number(stage) - 1).getAttribute('data-answer'), 'maybe', `${text}: stage ${stage} answered`);
    const cells = await page.$$eval('[data-testid="stage-reads"] .read-bit', (bits) => bits.map((_, i) => `[data-testid="stage-reads"] .read-bit >> nth=${i}`));
    await phoneCheck(page, { field: '[data-testid="item-input"]', cells, what: `query ${text}` }, 'scalable-outcome');
    // Each bit's number stands over it in a box of its own: a row of numbers never runs together.
    const crowded = await page.$$eval('[data-testid="stage-reads"] .read-bits', (rows) => rows.flatMap((row) => {
      const bits = [...row.querySelectorAll('.read-bit')];
      const probe = document.createElement('span');
      probe.style.cssText = `font-size: ${getComputedStyle(bits[0], '::before').fontSize}; white-space: nowrap; position: absolute`;
      document.body.append(probe);
      const found = bits.flatMap((bit, i) => {
        probe.textContent = bit.dataset.index;
        const box = bit.getBoundingClientRect();
        const next = bits[i + 1]?.getBoundingClientRect();
        const narrow = box.width + 0.5 < probe.getBoundingClientRect().width ? [`${bit.dataset.index} wider than its box`] : [];
        const touching = next && Math.abs(next.top - box.top) < 2 && next.left < box.right + 2 ? [`${bit.dataset.index} against the next`] : [];
        return [...narrow, ...touching];
      });
      probe.remove();
      return found;
    }));
    assert.deepEqual(crowded, [], `query ${text}: numbers apart`);
  }
  // An insert goes into the newest stage, screens down: the bits it wrote are beside what happened.
  await page.locator('[data-testid="item-input"]').fill('布隆过滤器');
  await page.getByTestId('insert-button').click();
  await page.waitForTimeout(350);
  assert.equal(await page.getByTestId('scalable-outcome').getAttribute('data-kind'), 'inserted');
  const hashes = Number(await page.getByTestId('stage').last().getAttribute('data-hashes'));
  assert.equal(await page.locator('[data-testid="scalable-outcome"] .read-bit.set').count(), hashes, 'a bit per hash of the newest stage, each now 1');
  const cells = await page.$$eval('[data-testid="scalable-outcome"] .read-bit', (bits) => bits.map((_, i) => `[data-testid="scalable-outcome"] .read-bit >> nth=${i}`));
  await phoneCheck(page, { field: '[data-testid="item-input"]', cells, what: 'insert 布隆过滤器' }, 'scalable-outcome');
  assert.deepEqual(problems(), []);
  await page.close();
});

/** One action's checks (for a page whose touched cells are known only after it). */
async function phoneCheck(page, { field, cells, what }, outcome) {
  const covered = await coveredTo(page);
  await assertShown(page, page.locator(field), `${what}: the field`);
  await assertOutcomeShown(page, page.getByTestId(outcome), what, covered);
  for (const cell of cells) await assertShown(page, page.locator(cell), `${what}: ${cell}`, covered);
}

test('on a phone combining filters keeps both sets’ fields, the answers and every bit read on one screen', async () => {
  const { page, problems } = await open('/sets/#m=32&k=3&a=apple&a=pear&b=pear&b=fig', phone);
  const rows = { A: ['set-a-bit', 'or-bit', 'union-bit'], B: ['set-b-bit', 'or-bit', 'union-bit'], query: ['set-a-bit', 'set-b-bit', 'or-bit', 'union-bit', 'and-bit', 'intersection-bit'] };
  const action = (side, text, button) => {
    const read = button === 'query-button' ? rows.query : rows[side];
    return {
      field: `#set-${side.toLowerCase()}-item`, text, button: `[data-testid="set-${side.toLowerCase()}"] [data-testid="${button}"]`, what: `${side} ${button} ${text}`, read,
      cells: read.flatMap((testid) => bitIndexes(text, 32, 3).map((index) => `[data-testid="${testid}"][data-index="${index}"]`)),
    };
  };
  const actions = [action('A', 'plum', 'insert-button'), action('B', 'kiwi', 'insert-button'), action('A', 'pear', 'query-button'), action('B', 'melon', 'query-button'), action('A', 'lime', 'insert-button')];
  await phoneRun(page, {
    actions,
    outcome: 'sets-outcome',
    buttons: ['A', 'B'].flatMap((side) => ['insert-button', 'query-button'].map((button) => `[data-testid="set-${side.toLowerCase()}"] [data-testid="${button}"]`)),
  });
  // The two sets' bars, each one row, take little of the screen: a fifth at most.
  const bars = await coveredTo(page);
  assert.ok(bars <= 0.2 * phone.height, `the bars reach ${Math.round(bars)} px of ${phone.height}`);
  // The last insert's bits are marked in its set's row and the union's two, and nowhere else.
  const marked = await page.$$eval('.set-bit.probed', (cells) => [...new Set(cells.map((cell) => cell.dataset.testid))].sort());
  assert.deepEqual(marked, [...rows.A].sort());
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone combining filters of 128 or 1,000 bits show the bits an action read, row by row, with its answer; the ruler numbers one line of columns', async () => {
  for (const m of [128, 1000]) {
    const { page, problems } = await open(`/sets/#m=${m}&k=3&a=apple&a=pear&b=pear&b=fig`, phone);
    const rowsOf = { A: ['set-a-bit', 'or-bit'], B: ['set-b-bit', 'or-bit'], query: ['set-a-bit', 'set-b-bit', 'or-bit', 'and-bit'] };
    for (const [side, text, button] of [['A', 'plum', 'insert-button'], ['B', 'melon', 'query-button'], ['A', 'pear', 'query-button'], ['B', 'kiwi', 'insert-button']]) {
      await page.locator(`#set-${side.toLowerCase()}-item`).fill(text);
      await page.locator(`[data-testid="set-${side.toLowerCase()}"] [data-testid="${button}"]`).click();
      await page.waitForTimeout(350);
      const what = `m=${m} ${side} ${button} ${text}`;
      const covered = await coveredTo(page);
      await assertShown(page, page.locator(`#set-${side.toLowerCase()}-item`), `${what}: the field`);
      await assertOutcomeShown(page, page.getByTestId('sets-outcome'), what, covered);
      // Each row's bits at the item's indexes, as the rows below have them, whole on the screen.
      const reads = page.getByTestId('set-reads');
      const box = await placeOf(reads);
      assert.ok(box.top >= covered - 1 && box.bottom <= phone.height, `${what}: the bits read on the screen (${Math.round(box.top)}–${Math.round(box.bottom)} px)`);
      const indexes = bitIndexes(text, m, 3);
      const rows = button === 'query-button' ? rowsOf.query : rowsOf[side];
      const expected = await Promise.all(rows.map((testid) => Promise.all(indexes.map((index) => page.locator(`[data-testid="${testid}"][data-index="${index}"]`).getAttribute('data-set')))));
      assert.deepEqual(await reads.locator('.read-indexes .read-bits > span').allTextContents(), indexes.map(String), `${what}: the bits' numbers`);
      const shown = await reads.locator('li:not(.read-indexes)').evaluateAll((items) => items.map((item) => [...item.querySelectorAll('.read-bit')].map((bit) => [Number(bit.dataset.index), String(bit.classList.contains('set'))])));
      assert.deepEqual(shown, expected.map((values) => indexes.map((index, at) => [index, values[at]])), what);
    }
    // The ruler: one line of a phone's sixteen columns, every fourth numbered.
    const ruler = await page.getByTestId('set-ruler').locator('li').evaluateAll((items) => items.filter((item) => item.getBoundingClientRect().height > 0).map((item) => item.textContent));
    assert.deepEqual(ruler, ['0', '', '', '', '4', '', '', '', '8', '', '', '', '12', '', '', '']);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
    await page.close();
  }
  // At m = 32 a row is one line: no copy of its bits.
  const { page } = await open('/sets/#m=32&k=3&a=apple&b=pear', phone);
  await page.locator('#set-a-item').fill('plum');
  await page.locator('[data-testid="set-a"] [data-testid="query-button"]').click();
  await page.getByTestId('sets-verdict').waitFor();
  assert.equal(await page.getByTestId('set-reads').count(), 0);
  await page.close();
});

/** A stage's main action on a page with one item field: insert `inserted`, then query `queried`
 * and wait for the verdict (test id `verdict`). */
const insertThenQuery = (inserted, queried, verdict) => async (page) => {
  for (const [text, button] of [[inserted, 'insert-button'], [queried, 'query-button']]) {
    await page.getByTestId('item-input').fill(text);
    await page.getByTestId(button).click();
  }
  await page.getByTestId(verdict).waitFor();
};

/** What each page's stage does and shows: its address (small parameters), its main action, the
 * parts that must be wholly on screen after it, and the settings that are folded away until Menu. */
const stages = {
  counting: {
    url: '/counting/#present=1&m=64&k=3&add=apple&add=pear&add=plum&add=fig',
    act: insertThenQuery('kiwi', 'grape', 'counting-verdict'),
    parts: ['[data-testid="item-input"]', '[data-testid="query-button"]', '[data-testid="remove-button"]', '[data-testid="counting-outcome"]', '.counter-array', '[data-testid="step-button"]'],
    folded: ['[data-testid="m-input"]', '[data-testid="undo-button"]', '.stats-panel'],
  },
  'count-min': {
    url: '/count-min/#present=1&w=16&d=4&add=5*apple',
    act: insertThenQuery('pear', 'apple', 'cms-estimate'),
    // Its stream stays on the stage: the empty sketch says to press it.
    parts: ['[data-testid="item-input"]', '[data-testid="cms-count"]', '[data-testid="query-button"]', '[data-testid="cms-outcome"]', '[data-testid="cms-grid"]', '[data-testid="stream-button"]'],
    folded: ['[data-testid="cms-width"]', '[data-testid="undo-button"]'],
  },
  scalable: {
    url: '/scalable/#present=1&preset=custom&n0=4&p=0.1&s=2&r=0.5&add=apple&add=pear&add=plum&add=fig',
    act: insertThenQuery('kiwi', 'apple', 'scalable-verdict'),
    parts: ['[data-testid="item-input"]', '[data-testid="query-button"]', '[data-testid="stream-button"]', '[data-testid="scalable-outcome"]', '.stage-stack'],
    folded: ['[data-testid="capacity-input"]', '[data-testid="undo-button"]', '[data-testid="compound-bound"]'],
  },
  // Streamed, the stack grows to nine stages: each a line, all on the screen, their strips aligned.
  'scalable (streamed)': {
    url: '/scalable/#present=1',
    async act(page) {
      await page.getByTestId('stream-button').click();
      await page.waitForFunction(() => document.querySelectorAll('.stage-stack.compact > [data-testid="stage"]').length >= 9, null, { timeout: 20000 });
      await page.getByTestId('scalable-outcome').getByText(/stages were added/).waitFor();
      const stages = await page.$$eval('[data-testid="stage"]', (items) => items.map((item) => {
        const head = item.querySelector('.stage-head').getBoundingClientRect();
        const strip = item.querySelector('.stage-strip svg').getBoundingClientRect();
        // The words a person sees: text outside the parts kept for a screen reader.
        const walker = document.createTreeWalker(item.querySelector('.stage-head'), NodeFilter.SHOW_TEXT);
        let seen = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement.getBoundingClientRect().width > 1) seen += node.textContent;
        }
        return { text: seen.replace(/\s+/g, ' ').trim(), top: Math.min(head.top, strip.top), bottom: Math.max(head.bottom, strip.bottom), left: Math.round(strip.left), width: Math.round(strip.width) };
      }));
      stages.forEach((stage, index) => {
        assert.match(stage.text, new RegExp(`^Stage ${index + 1} · rate now \\S`), stage.text);
        assert.ok(stage.top >= 0 && stage.bottom <= innerHeightOf(page), `stage ${index + 1} on the screen`);
      });
      assert.equal(new Set(stages.map((stage) => `${stage.left} ${stage.width}`)).size, 1, 'the strips are one column');
      // The first stage, filled past its plan, is marked, and says why to a screen reader.
      assert.match(stages[0].text, /▲$/);
      assert.match(await page.locator('[data-testid="stage"]').first().locator('.stage-over').textContent(), /its bits are fuller than its plan expects/);
    },
    parts: ['[data-testid="stream-button"]', '[data-testid="scalable-outcome"]', '.stage-stack > [data-testid="stage"]:last-child'],
    folded: ['[data-testid="capacity-input"]', '[data-testid="undo-button"]'],
  },
  sets: {
    url: '/sets/#present=1&m=32&k=3&a=apple&a=pear&b=pear&b=fig',
    async act(page) {
      await page.locator('#set-a-item').fill('plum');
      await page.locator('[data-testid="set-a"] [data-testid="insert-button"]').click();
      await page.locator('#set-b-item').fill('kiwi');
      await page.locator('[data-testid="set-b"] [data-testid="insert-button"]').click();
      await page.locator('#set-a-item').fill('pear');
      await page.locator('[data-testid="set-a"] [data-testid="query-button"]').click();
      await page.getByTestId('sets-verdict').waitFor();
      // AND has bits no item of A ∩ B set, marked ×: what the mark means is on the stage, the whole
      // sentence where there is room for it, a line in brief at 720 px.
      const extra = Number(await page.getByTestId('and-extra-note').getAttribute('data-count'));
      assert.ok(extra > 0, 'A AND B has extra bits');
      assert.equal(await page.getByTestId('and-extra-bit').count(), extra, 'the extra bits are marked');
      const said = page.getByTestId(page.viewportSize().height > 800 ? 'and-extra-note' : 'and-extra-mark');
      assert.ok(await wholly(said), 'what × means is on the stage');
      assert.match(await said.textContent(), page.viewportSize().height > 800 ? /A AND B has 2 bits set that no item of A ∩ B set \(marked ×\)/ : /^×: 1 in A and in B, but set there by different items\.$/);
    },
    // At 720 px each set's bar is one row, its random words under Menu, so what happened is whole.
    parts: (height) => ['#set-a-item', '#set-b-item', '[data-testid="sets-outcome"]', '.rows-panel', ...(height > 800 ? ['[data-testid="set-b"] [data-testid="add-words"]'] : [])],
    folded: (height) => ['[data-testid="m-input"]', '[data-testid="undo-button"]', '#estimates-heading', ...(height > 800 ? [] : ['[data-testid="set-b"] [data-testid="add-words"]'])],
  },
  // Today's filters: a cuckoo table of eight buckets of four, its field, what happened and the whole
  // table on the stage; the measurements below the widget fold away with the settings.
  filters: {
    url: '/filters/#present=1&kind=cuckoo&buckets=8&slots=4&fp=8&add=apple&add=pear&add=plum&add=fig',
    act: insertThenQuery('kiwi', 'pear', 'verdict'),
    parts: ['[data-testid="item-input"]', '[data-testid="query-button"]', '[data-testid="remove-button"]', '.outcome-panel', '.structure-panel', '[data-testid="cuckoo-bucket"]:last-child'],
    folded: ['[data-testid="kind-select"]', '[data-testid="undo-button"]', '[data-testid="measure-space"]'],
  },
  lab: {
    url: '/lab/?present=1&scale=1000&keys=wasm&seed=1',
    ready: 'lab-run',
    async act(page) {
      // Before a run: what it will do, across the stage, and the whole chart under it.
      for (const part of ['[data-testid="lab-status"]', '.lab-chart svg', '[data-testid="lab-columns"]']) {
        assert.ok(await wholly(page.locator(part)), `${part} on the stage before a run`);
      }
      assert.match(await page.getByTestId('lab-status').textContent(), /^Nothing running\./);
      await page.getByTestId('lab-run').click();
      // Running, its bar stands beside the run buttons: the chart and its legend keep their room.
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]')?.value) > 0, null, { timeout: 60000 });
      assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), 'the page no taller than the screen while running');
      for (const part of ['[data-testid="lab-progress"]', '[data-testid="lab-status"]', '[data-testid="lab-columns"]']) {
        assert.ok(await wholly(page.locator(part)), `${part} on the stage while running`);
      }
      const [bar, header] = await Promise.all([page.getByTestId('lab-progress').boundingBox(), page.locator('.presenter-toggle').boundingBox()]);
      assert.ok(bar.x + bar.width <= header.x || bar.y >= header.y + header.height, 'the bar clear of the header’s buttons');
      await page.waitForFunction(() => /^Done/.test(document.querySelector('[data-testid="lab-status"]')?.textContent ?? ''), null, { timeout: 120000 });
      assert.equal(await page.locator('[data-testid="lab-point"] circle').count(), 15, 'every cell measured and drawn');
      // The N under each dot gives way on the stage; the five are named once, as the slides' cells are.
      assert.equal(await page.locator('.cell-tick').first().isVisible(), false);
      assert.equal(await page.getByTestId('lab-columns').textContent(), 'In each group, left to right: N = 0.5, 1, 3, 5, 10 million.');
    },
    parts: ['[data-testid="lab-run"]', '[data-testid="lab-cancel"]', '[data-testid="lab-progress"]', '[data-testid="lab-status"]', '.lab-chart', '[data-testid="lab-columns"]'],
    folded: ['[data-testid="lab-seed"]', '[data-testid="lab-table"]', '#claim-heading'],
  },
};

/** The height of the page's viewport. */
const innerHeightOf = (page) => page.viewportSize().height;

/** Whether the element's whole box is inside the viewport. */
const wholly = (locator) => locator.evaluate((element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  for (const [name, stage] of Object.entries(stages)) {
    test(`presenter mode at ${width}×${height} on the ${name} page: a stage that needs no scrolling after its main action, in 28 px type; Menu brings the rest back`, async () => {
      const { page, problems } = await open(stage.url, { width, height, ready: stage.ready ?? 'item-input' });
      await page.locator('.app.presenter.folded').waitFor();
      assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'false');
      await stage.act(page);
      await page.waitForTimeout(300);
      // The page does not scroll, and neither does any box on it: the document is no taller than
      // the screen, and every part of the stage is wholly inside it.
      assert.equal(await page.evaluate(() => scrollY), 0, 'the page has not scrolled');
      const tall = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(tall <= height + 1, `the page is ${tall} px tall on a ${height} px screen`);
      for (const part of listed(stage.parts, height)) assert.ok(await wholly(page.locator(part).first()), `${part} wholly on screen`);
      const scrolling = await page.evaluate(() => [...document.querySelectorAll('main *')]
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight + 1)
        .map((element) => element.className));
      assert.deepEqual(scrolling, [], 'no box needs scrolling');
      const { small, clipped } = await readabilityProblems(page, 28);
      assert.deepEqual(small, [], 'text under 28 px');
      assert.deepEqual(clipped, [], 'cut off');
      // Folded: the navigation and the settings are out of the way; m (or Menu) brings them back.
      assert.equal(await page.getByTestId('site-nav').isVisible(), false, 'the navigation folded away');
      for (const part of listed(stage.folded, height)) assert.equal(await page.locator(part).first().isVisible(), false, `${part} folded away`);
      await page.keyboard.press('m');
      assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'true');
      assert.ok(await page.getByTestId('site-nav').isVisible(), 'the navigation is back');
      for (const part of listed(stage.folded, height)) assert.ok(await page.locator(part).first().isVisible(), `${part} is back`);
      assert.deepEqual((await readabilityProblems(page, 28)).small, [], 'unfolded: text under 28 px');
      await page.getByTestId('menu-toggle').click();
      assert.equal(await page.getByTestId('site-nav').isVisible(), false, 'Menu folds it again');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(problems(), []);
      await page.close();
    });
  }
}

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`presenter mode at ${width}×${height}, a scalable filter of three stages: the stage each step reads is drawn bit by bit, its bits large and on the screen, the others a line each; the answer lists every stage’s`, async () => {
    const words = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'kiwi', 'lime', 'pear', 'plum', 'peach', 'melon', 'fig', 'date'];
    const url = `/scalable/#present=1&preset=custom&n0=4&p=0.01&s=2&r=0.8&${words.map((word) => `add=${word}`).join('&')}&query=quince`;
    const { page, problems } = await open(url, { width, height });
    await page.locator('.app.presenter.folded').waitFor();
    const stages = page.getByTestId('stage');
    assert.equal(await stages.count(), 3);
    await page.keyboard.press('q');
    const text = page.getByTestId('step-text');
    // While stepping the stages' own marks show what was read: what happened fits its box.
    const fits = () => page.locator('.outcome-panel').evaluate((panel) => panel.scrollHeight <= panel.clientHeight + 1);
    for (let step = 1; step <= 3; step++) {
      await page.keyboard.press('PageDown');
      await page.locator(`[data-testid="step-text"][data-step="${step}"]`).waitFor();
      const said = await text.textContent();
      const [, stage, bits] = said.match(/^Stage (\d+): bits ([\d, ]+) hold/);
      assert.equal(Number(stage), step, said);
      // The stage read, bit by bit; the others, a strip each.
      for (let other = 1; other <= 3; other++) {
        const item = stages.nth(other - 1);
        assert.equal(await item.locator('.dot').count() > 0, other === step, `step ${step}: stage ${other} drawn bit by bit only when read`);
        assert.equal(await item.locator('.stage-strip').count() > 0, other !== step, `step ${step}: stage ${other} a strip when not read`);
      }
      for (const bit of bits.split(', ')) {
        const box = await stages.nth(step - 1).locator(`.dot[data-index="${bit}"]`).boundingBox();
        assert.ok(box.y >= 0 && box.y + box.height <= height && box.x + box.width <= width, `step ${step}: bit ${bit} on the screen`);
        assert.ok(box.width >= 18, `step ${step}: bit ${bit} is ${box.width} px wide`);
      }
      assert.equal(await fits(), true, `step ${step}: what happened fits its box`);
    }
    await page.getByTestId('step-done').click();
    // Done, what happened fits its box: at 1080 px each stage's answer and the bits it read beside
    // the verdict; at 720 px the stages' own marks show them.
    assert.equal(await fits(), true, 'what happened fits its box');
    const reads = page.getByTestId('stage-reads');
    assert.equal(await reads.isVisible(), height > 800, 'every stage’s answer is listed where there is room');
    assert.deepEqual((await reads.locator('li').allTextContents()).map((line) => line.trim()), ['stage 1: no', 'stage 2: no', 'stage 3: no']);
    assert.match(await page.getByTestId('scalable-verdict').textContent(), /definitely not present — all 3 stages answered “no”/);
    assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), true, 'the page does not scroll');
    const { small } = await readabilityProblems(page, 28);
    assert.deepEqual(small, [], 'text under 28 px');
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

// End-to-end tests of what a reader does before the app arrives (static/wake.js): on a slow connection
// (the browser's own emulation: 1.6 Mbit/s down, 150 ms round trips) with the page's wasm held back
// until the test lets it through, the reader types and presses buttons on the prerendered copy; once
// the app has taken the page over, its state is what those actions make — checked against the
// independent reference — and nothing the reader typed is lost. With the wasm blocked, the page says
// it could not start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appReady, openPage, useSite } from './harness.mjs';
import { bitIndexes, ReferenceFilter, approximateRate, sizing } from './reference.js';

const site = useSite();

/**
 * Opens `url` on a slow connection with its wasm held back: returns the page, its problems, the
 * prerendered copy (`copy(testid)` finds a control in it) and `wake()`, which lets the wasm through
 * and waits until the app has taken the page over. With `block`, the wasm request fails instead.
 */
async function openAsleep(url, ready = 'item-input', { block = false, cpu = 1, clock = false } = {}) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let asked;
  const requested = new Promise((resolve) => { asked = resolve; });
  const { page, problems } = await openPage(site.context, site.origin, url, {
    ready,
    asleep: true,
    before: async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
      // A slow phone's processor, where the app takes longest to draw what an action did.
      if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      // A clock the test can move on: time runs as usual until the test jumps it forward.
      if (clock) await page.clock.install();
      await page.route(/_bg\.wasm$/, async (route) => {
        asked();
        if (block) return route.abort();
        await held;
        return route.continue();
      });
      // Every layout shift, and whether input came just before it.
      await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.shifts.push({ value: entry.value, input: entry.hadRecentInput });
        }).observe({ type: 'layout-shift', buffered: true });
      });
    },
  });
  const copy = (testid) => page.locator(`#prerendered [data-testid="${testid}"]`);
  const wake = async () => {
    await requested;
    release();
    await appReady(page);
  };
  return { page, problems, copy, wake, requested };
}

const setCells = (page, testid = 'bit') => page.$$eval(`[data-testid="${testid}"][data-set="true"]`, (cells) => cells.map((cell) => Number(cell.dataset.index)).sort((a, b) => a - b));
const sorted = (values) => [...new Set(values)].sort((a, b) => a - b);
const items = (page) => page.$$eval('[data-testid="item"] .item-text', (list) => list.map((item) => item.textContent));
const focused = (page) => page.evaluate(() => {
  const field = document.activeElement;
  return { testid: field?.dataset.testid, value: field?.value, caret: field?.selectionStart, inCopy: Boolean(field?.closest('#prerendered')) };
});

test('playground: an item typed and inserted on the prerendered page is inserted once the app arrives, and what was typed after it stays in the field', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#m=32&k=3');
  const insert = copy('insert-button');
  const before = await insert.boundingBox();
  await copy('item-input').fill('apple');
  await insert.click();
  // Waiting is shown on the pressed button, and nothing moves.
  assert.equal(await insert.getAttribute('aria-busy'), 'true');
  assert.equal(await insert.evaluate((button) => getComputedStyle(button).outlineStyle), 'dashed');
  assert.deepEqual(await insert.boundingBox(), before);
  // And a note under it says the action is on its way, laid over the page within the screen.
  const note = page.getByRole('status').filter({ hasText: 'Starting' });
  assert.equal(await note.textContent(), 'Starting… this happens as soon as the page is ready.');
  const noted = await note.boundingBox();
  assert.ok(noted.y >= before.y + before.height && noted.y < before.y + before.height + 20, 'right under the button');
  assert.ok(noted.x >= 0 && noted.x + noted.width <= page.viewportSize().width, 'within the screen');
  // Typed after the click: the field's text, not what was inserted.
  await copy('item-input').fill('pear');
  assert.equal(await page.locator('#prerendered').count(), 1, 'the app has not arrived yet');
  await wake();
  assert.equal(await note.count(), 0, 'the note goes with the copy');

  const reference = new ReferenceFilter(32, 3);
  reference.insert('apple');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length === 1);
  assert.deepEqual(await items(page), ['apple'], 'inserted once');
  assert.deepEqual(await setCells(page), sorted(reference.bits));
  assert.equal(await page.getByTestId('item-input').inputValue(), 'pear');
  assert.deepEqual(await focused(page), { testid: 'item-input', value: 'pear', caret: 4, inCopy: false }, 'focus and caret carried over');
  // The replay ran once: nothing more happens later.
  await page.waitForTimeout(500);
  assert.deepEqual(await items(page), ['apple']);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('counting: Insert pressed twice and Remove once on the prerendered page are done in order once the app arrives', async () => {
  const { page, problems, copy, wake } = await openAsleep('/counting/#m=32&k=3&c=4');
  await copy('item-input').fill('apple');
  await copy('insert-button').click();
  await copy('insert-button').click();
  await copy('item-input').fill('pear');
  await copy('insert-button').click();
  await copy('remove-button').click();
  await wake();

  const counters = new Array(32).fill(0);
  for (const [word, step] of [['apple', 1], ['apple', 1], ['pear', 1], ['pear', -1]]) {
    // A counter per hash, as the counting page's own reference: an index hit twice counts twice.
    for (const index of bitIndexes(word, 32, 3)) counters[index] += step;
  }
  const values = () => page.$$eval('[data-testid="counter"]', (cells) => cells.map((cell) => Number(cell.dataset.value)));
  await page.waitForFunction(() => document.querySelector('[data-testid="counting-outcome"]')?.dataset.kind === 'removed');
  assert.deepEqual(await values(), counters, 'apple twice, pear in and out again');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('calculator: n and p typed before the app arrives are kept and answered', async () => {
  const { page, problems, copy, wake } = await openAsleep('/calculator/', 'calc-input-n');
  await copy('calc-input-n').fill('2e6');
  await copy('calc-input-p').fill('0.1%');
  await wake();

  const expected = sizing(2e6, 0.001);
  await page.waitForFunction((m) => Number(document.querySelector('[data-testid="calc-m"]')?.dataset.value) === m, expected.m);
  assert.equal(await page.getByTestId('calc-input-n').inputValue(), '2e6');
  assert.equal(await page.getByTestId('calc-input-p').inputValue(), '0.1%');
  assert.equal(Number(await page.getByTestId('calc-k').getAttribute('data-value')), expected.k);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('combining filters: a word inserted into A by button and one into B by Enter, both before the app arrives', async () => {
  const { page, problems, copy, wake } = await openAsleep('/sets/#m=32&k=3');
  await page.locator('#prerendered [data-testid="set-a"] [data-testid="item-input"]').fill('kiwi');
  await page.locator('#prerendered [data-testid="set-a"] [data-testid="insert-button"]').click();
  const fieldB = page.locator('#prerendered [data-testid="set-b"] [data-testid="item-input"]');
  await fieldB.fill('fig');
  await fieldB.press('Enter');
  assert.equal(await fieldB.getAttribute('aria-busy'), 'true', 'Enter in a field waits too');
  // One note, under the control used last.
  const note = page.locator('.waking');
  assert.equal(await note.count(), 1);
  const [field, noted] = [await fieldB.boundingBox(), await note.boundingBox()];
  assert.ok(noted.y >= field.y + field.height && noted.y < field.y + field.height + 20, 'under field B');
  assert.equal(await copy('item-input').count(), 2);
  await wake();

  await page.waitForFunction(() => document.querySelectorAll('[data-testid="set-b-bit"][data-set="true"]').length > 0);
  assert.deepEqual(await setCells(page, 'set-a-bit'), sorted(bitIndexes('kiwi', 32, 3)));
  assert.deepEqual(await setCells(page, 'set-b-bit'), sorted(bitIndexes('fig', 32, 3)));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a chapter’s exercise answered and checked before the app arrives is marked once it does; the page says it is starting in its language', async () => {
  const { page, problems, copy, wake } = await openAsleep('/learn/5/', 'exercise-input');
  const given = Object.fromEntries((await copy('exercise').getAttribute('data-given')).split(' ').map((pair) => pair.split('=')));
  const [m, n] = [Number(given.m), Number(given.n)];
  let best = 1;
  for (let k = 2; k <= 40; k++) if (approximateRate(m, k, n) < approximateRate(m, best, n)) best = k;
  await copy('exercise-input').fill(String(best));
  await copy('exercise-check').click();
  assert.equal(await page.getByRole('status').filter({ hasText: 'Starting' }).count(), 1);
  await wake();

  await page.waitForFunction(() => document.querySelector('[data-testid="exercise"]')?.dataset.state !== 'unanswered');
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'right');
  assert.equal(await page.getByTestId('exercise-input').inputValue(), String(best));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the note under a control pressed before the app arrives is in the page’s language, and goes when the app has done the action', async () => {
  for (const [url, ready, button, words] of [['/zh/#m=32&k=3', 'item-input', 'insert-button', '正在启动……页面一就绪就会执行。'], ['/ja/learn/5/', 'exercise-input', 'exercise-check', '起動中です。準備ができしだい実行します。']]) {
    const { page, problems, copy, wake } = await openAsleep(url, ready);
    await copy(ready).fill('7');
    await copy(button).click();
    const note = page.getByRole('status').filter({ hasText: words });
    assert.ok(await note.isVisible(), url);
    await wake();
    assert.equal(await note.count(), 0, url);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('a new question asked for before the app arrives holds the exercise until it is shown (a second press does nothing); then Enter checks the answer against it', async () => {
  // The question "Try another" gives on a page that is there.
  const { page: live } = await openPage(site.context, site.origin, '/learn/5/', { ready: 'exercise-input' });
  await live.getByTestId('exercise-another').click();
  const second = await live.getByTestId('exercise').getAttribute('data-given');
  await live.close();

  const { page, problems, copy, wake } = await openAsleep('/learn/5/', 'exercise-input', { cpu: 4 });
  const first = await copy('exercise').getAttribute('data-given');
  await copy('exercise-another').click();
  // The old question cannot be answered meanwhile: the exercise waits, and says so.
  assert.equal(await copy('exercise').evaluate((exercise) => exercise.inert), true, 'the exercise waits for its new question');
  assert.equal(await page.getByRole('status').filter({ hasText: 'Starting' }).count(), 1);
  await copy('exercise-another').click({ force: true, timeout: 2000 }).catch(() => {});
  await wake();

  assert.notEqual(second, first);
  await page.waitForFunction((given) => document.querySelector('[data-testid="exercise"]')?.dataset.given === given, second);
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('exercise').getAttribute('data-given'), second, 'one new question, not two');
  assert.equal(await page.getByTestId('exercise').evaluate((exercise) => exercise.inert), false);
  const given = Object.fromEntries(second.split(' ').map((pair) => pair.split('=')));
  const [m, n] = [Number(given.m), Number(given.n)];
  let best = 1;
  for (let k = 2; k <= 40; k++) if (approximateRate(m, k, n) < approximateRate(m, best, n)) best = k;
  await page.getByTestId('exercise-input').fill(String(best));
  await page.getByTestId('exercise-input').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="exercise"]')?.dataset.state !== 'unanswered');
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'right', `m = ${m}, n = ${n}`);
  assert.match(await page.getByTestId('exercise-feedback').textContent(), new RegExp(m.toLocaleString('en')));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('ten words typed with Enter through the takeover are the ten items, in order, each once', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#m=64&k=3');
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  await copy('item-input').click();
  // The reader types on, at 80 ms a key, while the app arrives part-way through.
  const typing = (async () => {
    for (const word of words) {
      await page.keyboard.type(word, { delay: 80 });
      await page.keyboard.press('Enter');
    }
  })();
  await page.waitForTimeout(2500);
  await wake();
  await typing;
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length >= 10, null, { timeout: 10000 }).catch(() => {});
  await page.waitForTimeout(300);
  assert.deepEqual(await items(page), words);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('m typed and left before the app arrives is the filter’s m; a word typed with a button in focus is not taken for shortcuts', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#k=3');
  await copy('m-input').fill('64');
  await copy('item-input').focus();
  await copy('item-input').fill('apple');
  await copy('insert-button').click();
  // The focus is on Insert: "pear" typed there would be p (present) and r (reset) one by one.
  await page.keyboard.type('pear', { delay: 60 });
  await wake();

  await page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length === 1);
  assert.equal(await page.getByTestId('bit').count(), 64, 'the m left in its field');
  assert.deepEqual(await items(page), ['apple']);
  const reference = new ReferenceFilter(64, 3);
  reference.insert('apple');
  assert.deepEqual(await setCells(page), sorted(reference.bits));
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.app.presenter').count(), 0, 'not presenting');
  assert.deepEqual(await items(page), ['apple'], 'not reset');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a field left by a click elsewhere before the app arrives does not get the focus back: what is typed next goes where it would on a loaded page', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#m=32&k=4');
  await copy('k-input').fill('5');
  await page.locator('#prerendered h1').first().click();
  await wake();
  await page.waitForTimeout(300);
  assert.notEqual(await page.evaluate(() => document.activeElement?.dataset?.testid), 'k-input', 'k has not the focus');
  await page.keyboard.type('12');
  assert.equal(await page.getByTestId('k-input').inputValue(), '5', 'the k chosen, and nothing typed into it');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a choice made among radio buttons before the app arrives is the app’s choice', async () => {
  const { page, problems, copy, wake } = await openAsleep('/learn/4/', 'exercise-option');
  assert.equal(await copy('exercise-option').count(), 3);
  await copy('exercise-option').nth(1).check();
  await wake();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="exercise-option"]')[1]?.checked);
  assert.equal(await page.getByTestId('exercise-option').nth(0).isChecked(), false);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a value typed before the app arrives moves nothing when the app takes over; an action on a part the app does not draw is dropped with a note', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#m=32&k=3');
  const notes = [];
  page.on('console', (message) => notes.push(`${message.type()}: ${message.text()}`));
  await copy('item-input').fill('plum');
  await page.evaluate(() => {
    const gone = document.createElement('button');
    gone.dataset.testid = 'not-in-the-app';
    gone.textContent = 'gone';
    document.querySelector('#prerendered [data-testid="item-input"]').after(gone);
  });
  await copy('not-in-the-app').click();
  await page.evaluate(() => document.querySelector('#prerendered [data-testid="not-in-the-app"]').remove());
  // Back into the field, the caret after "pl".
  await copy('item-input').click();
  await copy('item-input').evaluate((field) => field.setSelectionRange(2, 2));
  await copy('item-input').press('ArrowRight');
  // What moved before is the reader's doing (and the test's extra button); from here on, the takeover.
  await page.waitForTimeout(600);
  await page.evaluate(() => { window.shifts = []; });
  await wake();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'item-input');
  assert.deepEqual(await focused(page), { testid: 'item-input', value: 'plum', caret: 3, inCopy: false });
  assert.deepEqual(await items(page), [], 'typing alone inserts nothing');
  assert.ok(notes.some((note) => /^info: Not done, the page has no such part: .*not-in-the-app/.test(note)), notes.join('\n'));
  const shift = await page.evaluate(() => window.shifts.filter((entry) => !entry.input).reduce((sum, entry) => sum + entry.value, 0));
  assert.equal(shift, 0, 'no layout shift');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('cells pressed on their digits and Enter then another word, before the app arrives, are what the app does', async () => {
  const { page, problems, copy, wake } = await openAsleep('/learn/2/', 'exercise-cell');
  const pressed = (cells) => cells.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-pressed')));
  const before = await pressed(copy('exercise-cell'));
  // A finger lands on the big digit inside the cell, not on the button's edge.
  await copy('exercise-cell').nth(0).locator('.exercise-bit-value').click();
  await copy('exercise-cell').nth(15).locator('.exercise-bit-value').click();
  assert.equal(await copy('exercise-cell').nth(15).getAttribute('aria-busy'), 'true', 'the press waits, and says so');
  await copy('exercise-check').click();
  await wake();
  await page.waitForFunction(() => document.querySelector('[data-testid="exercise"]')?.dataset.state !== 'unanswered');
  const flip = (value) => (value === 'true' ? 'false' : 'true');
  assert.deepEqual(await pressed(page.getByTestId('exercise-cell')), before.map((value, cell) => ([0, 15].includes(cell) ? flip(value) : value)));
  assert.deepEqual(problems(), []);
  await page.close();

  // Enter inserts and leaves the word selected: the next word typed replaces it, as in the app.
  const playground = await openAsleep('/#m=32&k=3');
  await playground.copy('item-input').pressSequentially('apple');
  await playground.copy('item-input').press('Enter');
  await playground.copy('item-input').pressSequentially('kiwi');
  await playground.copy('item-input').press('Enter');
  await playground.wake();
  await playground.page.waitForFunction(() => document.querySelectorAll('[data-testid="item"]').length === 2);
  assert.deepEqual(await items(playground.page), ['apple', 'kiwi']);
  assert.deepEqual(playground.problems(), []);
  await playground.page.close();
});

test('a shortcut’s key pressed before the app arrives is pressed again once it does: p presents the playground', async () => {
  const { page, problems, copy, wake } = await openAsleep('/#m=32&k=3', 'item-input');
  await page.setViewportSize({ width: 1280, height: 720 });
  await copy('item-input').fill('fig');
  await page.locator('#prerendered h1').click();
  await page.keyboard.press('p');
  await wake();
  await page.locator('.app.presenter').waitFor();
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('item-input').inputValue(), 'fig', 'and what was typed is there');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a reader who scrolled down a chapter before the app arrived stays at the same place when it does', async () => {
  for (const size of [{ width: 1280, height: 900 }, { width: 375, height: 800 }]) {
    const { page, problems, copy, wake } = await openAsleep('/learn/5/', 'exercise-input');
    await page.setViewportSize(size);
    await copy('exercise').evaluate((exercise) => scrollTo(0, exercise.getBoundingClientRect().top + scrollY - 300));
    await page.waitForTimeout(300);
    const at = await copy('exercise').evaluate((exercise) => exercise.getBoundingClientRect().top);
    await wake();
    await page.waitForTimeout(500);
    const now = await page.getByTestId('exercise').evaluate((exercise) => exercise.getBoundingClientRect().top);
    assert.ok(Math.abs(now - at) <= 2, `${size.width} px: the exercise at ${Math.round(at)} px before, ${Math.round(now)} px after`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('with the wasm blocked, a chapter keeps its columns, the line spans the page, and a button pressed says it near itself, moves nothing and does not wait', async () => {
  const { page, problems, copy, requested } = await openAsleep('/learn/5/', 'exercise-input', { block: true });
  const column = await copy('chapter').evaluate((chapter) => Math.round(chapter.getBoundingClientRect().width));
  await requested;
  await page.getByTestId('start-failed').first().waitFor({ timeout: 10000 });
  assert.equal(await copy('chapter').evaluate((chapter) => Math.round(chapter.getBoundingClientRect().width)), column, 'the chapter’s column as wide as before');
  await copy('exercise-check').scrollIntoViewIfNeeded();
  // The paragraphs come into view laid out (their heights settle), as a reader's scroll leaves them.
  await page.waitForTimeout(500);
  const before = await copy('exercise-check').boundingBox();
  await copy('exercise-check').click();
  assert.equal(await copy('exercise-check').getAttribute('aria-busy'), null, 'nothing waits for an app that will not come');
  const near = await copy('exercise').evaluate((exercise) => exercise.nextElementSibling?.dataset.testid);
  assert.equal(near, 'start-failed', 'the line right under the exercise');
  assert.deepEqual(await copy('exercise-check').boundingBox(), before, 'what was pressed did not move');
  // Pressed again, with the line on the screen: no second line.
  await copy('exercise-check').click();
  assert.equal(await page.getByTestId('start-failed').count(), 2, 'the top one and the one under the exercise');
  assert.deepEqual(problems().filter((problem) => !/Failed to load resource/.test(problem)), []);
  await page.close();
});

test('a program whose download stalls is said not to have started, twenty seconds after the page loaded; should it come after all, the line goes', async () => {
  // The wasm held back and never let through: no error ever comes. The page's clock is moved on
  // rather than waited for.
  const { page, problems, copy, requested, wake } = await openAsleep('/calculator/', 'calc-input-n', { clock: true });
  await requested;
  await page.waitForLoadState('load');
  await copy('calc-input-n').fill('1000');
  await page.clock.fastForward(17000);
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('start-failed').count(), 0, 'seventeen seconds after the load, nothing is said yet');
  await page.clock.fastForward(3500);
  await page.getByTestId('start-failed').first().waitFor({ timeout: 5000 });
  assert.match(await page.getByTestId('start-failed').first().textContent(), /could not start/);
  assert.equal(await copy('calc-input-n').inputValue(), '1000', 'what was typed stays');
  // Should the app come after all, the line goes and what was typed is the app's.
  await wake();
  assert.equal(await page.getByTestId('start-failed').count(), 0, 'no line says it failed');
  assert.equal(await page.getByTestId('calc-input-n').inputValue(), '1000');
  // A button pressed on the working page says nothing of a failure.
  await page.locator('main button:not([disabled])').first().click();
  assert.equal(await page.getByTestId('start-failed').count(), 0, 'no line after a press either');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('with the wasm blocked the page says it could not start, in its language, and stays readable', async () => {
  for (const [url, ready, words] of [['/', 'item-input', /could not start/], ['/zh/learn/4/', 'chapter', /未能启动/], ['/ja/calculator/', 'calc-input-n', /起動できませんでした/]]) {
    const { page, problems, requested } = await openAsleep(url, ready, { block: true });
    await requested;
    const line = page.getByTestId('start-failed');
    await line.waitFor({ timeout: 10000 });
    assert.match(await line.textContent(), words);
    assert.equal(await page.locator('#prerendered').count(), 1, 'the prerendered page stays');
    assert.ok(await page.locator('#prerendered h1').isVisible(), 'and its text is readable');
    // Nothing in the console but the failed request itself.
    assert.deepEqual(problems().filter((problem) => !/Failed to load resource/.test(problem)), [], url);
    await page.close();
  }
});

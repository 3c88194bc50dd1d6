// End-to-end tests of the step-through of the last query on the scalable, combining and count-min
// pages (the counting page's is in counting.test.mjs): the button, → ← Esc and q, what each step
// says checked against what the page draws (a stage's bits, a row's bits, a sketch's counters, the
// indexes worked out here from the hashes in reference.js), what happened holding back its verdict
// until the last step, the link carrying the step to another machine, and a stage for a class at 1280 × 720 and
// 1920 × 1080 that needs no scrolling at any step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openOnPhone, openPage, readabilityProblems, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, options);

/** The step the step-through shows, once it shows `step`. */
async function at(page, step) {
  const line = page.locator(`[data-testid="step-text"][data-step="${step}"]`);
  await line.waitFor();
  return line.textContent();
}


test('the scalable filter steps through a query stage by stage: each stage’s bits as it draws them, the verdict only after the last', async () => {
  const { page, problems } = await open('/scalable/#preset=custom&n0=4&p=0.1&s=2&r=0.5&stream=200');
  const stages = await page.getByTestId('stage').count();
  assert.ok(stages >= 6, `${stages} stages`);
  await page.getByTestId('item-input').fill('word2');
  await page.getByTestId('query-button').click();
  await page.getByTestId('scalable-verdict').waitFor();
  const verdict = await page.getByTestId('scalable-outcome').textContent();
  await page.getByTestId('step-button').click();
  assert.equal(await at(page, 0), `Before: “word2” is looked up in each of the ${stages} stages in turn.`);
  // What happened waits for the last stage: no verdict, no stage read yet, no bit marked.
  assert.equal(await page.getByTestId('step-outcome').textContent(), `Querying “word2”, one stage at a time (0 of ${stages} read): a “maybe” from any stage is the filter's “maybe”, and the verdict comes after the last.`);
  assert.equal(await page.getByTestId('scalable-verdict').count(), 0);
  assert.equal(await page.locator('.stage-bits .dot.marked').count(), 0);
  for (let step = 1; step <= stages; step++) {
    await page.keyboard.press('ArrowRight');
    const line = await at(page, step);
    const [, stage, bits, values, answer] = line.match(/^Stage (\d+): bits ([\d, ]+) hold ([01, ]+) — (.*)$/) ?? [];
    assert.equal(Number(stage), step, line);
    const read = bits.split(', ').map(Number);
    const held = values.split(', ').map(Number);
    assert.equal(read.length, held.length);
    // The first two stages draw their bits one by one: the values are theirs.
    if (step <= 2) {
      const drawn = await page.getByTestId('stage').nth(step - 1).locator('.stage-bits .dot').evaluateAll((dots) => dots.map((dot) => (dot.classList.contains('set') ? 1 : 0)));
      assert.deepEqual(held, read.map((index) => drawn[index]), `stage ${step}`);
    }
    const zero = held.indexOf(0);
    assert.equal(answer, zero < 0 ? `all 1, so stage ${step} answers “maybe”.` : `bit ${read[zero]} is 0, so stage ${step} answers “no”.`);
    // The stages read so far, each with its answer; the bits they read marked in their stages.
    assert.equal(await page.locator('[data-testid="stage-reads"] > li').count(), step);
    assert.equal(await page.locator('[data-testid="stage-reads"] > li').last().getAttribute('data-answer'), zero < 0 ? 'maybe' : 'no');
    assert.equal(await page.getByTestId('scalable-verdict').count(), step < stages ? 0 : 1);
  }
  assert.equal(await page.getByTestId('scalable-outcome').textContent(), verdict, 'at the last step, the verdict as the query gave it');
  await page.getByTestId('step-done').waitFor();
  // ← goes back a stage; the link holds the query and the step.
  await page.keyboard.press('ArrowLeft');
  await at(page, stages - 1);
  await page.waitForFunction((step) => location.hash.endsWith(`&query=word2&step=${step}`), stages - 1);
  const link = page.url();
  await openOnPhone(link, async (phone) => {
    assert.equal(await at(phone, stages - 1), await page.getByTestId('step-text').textContent(), 'the same step');
    assert.equal(await phone.locator('[data-testid="stage-reads"] > li').count(), stages - 1);
    assert.equal(await phone.getByTestId('item-input').inputValue(), 'word2');
  });
  // Esc stops; q queries the field's text and steps through it from the start.
  await page.keyboard.press('Escape');
  await page.getByTestId('step-button').waitFor();
  await page.waitForFunction(() => /&query=word2$/.test(location.hash));
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('item-input').press('Escape');
  await page.keyboard.press('q');
  assert.match(await at(page, 0), /^Before: “grape” is looked up/);
  assert.deepEqual(await axeViolations(page), []);
  // An insert is not stepped through: no button.
  await page.getByTestId('insert-button').click();
  await page.getByTestId('scalable-outcome').and(page.locator('[data-kind="inserted"], [data-kind="already-present"]')).waitFor();
  assert.equal(await page.getByTestId('step-button').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('combining filters step through a query one bit at a time: each bit in A, B, A OR B and A AND B, its column ringed in the rows', async () => {
  const { page, problems } = await open('/sets/#m=32&k=3&a=apple&a=pear&a=plum&b=pear&b=fig&b=kiwi');
  const rowBits = (testid) => page.locator(`[data-testid="${testid}"]`).evaluateAll((cells) => cells.map((cell) => (cell.dataset.set === 'true' ? 1 : 0)));
  const [a, b, or, and] = await Promise.all(['set-a-bit', 'set-b-bit', 'or-bit', 'and-bit'].map(rowBits));
  await page.getByTestId('item-input').nth(1).fill('grape');
  await page.getByTestId('query-button').nth(1).click();
  await page.getByTestId('sets-verdict').waitFor();
  const answers = await page.getByTestId('sets-outcome').textContent();
  await page.getByTestId('step-button').click();
  assert.equal(await at(page, 0), 'Before: the same 3 bits of “grape” are read in A, B, A OR B and A AND B.');
  assert.equal(await page.getByTestId('sets-verdict').count(), 0, 'no answer before the last bit');
  const indexes = bitIndexes('grape', 32, 3);
  for (let step = 1; step <= 3; step++) {
    await page.getByTestId('step-next').click();
    const index = indexes[step - 1];
    assert.equal(await at(page, step), `“grape”, probe ${step} of 3: bit ${index} is ${a[index]} in A and ${b[index]} in B, so ${or[index]} in A OR B and ${and[index]} in A AND B.`);
    // OR and AND of the column are the bits of A and B, as the rows draw them.
    assert.equal(or[index], a[index] | b[index]);
    assert.equal(and[index], a[index] & b[index]);
    // The bits read so far are marked in every row, and the step's column is ringed in each.
    const marked = await page.locator('[data-testid="set-a-bit"].probed').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.deepEqual(marked.sort((x, y) => x - y), [...new Set(indexes.slice(0, step))].sort((x, y) => x - y));
    const ringed = await page.locator('.set-bit.inspected').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.deepEqual(ringed, new Array(6).fill(index), 'its column in all six rows');
  }
  assert.equal(await page.getByTestId('sets-outcome').textContent(), answers, 'the four answers at the last step');
  // The link carries the query from B's field and the step.
  await page.waitForFunction(() => /&queryb=grape&step=3$/.test(location.hash));
  const link = page.url();
  await openOnPhone(link, async (phone) => {
    assert.match(await at(phone, 3), /^“grape”, probe 3 of 3: /);
    assert.equal(await phone.getByTestId('item-input').nth(1).inputValue(), 'grape');
  });
  await page.getByTestId('step-done').click();
  await page.getByTestId('step-button').waitFor();
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the count-min sketch steps through an estimate row by row: each row’s counter as the sketch holds it, the least so far, the estimate after the last', async () => {
  const { page, problems } = await open('/count-min/#w=16&d=4&add=5*apple&add=3*pear&add=plum&add=2*fig');
  const columns = bitIndexes('apple', 16, 4);
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('query-button').click();
  await page.getByTestId('cms-estimate').waitFor();
  const estimated = await page.getByTestId('cms-outcome').textContent();
  await page.getByTestId('step-button').click();
  assert.equal(await at(page, 0), `Before: “apple” reads one counter per row, in columns ${columns.slice(0, 3).join(', ')} and ${columns[3]}.`);
  assert.equal(await page.locator('.cms-cell.probe').count(), 0, 'no counter marked before the first row');
  let least = Infinity;
  for (let row = 0; row < 4; row++) {
    await page.keyboard.press('ArrowRight');
    const value = Number(await page.locator(`[data-testid="cms-cell"][data-row="${row}"][data-column="${columns[row]}"]`).getAttribute('data-value'));
    least = Math.min(least, value);
    assert.equal(await at(page, row + 1), `Row ${row}: column ${columns[row]} holds ${value}; the least so far is ${least}.`);
    const marked = await page.$$eval('.cms-cell.probe', (cells) => cells.map((cell) => [Number(cell.dataset.row), Number(cell.dataset.column)]));
    assert.deepEqual(marked, columns.slice(0, row + 1).map((column, at) => [at, column]));
    assert.equal(await page.getByTestId('cms-estimate').count(), row < 3 ? 0 : 1, 'the estimate only after the last row');
  }
  assert.ok(least >= 5, 'never below the truth');
  assert.equal(await page.getByTestId('cms-outcome').textContent(), estimated);
  await page.waitForFunction(() => /&query=apple&step=4$/.test(location.hash));
  await openOnPhone(page.url(), async (phone) => {
    assert.match(await at(phone, 4), /^Row 3: /);
  });
  // Esc stops; q estimates the field's text and steps through it.
  await page.keyboard.press('Escape');
  await page.getByTestId('step-button').waitFor();
  await page.getByTestId('item-input').fill('pear');
  await page.getByTestId('item-input').press('Escape');
  await page.keyboard.press('q');
  assert.match(await at(page, 0), /^Before: “pear” reads/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

/** The pages whose last query steps through, on a stage: the address, and the field and button
 * that ask. */
const stepped = {
  counting: { url: '/counting/#present=1&m=32&k=3&add=apple&add=pear&add=plum&add=fig', field: 0 },
  // Two stages, the first fuller than its plan (its line says so: a mark on the stage).
  scalable: { url: '/scalable/#present=1&preset=custom&n0=4&p=0.1&s=2&r=0.8&add=apple&add=banana&add=cherry&add=date&add=elder&add=fig&add=grape', field: 0 },
  'combining filters': { url: '/sets/#present=1&m=32&k=3&a=apple&a=pear&a=plum&b=pear&b=fig&b=kiwi', field: 1 },
  'count-min': { url: '/count-min/#present=1&w=16&d=4&add=5*apple&add=3*grape&add=plum', field: 0 },
};

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  for (const [name, { url, field }] of Object.entries(stepped)) {
    test(`presenter mode at ${width}×${height}: stepping through a query on the ${name} page needs no scrolling at any step, in 28 px type, its buttons still`, async () => {
      const { page, problems } = await open(url, { width, height });
      await page.locator('.app.presenter.folded').waitFor();
      await page.getByTestId('item-input').nth(field).fill('grape');
      await page.getByTestId('query-button').nth(field).click();
      // A remote's → starts the step-through and moves it on.
      await page.keyboard.press('ArrowRight');
      let place;
      for (let step = 0; ; step++) {
        await at(page, step);
        await page.waitForTimeout(150);
        assert.equal(await page.evaluate(() => scrollY), 0, `step ${step}: the page has not scrolled`);
        const tall = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(tall <= height + 1, `step ${step}: the page is ${tall} px tall`);
        const box = await page.getByTestId('step-text').boundingBox();
        assert.ok(box.y >= 0 && box.y + box.height <= height, `step ${step}: its words on the screen`);
        const previous = await page.getByTestId('step-previous').boundingBox();
        place ??= previous;
        assert.deepEqual(previous, place, `step ${step}: Previous has not moved`);
        const scrolling = await page.evaluate(() => [...document.querySelectorAll('main *')]
          .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight + 1)
          .map((element) => element.className));
        assert.deepEqual(scrolling, [], `step ${step}: no box needs scrolling`);
        const { small, clipped } = await readabilityProblems(page, 28);
        assert.deepEqual(small, [], `step ${step}: text under 28 px`);
        assert.deepEqual(clipped, [], `step ${step}: cut off`);
        if (await page.getByTestId('step-done').count()) break;
        await page.keyboard.press('ArrowRight');
      }
      assert.deepEqual(problems(), []);
      await page.close();
    });
  }
}

test('on a phone stepping through a query keeps its buttons still, and each step’s stage or column on the screen under it', async () => {
  const phone = { width: 375, height: 800 };
  const cases = [
    ['/scalable/#preset=custom&n0=4&p=0.1&s=2&r=0.5&stream=200', 0, (step) => `[data-testid="stage-reads"] > li:nth-child(${step}) .read-bit`],
    ['/sets/#m=32&k=3&a=apple&a=pear&a=plum&b=pear&b=fig&b=kiwi', 1, () => '.set-bit.inspected'],
    ['/count-min/#w=16&d=4&add=5*apple&add=3*grape&add=plum', 0, (step) => `.cms-cell.probe[data-row="${step - 1}"]`],
  ];
  for (const [url, field, shown] of cases) {
    const { page, problems } = await open(url, phone);
    await page.getByTestId('item-input').nth(field).fill('grape');
    await page.getByTestId('query-button').nth(field).click();
    await page.getByTestId('step-button').click();
    let place;
    for (let step = 0; ; step++) {
      await at(page, step);
      await page.waitForTimeout(300);
      const previous = await page.getByTestId('step-previous').boundingBox();
      place ??= previous;
      assert.deepEqual(previous, place, `${url} step ${step}: Previous has not moved`);
      assert.ok(previous.y >= 0 && previous.y + previous.height <= phone.height, `${url} step ${step}: Previous on the screen`);
      // The step is read whole, not cut inside its bar.
      assert.ok(await page.getByTestId('step-text').evaluate((text) => text.scrollHeight <= text.clientHeight + 1), `${url} step ${step}: its words whole`);
      const bar = await page.locator('.action-steps').boundingBox();
      if (step > 0) {
        const cells = await page.locator(shown(step)).evaluateAll((elements) => elements.map((element) => {
          const box = element.getBoundingClientRect();
          return [box.top, box.bottom];
        }));
        assert.ok(cells.length > 0, `${url} step ${step}: something to see`);
        for (const [top, bottom] of cells) assert.ok(top >= bar.y + bar.height - 1 && bottom <= phone.height, `${url} step ${step}: a cell at ${Math.round(top)}–${Math.round(bottom)} px, the bar to ${Math.round(bar.y + bar.height)}`);
      }
      if (await page.getByTestId('step-done').count()) break;
      await page.getByTestId('step-next').click();
    }
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

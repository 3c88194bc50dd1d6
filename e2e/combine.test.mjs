// End-to-end tests of the scalable filter and of combining filters: the release build in real
// Chromium, used as a student, a teacher and a blog author would. Every expected stage size, bound,
// bit and estimate is worked out here, independently of the page: stage plans from Almeida et al.'s
// formulas and each library's rules, bits from the hashes in reference.js, estimates from the
// formula n̂ = −(m/k)·ln(1 − X/m).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useSite } from './harness.mjs';
import { bitIndexes, sliceIndexes } from './reference.js';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, options);

/** A stage's plan under the sliced sizing: k = ⌈log₂(1/P)⌉ slices of ⌈n·ln(1/P)/(k·(ln 2)²)⌉ bits. */
function slicedStage(capacity, rate) {
  const hashes = Math.max(1, Math.ceil(-Math.log2(rate)));
  const slice = Math.max(1, Math.ceil((capacity * -Math.log(rate)) / (hashes * Math.LN2 ** 2)));
  return { bits: slice * hashes, hashes };
}

/** RedisBloom's layer (src/bloom.c with NOROUND): ⌊n·bpe⌋ bits rounded up to a multiple of 64,
 * bpe = ln(1/P)/(ln 2)², and k = ⌈ln 2 · bpe⌉. */
function standardStage(capacity, rate) {
  const perEntry = -Math.log(rate) / Math.LN2 ** 2;
  const bits = Math.ceil(Math.max(1, Math.floor(capacity * perEntry)) / 64) * 64;
  return { bits, hashes: Math.max(1, Math.ceil(Math.LN2 * perEntry)) };
}

const stages = (page) => page.$$eval('[data-testid="stage"]', (rows) => rows.map((row) => ({
  bits: Number(row.dataset.bits), hashes: Number(row.dataset.hashes), items: Number(row.dataset.items),
})));
const value = async (page, testid) => Number(await page.getByTestId(testid).getAttribute('data-value'));

async function act(page, button, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId(button).click();
}

test('a student watches stages appear, each query say which stage answered, and the bound hold', async () => {
  // n₀ = 4 and p = 10 % with s = 2, r = 0.5: stage i holds 4·2ⁱ items at 5 %·0.5ⁱ.
  const { page, problems } = await open('/scalable/#preset=custom&n0=4&p=0.1&s=2&r=0.5', { ready: 'item-input' });
  assert.equal(await page.getByTestId('stages-empty').count(), 1);
  await act(page, 'insert-button', 'apple');
  assert.match(await page.getByTestId('scalable-outcome').textContent(), /added stage 1, for 4 items at 5%; “apple” went into it/);
  // A bit looked at names who set it, read against the bits each insert marked.
  const dots = (selector) => page.$$eval(`.stage-bits .dot${selector}`, (cells) => cells.map((cell) => Number(cell.dataset.index)));
  const byApple = await dots('.set');
  await act(page, 'insert-button', 'pear');
  const byPear = await dots('.marked');
  assert.equal(byPear.length, slicedStage(4, 0.05).hashes, 'one bit in each slice');
  const detail = page.getByTestId('stage-detail');
  assert.match(await detail.textContent(), /^Tap, point at or focus a bit to see which items set it/);
  const named = (bit) => [byApple.includes(bit) && '“apple”', byPear.includes(bit) && '“pear”'].filter(Boolean).join(', ');
  for (const bit of [...new Set([byApple[0], byPear[0], ...byPear.filter((b) => byApple.includes(b))])]) {
    await page.locator(`.stage-bits .dot[data-index="${bit}"]`).click();
    assert.equal(await detail.textContent(), `Stage 1, bit ${bit} is 1, set by: ${named(bit)}.`);
  }
  const unset = (await page.$$eval('.stage-bits .dot:not(.set)', (cells) => cells.map((cell) => Number(cell.dataset.index))))[0];
  await page.locator(`.stage-bits .dot[data-index="${unset}"]`).hover();
  assert.equal(await detail.textContent(), `Stage 1, bit ${unset} is 0: no item that went into stage 1 hashes to it.`);
  for (const word of ['plum', 'fig', 'kiwi']) await act(page, 'insert-button', word);
  const shown = await stages(page);
  assert.equal(shown.length, 2, 'the fifth item needs a second stage');
  assert.deepEqual(shown[0], { ...slicedStage(4, 0.05), items: 4 });
  assert.deepEqual({ ...shown[1], items: 0 }, { ...slicedStage(8, 0.025), items: 0 });
  assert.equal(shown[0].items + shown[1].items, 5 - (await value(page, 'stat-skipped')));
  // A query of an inserted word: some stage answers, and the page names it.
  await act(page, 'query-button', 'apple');
  const verdict = page.getByTestId('scalable-verdict');
  assert.equal(await verdict.getAttribute('data-verdict'), 'maybe');
  assert.match(await verdict.textContent(), new RegExp(`stage ${await verdict.getAttribute('data-stage')} answered`));
  // Beside each stage's answer, the bits it read, as its stage shows them: filled for 1, the 0 that
  // said "no" ringed; a stage that answered "maybe" read only 1s.
  for (const query of ['apple', 'grape', 'melon']) {
    await act(page, 'query-button', query);
    const reads = await page.$$eval('[data-testid="stage-reads"] > li', (rows) => rows.map((row) => ({
      stage: row.dataset.stage, answer: row.dataset.answer, said: row.querySelector('.stage-answer').textContent,
      bits: [...row.querySelectorAll('.read-bit')].map((bit) => [Number(bit.dataset.index), bit.classList.contains('set'), bit.classList.contains('decides')]),
    })));
    assert.equal(reads.length, 2, `${query}: a row per stage`);
    for (const [i, row] of reads.entries()) {
      const drawn = await page.locator('[data-testid="stage"]').nth(i).locator('.stage-bits .dot')
        .evaluateAll((cells) => cells.map((cell) => cell.classList.contains('set')));
      assert.equal(row.bits.length, shown[i].hashes, `${query}, stage ${i + 1}: one bit per hash`);
      for (const [index, set] of row.bits) assert.equal(set, drawn[index], `${query}, stage ${i + 1}, bit ${index}`);
      const maybe = row.bits.every(([, set]) => set);
      assert.equal(row.answer, maybe ? 'maybe' : 'no');
      assert.equal(row.said, `stage ${i + 1}: ${maybe ? 'maybe' : 'no'}`);
      assert.deepEqual(row.bits.map(([, , decides]) => decides), row.bits.map(([, set], at) => !maybe && at === row.bits.findIndex(([, one]) => !one)));
    }
  }
  await act(page, 'query-button', 'apple');
  // The bound is 1 − ∏(1 − Pᵢ) of the stages built, its limit P₀/(1 − r).
  assert.ok(Math.abs((await value(page, 'compound-bound')) - (1 - 0.95 * 0.975)) < 1e-12);
  assert.ok(Math.abs((await value(page, 'bound-limit')) - 0.1) < 1e-12);
  // Ten thousand more: the rate measured on the probes as each stage filled, against the bound.
  await page.getByTestId('stream-button').click();
  await page.getByTestId('stream-summary').waitFor();
  const grown = await stages(page);
  assert.ok(grown.length >= 10, `${grown.length} stages`);
  grown.forEach((stage, i) => {
    const plan = slicedStage(4 * 2 ** i, 0.05 * 0.5 ** i);
    assert.deepEqual([stage.bits, stage.hashes], [plan.bits, plan.hashes], `stage ${i + 1}`);
    if (i < grown.length - 1) assert.equal(stage.items, 4 * 2 ** i, `stage ${i + 1} is full`);
  });
  // Every stage's rates in one form down the list: stage 7's Pᵢ reads "0.0781%" under stage 6's
  // "0.156%", not "7.81 × 10⁻⁴".
  const heads = await page.$$eval('[data-testid="stage"] .stage-head', (items) => items.map((item) => item.textContent));
  heads.forEach((head, i) => {
    const [planned, now] = [head.match(/Pᵢ = ([^ ]+)/)?.[1], head.match(/rate now ([^ ]+)/)?.[1]];
    assert.ok(/^[\d.]+%$/.test(planned) && /^(<0\.001|[\d.]+)%$/.test(now), `stage ${i + 1}: ${head}`);
    assert.ok(Math.abs(parseFloat(planned) / 100 / (0.05 * 0.5 ** i) - 1) < 0.005, `stage ${i + 1}: ${planned}`);
  });
  const bound = 1 - grown.reduce((product, _, i) => product * (1 - 0.05 * 0.5 ** i), 1);
  assert.ok(Math.abs((await value(page, 'compound-bound')) - bound) < 1e-12);
  const measured = await value(page, 'measured-rate');
  assert.ok(measured > 0 && measured < 0.2, `${measured}`);
  assert.equal(await page.locator('[data-testid="growth-row"]').count(), grown.length - 1, 'a point per full stage');
  assert.ok(await page.getByTestId('growth-chart').isVisible());
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the scalable page says how a stage picks its bits, and every bit a query steps through or an insert writes is the one that rule gives, under its number', async () => {
  const words = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'kiwi', 'lime', 'pear', 'plum', 'peach', 'melon', 'fig', 'date'];
  const { page, problems } = await open(`/scalable/#preset=custom&n0=4&p=0.01&s=2&r=0.8&${words.map((word) => `add=${word}`).join('&')}&query=quince`, { width: 375, height: 800 });
  const how = page.getByTestId('stage-how');
  await how.locator('summary').click();
  assert.match(await how.textContent(), /hash i \(counted from 0\) sets one bit in slice i\..*The bit is i·⌊m\/k⌋ \+ ⌊z·⌊m\/k⌋ \/ 2⁶⁴⌋\./s);
  const stages = await page.getByTestId('stage').evaluateAll((items) => items.map((item) => [Number(item.dataset.bits), Number(item.dataset.hashes)]));
  assert.ok(stages.length >= 3, `${stages.length} stages`);
  // Stepped through, each stage's bits are the rule's for "quince".
  await page.getByTestId('step-button').click();
  for (let stage = 1; stage <= stages.length; stage++) {
    await page.getByTestId('step-next').or(page.getByTestId('step-done')).first().waitFor();
    await page.getByTestId('step-next').click();
    const said = await page.locator(`[data-testid="step-text"][data-step="${stage}"]`).textContent();
    const [, number, bits] = said.match(/^Stage (\d+): bits ([\d, ]+) hold/);
    assert.equal(Number(number), stage);
    const [m, k] = stages[stage - 1];
    assert.deepEqual(bits.split(', ').map(Number), [...sliceIndexes('quince', m, k)].sort((a, b) => a - b), `stage ${stage}`);
    if (await page.getByTestId('step-done').count()) break;
  }
  await page.getByTestId('step-done').click();
  // An insert's bits beside what happened, under their numbers: the rule's, in its newest stage.
  await page.getByTestId('item-input').fill('quince');
  await page.getByTestId('insert-button').click();
  const written = page.getByTestId('scalable-outcome').locator('.read-bit');
  await written.first().waitFor();
  const newest = await page.getByTestId('stage').count();
  const [m, k] = await page.getByTestId('stage').nth(newest - 1).evaluate((item) => [Number(item.dataset.bits), Number(item.dataset.hashes)]);
  assert.match(await page.getByTestId('scalable-outcome').textContent(), new RegExp(`stage ${newest}`));
  const shown = await written.evaluateAll((cells) => cells.map((cell) => [Number(cell.dataset.index), getComputedStyle(cell, '::before').content, cell.getBoundingClientRect().bottom]));
  assert.deepEqual(shown.map(([index]) => index), sliceIndexes('quince', m, k));
  for (const [index, number, bottom] of shown) {
    assert.equal(number, `"${index}"`, 'each bit under its number');
    assert.ok(bottom <= 800, `bit ${index} on the screen`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the scalable filter’s verdict on its bound says what its numbers say: “within” only at or under it, and above it by less than the margin of error said as such', async () => {
  const { page, problems } = await open('/scalable/', { ready: 'item-input' });
  for (let streams = 1; streams <= 4; streams++) {
    const before = await page.getByTestId('stat-items').count() ? await value(page, 'stat-items') : 0;
    await page.getByTestId('stream-button').click();
    await page.waitForFunction((items) => Number(document.querySelector('[data-testid="stat-items"]')?.dataset.value) > items, before);
    const [rate, bound] = [await value(page, 'measured-rate'), await value(page, 'compound-bound')];
    const verdict = page.getByTestId('bound-verdict');
    const [said, over] = [await verdict.textContent(), await verdict.getAttribute('data-over')];
    if (rate <= bound) assert.equal(said, 'The measured rate is within the bound.', `${rate} ≤ ${bound}`);
    else if (over === 'near') assert.match(said, /^The measured rate is above the bound, but by less than its margin of error/, `${rate} > ${bound}`);
    else assert.match(said, /^The measured rate is above the bound\. /, `${rate} > ${bound}: ${said}`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('at its first settings the measured rate stays under the bound; RedisBloom keeps its promise and bloom-filters allows five times it', async () => {
  const { page, problems } = await open('/scalable/', { ready: 'item-input' });
  await page.getByTestId('stream-button').click();
  await page.getByTestId('stream-summary').waitFor();
  assert.equal(await page.getByTestId('bound-verdict').getAttribute('data-over'), 'false');
  assert.ok((await value(page, 'measured-rate')) <= (await value(page, 'compound-bound')));
  assert.equal(await page.getByTestId('bound-verdict').textContent(), 'The measured rate is within the bound.');
  assert.equal(await page.getByTestId('promise-broken').count(), 0, 'Almeida et al.’s rules keep p');
  // RedisBloom: the first layer at p·½, each next at half the one before: the series sums to p.
  await page.getByTestId('preset').selectOption('redis');
  await page.waitForFunction((bits) => document.querySelector('[data-testid="stage"]')?.dataset.bits === String(bits), standardStage(32, 0.005).bits);
  assert.ok(Math.abs((await value(page, 'bound-limit')) - 0.01) < 1e-12);
  assert.equal(await page.getByTestId('promise-broken').count(), 0);
  const redis = await stages(page);
  redis.forEach((stage, i) => {
    const plan = standardStage(32 * 2 ** i, 0.005 * 0.5 ** i);
    assert.deepEqual([stage.bits, stage.hashes], [plan.bits, plan.hashes], `layer ${i + 1}`);
  });
  // bloom-filters: the first filter at p itself and a ratio of 0.8: p/(1 − 0.8) = 5p.
  await page.getByTestId('preset').selectOption('bloom-filters');
  await page.waitForFunction(() => Math.abs(Number(document.querySelector('[data-testid="bound-limit"]')?.dataset.value) - 0.05) < 1e-12);
  assert.match(await page.getByTestId('promise-broken').textContent(), /up to 5%.*1% asked for/);
  // The libraries side by side, measured on request.
  await page.getByTestId('measure-presets').click();
  const rows = await page.$$eval('[data-testid="preset-row"]', (all) => all.map((row) => ({
    preset: row.dataset.preset, limit: Number(row.dataset.limit), measured: Number(row.dataset.measured),
  })));
  assert.equal(rows.length, 5);
  const limit = Object.fromEntries(rows.map((row) => [row.preset, row.limit]));
  assert.ok(Math.abs(limit.redis - 0.01) < 1e-12);
  assert.ok(Math.abs(limit['bloom-filters'] - 0.05) < 1e-12);
  assert.ok(Math.abs(limit['pybloom-small'] - 0.01) < 1e-12, 'pybloom-live starts at p·(1 − 0.9)');
  assert.ok(rows.every((row) => row.measured > 0 && row.measured < 0.05), JSON.stringify(rows));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the link restores the exact filter on another machine; a broken link loses only its broken parts; keys work', async () => {
  const { page } = await open('/scalable/#preset=pybloom-large&n0=8&p=0.05', { ready: 'item-input' });
  for (const word of ['apple', '猫 🙂', '<script>alert(1)</script>']) await act(page, 'insert-button', word);
  await page.getByTestId('stream-few').click();
  const before = await stages(page);
  const link = new URL(page.url()).hash;
  assert.match(link, /preset=pybloom-large&n0=8&p=0\.05&add=apple&add=%E7%8C%AB%20%F0%9F%99%82&add=%3Cscript/);
  assert.equal(await page.locator('script:not([src])').evaluateAll((all) => all.filter((s) => s.textContent.includes('alert(1)')).length), 0);
  const second = await open(`/scalable/${link}`, { ready: 'item-input', keepStorage: false });
  assert.deepEqual(await stages(second.page), before);
  assert.equal(await second.page.getByTestId('preset').inputValue(), 'pybloom-large');
  // Keyboard: / to the field, Enter inserts, u undoes.
  await second.page.keyboard.press('/');
  await second.page.keyboard.type('zebra');
  await second.page.keyboard.press('Enter');
  await second.page.locator('body').click({ position: { x: 2, y: 2 } });
  const items = await value(second.page, 'stat-items');
  await second.page.keyboard.press('u');
  await second.page.waitForFunction((n) => Number(document.querySelector('[data-testid="stat-items"]').dataset.value) < n, items);
  assert.equal(await second.page.getByTestId('scalable-outcome').textContent(), 'Undone: the insert of “zebra”.');
  await second.page.close();
  const broken = await open('/scalable/#preset=guava&n0=0&p=2&r=1.5&add=&add=pear&stream=-3&zzz=1', { ready: 'item-input' });
  const error = await broken.page.getByTestId('state-error').textContent();
  for (const part of ['preset = “guava”', 'n0 = “0”', 'p = “2”', 'r = “1.5”', 'stream = “-3”', '“zzz”']) assert.ok(error.includes(part), `${part} in ${error}`);
  assert.equal((await stages(broken.page))[0].items, 1, 'pear went in');
  await broken.page.close();
  await page.close();
});

test('a student puts words into A and B and sees OR equal the union’s filter and AND over-cover the intersection', async () => {
  const { page, problems } = await open('/sets/#m=32&k=3', { ready: 'item-input' });
  const a = ['apple', 'pear', 'plum', 'fig'];
  const b = ['pear', 'fig', 'kiwi', 'lime', 'grape'];
  for (const [side, words] of [['set-a', a], ['set-b', b]]) {
    for (const word of words) {
      await page.getByTestId(side).getByTestId('item-input').fill(word);
      await page.getByTestId(side).getByTestId('insert-button').click();
    }
  }
  const bits = (words) => new Set(words.flatMap((word) => bitIndexes(word, 32, 3)));
  const row = (testid) => page.$$eval(`[data-testid="${testid}"][data-set="true"]`, (cells) => cells.map((cell) => Number(cell.dataset.index)));
  const sorted = (set) => [...set].sort((x, y) => x - y);
  const [bitsA, bitsB] = [bits(a), bits(b)];
  assert.deepEqual(await row('set-a-bit'), sorted(bitsA));
  assert.deepEqual(await row('set-b-bit'), sorted(bitsB));
  assert.deepEqual(await row('or-bit'), sorted(bits([...a, ...b])), 'OR is the filter of A ∪ B');
  assert.deepEqual(await row('union-bit'), await row('or-bit'), 'the filter built from A ∪ B, shown below the OR');
  assert.equal(await page.getByTestId('or-is-union').getAttribute('data-equal'), 'true');
  const and = sorted(new Set([...bitsA].filter((bit) => bitsB.has(bit))));
  assert.deepEqual(await row('and-bit'), and);
  const shared = bits(['pear', 'fig']);
  const extra = and.filter((bit) => !shared.has(bit));
  const marked = await page.$$eval('[data-testid="and-extra-bit"]', (cells) => cells.map((cell) => Number(cell.dataset.index)));
  assert.deepEqual(marked, extra, 'the bits of A AND B no item of A ∩ B set');
  // Over the rows, every fourth bit's number at the left of its column: "look at bit 12".
  const ruler = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[data-testid="set-ruler"] li')];
    const cells = [...document.querySelectorAll('[data-testid="set-a-bit"]')];
    return labels.flatMap((label, i) => (label.textContent ? [[label.textContent, Math.round(label.getBoundingClientRect().left - cells[i].getBoundingClientRect().left)]] : []));
  });
  assert.deepEqual(ruler, ['0', '4', '8', '12', '16', '20', '24', '28'].map((number) => [number, 0]));
  // A bit looked at reads its column: who set it in A and in B, and what OR and AND make of it.
  const column = page.getByTestId('set-column-detail');
  assert.match(await column.textContent(), /^Tap, point at or focus a bit to see which items set it in A and in B/);
  const setters = (words, bit) => words.filter((word) => bitIndexes(word, 32, 3).includes(bit)).map((word) => `“${word}”`);
  const side = (name, words, bit) => (setters(words, bit).length ? `${name} has 1, set by ${setters(words, bit).join(', ')}` : `${name} has 0`);
  await page.locator(`[data-testid="and-bit"][data-index="${extra[0]}"]`).click();
  assert.equal(
    await column.textContent(),
    `Bit ${extra[0]}: ${side('A', a, extra[0])}; ${side('B', b, extra[0])}. So A OR B is 1 there, as in the filter built from A ∪ B, `
      + 'and A AND B is 1, but the filter built from A ∩ B has 0 there: no item in both sets set it (×).',
  );
  assert.ok(setters(a, extra[0]).length && setters(b, extra[0]).length && !setters(['pear', 'fig'], extra[0]).length);
  const onlyA = sorted(bitsA).find((bit) => !bitsB.has(bit));
  await page.locator(`[data-testid="set-b-bit"][data-index="${onlyA}"]`).hover();
  assert.equal(
    await column.textContent(),
    `Bit ${onlyA}: ${side('A', a, onlyA)}; B has 0. So A OR B is 1 there, as in the filter built from A ∪ B, and A AND B is 0, as in the filter built from A ∩ B.`,
  );
  // The column is outlined in all six rows; the A row is one tab stop the arrow keys move along.
  assert.equal(await page.locator(`.set-bit.inspected[data-index="${onlyA}"]`).count(), 6);
  await page.locator(`[data-testid="set-a-bit"][data-index="${onlyA}"]`).focus();
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '0');
  assert.match(await column.textContent(), /^Bit 0: A has [01]/);
  assert.equal(await page.locator('[data-testid="set-a-bit"][tabindex="0"]').count(), 1);
  // Estimates from set bits: n̂ = −(m/k)·ln(1 − X/m); the intersection by inclusion–exclusion.
  const estimate = (x) => (-32 / 3) * Math.log(1 - x / 32);
  const union = estimate(bits([...a, ...b]).size);
  assert.ok(Math.abs((await value(page, 'estimate-union')) - union) < 1e-9);
  const intersection = estimate(bitsA.size) + estimate(bitsB.size) - union;
  assert.ok(Math.abs((await value(page, 'estimate-intersection')) - intersection) < 1e-9);
  assert.equal(await page.getByTestId('estimate-intersection').getAttribute('data-true'), '2');
  // Undo names what it took back: the last item, from its own set; Redo puts it back.
  await page.getByTestId('undo-button').click();
  assert.equal(await page.getByTestId('travel-outcome').textContent(), 'Undone: the insert of “grape” into Set B.');
  assert.deepEqual(await row('set-b-bit'), sorted(bits(b.slice(0, -1))));
  await page.getByTestId('redo-button').click();
  assert.equal(await page.getByTestId('travel-outcome').textContent(), 'Redone: the insert of “grape” into Set B.');
  assert.deepEqual(await row('set-b-bit'), sorted(bitsB));
  // A query answered by A, B, OR and AND.
  await page.getByTestId('set-a').getByTestId('item-input').fill('pear');
  await page.getByTestId('set-a').getByTestId('query-button').click();
  const verdict = page.getByTestId('sets-verdict');
  assert.deepEqual(
    await verdict.evaluate((node) => [node.dataset.a, node.dataset.b, node.dataset.or, node.dataset.and]),
    ['true', 'true', 'true', 'true'],
  );
  assert.match(await page.getByTestId('sets-outcome').textContent(), /It is in both sets/);
  // The query on screen is in the link (a class's QR code): B's query of "plum", opened in a fresh
  // page, is the same word in B's field with the same answers.
  await page.getByTestId('set-b').getByTestId('item-input').fill('plum');
  await page.getByTestId('set-b').getByTestId('query-button').click();
  const answers = await verdict.evaluate((node) => [node.dataset.a, node.dataset.b, node.dataset.or, node.dataset.and]);
  const said = await page.getByTestId('sets-outcome').textContent();
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /&queryb=plum(&|$)/);
  const shown = await open(`/sets/${hash}`, { ready: 'item-input' });
  assert.equal(await shown.page.getByTestId('set-b').getByTestId('item-input').inputValue(), 'plum');
  assert.deepEqual(await shown.page.getByTestId('sets-verdict').evaluate((node) => [node.dataset.a, node.dataset.b, node.dataset.or, node.dataset.and]), answers);
  assert.equal(await shown.page.getByTestId('sets-outcome').textContent(), said);
  assert.deepEqual(shown.problems(), []);
  await shown.page.close();
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('partitioned, compressed and cascaded filters: each table against its formula, each measured in the browser', async () => {
  const { page, problems } = await open('/sets/#pm=1000&pk=5&pn=100&z=4000&zn=500&u=5000&rv=200', { ready: 'or-bit' });
  // Partitioned: expected (1 − e^(−kn/m))^k against (1 − (1 − k/m)ⁿ)^k.
  const part = (testid) => page.$$eval(`[data-testid="${testid}"]`, (cells) => cells.map((cell) => Number(cell.dataset.value)));
  const [standard, partitioned] = [await part('part-standard'), await part('part-partitioned')];
  assert.ok(Math.abs(standard[3] - (1 - Math.exp(-0.5)) ** 5) < 1e-12);
  assert.ok(Math.abs(partitioned[3] - (1 - (1 - 5 / 1000) ** 100) ** 5) < 1e-12);
  assert.ok(partitioned[3] > standard[3]);
  // Compressed: the plain filter of z bits does not compress; the gap-coded sparse filter fits in z
  // and measures lower.
  const rows = await page.$$eval('[data-testid="comp-row"]', (all) => all.map((row) => ({ ...row.dataset })));
  const plain = rows.find((row) => row.coder === 'plain');
  assert.equal(Number(plain.bits), 4000);
  assert.ok(Number(plain.deflated) >= 4000 && Number(plain.golomb) >= 4000, JSON.stringify(plain));
  const golomb = rows.filter((row) => row.coder === 'golomb');
  assert.ok(golomb.length > 0 && golomb.every((row) => Number(row.golomb) <= 4000 && Number(row.bits) > 4000));
  const best = Math.min(...golomb.map((row) => Number(row.measured)));
  assert.equal(await page.locator('.rate-bar').count(), rows.length, 'a bar for each filter of the table');
  assert.ok(best < Number(plain.measured), `${best} < ${plain.measured}`);
  assert.match(await page.getByTestId('comp-slides').textContent(), /69(\.\d)?%|70%|68(\.\d)?%/);
  // Cascade: every element of U classified right; level 1 built from all of R.
  const check = page.getByTestId('cascade-check');
  assert.equal(await check.getAttribute('data-correct'), await check.getAttribute('data-total'));
  assert.equal(await check.getAttribute('data-total'), '5000');
  const levels = await page.$$eval('[data-testid="cascade-level"]', (all) => all.map((row) => Number(row.dataset.items)));
  assert.equal(levels[0], 200);
  assert.ok(levels.length >= 2);
  // Changing |R| rebuilds the cascade, still exact.
  await page.getByTestId('casc-revoked').fill('1000');
  await page.getByTestId('casc-revoked').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="cascade-level"]').dataset.items === '1000');
  assert.equal(await check.getAttribute('data-correct'), '5000');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the same in Chinese and Japanese, in their own words', async () => {
  for (const lang of ['zh', 'ja']) {
    for (const [url, ready] of [[`/${lang}/scalable/#n0=4&add=apple&stream=10`, 'stage'], [`/${lang}/sets/#a=apple&b=apple`, 'or-bit']]) {
      const { page, problems } = await open(url, { ready });
      const text = await page.evaluate(() => document.body.innerText);
      assert.ok(/[\u3040-\u30ff\u4e00-\u9fff]{4}/.test(text), `${url} speaks ${lang}`);
      for (const english of ['Stages', 'The whole filter', 'Bit by bit', 'Standard or partitioned', 'What each library promises']) {
        assert.ok(!text.includes(english), `${url} has no “${english}”`);
      }
      assert.deepEqual(await axeViolations(page), [], url);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  }
});

test('a blog author embeds a widget: no site around it, nothing from another host, one comparison by view', async () => {
  for (const [url, ready, absent] of [
    ['/embed/scalable/#n0=4&stream=40', 'stage', 'or-bit'],
    ['/embed/shipping/#view=compressed&z=2000&zn=200', 'comp-row', 'cascade-level'],
    // The view alone (as chapter 10 frames each comparison), the settings at their defaults.
    ['/embed/shipping/?lang=en#view=cascade', 'cascade-level', 'comp-row'],
    ['/embed/shipping/?lang=en&present=1#view=partitioned', 'partitioned-section', 'cascade-level'],
    ['/embed/sets/#a=apple&b=pear', 'or-bit', 'comp-row'],
  ]) {
    // problems() lists any request to another host.
    const { page, problems } = await open(url, { ready });
    assert.equal(await page.getByTestId('site-nav').count(), 0, url);
    assert.equal(await page.getByTestId(absent).count(), 0, `${url} shows only its part`);
    assert.deepEqual(await axeViolations(page), [], url);
    assert.deepEqual(problems(), []);
    await page.close();
  }
  const { page } = await open('/embed/#widget=scalable&n0=4', { ready: 'embed-snippet' });
  assert.match(await page.getByTestId('embed-snippet').textContent(), /embed\/scalable\/[^"]*n0=4/);
  await page.close();
});

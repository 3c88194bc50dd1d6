// End-to-end tests of the playground: the release build in real Chromium, used as a visitor would.
// Every expected number comes from the independent reference in reference.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useSite } from './harness.mjs';
import { bitIndexes, fnv1a64Hex, murmurHex, ReferenceFilter } from './reference.js';

const site = useSite();

async function open(url = '/', options) {
  return openPage(site.context, site.origin, url, options);
}

async function typeItem(page, text) {
  await page.getByTestId('item-input').fill(text);
}

async function insert(page, text) {
  await typeItem(page, text);
  await page.getByTestId('insert-button').click();
}

async function query(page, text) {
  await typeItem(page, text);
  await page.getByTestId('query-button').click();
  return page.getByTestId('verdict');
}

async function setParam(page, testid, value) {
  const field = page.getByTestId(testid);
  await field.fill(String(value));
  await field.press('Enter');
}

/** Indexes of the cells the page draws as set. */
function setCells(page) {
  return page.$$eval('[data-testid="bit"][data-set="true"]', (cells) => cells.map((cell) => Number(cell.dataset.index)));
}

function probeCells(page) {
  return page.$$eval('[data-testid="bit"][data-probe]', (cells) => cells.map((cell) => Number(cell.dataset.index)));
}

async function statValue(page, testid) {
  return Number(await page.getByTestId(testid).getAttribute('data-value'));
}

function sortedDistinct(values) {
  return [...new Set(values)].sort((a, b) => a - b);
}

async function itemTexts(page) {
  return page.$$eval('[data-testid="item"] .item-text', (items) => items.map((item) => item.textContent));
}

test('the playground opens at #/ and at #/playground', async () => {
  for (const url of ['/', '/#/', '/#/playground']) {
    const { page, problems } = await open(url);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Playground');
    assert.equal(await page.getByTestId('bit').count(), 32);
    assert.equal(await page.getByTestId('m-input').inputValue(), '32');
    assert.equal(await page.getByTestId('k-input').inputValue(), '3');
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('typing shows the UTF-8 bytes, both hashes and the k indexes, matching the reference', async () => {
  const { page, problems } = await open();
  const texts = ['apple', 'Hello, world!', '布隆过滤器', '🌸 emoji', 'e\u0301', 'a&b=c'];
  for (const text of texts) {
    await typeItem(page, text);
    assert.match(await page.getByTestId('hash-fnv').textContent(), new RegExp(fnv1a64Hex(text)));
    assert.match(await page.getByTestId('hash-murmur').textContent(), new RegExp(murmurHex(text)));
    const expected = bitIndexes(text, 32, 3);
    assert.equal(await page.getByTestId('bit-indexes').getAttribute('data-value'), expected.join(','));
    assert.deepEqual(await probeCells(page), sortedDistinct(expected));
    const bytes = [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
    assert.equal(await page.getByTestId('utf8-bytes').textContent(), bytes);
  }
  // Each row is written out with its numbers: g₂ = (base + 2 × step) mod 32 = index.
  const text = 'Hello, world!';
  await typeItem(page, text);
  const base = Number(BigInt('0x' + fnv1a64Hex(text)) % 32n);
  const step = parseInt(murmurHex(text), 16) % 32;
  const rows = await page.locator('[data-testid="bit-indexes"] li').allTextContents();
  assert.equal(rows.length, 3);
  assert.match(rows[2], new RegExp(`g2 = \\(${base} \\+ 2 × ${step}\\) mod 32 = ${(base + 2 * step) % 32}$`));
  assert.deepEqual(await setCells(page), [], 'typing alone sets no bits');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('insert sets exactly the reference bits, marks the new ones and updates the statistics', async () => {
  const { page, problems } = await open();
  const reference = new ReferenceFilter(32, 3);
  let before = [];
  for (const word of ['apple', 'banana', 'cherry', 'durian']) {
    await insert(page, word);
    reference.insert(word);
    const now = await setCells(page);
    assert.deepEqual(now, sortedDistinct([...reference.bits]));
    const fresh = await page.$$eval('[data-testid="bit"].new', (cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.deepEqual(fresh, now.filter((index) => !before.includes(index)), `new marks after ${word}`);
    before = now;
  }
  const x = reference.bits.size;
  assert.equal(await statValue(page, 'stat-n'), 4);
  assert.equal(await statValue(page, 'stat-set-bits'), x);
  assert.ok(Math.abs((await statValue(page, 'stat-fpr')) - (x / 32) ** 3) < 1e-15);
  assert.ok(Math.abs((await statValue(page, 'stat-estimate')) - -(32 / 3) * Math.log(1 - x / 32)) < 1e-9);
  assert.match(await page.getByTestId('stat-n').textContent(), /4 inserts in all/);
  assert.deepEqual(await itemTexts(page), ['apple', 'banana', 'cherry', 'durian']);

  await insert(page, 'apple');
  assert.match(await page.getByTestId('insert-outcome').textContent(), /already inserted.*2 times.*stays 4/);
  assert.equal(await statValue(page, 'stat-n'), 4);
  assert.match(await page.getByTestId('stat-n').textContent(), /5 inserts in all/);
  assert.match(await page.locator('[data-testid="item"]').first().textContent(), /apple×2/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('query gives absent, present and false-positive verdicts, with bit provenance', async () => {
  const { page, problems } = await open();
  await setParam(page, 'm-input', 16);
  const inserted = ['apple', 'banana', 'cherry', 'grape', 'lemon'];
  const reference = new ReferenceFilter(16, 3);
  for (const word of inserted) {
    await insert(page, word);
    reference.insert(word);
  }
  const candidates = Array.from({ length: 500 }, (_, i) => `probe ${i}`);
  const absent = candidates.find((word) => reference.verdict(word) === 'absent');
  const falsePositive = candidates.find((word) => reference.verdict(word) === 'false-positive');
  assert.ok(absent && falsePositive, 'the reference finds one of each');

  let verdict = await query(page, 'banana');
  assert.equal(await verdict.getAttribute('data-verdict'), 'present');
  assert.match(await verdict.textContent(), /The filter answers “maybe”: each of its 3 probes finds a 1\. Here it is right: “banana” was inserted\./);

  verdict = await query(page, absent);
  assert.equal(await verdict.getAttribute('data-verdict'), 'absent');
  const zeros = sortedDistinct(bitIndexes(absent, 16, 3).filter((index) => !reference.bits.has(index)));
  const zeroText = zeros.length === 1 ? `bit ${zeros[0]} is 0` : `bits ${zeros.slice(0, -1).join(', ')} and ${zeros.at(-1)} are 0`;
  assert.match(await verdict.textContent(), new RegExp(`Definitely not in the set: ${zeroText}`));

  verdict = await query(page, falsePositive);
  assert.equal(await verdict.getAttribute('data-verdict'), 'false-positive');
  assert.match(await verdict.textContent(), /yet “probe \d+” was never inserted: a false positive/);
  const rows = await page.locator('[data-testid="provenance"] li').allTextContents();
  const bits = sortedDistinct(bitIndexes(falsePositive, 16, 3));
  assert.equal(rows.length, bits.length);
  bits.forEach((bit, i) => {
    const setters = inserted.filter((word) => bitIndexes(word, 16, 3).includes(bit)).map((word) => `“${word}”`);
    assert.equal(rows[i], `bit ${bit} ← ${setters.join(', ')}`);
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('hovering or focusing a bit lists the items that set it', async () => {
  const { page, problems } = await open();
  await insert(page, 'apple');
  await insert(page, 'pear');
  const bit = bitIndexes('pear', 32, 3)[0];
  const setters = ['apple', 'pear'].filter((word) => bitIndexes(word, 32, 3).includes(bit)).map((word) => `“${word}”`);
  await page.locator(`[data-testid="bit"][data-index="${bit}"]`).hover();
  assert.equal(await page.getByTestId('bit-detail').textContent(), `Bit ${bit} is 1, set by: ${setters.join(', ')}.`);
  const unset = [...Array(32).keys()].find((index) => ![...bitIndexes('apple', 32, 3), ...bitIndexes('pear', 32, 3)].includes(index));
  await page.locator(`[data-testid="bit"][data-index="${unset}"]`).focus();
  assert.equal(await page.getByTestId('bit-detail').textContent(), `Bit ${unset} is 0: no inserted item hashes to it.`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('changing m or k keeps the items and rebuilds the filter from them', async () => {
  const { page, problems } = await open();
  for (const word of ['apple', 'banana', 'cherry']) await insert(page, word);
  await setParam(page, 'm-input', 64);
  assert.equal(await page.getByTestId('bit').count(), 64);
  let reference = new ReferenceFilter(64, 3);
  ['apple', 'banana', 'cherry'].forEach((word) => reference.insert(word));
  assert.deepEqual(await setCells(page), sortedDistinct([...reference.bits]));
  assert.match(await page.getByTestId('outcome').textContent(), /Rebuilt the filter with m = 64 and k = 3 \(Double hashing \(Kirsch–Mitzenmacher\)\) from the same 3 items/);

  await page.getByTestId('k-input').fill('5');
  await page.getByTestId('k-input').blur();
  // Leaving the field applies it: read the array once the page says it rebuilt the filter.
  await page.getByTestId('outcome').getByText(/with m = 64 and k = 5 /).waitFor();
  reference = new ReferenceFilter(64, 5);
  ['apple', 'banana', 'cherry'].forEach((word) => reference.insert(word));
  assert.deepEqual(await setCells(page), sortedDistinct([...reference.bits]));
  assert.deepEqual(await itemTexts(page), ['apple', 'banana', 'cherry']);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('bad input gets a clear message and loses nothing', async () => {
  const { page, problems } = await open();
  await insert(page, 'apple');
  const kept = await setCells(page);

  // Empty and whitespace-only text.
  for (const blank of ['', '   ']) {
    await insert(page, blank);
    assert.match(await page.getByTestId('refused').textContent(), /Nothing to insert: the text is empty or only spaces/);
    assert.deepEqual(await setCells(page), kept);
  }

  // m = 0, k = 1000 and letters are refused next to the field; the filter is unchanged.
  await setParam(page, 'm-input', 0);
  assert.match(await page.getByTestId('m-input-error').textContent(), /0 is out of range: m must be from 8 to 1024\. Still using m = 32\./);
  await setParam(page, 'k-input', 1000);
  assert.match(await page.getByTestId('k-input-error').textContent(), /1000 is out of range: k must be from 1 to 16\. Still using k = 3\./);
  // A whole number written with an exponent is judged by its size: too large, with the limit.
  await setParam(page, 'm-input', '1e12');
  const tooLarge = await page.getByTestId('m-input-error').textContent();
  assert.match(tooLarge, /1e12 is out of range: m must be from 8 to 1024\. Still using m = 32\./);
  assert.doesNotMatch(tooLarge, /not a whole number/);
  await setParam(page, 'm-input', '1e2');
  assert.equal(await page.getByTestId('bit').count(), 100, 'm = 1e2 is m = 100');
  await setParam(page, 'm-input', 32);
  await page.getByTestId('m-input').fill('');
  await page.getByTestId('m-input').press('Enter');
  assert.match(await page.getByTestId('m-input-error').textContent(), /Type a whole number from 8 to 1024/);
  assert.equal(await page.getByTestId('bit').count(), 32);
  assert.deepEqual(await setCells(page), kept);
  assert.equal(await page.getByTestId('m-input').getAttribute('aria-invalid'), 'true');

  // Markup is text: shown literally, never run.
  const markup = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
  await insert(page, markup);
  // Shown literally, shortened to 40 characters like any long item.
  assert.equal((await itemTexts(page)).at(-1), [...markup].slice(0, 40).join('') + '…');
  assert.equal(await page.getByTestId('verdict').count(), 0);
  await query(page, markup);
  assert.match(await page.getByTestId('verdict').textContent(), /Query “<img src=x onerror=/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('main img, main script').count(), 0);

  // Emoji, CJK and combining marks hash as their UTF-8 bytes and list as typed.
  for (const text of ['🌸🐝', '布隆过滤器', 'ブルームフィルタ', 'e\u0301te\u0301']) {
    await insert(page, text);
    assert.equal((await itemTexts(page)).at(-1), text);
    const indexes = bitIndexes(text, 32, 3);
    for (const index of indexes) {
      assert.equal(await page.locator(`[data-testid="bit"][data-index="${index}"]`).getAttribute('data-set'), 'true');
    }
  }

  // A 100 kB paste: hashed whole, shown shortened, and the page keeps responding.
  const huge = 'Bloom filter 布隆 🌸 '.repeat(4000).slice(0, 100_000);
  const bytes = new TextEncoder().encode(huge).length;
  await insert(page, huge);
  assert.match(await page.getByTestId('hash-fnv').textContent(), new RegExp(fnv1a64Hex(huge)));
  assert.match(await page.getByTestId('utf8-bytes').textContent(), new RegExp(`and ${(bytes - 48).toLocaleString('en-US')} more bytes`));
  const shown = (await itemTexts(page)).at(-1);
  assert.ok(shown.endsWith('…') && [...shown].length <= 41, `shortened: ${shown.length} characters`);
  assert.equal(await statValue(page, 'stat-n'), 7);
  await query(page, 'still responsive');
  assert.ok(['absent', 'false-positive'].includes(await page.getByTestId('verdict').getAttribute('data-verdict')));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('counts read in the singular when there is one: one insert, one character, one bit', async () => {
  const { page, problems } = await open('/#m=16&k=1');
  await insert(page, 'a');
  const stats = await page.getByTestId('stat-n').textContent();
  assert.match(stats, /1 insert in all/);
  assert.doesNotMatch(stats, /1 inserts/);
  await page.getByTestId('item-input').fill('b');
  await page.getByTestId('step-insert-button').click();
  assert.match(await page.getByTestId('step-body').textContent(), /\(1 character\)/);
  await page.keyboard.press('Escape');
  await insert(page, 'b');
  assert.match(await page.getByTestId('stat-n').textContent(), /2 inserts in all/);
  // With k = 1 a false positive has one bit to blame: the reference finds a word that lands on a or b's bit.
  const set = new Set(['a', 'b'].flatMap((word) => bitIndexes(word, 16, 1)));
  const impostor = Array.from({ length: 500 }, (_, i) => `w${i}`).find((word) => set.has(bitIndexes(word, 16, 1)[0]));
  await query(page, impostor);
  const verdict = await page.getByTestId('verdict').textContent();
  assert.match(verdict, /Its one bit is set, so the filter answers “maybe”, yet “w\d+” was never inserted: a false positive/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a full filter shows n̂ as infinite and says why', async () => {
  const { page, problems } = await open('/#m=8&k=16');
  for (let i = 0; i < 40 && (await page.getByTestId('stat-set-bits').getAttribute('data-value')) !== '8'; i++) {
    await insert(page, `filler ${i}`);
  }
  assert.equal(await page.getByTestId('stat-set-bits').getAttribute('data-value'), '8');
  const estimate = page.getByTestId('stat-estimate');
  assert.equal(await estimate.getAttribute('data-value'), 'Infinity');
  assert.match(await estimate.textContent(), /∞ — every bit is 1, so the bits can no longer tell how many items went in/);
  assert.equal(await page.getByTestId('stat-fpr').getAttribute('data-value'), '1');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('random words follow the visible seed; reset clears everything', async () => {
  const { page, problems } = await open();
  await setParam(page, 'seed-input', 7);
  await page.getByTestId('random-words-button').click();
  const first = await itemTexts(page);
  assert.equal(first.length, 10);
  // Each word in quotes, as every item the page names: “a”, “b” … and “j”.
  const quoted = first.map((word) => `“${word}”`);
  assert.match(await page.getByTestId('words-outcome').textContent(), new RegExp(`Added 10 words with seed 7: ${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}\\.`));
  assert.equal(await page.getByTestId('seed-input').inputValue(), '8');

  await page.getByTestId('reset-button').click();
  assert.match(await page.getByTestId('outcome').textContent(), /Reset: 10 items removed/);
  assert.deepEqual(await setCells(page), []);
  assert.equal(await statValue(page, 'stat-n'), 0);

  await setParam(page, 'seed-input', 7);
  await page.getByTestId('random-words-button').click();
  assert.deepEqual(await itemTexts(page), first, 'same seed, same words');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('an insert whose indexes repeat says so; stepping with an empty field puts the cursor in it', async () => {
  const { page, problems } = await open('/#m=32&k=3');
  // "apple" at m = 32, k = 3: indexes 31, 15, 31 (reference.js), so two probes share a bit.
  const [g0, g1, g2] = bitIndexes('apple', 32, 3);
  assert.equal(g0, g2);
  assert.notEqual(g0, g1);
  await typeItem(page, 'apple');
  await page.getByTestId('insert-button').click();
  assert.equal(await page.getByTestId('insert-repeats').textContent(), `Inserted “apple”: set bits ${Math.min(g0, g1)} and ${Math.max(g0, g1)}. Its 3 indexes were ${g0}, ${g1} and ${g2}: only 2 different bits, as some fell on the same bit.`);
  await typeItem(page, 'pear');
  await page.getByTestId('insert-button').click();
  assert.equal(await page.getByTestId('insert-repeats').count(), new Set(bitIndexes('pear', 32, 3)).size < 3 ? 1 : 0);
  // At m = 16 all three of "apple"'s indexes are 15: one bit, said in the singular, insert and query.
  const one = await open('/#m=16&k=3');
  assert.deepEqual(bitIndexes('apple', 16, 3), [15, 15, 15]);
  await typeItem(one.page, 'apple');
  await one.page.getByTestId('insert-button').click();
  assert.equal(await one.page.getByTestId('insert-repeats').textContent(), 'Inserted “apple”: set bit 15. Its 3 indexes were 15, 15 and 15: all fell on the same bit.');
  await one.page.getByTestId('query-button').click();
  assert.match(await one.page.getByTestId('outcome').textContent(), /Query “apple”: probed bits 15, 15 and 15 — all 3 indexes fell on the same bit\./);
  assert.deepEqual(one.problems(), []);
  await one.page.close();
  await typeItem(page, '');
  await page.getByTestId('step-query-button').click();
  assert.equal(await page.getByTestId('step-through').count(), 0, 'nothing to step through');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'item-input');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('keyboard only: tab to the field, Enter inserts, Space queries, arrows move through bits', async () => {
  const { page, problems } = await open();
  const focused = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);
  let steps = 0;
  while ((await focused()) !== 'item-input' && steps++ < 13) await page.keyboard.press('Tab');
  assert.equal(await focused(), 'item-input');
  await page.keyboard.type('kiwi');
  await page.keyboard.press('Enter');
  assert.match(await page.getByTestId('insert-outcome').textContent(), /Inserted “kiwi”/);
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'insert-button');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'focus is visible');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'query-button');
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), 'present');

  steps = 0;
  while ((await focused()) !== 'bit' && steps++ < 15) await page.keyboard.press('Tab');
  assert.equal(await focused(), 'bit', 'the bit array is one tab stop');
  const index = () => page.evaluate(() => Number(document.activeElement.dataset.index));
  assert.equal(await index(), 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await index(), 1);
  await page.keyboard.press('End');
  assert.equal(await index(), 31);
  await page.keyboard.press('ArrowUp');
  assert.ok((await index()) < 31, 'ArrowUp moves to the row above');
  await page.keyboard.press('Home');
  assert.equal(await index(), 0);
  assert.match(await page.getByTestId('bit-detail').textContent(), /^Bit 0 is/);
  // Shift+Tab leaves the array in one step, back to the last control before it.
  await page.keyboard.press('Shift+Tab');
  assert.notEqual(await focused(), 'bit');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the skip link moves focus to the page without changing the route', async () => {
  const { page, problems } = await open();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the content');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');
  assert.ok(!new URL(page.url()).hash.startsWith('#main'), 'the address keeps the page’s state');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'item-input');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('fits 320 and 375 px without horizontal scrolling; the bit array wraps', async () => {
  for (const width of [320, 375]) {
    const { page, problems } = await open('/', { width, height: 800 });
    await setParam(page, 'm-input', 1024);
    await insert(page, 'a very long item that keeps going '.repeat(10));
    await page.getByTestId('item-input').fill('x');
    await page.getByTestId('step-insert-button').click();
    await page.getByTestId('step-through').waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(widths.scroll <= widths.client, `page is ${widths.scroll}px wide in a ${widths.client}px window`);
    const rows = await page.$$eval('[data-testid="bit"]', (cells) => new Set(cells.map((cell) => cell.getBoundingClientRect().top)).size);
    assert.ok(rows > 10, `the array wraps onto ${rows} rows at ${width} px`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('reduced motion turns the new-bit animation off', async () => {
  for (const [reducedMotion, expected] of [['no-preference', 'new-bit'], ['reduce', 'none']]) {
    const { page, problems } = await open('/', { reducedMotion });
    await insert(page, 'apple');
    const animation = await page.locator('[data-testid="bit"].new').first().evaluate((cell) => getComputedStyle(cell).animationName);
    assert.equal(animation, expected);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('dark mode follows the system setting', async () => {
  const { page, problems } = await open('/', { colorScheme: 'dark' });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, `dark background, got ${background}`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('axe-core finds no accessibility violations, light and dark, narrow and wide', async () => {
  for (const [width, colorScheme] of [[1920, 'light'], [375, 'dark'], [1280, 'dark']]) {
    const { page, problems } = await open('/', { width, height: 1000, colorScheme });
    assert.deepEqual(await axeViolations(page), [], `empty page at ${width}px ${colorScheme}`);
    await setParam(page, 'm-input', 16);
    for (const word of ['apple', 'banana', 'cherry', 'grape', 'lemon']) await insert(page, word);
    const reference = new ReferenceFilter(16, 3);
    ['apple', 'banana', 'cherry', 'grape', 'lemon'].forEach((word) => reference.insert(word));
    const falsePositive = Array.from({ length: 500 }, (_, i) => `probe ${i}`).find((word) => reference.verdict(word) === 'false-positive');
    await query(page, falsePositive);
    await setParam(page, 'k-input', 99);
    assert.deepEqual(await axeViolations(page), [], `busy page at ${width}px ${colorScheme}`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('links from when every page lived after “#” open the same page and state at its own address', async () => {
  // [old link, new path, where the state is now, the state, the tutorial's chapter]
  const cases = [
    ['/#/playground?m=16&item=apple', '/', 'hash', 'm=16&item=apple', null, 'item-input'],
    ['/#/calculator?n=1e6&p=0.01', '/calculator/', 'hash', 'n=1e6&p=0.01', null, 'calc-input-n'],
    ['/#/learn/4?lang=ja', '/ja/learn/4/', 'search', '', '4', 'chapter'],
    ['/#/embed/chart?m=64&k=4&item=a', '/embed/chart/', 'hash', 'm=64&k=4&item=a', null, 'fpr-chart'],
  ];
  for (const [old, pathname, place, state, chapter, ready] of cases) {
    const { page, problems } = await openPage(site.context, site.origin, old, { ready });
    const url = new URL(page.url());
    assert.equal(url.pathname, pathname, old);
    if (chapter) assert.equal(await page.getByTestId('chapter').getAttribute('data-chapter'), chapter, old);
    // The page may write its whole state back into the link; what the old link said is all there.
    const now = new URLSearchParams(place === 'hash' ? url.hash.slice(1) : url.search);
    for (const [key, value] of new URLSearchParams(state)) {
      assert.ok(now.getAll(key).includes(value), `${old}: ${key}=${value} in ${url}`);
    }
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('Undo and Redo say what they took back or made again: the item, the ten random words, the m and k', async () => {
  const { page, problems } = await open('/#m=32&k=3');
  const said = () => page.getByTestId('travel-outcome').textContent();
  const scheme = await page.getByTestId('scheme-select').evaluate((select) => select.selectedOptions[0].textContent);
  await insert(page, 'apple');
  await insert(page, 'pear');
  await setParam(page, 'm-input', 48);
  await page.getByTestId('undo-button').click();
  assert.equal(await said(), `Undone: back to m = 32 and k = 3 (${scheme}), the filter rebuilt from the same items.`);
  await page.getByTestId('undo-button').click();
  assert.equal(await said(), 'Undone: back to the filter before “pear” went in, so the bits only it had set are 0 once more. (Undo keeps the filters it went through; a filter itself cannot delete.)');
  // And so they are: the array is apple's bits alone.
  assert.deepEqual(sortedDistinct(await setCells(page)), sortedDistinct(bitIndexes('apple', 32, 3)));
  await page.getByTestId('redo-button').click();
  assert.equal(await said(), 'Redone: “pear” is inserted again.');
  await page.getByTestId('redo-button').click();
  assert.equal(await said(), `Redone: m = 48 and k = 3 (${scheme}) again, the filter rebuilt from the same items.`);
  // Ten random words: named by their count and each of them, as the item list has them.
  await page.getByTestId('random-words-button').click();
  const words = (await itemTexts(page)).slice(2);
  assert.equal(words.length, 10);
  await page.getByTestId('undo-button').click();
  const listed = `${words.slice(0, -1).map((word) => `“${word}”`).join(', ')} and “${words.at(-1)}”`;
  assert.equal(await said(), `Undone: back to the filter before 10 items went in (${listed}), so the bits only they had set are 0 once more. (Undo keeps the filters it went through; a filter itself cannot delete.)`);
  assert.deepEqual(await itemTexts(page), ['apple', 'pear']);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a query whose text ends with a space (a phone keyboard adds one after a suggested word) says it is another item than the word without it', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=32&k=3&item=banana');
  const field = page.getByTestId('item-input');
  await field.fill('banana ');
  await page.getByTestId('query-button').click();
  const verdict = page.getByTestId('verdict');
  await verdict.waitFor();
  // The filter answers for the text as it is: its own indexes, not banana's.
  const filter = new ReferenceFilter(32, 3);
  filter.insert('banana');
  assert.equal(await verdict.getAttribute('data-verdict'), filter.verdict('banana '));
  assert.equal(await page.getByTestId('edge-space').textContent(), 'The text queried starts or ends with a space, which the filter hashes like any other character: “banana” without it is another item.');
  await field.fill('banana');
  await page.getByTestId('query-button').click();
  await page.locator('[data-testid="verdict"][data-verdict="present"]').waitFor();
  assert.equal(await page.getByTestId('edge-space').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

// End-to-end tests of the counting Bloom filter and the count-min sketch: the release build in real
// Chromium, used as a student, a teacher and a blog author would. Every expected counter, false
// negative, chance and estimate is computed here, independently of the page: the hashes from
// reference.js, the counters and the sketch written out again, the overflow chances by exact counting
// with big integers, the Zipf stream replayed from the word list in crates/bloom-core/src/words.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appReady, axeViolations, openPage, useSite } from './harness.mjs';
import { bitIndexes, fnv1a64Hex, murmurHex, playgroundProbes } from './reference.js';

const site = useSite();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const texts = (lang, name) => JSON.parse(fs.readFileSync(path.join(root, 'static/locales', lang, `${name}.json`), 'utf8'));

const open = (url, options) => openPage(site.context, site.origin, url, options);

/** The site's word list, read from the Rust source, for replaying streams. */
const WORDS = [...fs.readFileSync(path.join(root, 'crates/bloom-core/src/words.rs'), 'utf8').match(/pub const WORDS: &\[&str\] = &\[([\s\S]*?)\];/)[1].matchAll(/"([^"]+)"/g)].map((match) => match[1]);

/** A counting filter written out again: counters of c bits that stick at 2^c − 1. */
class CountingReference {
  constructor(m, k, c) {
    Object.assign(this, { m, k, max: 2 ** c - 1, counters: new Array(m).fill(0), set: new Map() });
  }
  clone() {
    const copy = new CountingReference(this.m, this.k, 1);
    Object.assign(copy, { max: this.max, counters: [...this.counters], set: new Map(this.set) });
    return copy;
  }
  indexes(text) { return bitIndexes(text, this.m, this.k); }
  contains(text) { return this.indexes(text).every((index) => this.counters[index] > 0); }
  insert(text) {
    for (const index of this.indexes(text)) this.counters[index] = Math.min(this.max, this.counters[index] + 1);
    this.set.set(text, (this.set.get(text) ?? 0) + 1);
  }
  remove(text) {
    for (const index of this.indexes(text)) {
      if (this.counters[index] > 0 && this.counters[index] < this.max) this.counters[index]--;
    }
    if (this.set.get(text)) this.set.set(text, this.set.get(text) - 1);
  }
  members() { return [...this.set].filter(([, times]) => times > 0).map(([text]) => text); }
  denied() { return this.members().filter((text) => !this.contains(text)); }
}

/** A never-inserted text that `filter` reports present and whose removal denies some member. */
function harmfulGhost(filter) {
  for (let i = 0; i < 20000; i++) {
    const ghost = `ghost${i}`;
    if (!filter.contains(ghost)) continue;
    const broken = filter.clone();
    broken.remove(ghost);
    const victims = broken.denied();
    if (victims.length) return { ghost, victims };
  }
  throw new Error('no harmful false positive');
}

const counterValues = (page) => page.$$eval('[data-testid="counter"]', (cells) => cells.map((cell) => Number(cell.dataset.value)));

async function act(page, button, text) {
  await page.getByTestId('item-input').fill(text);
  await page.getByTestId(button).click();
}

async function setField(page, testid, value) {
  const field = page.getByTestId(testid);
  await field.fill(String(value));
  await field.press('Enter');
}

/** Inserts the five words, removes one, then removes a harmful false positive anyway; checks each
 * step against the reference. Returns the reference and the ghost's victims. */
async function removeAFalsePositive(page, lang) {
  const quote = (text) => (lang === 'ja' ? `「${text}」` : `“${text}”`);
  const reference = new CountingReference(32, 3, 4);
  for (const word of ['apple', 'pear', 'plum', 'fig', 'kiwi']) {
    await act(page, 'insert-button', word);
    reference.insert(word);
  }
  assert.deepEqual(await counterValues(page), reference.counters, 'five words inserted');
  await act(page, 'remove-button', 'plum');
  reference.remove('plum');
  assert.equal(await page.getByTestId('counting-outcome').getAttribute('data-kind'), 'removed');
  assert.deepEqual(await counterValues(page), reference.counters, 'plum removed');

  const { ghost, victims } = harmfulGhost(reference);
  const before = await counterValues(page);
  await act(page, 'remove-button', ghost);
  const warning = page.getByTestId('remove-warning');
  assert.ok((await warning.textContent()).includes(quote(ghost)), 'the warning names the word');
  assert.deepEqual(await counterValues(page), before, 'nothing changes before "remove anyway"');
  await page.getByTestId('remove-anyway').click();
  reference.remove(ghost);
  assert.deepEqual(await counterValues(page), reference.counters, 'removed anyway');
  const list = page.getByTestId('false-negatives');
  assert.equal(await list.getAttribute('data-count'), String(victims.length));
  assert.deepEqual(await page.getByTestId('false-negative').allTextContents(), victims.map(quote));
  assert.equal(await page.getByTestId('stat-denied').getAttribute('data-value'), String(victims.length));
  // The counters that went wrong are marked: each is below what the set's own items put there.
  const truth = new Array(32).fill(0);
  reference.members().forEach((text) => bitIndexes(text, 32, 3).forEach((index) => truth[index]++));
  const wrong = reference.counters.flatMap((value, index) => (value < Math.min(truth[index], 15) ? [index] : []));
  const marked = await page.$$eval('[data-testid="counter"][data-wrong]', (cells) => cells.map((cell) => Number(cell.dataset.index)));
  assert.deepEqual(marked, wrong);
  // A victim queried: the filter denies an item that is in the set.
  await act(page, 'query-button', victims[0]);
  assert.equal(await page.getByTestId('counting-verdict').getAttribute('data-verdict'), 'false-negative');
  return { reference, ghost, victims };
}

test('a student inserts five words, removes one, removes a false positive anyway and reads which words the filter now denies', async () => {
  const { page, problems } = await open('/counting/');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Counting Bloom filter');
  assert.equal(await page.getByTestId('counter').count(), 32);
  const { ghost, victims } = await removeAFalsePositive(page, 'en');
  assert.match(await page.getByTestId('counting-outcome').textContent(), /is in the set, yet counter/);
  // Undo takes the removal back, and with it the false negatives, and says which removal it was.
  await page.getByTestId('undo-button').click();
  assert.equal(await page.getByTestId('stat-denied').getAttribute('data-value'), '0');
  assert.equal(await page.getByTestId('travel-outcome').textContent(), `Undone: the removal of “${ghost}”.`);
  await page.getByTestId('redo-button').click();
  assert.equal(await page.getByTestId('stat-denied').getAttribute('data-value'), String(victims.length));
  assert.equal(await page.getByTestId('travel-outcome').textContent(), `Redone: the removal of “${ghost}”.`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a tapped counter names the items that put it up, and says why when it is not their sum', async () => {
  const { page, problems } = await open('/counting/#m=32&k=3&c=4');
  const reference = new CountingReference(32, 3, 4);
  for (const word of ['apple', 'apple', 'pear', 'kiwi', 'plum']) {
    await act(page, 'insert-button', word);
    reference.insert(word);
  }
  const detail = page.getByTestId('counter-detail');
  assert.match(await detail.textContent(), /^Tap, point at or focus a counter/);
  // Each member's share: its times in the set × its probes at the counter, as a reader would add them.
  const shares = (index) => [...reference.set]
    .filter(([, times]) => times > 0)
    .map(([text, times]) => [text, times * reference.indexes(text).filter((i) => i === index).length])
    .filter(([, share]) => share > 0);
  const named = (index) => {
    const words = shares(index).map(([text, share]) => (share > 1 ? `“${text}” ×${share}` : `“${text}”`));
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
  };
  const busiest = [...reference.counters.keys()].sort((a, b) => shares(b).length - shares(a).length)[0];
  const empty = reference.counters.indexOf(0);
  const counter = (index) => page.locator(`[data-testid="counter"][data-index="${index}"]`);
  await counter(busiest).click();
  assert.equal(await detail.textContent(), `Counter ${busiest} is ${reference.counters[busiest]}, put up by ${named(busiest)}.`);
  assert.ok(shares(busiest).length >= 2, 'a counter two items share');
  await counter(empty).click();
  assert.equal(await detail.textContent(), `Counter ${empty} is 0: no item in the set hashes to it.`);
  // The keyboard moves along the counters and the line follows.
  await page.keyboard.press('ArrowRight');
  const next = empty + 1;
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), String(next));
  assert.match(await detail.textContent(), new RegExp(`^Counter ${next} is ${reference.counters[next]}[,:]`));
  assert.deepEqual(problems(), []);
  await page.close();
  // A removal of a word never inserted: a counter lower than the set put there says so.
  const second = await open('/counting/');
  const { reference: after } = await removeAFalsePositive(second.page, 'en');
  const wrong = Number(await second.page.locator('[data-testid="counter"][data-wrong]').first().getAttribute('data-index'));
  await second.page.locator(`[data-testid="counter"][data-index="${wrong}"]`).click();
  const sum = after.members().reduce((total, text) => total + (after.set.get(text) * after.indexes(text).filter((i) => i === wrong).length), 0);
  assert.match(
    await second.page.getByTestId('counter-detail').textContent(),
    new RegExp(`^Counter ${wrong} is ${after.counters[wrong]}, below the ${sum} that .* put there: removing an item that was never inserted lowered it\.$`),
  );
  assert.deepEqual(await axeViolations(second.page), []);
  assert.deepEqual(second.problems(), []);
  await second.page.close();
});

test('the same in Chinese and Japanese, in their own words', async () => {
  for (const lang of ['zh', 'ja']) {
    const { page, problems } = await open(`/${lang}/counting/`);
    const own = texts(lang, 'counting');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), own.CountingTitle);
    assert.equal(await page.getByTestId('remove-button').textContent(), own.CountingRemoveButton);
    const { ghost } = await removeAFalsePositive(page, lang);
    assert.equal(await page.getByTestId('remove-anyway').count(), 0);
    // Undo names the removal it took back, in the language's own words and quotation marks.
    await page.getByTestId('undo-button').click();
    const quoted = lang === 'ja' ? `「${ghost}」` : `“${ghost}”`;
    const removal = own.CountingOpRemove.replace('{item}', quoted);
    const undone = texts(lang, 'widgets').UndoneOperations.replace('{operations}', removal);
    assert.equal(await page.getByTestId('travel-outcome').textContent(), undone);
    assert.deepEqual(await axeViolations(page), [], lang);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('what cannot be removed is refused with a reason, and any text stays text', async () => {
  const { page, problems } = await open('/counting/');
  const reference = new CountingReference(32, 3, 4);
  await act(page, 'insert-button', 'apple');
  reference.insert('apple');
  // A word with a zero counter: "definitely not", nothing to remove.
  let absent = 'melon';
  for (let i = 0; reference.contains(absent); i++) absent = `melon${i}`;
  await act(page, 'remove-button', absent);
  // The noun agrees with the count: "counter 7 is 0", "counters 7 and 21 are 0".
  const zeros = bitIndexes(absent, 32, 3).filter((index) => reference.counters[index] === 0);
  const distinctZeros = [...new Set(zeros)];
  const zeroText = distinctZeros.length === 1 ? `counter ${distinctZeros[0]} is 0` : `counters ${distinctZeros.slice(0, -1).join(', ')} and ${distinctZeros.at(-1)} are 0`;
  assert.equal(await page.getByTestId('remove-refused').textContent(), `“${absent}” cannot be removed: ${zeroText}, so the filter says it was never inserted. Nothing changed.`);
  assert.deepEqual(await counterValues(page), reference.counters);
  await act(page, 'remove-button', '   ');
  assert.match(await page.getByTestId('counting-outcome').textContent(), /Type an item to remove/);
  // Markup, emoji, CJK and combining marks go in and come out as the text they are.
  for (const text of ['<script>alert(1)</script>', '🙂 猫 e\u0301']) {
    await act(page, 'insert-button', text);
    reference.insert(text);
    assert.deepEqual(await counterValues(page), reference.counters);
  }
  const items = await page.locator('[data-testid="counting-item"] .item-text').allTextContents();
  assert.deepEqual(items, ['apple', '<script>alert(1)</script>', '🙂 猫 e\u0301']);
  await act(page, 'remove-button', '🙂 猫 e\u0301');
  reference.remove('🙂 猫 e\u0301');
  assert.deepEqual(await counterValues(page), reference.counters);
  // Absurd parameters are refused by the fields, with the range.
  await setField(page, 'counter-bits', 99);
  assert.match(await page.getByTestId('counter-bits-error').textContent(), /1.*8/);
  await setField(page, 'm-input', 5000);
  assert.match(await page.getByTestId('m-input-error').textContent(), /8.*1024/);
  assert.equal(await page.getByTestId('counter').count(), 32);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a refused removal says which removal gets through, finds one, and its damage follows; a counter probed twice is explained', async () => {
  const { page, problems } = await open('/counting/');
  const reference = new CountingReference(32, 3, 4);
  // "apple" probes counter 31 twice (its indexes repeat): the insert says why it went to 2.
  const [a0, a1, a2] = bitIndexes('apple', 32, 3);
  assert.equal(a0, a2, 'apple’s first and third indexes are equal');
  assert.notEqual(a0, a1);
  await act(page, 'insert-button', 'apple');
  reference.insert('apple');
  assert.equal(await page.getByTestId('repeated-probe').textContent(), `Counter ${a0} is probed more than once by “apple” — some of its k indexes are equal — so it moves once for each probe.`);
  assert.equal(await page.locator(`[data-testid="counter"][data-index="${a0}"]`).getAttribute('data-value'), '2');
  for (const word of ['banana', 'cherry']) {
    await act(page, 'insert-button', word);
    reference.insert(word);
  }
  // A word with a zero counter is refused; the refusal says what gets through and offers to find one.
  let absent = 'zucchini';
  for (let i = 0; reference.contains(absent); i++) absent = `zucchini${i}`;
  await act(page, 'remove-button', absent);
  assert.match(await page.getByTestId('refused-hint').textContent(), /Only a word the filter wrongly answers “maybe” for — a false positive — gets past this check/);
  // The first of "apple2", "banana2", "cherry2", "apple3", … that every counter answers "maybe" for.
  const candidates = Array.from({ length: 9999 }, (_, i) => `${['apple', 'banana', 'cherry'][i % 3]}${2 + Math.floor(i / 3)}`);
  const expected = candidates.find((word) => !reference.set.get(word) && reference.contains(word));
  assert.ok(expected, 'some word is a false positive');
  await page.getByTestId('find-false-positive').click();
  assert.equal(await page.getByTestId('item-input').inputValue(), expected);
  assert.equal(await page.getByTestId('counting-verdict').getAttribute('data-verdict'), 'false-positive');
  // Removing it asks first; removed anyway, the counters go down and some are now wrong.
  await page.getByTestId('remove-button').click();
  assert.ok((await page.getByTestId('remove-warning').textContent()).includes(`“${expected}”`));
  await page.getByTestId('remove-anyway').click();
  reference.remove(expected);
  assert.deepEqual(await counterValues(page), reference.counters);
  assert.ok(await page.locator('[data-testid="counter"][data-wrong]').count() > 0, 'counters below what the set put there are marked');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('with nothing inserted there is no false positive to find, and the refusal says so', async () => {
  const { page, problems } = await open('/counting/');
  await act(page, 'remove-button', 'apple');
  assert.equal(await page.getByTestId('no-false-positive').textContent(), 'None of the 10,000 words tried is one yet: insert a few more words first.');
  assert.equal(await page.getByTestId('find-false-positive').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

/** P(some of `bins` counters gets `atLeast` or more of `balls` increments), exactly: the ways to throw
 * the balls with every counter below `atLeast`, counted with big integers, against bins^balls. */
function someCounterReaches(balls, bins, atLeast) {
  const choose = (n, r) => { let c = 1n; for (let i = 0n; i < r; i++) c = (c * (n - i)) / (i + 1n); return c; };
  let ways = Array.from({ length: balls + 1 }, (_, s) => (s < atLeast ? 1n : 0n));
  for (let b = 1; b < bins; b++) {
    ways = ways.map((_, s) => {
      let total = 0n;
      for (let i = 0; i <= Math.min(s, atLeast - 1); i++) total += choose(BigInt(s), BigInt(i)) * ways[s - i];
      return total;
    });
  }
  const all = BigInt(bins) ** BigInt(balls);
  const reached = all - ways[balls];
  // The ratio to 17 significant digits, whatever its size.
  const scale = 10n ** 40n;
  return Number((reached * scale) / all) / 1e40;
}

test('with c = 2 counters stick at 3, never go down, and the chances beside them are exact', async () => {
  const { page, problems } = await open('/counting/');
  await setField(page, 'counter-bits', 2);
  const apple = [...new Set(bitIndexes('apple', 32, 3))];
  for (let i = 0; i < 3; i++) await act(page, 'insert-button', 'apple');
  assert.match(await page.getByTestId('newly-stuck').textContent(), /reached 3/);
  assert.equal(await page.getByTestId('stuck-count').getAttribute('data-value'), String(apple.length));
  for (const index of apple) assert.equal(await page.locator(`[data-testid="counter"][data-index="${index}"]`).getAttribute('data-stuck'), 'true');
  await act(page, 'insert-button', 'apple');
  // A fourth insert: its counters are all stuck and none went up; the outcome says so rather than
  // "each went up by 1" beside "3 → 3".
  const outcome = page.locator('.outcome-panel, [data-testid="counting-outcome"]').first();
  assert.match(await outcome.textContent(), /: every counter it probes is stuck, so none went up \(/);
  assert.match(await page.getByTestId('kept-stuck').textContent(), new RegExp(`^Counters? ${apple[0]}.* stuck at 3`));
  for (let i = 0; i < 4; i++) await act(page, 'remove-button', 'apple');
  assert.match(await outcome.textContent(), /: every counter it probes is stuck, so none went down \(/);
  assert.doesNotMatch(await outcome.textContent(), /lowered its counter by 1 \(/);
  assert.match(await page.getByTestId('kept-stuck').textContent(), /stuck at 3/);
  for (const index of apple) assert.equal(await page.locator(`[data-testid="counter"][data-index="${index}"]`).getAttribute('data-value'), '3');
  // A word that shares some of those counters, not all: the others went up, the stuck ones did not.
  const some = ['pear', 'plum', 'fig', 'kiwi', 'lime', 'grape', 'melon', 'peach', 'lemon', 'mango', 'cherry', 'date']
    .find((word) => { const shared = bitIndexes(word, 32, 3).filter((index) => apple.includes(index)).length; return shared > 0 && shared < 3; });
  await act(page, 'insert-button', some);
  assert.match(await outcome.textContent(), /raised its counter by 1, but for the stuck ones/, some);
  await act(page, 'query-button', 'apple');
  assert.equal(await page.getByTestId('counting-verdict').getAttribute('data-verdict'), 'false-positive', 'gone from the set, still answered "maybe"');
  // Its own counters, stuck, are why: not "other items".
  assert.match(await page.getByTestId('counting-verdict').textContent(), new RegExp(`a false positive: counters? [\\d, and]+ (is|are) stuck at 3, and a stuck counter never comes down\\.$`));

  // Five items with k = 3: 15 increments on 32 counters of 2 bits.
  await page.getByTestId('reset-button').click();
  for (const word of ['a', 'b', 'c', 'd', 'e']) await act(page, 'insert-button', word);
  const stick = someCounterReaches(15, 32, 3);
  const expected = someCounterReaches(15, 32, 1) + someCounterReaches(15, 32, 2) + stick;
  assert.ok(Math.abs(Number(await page.getByTestId('stick-chance').getAttribute('data-value')) / stick - 1) < 1e-9);
  assert.ok(Math.abs(Number(await page.getByTestId('expected-largest').getAttribute('data-value')) / expected - 1) < 1e-9);
  // And with four bits, a chance too small to print as a percentage keeps its digits.
  await setField(page, 'counter-bits', 4);
  const tiny = someCounterReaches(15, 32, 15);
  assert.ok(Math.abs(Number(await page.getByTestId('stick-chance').getAttribute('data-value')) / tiny - 1) < 1e-6, `${tiny}`);
  assert.match(await page.getByTestId('stick-chance').textContent(), /10⁻/);
  // What deletion costs: the same rates as the formula, in four times the memory.
  const rate = (m, k, n) => (1 - Math.exp((-k * n) / m)) ** k;
  assert.equal(Number(await page.locator('[data-testid="cost-same-bits"] td').nth(1).getAttribute('data-rate')).toFixed(12), rate(32, 3, 5).toFixed(12));
  assert.equal(Number(await page.locator('[data-testid="cost-same-memory"] td').nth(1).getAttribute('data-rate')).toFixed(12), rate(128, 3, 5).toFixed(12));
  // The best plain filter in that memory would take (m/n)·ln 2 = 128/5 · ln 2 ≈ 17.7 hashes, more
  // than the page's 16: its row says so.
  const best = ((128 / 5) * Math.LN2).toFixed(1);
  assert.equal(
    await page.locator('[data-testid="cost-best"] th').textContent(),
    `Plain filter in the same memory, k = 16, the most this page allows (the best, (m/n)·ln 2, is ${best})`,
  );
  assert.equal(Number(await page.locator('[data-testid="cost-best"] td').nth(1).getAttribute('data-rate')).toFixed(12), rate(128, 16, 5).toFixed(12));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a teacher steps through an insert with the keyboard alone', async () => {
  const { page, problems } = await open('/counting/');
  await page.getByTestId('item-input').focus();
  await page.keyboard.type('apple');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const indexes = bitIndexes('apple', 32, 3);
  await page.keyboard.press('ArrowRight');
  const line = page.getByTestId('step-text');
  assert.equal(await line.getAttribute('data-step'), '0');
  assert.match(await line.textContent(), /^Before: the 3 counters of “apple”/);
  assert.ok((await counterValues(page)).every((value) => value === 0), 'the counters as they were');
  // What happened does not run ahead of the steps: until the last probe it says where they are.
  const said = page.locator('.outcome-panel');
  assert.equal(await said.getByTestId('step-outcome').textContent(), 'Inserting “apple”, one probe at a time (0 of 3 done): what the insert did shows after the last.');
  assert.equal(await said.getByTestId('counting-outcome').count(), 0);
  const partial = new Array(32).fill(0);
  for (let step = 1; step <= 3; step++) {
    await page.keyboard.press('ArrowRight');
    partial[indexes[step - 1]]++;
    await page.locator(`[data-testid="step-text"][data-step="${step}"]`).waitFor();
    assert.match(await line.textContent(), new RegExp(`^Probe ${step} of 3: g${step - 1} = ${indexes[step - 1]}`));
    assert.deepEqual(await counterValues(page), partial);
    if (step < 3) assert.match(await said.getByTestId('step-outcome').textContent(), new RegExp(`\\(${step} of 3 done\\)`));
  }
  assert.match(await said.getByTestId('counting-outcome').textContent(), /^Inserted “apple”: each of its k probes raised its counter by 1/);
  await page.keyboard.press('ArrowLeft');
  await page.locator('[data-testid="step-text"][data-step="2"]').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await line.count(), 0);
  // u undoes, U redoes, from the keyboard.
  await page.keyboard.press('u');
  assert.ok((await counterValues(page)).every((value) => value === 0));
  await page.keyboard.press('U');
  assert.equal((await counterValues(page)).reduce((a, b) => a + b, 0), 3);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('what the last insert or removal did travels in the link: opened on another machine, the same words and counters', async () => {
  const { page, problems } = await open('/counting/#m=32&k=3&c=4&add=apple&add=pear');
  const outcome = page.getByTestId('counting-outcome');
  assert.equal(await outcome.getAttribute('data-kind'), 'none', 'a link without `last` opens with nothing done');
  for (const [button, text, kind] of [['insert-button', 'kiwi', 'inserted'], ['remove-button', 'apple', 'removed']]) {
    await act(page, button, text);
    assert.equal(await outcome.getAttribute('data-kind'), kind);
    const said = await outcome.innerText();
    // The address follows the page once it has drawn.
    await page.waitForFunction(() => /&last=shown$/.test(location.hash), null, { timeout: 5000 })
      .catch(() => assert.fail(`${text}: the link does not say what is on screen (${page.url()})`));
    const link = await page.evaluate(() => location.hash);
    const other = await open(`/counting/${link}`, { keepStorage: false });
    const there = other.page.getByTestId('counting-outcome');
    assert.equal(await there.getAttribute('data-kind'), kind, text);
    assert.equal(await there.innerText(), said, `${text}: the same words`);
    assert.deepEqual(await counterValues(other.page), await counterValues(page));
    // It can be stepped through there too.
    await other.page.getByTestId('step-button').click();
    await other.page.getByTestId('step-next').waitFor();
    assert.deepEqual(other.problems(), []);
    await other.page.close();
  }
  // A query's answer on screen is said by `query`, not `last`.
  await act(page, 'query-button', 'pear');
  await page.waitForFunction(() => /&query=pear$/.test(location.hash));
  assert.doesNotMatch(await page.evaluate(() => location.hash), /last=/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the link restores the exact state, removals in order, on another machine; a broken link loses only its broken parts', async () => {
  const { page } = await open('/counting/');
  const { reference, ghost } = await removeAFalsePositive(page, 'en');
  const link = await page.evaluate(() => location.hash);
  assert.ok(link.includes(`del=plum`) && link.includes(`del=${ghost}`) && link.indexOf('del=plum') < link.indexOf(`del=${ghost}`));
  assert.equal(await page.getByTestId('share-url').inputValue(), `${site.origin}/counting/${link}`);
  await page.close();
  // A fresh tab with no saved state: only the link.
  const second = await open(`/counting/${link}`);
  assert.deepEqual(await counterValues(second.page), reference.counters);
  assert.equal(await second.page.getByTestId('stat-denied').getAttribute('data-value'), String(reference.denied().length));
  assert.deepEqual(second.problems(), []);
  await second.page.close();
  // An old link from when every page lived after "#".
  const old = await open('/#/counting?m=16&add=apple');
  assert.equal(new URL(old.page.url()).pathname, '/counting/');
  assert.equal(await old.page.getByTestId('counter').count(), 16);
  await old.page.close();
  const broken = await open('/counting/#m=5000&c=9&add=&add=pear&del=%E0%A4&zzz=1');
  const message = await broken.page.getByTestId('state-error').textContent();
  for (const part of ['5000', 'c = “9”', 'zzz']) assert.ok(message.includes(part), `${message} names ${part}`);
  assert.equal(await broken.page.getByTestId('counter').count(), 32);
  assert.equal(await broken.page.locator('[data-testid="counting-item"]').count(), 1);
  assert.deepEqual(broken.problems(), []);
  await broken.page.close();
});


/** SplitMix64 (Steele, Lea and Flood), as published. */
function* splitMix64(seed) {
  const mask = (1n << 64n) - 1n;
  let state = BigInt(seed);
  for (;;) {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    yield z ^ (z >> 31n);
  }
}

/** `length` words, the r-th of the list drawn with weight 1/r^s. */
function zipf(seed, s, length) {
  const weights = WORDS.map((_, r) => (r + 1) ** -s);
  const total = weights.reduce((a, b) => a + b, 0);
  const random = splitMix64(seed);
  return Array.from({ length }, () => {
    const u = (Number(random.next().value >> 11n) / 2 ** 53) * total;
    let sum = 0;
    for (let r = 0; r < WORDS.length; r++) {
      sum += weights[r];
      if (u < sum) return WORDS[r];
    }
    return WORDS[WORDS.length - 1];
  });
}

class CountMinReference {
  constructor(w, d) { Object.assign(this, { w, d, rows: Array.from({ length: d }, () => new Array(w).fill(0)), truth: new Map(), total: 0 }); }
  add(text, count = 1) {
    bitIndexes(text, this.w, this.d).forEach((column, row) => { this.rows[row][column] += count; });
    this.truth.set(text, (this.truth.get(text) ?? 0) + count);
    this.total += count;
  }
  estimate(text) { return Math.min(...bitIndexes(text, this.w, this.d).map((column, row) => this.rows[row][column])); }
}

test('count-min: counts, estimates that never fall below the truth, ε and δ, and a Zipf stream replayed independently', async () => {
  const { page, problems } = await open('/count-min/');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Count-min sketch');
  assert.equal(await page.getByTestId('cms-cell').count(), 16 * 4);
  const reference = new CountMinReference(16, 4);
  await setField(page, 'cms-count', 5);
  await act(page, 'insert-button', 'apple');
  reference.add('apple', 5);
  assert.equal(await page.getByTestId('cms-true').getAttribute('data-value'), '5');
  assert.equal(await page.getByTestId('cms-estimate').getAttribute('data-value'), String(reference.estimate('apple')));
  // A stream of 1,000 words with s = 1.1, seed 1.
  await page.getByTestId('stream-button').click();
  zipf(1, 1.1, 1000).forEach((word) => reference.add(word));
  assert.equal(await page.getByTestId('cms-total').textContent(), '1,005');
  // Undo and Redo name the stream they took back and made again.
  await page.getByTestId('undo-button').click();
  assert.equal(await page.getByTestId('travel-outcome').textContent(), 'Undone: a stream of 1,000 words.');
  assert.equal(await page.getByTestId('cms-total').textContent(), '5');
  await page.getByTestId('redo-button').click();
  assert.equal(await page.getByTestId('travel-outcome').textContent(), 'Redone: a stream of 1,000 words.');
  assert.equal(await page.getByTestId('cms-total').textContent(), '1,005');
  const grid = await page.$$eval('[data-testid="cms-cell"]', (cells) => cells.map((cell) => Number(cell.dataset.value)));
  assert.deepEqual(grid, reference.rows.flat(), 'every counter as replayed');
  // The table's rows: true counts and estimates as the reference has them, never an under-estimate.
  const rows = await page.$$eval('[data-testid="cms-table"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
  assert.equal(rows.length, 10);
  for (const [item, truth, estimate] of rows) {
    assert.equal(Number(truth.replace(/,/g, '')), reference.truth.get(item), item);
    assert.equal(Number(estimate.replace(/,/g, '')), reference.estimate(item), item);
    assert.ok(reference.estimate(item) >= reference.truth.get(item));
  }
  const bound = (Math.E / 16) * reference.total;
  const over = [...reference.truth].filter(([text, truth]) => reference.estimate(text) - truth > bound).length;
  assert.equal(await page.getByTestId('cms-over').getAttribute('data-over'), String(over));
  assert.equal(await page.getByTestId('cms-over').getAttribute('data-n'), String(reference.truth.size));
  // More items over the bound than δ promises: the caption says why, with what the rows' one double
  // hash made alike, counted here from the columns.
  const columns = [...reference.truth.keys()].map((text) => bitIndexes(text, 16, 4).join());
  const oneCounter = [...reference.truth.keys()].filter((text) => new Set(bitIndexes(text, 16, 4)).size === 1).length;
  let pairs = 0;
  columns.forEach((a, i) => columns.slice(i + 1).forEach((b) => { pairs += a === b ? 1 : 0; }));
  assert.ok(over / reference.truth.size > Math.exp(-4) && oneCounter > 0 && pairs > 0, `${over} of ${reference.truth.size}`);
  const more = await page.getByTestId('cms-over-more').textContent();
  assert.match(more, /^More than δ: δ assumes rows hashed each on its own, but these rows share one double hash/);
  assert.ok(more.includes(`(1 in w; here ${oneCounter} of ${reference.truth.size})`), more);
  assert.ok(more.includes(`(1 pair in w²; here ${pairs})`), more);
  // ε and δ are the sketch's own: e/16 and e^(−4), written so that sizing from them gives 16 × 4.
  assert.deepEqual([await page.getByTestId('cms-epsilon').inputValue(), await page.getByTestId('cms-delta').inputValue()], ['0.17', '0.019']);
  await page.getByTestId('cms-from-error').click();
  assert.equal(await page.getByTestId('cms-width').inputValue(), '16');
  assert.equal(await page.getByTestId('cms-depth').inputValue(), '4');
  // Querying a word never added: an estimate from shared counters, a true count of 0.
  await act(page, 'query-button', 'zebra');
  assert.equal(await page.getByTestId('cms-true').getAttribute('data-value'), '0');
  assert.equal(await page.getByTestId('cms-estimate').getAttribute('data-value'), String(reference.estimate('zebra')));
  // The estimate on screen is in the link (a class's QR code): opened fresh, the same estimate.
  const asked = await page.evaluate(() => location.hash);
  assert.match(asked, /&query=zebra$/);
  const shown = await open(`/count-min/${asked}`);
  await shown.page.getByTestId('cms-estimate').waitFor();
  assert.equal(await shown.page.getByTestId('cms-estimate').getAttribute('data-value'), String(reference.estimate('zebra')));
  assert.equal(await shown.page.getByTestId('item-input').inputValue(), 'zebra');
  await shown.page.close();
  // Sized from ε and δ: w = ⌈e/0.01⌉ = 272, d = ⌈ln 100⌉ = 5; too wide to draw, said so. What was
  // typed stays, as it gives this shape; no item is over the bound now, and nothing says more than δ.
  await page.getByTestId('cms-epsilon').fill('0.01');
  await page.getByTestId('cms-delta').fill('0.01');
  await page.getByTestId('cms-from-error').click();
  assert.equal(await page.getByTestId('cms-width').inputValue(), '272');
  assert.equal(await page.getByTestId('cms-depth').inputValue(), '5');
  assert.equal(await page.getByTestId('cms-too-wide').count(), 1);
  assert.deepEqual([await page.getByTestId('cms-epsilon').inputValue(), await page.getByTestId('cms-delta').inputValue()], ['0.01', '0.01']);
  assert.equal(await page.getByTestId('cms-over-more').count(), 0);
  // Undone, the shape and its ε and δ come back.
  await page.getByTestId('undo-button').click();
  assert.deepEqual([await page.getByTestId('cms-width').inputValue(), await page.getByTestId('cms-epsilon').inputValue(), await page.getByTestId('cms-delta').inputValue()], ['16', '0.17', '0.019']);
  await page.getByTestId('redo-button').click();
  assert.equal(await page.getByTestId('cms-width').inputValue(), '272');
  await page.getByTestId('cms-epsilon').fill('2');
  await page.getByTestId('cms-from-error').click();
  assert.match(await page.getByTestId('cms-shape-hint').textContent(), /between 0 and 1/);
  await page.getByTestId('cms-exponent').fill('9');
  await page.getByTestId('stream-button').click();
  assert.match(await page.getByTestId('cms-exponent-hint').textContent(), /from 0 to 3/);
  // The link holds it all; opened fresh it gives the same sketch.
  const link = await page.evaluate(() => location.hash);
  assert.match(decodeURIComponent(link), /w=272&d=5&s=1.1&add=5\*apple&stream=1/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
  const again = await open(`/count-min/${link}`);
  assert.equal(await again.page.getByTestId('cms-total').textContent(), '1,005');
  await again.page.close();
  for (const lang of ['zh', 'ja']) {
    const other = await open(`/${lang}/count-min/#w=8&d=3&add=apple`);
    assert.equal(await other.page.getByRole('heading', { level: 1 }).textContent(), texts(lang, 'counting').CmsTitle);
    assert.deepEqual(await axeViolations(other.page), [], lang);
    assert.deepEqual(other.problems(), []);
    await other.page.close();
  }
});

test('count-min: an item every row puts in one column is said to be one, and why (its h2 a multiple of w)', async () => {
  const { page, problems } = await open('/count-min/#w=16&d=4&add=5*apple&add=3*grape&add=plum');
  for (const word of ['apple', 'grape', 'plum', 'kiwi', 'lime']) {
    await page.getByTestId('item-input').fill(word);
    await page.getByTestId('query-button').click();
    await page.getByTestId('cms-estimate').waitFor();
    const oneColumn = parseInt(murmurHex(word), 16) % 16 === 0;
    const note = page.getByTestId('cms-one-column');
    assert.equal(await note.count(), oneColumn ? 1 : 0, word);
    if (oneColumn) {
      const column = Number(BigInt(`0x${fnv1a64Hex(word)}`) % 16n);
      assert.equal(await note.textContent(), `All 4 rows put “${word}” in column ${column}: the rows share one double hash, gᵣ = (h1 + r·h2) mod w, and its h2 is a multiple of w = 16 (1 item in 16 is), so its 4 counters are one column’s and its estimate is no better than one row’s.`);
    }
  }
  assert.ok(parseInt(murmurHex('apple'), 16) % 16 === 0, 'apple is one such item at w = 16');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a blog author embeds either widget: no site around it, no other host, the snippet from the embed page', async () => {
  for (const [url, ready] of [['/embed/counting/#m=16&add=apple&lang=ja', 'counter'], ['/embed/count-min/#w=8&d=2&add=3*pear', 'cms-cell']]) {
    const { page, problems } = await open(url, { ready });
    assert.equal(await page.getByTestId('site-nav').count(), 0);
    assert.deepEqual(await axeViolations(page), [], url);
    assert.deepEqual(problems(), []);
    await page.close();
  }
  const embedded = await open('/embed/counting/#m=16&add=apple', { ready: 'counter' });
  assert.equal(await embedded.page.getByTestId('counter').count(), 16);
  assert.equal((await counterValues(embedded.page)).reduce((a, b) => a + b, 0), 3);
  await embedded.page.close();
  const builder = await open('/counting/#m=16&add=apple');
  await builder.page.getByTestId('embed-this').click();
  await builder.page.waitForURL(/\/embed\//);
  await appReady(builder.page);
  const code = await builder.page.getByTestId('embed-snippet').textContent();
  assert.match(code, /embed\/counting\/[^"]*m=16/);
  assert.deepEqual(builder.problems(), []);
  await builder.page.close();
});

test('chapter 7 shows both widgets in frames that load their own small programs', async () => {
  const { page, problems } = await open('/learn/7/', { ready: 'chapter' });
  const frame = page.getByTestId('frame-counting');
  // The frame is made when the reader comes near it.
  await frame.scrollIntoViewIfNeeded();
  const inner = page.frameLocator('iframe[data-testid="frame-counting"]');
  await inner.locator('[data-testid="counter"]').first().waitFor();
  assert.equal(await frame.getAttribute('title'), 'Counting Bloom filter');
  assert.equal(await inner.locator('[data-testid="counter"]').count(), 32);
  assert.equal(await inner.locator('[data-testid="counting-item"]').count(), 5, 'the chapter’s five words');
  // The frame takes the widget's height.
  await page.waitForFunction(() => Number.parseInt(document.querySelector('[data-testid="frame-counting"]').style.height, 10) !== 900);
  await page.getByTestId('frame-count-min').scrollIntoViewIfNeeded();
  await page.frameLocator('iframe[data-testid="frame-count-min"]').locator('[data-testid="cms-cell"]').first().waitFor();
  assert.deepEqual(problems(), []);
  await page.close();
});

test('an item inserted and then removed, still answered “maybe”, is called what it is: not in the set, never “never inserted”', async () => {
  const { page, problems } = await open('/counting/#m=32&k=3&scheme=double&c=4&add=apple&add=banana&add=cherry&add=grape&add=lemon');
  await act(page, 'remove-button', 'banana');
  await act(page, 'query-button', 'banana');
  const said = await page.getByTestId('counting-outcome').textContent();
  assert.match(said, /“banana”: all 3 counters are above 0 \([0-9, and]+\), yet it is not in the set — a false positive/);
  assert.doesNotMatch(said, /never inserted/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a measured rate above (X/m)^k says why: the probe strings that test fewer than k counters, counted', async () => {
  const { page, problems } = await open('/counting/');
  await page.getByTestId('reset-button').click();
  const reference = new CountingReference(32, 3, 4);
  for (const word of ['apple', 'banana', 'cherry']) {
    await act(page, 'insert-button', word);
    reference.insert(word);
  }
  await act(page, 'remove-button', 'banana');
  reference.remove('banana');
  // By hand: the never-inserted probes the counters let through, and those whose three indexes
  // name fewer than three counters.
  const positives = playgroundProbes.filter((probe) => reference.contains(probe)).length;
  const short = playgroundProbes.filter((probe) => new Set(reference.indexes(probe)).size < 3).length;
  const fill = (reference.counters.filter((value) => value > 0).length / 32) ** 3;
  assert.equal(await page.getByTestId('stat-measured').getAttribute('data-value'), String(positives));
  assert.ok(positives / 10_000 > 2 * fill, `measured ${positives / 10_000}, (X/m)^k ${fill}`);
  const note = page.getByTestId('short-probes-note');
  assert.equal(await note.getAttribute('data-value'), String(short));
  assert.equal(
    await note.textContent(),
    `Measured above this filter’s (X/m)^k: ${short.toLocaleString('en-US')} of the 10,000 probe strings test fewer than 3 different counters (at a small m, double hashing can land on one counter twice), and a string that tests fewer counters passes more often.`,
  );
  assert.deepEqual(problems(), []);
  await page.close();
});

// End-to-end tests of the tutorial's depth: every chapter's prose, formulas and glossary links in
// three languages; each chapter's predict-then-check exercise marking a right answer right and a wrong
// one wrong, with the right answer worked out here from what the page gives (the reference hashes and
// the formulas written again), never read from the page; progress remembered and reset; a chapter
// printed as a handout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations, framesSettled, openPage, useSite } from './harness.mjs';
import { bitIndexes, ReferenceFilter, approximateRate } from './reference.js';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, { ready: 'chapter', ...options });
const LANGS = { en: '', zh: 'zh/', ja: 'ja/' };
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const texts = (lang, file) => JSON.parse(fs.readFileSync(path.join(root, 'static/locales', lang, `${file}.json`), 'utf8'));
const WALK = ['pear', 'cherry', 'mango'];

/** The size units of a language, largest first, as a factor and the words around the number. */
function units(lang) {
  const widgets = texts(lang, 'widgets');
  const form = (key) => (typeof widgets[key] === 'string' ? widgets[key] : widgets[key].other);
  return [['UnitGiB', 2 ** 30], ['UnitMiB', 2 ** 20], ['UnitKiB', 2 ** 10], ['UnitBytes', 1]]
    .map(([key, factor]) => ({ factor, pattern: new RegExp('^' + form(key).replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace('\\{n\\}', '([\\d.,]+)').replace('{n}', '([\\d.,]+)') + '$') }));
}

/** A size as a page writes it, back in bytes. */
function bytesOf(lang, text) {
  for (const { factor, pattern } of units(lang)) {
    const match = text.trim().match(pattern);
    if (match) return Number(match[1].replace(/,/g, '')) * factor;
  }
  throw new Error(`not a size in ${lang}: ${text}`);
}

const given = async (exercise) => Object.fromEntries((await exercise.getAttribute('data-given')).split(' ').map((pair) => pair.split('=')));

/** Index of the option nearest to `value` (by ratio) among labels read with `read`. */
const nearest = (labels, read, value) => labels
  .map((label, i) => [Math.abs(Math.log(read(label) / value)), i])
  .sort((a, b) => a[0] - b[0])[0][1];

/**
 * Works out the right answer of the exercise on the page, from what the round gives and what it shows.
 * Returns { right, wrong }: functions that answer it right, or wrong.
 */
async function answerKey(page, chapter, lang) {
  const exercise = page.getByTestId('exercise');
  // A click lands where the reader sees its target once the widgets' frames above it have their
  // heights (a frame is made, and then grows, when it comes into view).
  await exercise.scrollIntoViewIfNeeded();
  await framesSettled(page);
  const g = await given(exercise);
  const question = await page.getByTestId('exercise-question').textContent();
  const options = page.getByTestId('exercise-option');
  const labels = await page.locator('.exercise-choice span').allTextContents();
  const cells = page.getByTestId('exercise-cell');
  const type = (value) => page.getByTestId('exercise-input').fill(String(value));
  const pick = (wanted) => async () => {
    const count = await cells.count();
    for (let i = 0; i < count; i++) {
      const pressed = (await cells.nth(i).getAttribute('aria-pressed')) === 'true';
      if (pressed !== wanted.has(i)) await cells.nth(i).click();
    }
  };
  const choose = (i) => () => options.nth(i).check();
  switch (chapter) {
    case 1: {
      const n = Number(g.n);
      const p = parseFloat(g.p) / 100;
      assert.ok(question.includes(n.toLocaleString('en-US')), `the question names n = ${n}: ${question}`);
      const bytes = (-n * Math.log(p)) / Math.LN2 ** 2 / 8;
      const right = nearest(labels, (label) => bytesOf(lang, label), bytes);
      assert.ok(Math.abs(bytesOf(lang, labels[right]) / bytes - 1) < 0.01, `${labels[right]} is ${bytes} bytes`);
      return { right: choose(right), wrong: choose((right + 1) % labels.length) };
    }
    case 2: {
      const filter = new ReferenceFilter(16, 3);
      WALK.forEach((item) => filter.insert(item));
      assert.ok(question.includes(g.word));
      filter.insert(g.word);
      const right = new Set(filter.bits);
      const wrong = new Set([...right].slice(1));
      return { right: pick(right), wrong: pick(wrong) };
    }
    case 3: {
      const m = Number(g.m);
      const i = Number(g.i);
      assert.ok(question.includes(g.word));
      const right = bitIndexes(g.word, m, i + 1)[i];
      return { right: () => type(right), wrong: () => type((right + 1) % m) };
    }
    case 4: {
      // The rate by the chapter's formula, worked out here: the fill to the power k.
      const [m, k, n] = [Number(g.m), Number(g.k), Number(g.n)];
      assert.ok(question.includes(`m = ${m}`) && question.includes(`n = ${n}`), question);
      const rate = approximateRate(m, k, n);
      const right = nearest(labels, (label) => parseFloat(label.replace(',', '.')) / 100, rate);
      assert.ok(Math.abs(parseFloat(labels[right]) / 100 / rate - 1) < 0.01, `${labels[right]} is ${rate}`);
      // The fill alone (the power k forgotten) is one of the wrong ones.
      const fill = 1 - Math.exp((-k * n) / m);
      assert.ok(labels.some((label) => Math.abs(parseFloat(label) / 100 / fill - 1) < 0.01), `${labels} offers the fill ${fill}`);
      return { right: choose(right), wrong: choose((right + 1) % labels.length) };
    }
    case 5: {
      const m = Number(g.m);
      const n = Number(g.n);
      let best = 1;
      for (let k = 2; k <= 40; k++) if (approximateRate(m, k, n) < approximateRate(m, best, n)) best = k;
      return { right: () => type(best), wrong: () => type(best + 3) };
    }
    case 6: {
      const m = Number(g.m);
      const k = Number(g.k);
      const x = await page.locator('[data-testid="exercise-picture"] li.set').count();
      const estimate = (-m / k) * Math.log(1 - x / m);
      assert.ok(question.includes(String(x)), `the question names X = ${x}`);
      return { right: () => type(Math.round(estimate)), wrong: () => type(Math.round(estimate * 1.5) + 2) };
    }
    case 7: {
      // Count each position's probes of the five, lower the ghost's: the word left with a 0 is denied.
      const m = Number(g.m);
      const k = Number(g.k);
      const items = g.items.split(',');
      const counts = new Array(m).fill(0);
      items.forEach((item) => bitIndexes(item, m, k).forEach((index) => counts[index]++));
      const ghostIndexes = bitIndexes(g.ghost, m, k);
      assert.ok(ghostIndexes.every((index) => counts[index] > 0), `${g.ghost} is a false positive`);
      ghostIndexes.forEach((index) => counts[index]--);
      const denied = items.filter((item) => bitIndexes(item, m, k).some((index) => counts[index] <= 0));
      assert.equal(denied.length, 1, `one of ${items} is denied after removing ${g.ghost}`);
      // Each option is an item with its counters (“lemon”: 4, 12, 20), in order, each once.
      const word = (label) => label.split(/[:：]/)[0].replace(/[“”「」]/g, '');
      const right = labels.findIndex((label) => word(label) === denied[0]);
      assert.ok(right >= 0, `${labels} offers ${denied[0]}`);
      for (const label of labels.filter((label) => items.includes(word(label)))) {
        const positions = [...new Set(bitIndexes(word(label), m, k))].sort((a, b) => a - b);
        assert.deepEqual(label.split(/[:：]/)[1].match(/\d+/g).map(Number), positions, label);
      }
      // The question gives the ghost's counters, each as position and value.
      for (const index of ghostIndexes) assert.ok(new RegExp(`\\b${index}[:：]`).test(question), `the question names counter ${index}`);
      return { right: choose(right), wrong: choose(labels.length - 1) };
    }
    case 8: {
      const b = Number(g.b);
      const k = Number(g.k);
      const rate = (1 - Math.exp(-k / b)) ** k;
      const right = nearest(labels, (label) => parseFloat(label) / 100, rate);
      assert.ok(Math.abs(parseFloat(labels[right]) / 100 / rate - 1) < 0.01, `${labels[right]} is ${rate}`);
      return { right: choose(right), wrong: choose((right + 2) % labels.length) };
    }
    case 9: {
      // The stages' rates P₀·rⁱ summed as a series: the bound P₀/(1 − r).
      const p0 = Number(g.p0);
      const r = Number(g.r);
      let series = 0;
      for (let i = 0; i < 2000; i++) series += p0 * r ** i;
      const right = nearest(labels, (label) => parseFloat(label) / 100, series);
      assert.ok(Math.abs(parseFloat(labels[right]) / 100 / series - 1) < 0.01, `${labels[right]} is ${series}`);
      return { right: choose(right), wrong: choose((right + 1) % labels.length) };
    }
    case 11: {
      // Plain double hashing cycles after m / gcd(step, m) steps.
      const [m, k, step] = [Number(g.m), Number(g.k), Number(g.step)];
      const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
      assert.ok(question.includes(`h2 = ${step}`), question);
      const right = Math.min(k, m / gcd(step, m));
      return { right: () => type(right), wrong: () => type(right === k ? k - 1 : right + 1) };
    }
    case 12: {
      // Parquet's writer: c = −8 / ln(1 − p^(1/8)) bits per value, ⌊n·c⌋ bits in whole bytes (one
      // 32-byte block at least), then the next power of two.
      const [n, p] = [Number(g.n), Number(g.p)];
      assert.ok(question.includes(n.toLocaleString('en-US')), question);
      const bytes = Math.max(Math.floor(Math.floor(n * (-8 / Math.log(1 - p ** (1 / 8)))) / 8), 32);
      const right = 2 ** Math.ceil(Math.log2(bytes));
      // The bytes before the rounding: the slip the exercise is there for.
      return { right: () => type(right), wrong: () => type(bytes) };
    }
    default: {
      const both = new ReferenceFilter(16, 3);
      [...g.a.split(','), ...g.b.split(',')].forEach((word) => both.insert(word));
      const right = new Set(both.bits);
      const wrong = new Set([...right, ...[...Array(16).keys()].filter((i) => !right.has(i)).slice(0, 1)]);
      return { right: pick(right), wrong: pick(wrong) };
    }
  }
}

async function check(page) {
  await page.getByTestId('exercise-check').click();
  const state = await page.getByTestId('exercise').getAttribute('data-state');
  const feedback = await page.getByTestId('exercise-feedback').textContent();
  return { state, feedback };
}

test('every chapter in every language: its prose, formulas, glossary links, and an exercise that marks right answers right and wrong ones wrong', async () => {
  for (const [lang, folder] of Object.entries(LANGS)) {
    const { page, problems } = await open(`/${folder}learn/1/`);
    for (let chapter = 1; chapter <= 12; chapter++) {
      if (chapter > 1) await page.goto(`${site.origin}/${folder}learn/${chapter}/`);
      await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
      const body = await page.getByTestId('chapter-body').innerText();
      const words = lang === 'en' ? body.split(/\s+/).length : body.replace(/\s/g, '').length / 2;
      assert.ok(words >= 600, `chapter ${chapter} in ${lang} reads ${words} words`);
      assert.doesNotMatch(body, /\{[a-z_0-9]+\}|\[\[/, `chapter ${chapter} in ${lang} has no unfilled blank or raw link`);
      // Every glossary link lands on its entry on the page.
      const targets = await page.getByTestId('glossary-link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      assert.ok(targets.length >= 3, `chapter ${chapter} in ${lang} links the glossary (${targets.length})`);
      for (const target of new Set(targets)) assert.equal(await page.locator(target).count(), 1, target);
      if ([4, 5, 6].includes(chapter)) assert.ok((await page.locator('.chapter-body math').count()) >= 3, `chapter ${chapter} has its formulas`);

      for (const round of [0, 1]) {
        if (round === 1) await page.getByTestId('exercise-another').click();
        const exercise = page.getByTestId('exercise');
        assert.equal(await exercise.getAttribute('data-state'), 'unanswered');
        const key = await answerKey(page, chapter, lang);
        await key.wrong();
        const wrong = await check(page);
        assert.equal(wrong.state, 'wrong', `chapter ${chapter} round ${round} in ${lang}: a wrong answer is wrong`);
        // Every blank filled and no glossary markup left: "[[false-negative|…]]" reads as its words.
        assert.ok(wrong.feedback.length > 20 && !/\{[a-z_]+\}|\[\[|\]\]/.test(wrong.feedback), wrong.feedback);
        // A wrong answer gets its hint first; the worked answer when asked for.
        assert.ok((await page.getByTestId('exercise-hint').textContent()).length > 20, `chapter ${chapter} in ${lang}: a hint`);
        await page.getByTestId('exercise-show').click();
        const worked = await page.getByTestId('exercise-feedback').textContent();
        assert.ok(worked.length > 20 && worked !== wrong.feedback && !/\{[a-z_]+\}|\[\[|\]\]/.test(worked), worked);
        assert.equal(await page.getByTestId('exercise-show').count(), 0);
        await key.right();
        const right = await check(page);
        assert.equal(right.state, 'right', `chapter ${chapter} round ${round} in ${lang}: the right answer is right (${right.feedback})`);
      }
    }
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

test('checking with no answer says what is missing; nonsense typed is not an answer', async () => {
  const { page, problems } = await open('/learn/5/');
  await page.getByTestId('exercise-check').click();
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'unanswered');
  assert.match(await page.getByTestId('exercise-feedback').textContent(), /whole number from 1 to 64/);
  for (const typed of ['<script>alert(1)</script>', '-3', '2.5', '😀', '1e9', 'twelve']) {
    await page.getByTestId('exercise-input').fill(typed);
    await page.getByTestId('exercise-check').click();
    assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'unanswered', typed);
  }
  assert.equal(await page.locator('script:not([src])').evaluateAll((s) => s.filter((x) => x.textContent.includes('alert(1)')).length), 0);
  await page.getByTestId('exercise-input').fill('７');
  await page.getByTestId('exercise-check').click();
  assert.notEqual(await page.getByTestId('exercise').getAttribute('data-state'), 'unanswered', 'full-width digits are read');
  // A number past the range is an answer too, marked and explained: chapter 3's sum before its
  // remainder (46 for a filter of 32 bits) is the mistake the explanation shows.
  await page.goto(`${site.origin}/learn/3/`);
  await page.getByTestId('exercise-input').fill('99999999999999999');
  await page.getByTestId('exercise-check').click();
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'wrong', 'a number far past the range is wrong, not a failure');
  await page.getByTestId('exercise-input').fill('1000');
  await page.getByTestId('exercise-check').click();
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'wrong');
  await page.getByTestId('exercise-show').click();
  assert.match(await page.getByTestId('exercise-feedback').textContent(), /the remainder of \d+ divided by \d+ is \d+.*Your answer was 1,000\./);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a wrong answer gets a hint, not the answer: the reader tries again, and sees the working only when asking for it', async () => {
  const { page, problems } = await open('/learn/3/');
  const given = Object.fromEntries((await page.getByTestId('exercise').getAttribute('data-given')).split(' ').map((pair) => pair.split('=')));
  const question = await page.getByTestId('exercise-question').textContent();
  const [h1, h2] = [/h₁ mod \d+ = (\d+)/, /h₂ mod \d+ = (\d+)/].map((pattern) => Number(question.match(pattern)[1]));
  const m = Number(given.m);
  const i = Number(question.match(/for i = (\d+)/)[1]);
  const sum = h1 + i * h2;
  // The sum before its remainder: the slip the hint is there for.
  await page.getByTestId('exercise-input').fill(String(sum));
  await page.getByTestId('exercise-check').click();
  const feedback = page.getByTestId('exercise-feedback');
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'wrong');
  assert.equal(await feedback.textContent(),
    `Not quite. You answered ${sum.toLocaleString('en-US')}. First add: h₁ + i · h₂ with the numbers given. Then take the remainder of that sum divided by ${m}: a bit index is always from 0 to ${m} − 1. Change your answer and check again, or see how it is worked out. Show the worked answer`);
  assert.doesNotMatch(await feedback.textContent(), /is bit \d/, 'the hint does not give the answer away');
  // A second try, right this time: the explanation.
  await page.getByTestId('exercise-input').fill(String(sum % m));
  assert.equal(await feedback.textContent(), '', 'a changed answer clears what was said of the last');
  await page.getByTestId('exercise-check').click();
  assert.equal(await page.getByTestId('exercise').getAttribute('data-state'), 'right');
  assert.match(await feedback.textContent(), new RegExp(`^Right\\. .*the remainder of ${sum} divided by ${m} is ${sum % m}`));
  // Wrong again, and the working asked for: the whole explanation, with the reader's answer; the
  // focus on it (the button is gone).
  await page.getByTestId('exercise-input').fill(String(sum));
  await page.getByTestId('exercise-check').click();
  await page.getByTestId('exercise-show').click();
  assert.match(await feedback.textContent(), new RegExp(`^Not quite\\. .*is ${sum % m}, so gᵢ for i = ${i} is bit ${sum % m}\\. Your answer was ${sum}\\.$`));
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'exercise-feedback');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('progress: answered chapters are marked in the contents, remembered across visits, and reset on request', async () => {
  const { page, problems } = await open('/learn/4/');
  const progress = page.getByTestId('progress');
  assert.equal(await progress.getAttribute('data-done'), '0');
  assert.equal(await page.getByTestId('progress-reset').isDisabled(), true);
  // A wrong answer marks the chapter tried; a right one done.
  let key = await answerKey(page, 4, 'en');
  await key.wrong();
  await check(page);
  assert.equal(await page.getByTestId('chapter-mark').textContent(), 'tried');
  await key.right();
  await check(page);
  assert.equal(await progress.getAttribute('data-done'), '1');
  assert.match(await progress.textContent(), /1 of 12 chapters done/);
  assert.deepEqual(await axeViolations(page), [], 'an answered exercise and the marked contents');
  await page.goto(`${site.origin}/learn/8/`);
  key = await answerKey(page, 8, 'en');
  await key.right();
  await check(page);
  await page.reload();
  assert.equal(await page.getByTestId('progress').getAttribute('data-done'), '2', 'remembered after a reload');
  const marks = await page.locator('.learn-contents li').evaluateAll((items) => items.map((item) => item.querySelector('[data-testid="chapter-mark"]')?.textContent ?? ''));
  assert.deepEqual(marks, ['', '', '', 'done', '', '', '', 'done', '', '', '', '']);
  await page.getByTestId('progress-reset').click();
  assert.equal(await page.getByTestId('progress').getAttribute('data-done'), '0');
  await page.reload();
  assert.equal(await page.getByTestId('progress').getAttribute('data-done'), '0', 'and the reset is remembered');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a chapter prints as a handout: no site chrome or controls, the exercise as a question, its key on a page of its own', async () => {
  const { page, problems } = await open('/learn/2/');
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['.site-header', '.learn-contents', '.learn-pager', '[data-testid="exercise-check"]', '[data-testid="exercise-another"]', '[data-testid="item-input"]', '[data-testid="insert-button"]']) {
    const visible = await page.locator(selector).evaluateAll((elements) => elements.some((element) => element.checkVisibility()));
    assert.equal(visible, false, `${selector} is not printed`);
  }
  assert.equal(await page.getByTestId('exercise-question').isVisible(), true, 'the question is printed');
  assert.equal(await page.getByTestId('exercise-key').isVisible(), true, 'with its key');
  assert.equal(await page.getByTestId('exercise-key').evaluate((key) => getComputedStyle(key).breakBefore), 'page');
  // The key comes last in the printed chapter.
  const last = await page.getByTestId('chapter-body').evaluate((body) => {
    const visible = [...body.children].flatMap((child) => (getComputedStyle(child).display === 'contents' ? [...child.children] : [child]))
      .filter((element) => element.checkVisibility());
    return visible.sort((a, b) => Number(getComputedStyle(a).order) - Number(getComputedStyle(b).order)).at(-1).dataset.testid;
  });
  assert.equal(last, 'check-key', 'the key ends with the check-yourself answer');
  assert.equal(await page.getByTestId('check-key').isVisible(), true);
  const pdf = await page.pdf({ format: 'A4' });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.ok(pages >= 2, `the handout has ${pages} pages: the chapter, then the key`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('each chapter can be presented: its link opens the chapter in presenter mode', async () => {
  const { page, problems } = await open('/zh/learn/3/');
  await page.getByTestId('present-chapter').click();
  await page.waitForFunction(() => document.querySelector('.presenter'));
  await page.waitForURL(/\/zh\/learn\/3\/\?present=1&slide=1$/);
  assert.equal(await page.getByTestId('item-input').count(), 1, 'with the chapter’s widget');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('an exercise works from the keyboard alone: choose with the arrows, press cells with Space, check with Enter', async () => {
  const { page, problems } = await open('/learn/4/');
  await page.getByTestId('exercise-option').first().focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByTestId('exercise-option').nth(1).isChecked(), true, 'the arrow key chooses');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'exercise-check');
  await page.keyboard.press('Enter');
  assert.notEqual(await page.getByTestId('exercise').getAttribute('data-state'), 'unanswered');
  await page.goto(`${site.origin}/learn/10/`);
  const first = page.getByTestId('exercise-cell').first();
  await first.focus();
  await page.keyboard.press('Space');
  assert.equal(await first.getAttribute('aria-pressed'), 'true');
  assert.match(await first.textContent(), /bit 0: 1/, 'its name says its index and value');
  await page.keyboard.press('Space');
  assert.equal(await first.getAttribute('aria-pressed'), 'false');
  assert.deepEqual(problems(), []);
  await page.close();
});

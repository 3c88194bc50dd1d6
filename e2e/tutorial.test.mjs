// End-to-end tests of the tutorial: eight chapters in three languages, widgets inline, MathML, the
// check-yourself questions, navigation, and no accessibility violations on any chapter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appReady, axeViolations, openPage, useSite } from './harness.mjs';
import { bitIndexes, ReferenceFilter, sizing } from './reference.js';

const site = useSite();
const setCells = (page) => page.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.index)).sort((a, b) => a - b));
const open = (url, options) => openPage(site.context, site.origin, url, { ready: 'chapter', ...options });

test('every chapter in every language: title, progress, a question with a hidden answer, no axe violations', async () => {
  const titles = {};
  for (const lang of ['en', 'zh', 'ja']) {
    const folder = lang === 'en' ? '' : `${lang}/`;
    const { page, problems } = await open(`/${folder}learn/1/`);
    titles[lang] = [];
    for (let chapter = 1; chapter <= 12; chapter++) {
      await page.goto(`${site.origin}/${folder}learn/${chapter}/`);
      await page.locator(`[data-testid="chapter"][data-chapter="${chapter}"][aria-busy="false"]`).waitFor();
      assert.ok((await page.getByTestId('check-question').textContent()).length > 10, `chapter ${chapter} in ${lang} has its question`);
      titles[lang].push(await page.getByRole('heading', { level: 1 }).textContent());
      assert.match(await page.getByTestId('chapter-progress').textContent(), new RegExp(`${chapter}\\D+12`));
      const answer = page.getByTestId('check-answer').locator('p');
      assert.equal(await answer.isVisible(), false, 'the answer starts hidden');
      await page.getByTestId('check-answer').locator('summary').click();
      assert.equal(await answer.isVisible(), true, 'and opens on click');
      assert.deepEqual(await axeViolations(page), [], `chapter ${chapter} in ${lang}`);
    }
    assert.equal(await page.evaluate(() => document.documentElement.lang), { en: 'en', zh: 'zh-Hans', ja: 'ja' }[lang]);
    assert.deepEqual(problems(), []);
    await page.close();
  }
  for (let i = 0; i < 12; i++) {
    assert.notEqual(titles.zh[i], titles.en[i]);
    assert.notEqual(titles.ja[i], titles.en[i]);
  }
});

test('formulas are MathML and numbers in the prose come from the formulas', async () => {
  const { page, problems } = await open('/learn/#/5');
  assert.ok((await page.locator('.math math').count()) >= 2);
  const expected = sizing(1e6, 0.01);
  const perItem = (expected.m / 1e6).toFixed(2);
  assert.match(await page.getByTestId('chapter').textContent(), new RegExp(`1% costs ${perItem} bits per item with k = ${expected.k}`));
  assert.equal(await page.getByTestId('calc-input-n').count(), 1, 'the calculator is inline');
  assert.equal(Number(await page.getByTestId('calc-m').getAttribute('data-value')), expected.m, 'preset to n = 1M, p = 1%');
  assert.equal(await page.getByTestId('seed-cell').count(), 15, 'with the sizing table beside it');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a chapter downloads its own prose and no other chapter’s', async () => {
  const fetched = [];
  const { page, problems } = await openPage(site.context, site.origin, '/ja/learn/4/', {
    ready: 'chapter',
    onRequest: (url) => fetched.push(url),
  });
  await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
  const chapters = () => fetched.filter((url) => /chapter-\d+\.json$/.test(url)).map((url) => url.split('/locales/')[1]);
  assert.deepEqual(chapters(), ['ja/chapter-4.json']);
  await page.locator('.learn-next').click();
  await page.waitForURL(/\/ja\/learn\/5\/$/);
  // The app has taken the prerendered page over, and has its chapter's prose.
  await page.waitForFunction(() => !document.getElementById('prerendered'));
  await page.locator('[data-testid="chapter"][data-chapter="5"][aria-busy="false"]').waitFor();
  assert.deepEqual(chapters(), ['ja/chapter-4.json', 'ja/chapter-5.json']);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the walk-through chapter: the false positive the text names is one in the widget', async () => {
  const { page, problems } = await open('/learn/#/2');
  // The chapter's prose is its own small file; the page says when it has arrived.
  await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
  const text = await page.getByTestId('chapter').textContent();
  const fpWord = text.match(/Query “([^”]+)”: every bit is 1/)[1];
  const absentWord = text.match(/Query “([^”]+)”: a 0 bit proves it absent/)[1];
  // “pear”, “cherry” and “mango”: each word in quotes.
  const inserted = [...text.match(/with (.+?) inserted, each on 3 different bits/)[1].matchAll(/“([^”]+)”/g)].map((quoted) => quoted[1]);
  assert.equal(inserted.length, 3);
  const reference = new ReferenceFilter(16, 3);
  inserted.forEach((word) => reference.insert(word));
  assert.equal(reference.verdict(fpWord), 'false-positive');
  // The first picture has three marks per item: no item of the example repeats a bit.
  for (const word of inserted) assert.equal(new Set(bitIndexes(word, 16, 3)).size, 3, word);
  assert.deepEqual(await setCells(page), [...new Set(inserted.flatMap((word) => bitIndexes(word, 16, 3)))].sort((a, b) => a - b));
  for (const [word, verdict] of [[inserted[0], 'present'], [absentWord, 'absent'], [fpWord, 'false-positive']]) {
    await page.getByTestId('item-input').fill(word);
    await page.getByTestId('query-button').click();
    assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), verdict, word);
  }
  // The guided sequence runs the same three queries, in the order the text takes them.
  const steps = page.getByTestId('tour-step');
  assert.equal(await steps.count(), 3);
  for (const [i, [word, verdict]] of [[inserted[0], 'present'], [absentWord, 'absent'], [fpWord, 'false-positive']].entries()) {
    assert.equal(await steps.nth(i).textContent(), `${i + 1}. Query “${word}”`);
    await steps.nth(i).click();
    assert.equal(await page.getByTestId('verdict').getAttribute('data-verdict'), verdict, `step ${i + 1}`);
    assert.equal(await page.getByTestId('item-input').inputValue(), word);
  }
  // The repeat the text names is real: all three indexes of that word are one bit.
  const [, repeatWord, repeatBit] = text.match(/“([^”]+)” lands all 3 of its indexes on bit (\d+)/);
  assert.deepEqual(bitIndexes(repeatWord, 16, 3), [Number(repeatBit), Number(repeatBit), Number(repeatBit)]);
  assert.equal(await page.getByTestId('site-nav').count(), 1);
  // Next chapter.
  // Next chapter: its own prerendered page, taken over by the app.
  await page.locator('.learn-next').click();
  await page.waitForURL(/\/learn\/3\/$/);
  await appReady(page);
  await page.locator('[data-testid="chapter"][data-chapter="3"][aria-busy="false"]').waitFor();
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone, the answer to a query or an insert scrolls into view without taking focus', async () => {
  const { page, problems } = await open('/learn/#/2', { width: 375, height: 667 });
  const inView = (testid) => page.getByTestId(testid).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  await page.getByTestId('item-input').scrollIntoViewIfNeeded();
  await page.getByTestId('item-input').fill('pear');
  await page.getByTestId('query-button').click();
  await page.getByTestId('verdict').waitFor();
  assert.ok(await inView('verdict'), 'the verdict is on screen after Query');
  await page.getByTestId('item-input').scrollIntoViewIfNeeded();
  await page.getByTestId('item-input').fill('quince');
  await page.getByTestId('item-input').press('Enter');
  await page.getByTestId('outcome').getByText('quince').first().waitFor();
  assert.ok(await inView('outcome'), 'the outcome of the insert is on screen');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'item-input', 'focus stays in the field');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the analysis chapter shows its chart with m, k and n beside it, and the fields change the chart', async () => {
  const { page, problems } = await open('/learn/#/4');
  await page.getByTestId('fpr-chart').waitFor();
  assert.equal(await page.getByTestId('m-input').inputValue(), '64');
  assert.equal(await page.getByTestId('k-input').inputValue(), '3');
  const nOf = async () => Number((await page.getByTestId('chapter-chart-n').textContent()).replace('n = ', ''));
  const start = await nOf();
  assert.equal(start, await page.getByTestId('fpr-point').count(), 'n is the number of points drawn');
  const approx = async () => Number(await page.getByTestId('fpr-approx').getAttribute('data-value'));
  const close = (actual, expected) => assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, expected), `${actual} vs ${expected}`);
  close(await approx(), (1 - Math.exp(-3 * start / 64)) ** 3);
  for (const [testid, value] of [['m-input', 1024], ['k-input', 16]]) {
    await page.getByTestId(testid).fill(String(value));
    await page.getByTestId(testid).press('Enter');
  }
  await page.waitForFunction(() => /m = 1024, k = 16/.test(document.querySelector('#fpr-chart-title')?.textContent ?? ''));
  close(await approx(), (1 - Math.exp(-16 * start / 1024)) ** 16);
  await page.getByTestId('random-words-button').click();
  await page.waitForFunction((before) => document.querySelector('[data-testid="chapter-chart-n"]').textContent !== `n = ${before}`, start);
  const n = await nOf();
  assert.ok(n > start && n <= start + 10, `n = ${n} after ten random words`);
  close(await approx(), (1 - Math.exp(-16 * n / 1024)) ** 16);
  // Words already in the filter add nothing, and the chart says how many there were.
  const repeated = page.getByTestId('chapter-chart-duplicates');
  if (n < start + 10) assert.equal(await repeated.textContent(), `${start + 10 - n} of them ${start + 10 - n === 1 ? 'was' : 'were'} already in the set.`);
  else assert.equal(await repeated.count(), 0);
  // Reset goes back to the chapter's own chart: m = 64, k = 3 and its items.
  await page.getByTestId('reset-button').click();
  await page.waitForFunction((start) => document.querySelector('[data-testid="chapter-chart-n"]').textContent === `n = ${start}`, start);
  assert.equal(await page.getByTestId('m-input').inputValue(), '64');
  assert.equal(await page.getByTestId('k-input').inputValue(), '3');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the estimate chapter follows n̂ against the true n', async () => {
  const { page, problems } = await open('/learn/#/6');
  for (let i = 0; i < 3; i++) await page.getByTestId('estimate-add').click();
  // The newest round first, under the buttons.
  assert.deepEqual(await page.getByTestId('estimate-true').allTextContents(), ['30', '20', '10']);
  const guesses = (await page.getByTestId('estimate-guess').allTextContents()).map(Number).reverse();
  guesses.forEach((guess, i) => assert.ok(Math.abs(guess - 10 * (i + 1)) <= 6, `n̂ ${guess} for n = ${10 * (i + 1)}`));
  // On a phone, tap after tap, the newest round stays on the screen with the button.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId('estimate-add').scrollIntoViewIfNeeded();
  for (let i = 0; i < 13; i++) await page.getByTestId('estimate-add').click();
  assert.equal(await page.getByTestId('estimate-true').first().textContent(), '160');
  const newest = await page.getByTestId('estimate-true').first().boundingBox();
  assert.ok(newest.y >= 0 && newest.y + newest.height <= 800, `the newest round at ${newest.y} px`);
  await page.getByTestId('estimate-reset').click();
  assert.equal(await page.getByTestId('estimate-true').count(), 0);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the chapters’ drawings agree with an independent computation and with their captions, in the page’s colours light and dark', async () => {
  // Each drawing's labels and cells, as a reader would read them.
  const drawing = (page) => page.evaluate(() => {
    const figure = document.querySelector('.chapter-figure');
    return {
      labels: [...figure.querySelectorAll('svg text')].map((label) => label.textContent),
      // The cells of each row of bits, set or not, as the eye finds them: what is drawn at each
      // cell's centre.
      rects: [...figure.querySelectorAll('svg rect.field')].flatMap((field, row) => {
        field.scrollIntoView({ block: 'center' });
        const [columns, cells] = [Number(field.dataset.columns), Number(field.dataset.cells)];
        const box = field.getBoundingClientRect();
        const size = box.width / columns;
        return Array.from({ length: cells }, (_, at) => {
          const shown = document.elementFromPoint(box.left + (at % columns + 0.5) * size, box.top + (Math.floor(at / columns) + 0.5) * size);
          return { row, set: shown?.classList.contains('set') ?? false };
        });
      }),
      caption: figure.querySelector('figcaption').textContent,
    };
  });
  const { page, problems } = await open('/learn/3/');

  // Chapter 3: "pear" round a ring of 32 bits, k = 3: g₀, g₁, g₂ are its double-hashing indexes.
  let shown = await drawing(page);
  const pear = bitIndexes('pear', 32, 3);
  for (const [i, index] of pear.entries()) assert.ok(shown.labels.includes(`g${'₀₁₂'[i]} = ${index}`), `${JSON.stringify(shown.labels)} names g${i} = ${index}`);
  assert.match(shown.caption, new RegExp(`so ${pear[0]}, ${pear[1]} and ${pear[2]}\\.`));

  // Chapter 4: chapter 2's filter, two strangers: every bit of the first set, one of the second 0.
  await page.goto(`${site.origin}/learn/4/`);
  shown = await drawing(page);
  const walk = new ReferenceFilter(16, 3);
  for (const item of ['pear', 'cherry', 'mango']) walk.insert(item);
  const rows = shown.labels.filter((label) => label.includes('→'));
  assert.equal(rows.length, 2);
  const [stranger, absent] = rows.map((label) => label.split(' → ')[0]);
  assert.equal(walk.verdict(stranger), 'false-positive');
  assert.equal(walk.verdict(absent), 'absent');
  assert.equal(rows[0], `${stranger} → ${bitIndexes(stranger, 16, 3).join(', ')}`);
  assert.equal(shown.rects.length, 32, 'two rows of 16 bits');
  for (const drawn of [0, 1]) {
    const row = shown.rects.filter((cell) => cell.row === drawn).map((cell, index) => cell.set ? index : -1).filter((index) => index >= 0);
    assert.deepEqual(row, [...walk.bits].sort((a, b) => a - b), 'each row draws the filter’s set bits');
  }
  assert.match(shown.caption, new RegExp(`“${stranger}” was never inserted`));
  assert.match(shown.caption, new RegExp(`“${absent}” finds bit ${bitIndexes(absent, 16, 3).find((index) => !walk.bits.has(index))} at 0`));

  // Chapter 5: the rate for k = 1 … 10 at 8 bits per item, lowest at k = 6.
  await page.goto(`${site.origin}/learn/5/`);
  shown = await drawing(page);
  const rates = Array.from({ length: 10 }, (_, i) => (1 - Math.exp(-(i + 1) / 8)) ** (i + 1));
  const written = (rate) => `${Number((rate * 100).toPrecision(3))}%`;
  for (const rate of rates) assert.ok(shown.labels.includes(written(rate)), `${written(rate)} is drawn`);
  const best = rates.indexOf(Math.min(...rates)) + 1;
  assert.equal(await page.locator('.chapter-figure .bar.best + text + text').textContent(), String(best));
  assert.match(shown.caption, new RegExp(`until k = ${best} \\(${written(rates[best - 1]).replace('.', '\\.')}\\)`));

  // Chapter 6: each of the three filters' X is its set cells, and n̂ = −(m/k)·ln(1 − X/m).
  await page.goto(`${site.origin}/learn/6/`);
  shown = await drawing(page);
  const moments = shown.labels.map((label) => label.match(/^n = (\d+)\s+X = (\d+)\s+n̂ = ([\d.]+)$/)).filter(Boolean);
  assert.equal(moments.length, 3);
  const set = shown.rects.filter((cell) => cell.set).length;
  assert.equal(set, moments.reduce((sum, [, , x]) => sum + Number(x), 0));
  for (const [, n, x, estimate] of moments) {
    const expected = -(128 / 3) * Math.log(1 - Number(x) / 128);
    assert.equal(estimate, String(Number(expected.toPrecision(3))), `n = ${n}`);
  }

  // Chapter 11: from bit 1 in 16 bits with k = 6, a step of 3 sets six bits, a step of 4 four.
  await page.goto(`${site.origin}/learn/11/`);
  shown = await drawing(page);
  const visit = (step) => [...new Set(Array.from({ length: 6 }, (_, i) => (1 + i * step) % 16))].sort((a, b) => a - b).join(' ');
  assert.ok(shown.labels.includes(visit(3)) && shown.labels.includes(visit(4)), JSON.stringify(shown.labels));
  assert.equal(visit(4), '1 5 9 13');

  // Every shape of every drawing is drawn: no page style hides a piece of a picture.
  for (const chapter of [3, 4, 5, 6, 9, 11]) {
    await page.goto(`${site.origin}/learn/${chapter}/`);
    const hidden = await page.locator('.chapter-figure svg').evaluate((svg) => [...svg.querySelectorAll('rect, circle, path, text')]
      .filter((shape) => !shape.closest('defs') && shape.getAttribute('d') !== '')
      .filter((shape) => { const box = shape.getBoundingClientRect(); return box.width === 0 && box.height === 0; })
      .map((shape) => shape.outerHTML.slice(0, 60)));
    assert.deepEqual(hidden, [], `chapter ${chapter}`);
  }

  // The drawing takes the page's colours: a set bit is dark on a light page and light on a dark one.
  const fills = {};
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    fills[scheme] = await page.locator('.chapter-figure .cell.set').first().evaluate((cell) => getComputedStyle(cell).fill);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(fills[scheme], background);
  }
  assert.notEqual(fills.light, fills.dark);
  assert.deepEqual(problems(), []);
  await page.close();
});

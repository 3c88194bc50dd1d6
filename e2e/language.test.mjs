// End-to-end tests of the three languages: switching, remembering, links with lang=, embeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launchBrowser, openPage, useSite } from './harness.mjs';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, options);

test('switching to 日本語 translates the page, sets <html lang>, and is remembered', async () => {
  const texts = [];
  site.context.on('request', (request) => {
    const match = /\/locales\/(\w+)\/(\w[\w-]*)\.json$/.exec(request.url());
    if (match) texts.push(`${match[1]}/${match[2]}`);
  });
  const { page, problems } = await open('/');
  assert.equal(await page.getByTestId('insert-button').textContent(), 'Insert');
  // Only the language shown has been downloaded; the next one arrives when it is chosen.
  assert.deepEqual(texts.sort(), ['en/site', 'en/widgets']);
  await page.getByTestId('lang-select').selectOption('ja');
  await page.getByTestId('insert-button').getByText('挿入').waitFor();
  assert.deepEqual(texts.sort(), ['en/site', 'en/widgets', 'ja/site', 'ja/widgets']);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'プレイグラウンド');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  assert.equal(await page.title(), 'ブルームフィルタを手で動かして学ぶ');
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('insert-button').click();
  await page.getByTestId('query-button').click();
  assert.match(await page.getByTestId('verdict').textContent(), /集合に含まれます（挿入済み）/);
  await page.waitForFunction(() => location.hash.includes('lang=ja'));
  await page.reload();
  await page.getByTestId('item-input').waitFor();
  assert.equal(await page.getByTestId('insert-button').textContent(), '挿入');
  assert.deepEqual(await axeViolations(page), []);
  // Back to English while the link still says lang=ja: the choice wins and the link follows.
  await page.getByTestId('lang-select').selectOption('en');
  await page.getByTestId('insert-button').getByText('Insert').waitFor();
  await page.waitForFunction(() => !location.hash.includes('lang='));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a lang=zh link opens in Chinese in a fresh profile, and the share link keeps the language', async () => {
  const fresh = await launchBrowser();
  try {
    const { page, problems } = await openPage(fresh.context, site.origin, '/#lang=zh&m=16&item=apple');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '演练场');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    assert.equal(await page.getByTestId('lang-select').inputValue(), 'zh');
    assert.match(await page.getByTestId('share-link').getAttribute('data-value'), /[#&]lang=zh(&|$)/);
    assert.equal(await page.getByTestId('state-error').count(), 0, 'lang is a known parameter');
    await page.getByTestId('item-input').fill('kiwi');
    await page.getByTestId('query-button').click();
    assert.match(await page.getByTestId('verdict').textContent(), /查询“kiwi”/);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
  } finally {
    await fresh.close();
  }
});

test('embeds and the calculator honour lang=', async () => {
  const { page, problems } = await open('/embed/playground/#lang=ja&m=16');
  assert.equal(await page.getByTestId('insert-button').textContent(), '挿入');
  await page.goto(`${site.origin}/calculator/#n=1e6&p=1e-6&lang=zh`);
  await page.getByTestId('calc-m').waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '容量计算器');
  assert.match(await page.getByTestId('calc-formulas').textContent(), /= 28,755,176/);
  await page.getByTestId('calc-input-p').fill('abc');
  assert.match(await page.getByTestId('calc-input-p-error').textContent(), /计算器读不懂“abc”这个数/);
  assert.deepEqual(problems(), []);
  await page.close();
});

// Chinese and Japanese text takes full-width punctuation: an ASCII comma, colon, semicolon, question
// or exclamation mark beside a Chinese or Japanese character (a space between or not), or an ASCII
// bracket touching one, is a mistake. Formulas keep their ASCII brackets and are set off by spaces
// (“近似式 (1 − e^(−kn/m))^k”); numbers keep their commas (“1,000”).
const cjk = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff]';
const asciiBesideCjk = new RegExp(`${cjk} ?[,:;?!]|[,:;?!] ?${cjk}|${cjk}[()]|[()]${cjk}`, 'gu');

test('Chinese and Japanese pages use full-width punctuation around their words', async () => {
  for (const lang of ['zh', 'ja']) {
    for (const [url, act] of [
      [`/?lang=${lang}#m=32&k=3&item=apple&item=pear`, async (page) => {
        await page.getByTestId('item-input').fill('plum');
        await page.getByTestId('step-query-button').click();
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      }],
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((chapter) => [`/learn/?lang=${lang}#/${chapter}`, async (page) => {
        // Every answer and table opened, so their text is read too.
        for (const summary of await page.locator('summary').all()) await summary.click();
      }]),
      [`/calculator/?lang=${lang}#n=1000000000&p=0.0001`, async () => {}],
      [`/embed/?lang=${lang}`, async () => {}],
    ]) {
      const { page, problems } = await open(url, { ready: 'presenter-toggle' });
      await page.waitForLoadState('networkidle');
      await act(page);
      const text = await page.evaluate(() => document.body.innerText);
      assert.ok(/[\u3040-\u30ff\u4e00-\u9fff]/.test(text), `${url} shows ${lang}`);
      const mistakes = [...text.matchAll(asciiBesideCjk)].map((match) => text.slice(Math.max(0, match.index - 12), match.index + 14));
      assert.deepEqual(mistakes, [], url);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  }
});

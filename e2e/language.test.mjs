// End-to-end tests of the three languages: switching, remembering, links with lang=, embeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appReady, axeViolations, launchBrowser, openPage, useSite } from './harness.mjs';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, options);
const focusedTestId = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);

test('switching to 日本語 opens the Japanese page with the same filter, downloads Japanese only, and is remembered', async () => {
  const texts = [];
  site.context.on('request', (request) => {
    const match = /\/locales\/(\w+)\/(\w[\w-]*)\.json$/.exec(request.url());
    if (match) texts.push(`${match[1]}/${match[2]}`);
  });
  const { page, problems } = await open('/');
  assert.equal(await page.getByTestId('insert-button').textContent(), 'Insert');
  // Only the language shown has been downloaded; the next one arrives when it is chosen.
  assert.deepEqual(texts.sort(), ['en/site', 'en/widgets']);
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('insert-button').click();
  await page.waitForFunction(() => location.hash.includes('item=apple'));
  await page.getByTestId('lang-select').selectOption('ja');
  await page.waitForURL(/\/ja\/#/);
  await appReady(page);
  await page.getByTestId('insert-button').getByText('挿入').waitFor();
  assert.deepEqual(texts.sort(), ['en/site', 'en/widgets', 'ja/site', 'ja/widgets']);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'プレイグラウンド');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  assert.equal(await page.title(), 'ブルームフィルタを手で動かして学ぶ');
  assert.equal(await page.getByTestId('lang-select').inputValue(), 'ja');
  // The filter came along: apple is in it.
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('query-button').click();
  assert.match(await page.getByTestId('verdict').textContent(), /今回は正解で、「apple」は挿入済みです。/);
  assert.ok(!page.url().includes('lang='), page.url());
  assert.deepEqual(await axeViolations(page), []);
  // Remembered: a link to an English page without a language of its own opens in Japanese.
  await page.goto(`${site.origin}/learn/4/`);
  await page.waitForURL(`${site.origin}/ja/learn/4/`);
  await appReady(page);
  await page.getByTestId('chapter').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  // Back to English: the English page, and that is remembered too.
  await page.getByTestId('lang-select').selectOption('en');
  await page.waitForURL(`${site.origin}/learn/4/`);
  await appReady(page);
  await page.getByTestId('chapter').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'False positives');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.goto(`${site.origin}/calculator/`);
  await page.getByTestId('calc-input-n').waitFor();
  assert.equal(new URL(page.url()).pathname, '/calculator/');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('what appears only when asked for arrives when it is first asked for: the step-through, the shortcut list, a link’s ignored parts', async () => {
  const texts = [];
  const { page, problems } = await open('/ja/#m=16', {
    onRequest: (url) => {
      const match = /\/locales\/(\w+)\/(\w[\w-]*)\.json$/.exec(url);
      if (match) texts.push(`${match[1]}/${match[2]}`);
    },
  });
  await page.waitForFunction(() => !document.getElementById('prerendered'));
  assert.deepEqual(texts.sort(), ['ja/site', 'ja/widgets']);
  await page.getByTestId('item-input').fill('apple');
  await page.getByTestId('step-insert-button').click();
  await page.getByTestId('step-title').waitFor();
  assert.deepEqual(texts.sort(), ['ja/details', 'ja/site', 'ja/widgets']);
  assert.match(await page.getByTestId('step-through').textContent(), /[\u3040-\u30ff]/);
  // Fetched once: the shortcut list and a link's notice use the same file.
  await page.keyboard.press('Escape');
  await page.locator('h1').click();
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  assert.equal(await focusedTestId(page), 'shortcut-help-close');
  await page.goto(`${site.origin}/zh/#m=99999&item=a`);
  await page.getByTestId('state-error').waitFor();
  assert.match(await page.getByTestId('state-error').textContent(), /m 为“99999”/);
  assert.equal(texts.filter((name) => name === 'ja/details').length, 1);
  assert.ok(texts.includes('zh/details'));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the language switch works before the wasm arrives', async () => {
  const { page } = await open('/learn/4/', { ready: 'chapter' });
  // The wasm never arrives: what works is the prerendered page.
  await page.route('**/*.wasm', () => {});
  await page.gotoPrerendered(`${site.origin}/learn/6/`);
  await page.locator('#prerendered [data-testid=lang-select]').selectOption('zh');
  await page.waitForURL(`${site.origin}/zh/learn/6/`);
  assert.match(await page.locator('h1').first().textContent(), /[\u3400-\u9fff]/);
  assert.equal(await page.locator('#prerendered').count(), 1, 'still the prerendered page');
  await page.close();
});

test('a lang=zh link opens the Chinese page in a fresh profile, and the share link is that page', async () => {
  const fresh = await launchBrowser();
  try {
    const { page, problems } = await openPage(fresh.context, site.origin, '/#lang=zh&m=16&item=apple');
    const url = new URL(page.url());
    assert.equal(url.pathname, '/zh/');
    assert.match(url.hash, /^#m=16&.*item=apple/);
    assert.ok(!url.hash.includes('lang='), url.hash);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '演练场');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    assert.equal(await page.getByTestId('lang-select').inputValue(), 'zh');
    assert.match(await page.getByTestId('share-link').getAttribute('data-value'), /\/zh\/#m=16/);
    assert.equal(await page.getByTestId('state-error').count(), 0);
    await page.getByTestId('item-input').fill('kiwi');
    await page.getByTestId('query-button').click();
    assert.match(await page.getByTestId('verdict').textContent(), /查询“kiwi”/);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems(), []);
  } finally {
    await fresh.close();
  }
});

test('a browser set to Japanese opens the site in Japanese; a page under a language folder keeps its own', async () => {
  const japanese = await launchBrowser({ locale: 'ja-JP' });
  try {
    const { page, problems } = await openPage(japanese.context, site.origin, '/calculator/#n=1e6&p=0.01', { ready: 'calc-input-n' });
    assert.equal(new URL(page.url()).pathname, '/ja/calculator/');
    assert.match(new URL(page.url()).hash, /n=1e6/);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'サイズ計算機');
    await page.goto(`${site.origin}/zh/learn/3/`);
    await page.getByTestId('chapter').waitFor();
    assert.equal(page.url(), `${site.origin}/zh/learn/3/`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    assert.deepEqual(problems(), []);
  } finally {
    await japanese.close();
  }
});

test('embeds and the calculator honour lang=', async () => {
  const { page, problems } = await open('/embed/playground/#lang=ja&m=16');
  assert.equal(await page.getByTestId('insert-button').textContent(), '挿入');
  await page.goto(`${site.origin}/calculator/#n=1e6&p=1e-6&lang=zh`);
  await page.getByTestId('calc-m').waitFor();
  assert.equal(page.url(), `${site.origin}/zh/calculator/#n=1e6&p=1e-6`);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '容量计算器');
  assert.match(await page.getByTestId('calc-formulas').textContent(), /= 28,755,176/);
  await page.getByTestId('calc-input-p').fill('abc');
  assert.match(await page.getByTestId('calc-input-p-error').textContent(), /计算器无法把“abc”识别为数字/);
  assert.deepEqual(problems(), []);
  await page.close();
});


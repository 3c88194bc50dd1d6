// `make screenshots`: the release build photographed as a visitor sees it — the playground (after a
// short demonstration: random words, then a false-positive query), chapter 2 after a query, the
// calculator's longest answers, the counting filter after a forced removal, the count-min sketch
// after a stream, the scalable filter after a stream and the combining page after a query — at 320, 375, 768 and 1920 px, light and dark, presenter mode off
// and on, in English, Chinese and Japanese.
// Writes PNGs to e2e/artifacts/; docs/screenshot.png is refreshed from the 1920 px light one.
import fs from 'node:fs';
import path from 'node:path';
import { serve, launchBrowser, openPage } from './harness.mjs';
import { ReferenceFilter } from './reference.js';

const out = path.resolve('e2e/artifacts');
fs.mkdirSync(out, { recursive: true });
const { server, origin } = await serve();
const browser = await launchBrowser();

async function demonstrate(page) {
  await page.getByTestId('m-input').fill('48');
  await page.getByTestId('m-input').press('Enter');
  await page.getByTestId('seed-input').fill('3');
  await page.getByTestId('seed-input').press('Enter');
  await page.getByTestId('random-words-button').click();
  const words = await page.$$eval('[data-testid="item"] .item-text', (items) => items.map((item) => item.textContent));
  const reference = new ReferenceFilter(48, 3);
  words.forEach((word) => reference.insert(word));
  const falsePositive = Array.from({ length: 2000 }, (_, i) => `word ${i}`).find((word) => reference.verdict(word) === 'false-positive');
  await page.getByTestId('item-input').fill(falsePositive);
  await page.getByTestId('query-button').click();
}

// Every page a learner meets, at a phone's, a tablet's and a projector's width, light and dark,
// presenter mode off and on, in each language: `SHOTS=playground` (or a width, `375`) narrows it.
/** The folder of the site's pages in `lang`. */
const folder = (lang) => (lang === 'en' ? '' : `${lang}/`);

const pages = [
  ['playground', (lang) => `/${folder(lang)}`, demonstrate],
  ['chapter-2', (lang) => `/${folder(lang)}learn/2/`, async (page) => {
    await page.getByTestId('item-input').fill('cherry');
    await page.getByTestId('query-button').click();
  }],
  ['calculator', (lang) => `/${folder(lang)}calculator/#n=1000000000&p=0.0001`, async () => {}],
  // Five words, one removed, then a false positive removed anyway: the false negatives it made.
  ['counting', (lang) => `/${folder(lang)}counting/#m=32&k=3&c=4&add=apple&add=pear&add=plum&add=fig&add=kiwi&del=plum`, async (page) => {
    const reference = new ReferenceFilter(32, 3);
    ['apple', 'pear', 'fig', 'kiwi'].forEach((word) => reference.insert(word));
    const ghost = Array.from({ length: 5000 }, (_, i) => `ghost${i}`).find((word) => reference.verdict(word) === 'false-positive');
    await page.getByTestId('item-input').fill(ghost);
    await page.getByTestId('remove-button').click();
    await page.getByTestId('remove-anyway').click();
  }],
  ['count-min', (lang) => `/${folder(lang)}count-min/#w=16&d=4&add=5*apple&stream=1`, async (page) => {
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
  }],
  // A few words, then ten thousand streamed: every stage, the chart and a query answered by one stage.
  ['scalable', (lang) => `/${folder(lang)}scalable/#preset=custom&n0=8&p=0.05&s=2&r=0.8&add=apple&add=pear&stream=10000`, async (page) => {
    await page.getByTestId('item-input').fill('apple');
    await page.getByTestId('query-button').click();
  }],
  ['sets', (lang) => `/${folder(lang)}sets/#m=32&k=3&a=apple&a=pear&a=plum&a=fig&b=pear&b=fig&b=kiwi&b=lime&b=grape`, async (page) => {
    await page.getByTestId('item-input').first().fill('pear');
    await page.getByTestId('query-button').first().click();
  }],
  // The slides' fifteen cells at N ÷ 100, run to the end.
  ['lab', (lang) => `/${folder(lang)}lab/?scale=100`, async (page) => {
    await page.getByTestId('lab-run').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]').dataset.value) === 1, null, { timeout: 60000 });
  }],
  // The bug museum with every case run.
  ['bugs', (lang) => `/${folder(lang)}bugs/`, async (page) => {
    for (const run of await page.getByTestId('bug-run').all()) await run.click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="bug-rate"][data-variant="fixed"][data-value]').length === 7, null, { timeout: 120000 });
  }],
];
const only = process.env.SHOTS;
for (const [name, url, act] of pages) {
  for (const lang of ['en', 'zh', 'ja']) {
    for (const width of [320, 375, 768, 1920]) {
      for (const colorScheme of ['light', 'dark']) {
        for (const present of [false, true]) {
          const file = `${name}-${lang}-${width}-${colorScheme}${present ? '-presenter' : ''}.png`;
          if (only && !file.includes(only)) continue;
          const { page, problems } = await openPage(browser.context, origin, url(lang), { width, height: width > 1000 ? 1080 : 800, colorScheme, ready: 'presenter-toggle' });
          await page.waitForLoadState('networkidle');
          if (present) await page.getByTestId('presenter-toggle').click();
          await act(page);
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(out, file), fullPage: true });
          if (problems().length) console.error(file, problems());
          await page.close();
        }
      }
    }
  }
}
fs.mkdirSync('docs', { recursive: true });
{
  const { page } = await openPage(browser.context, origin, '/', { width: 1600, height: 1000 });
  await demonstrate(page);
  // The array, the verdict and the chart side by side.
  await page.locator('#array-heading').evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 16));
  await page.screenshot({ path: 'docs/screenshot.png' });
  await page.close();
}
await browser.close();
server.close();
console.log(`screenshots in ${out}`);

// `make screenshots`: the release build photographed as a visitor sees it — 375 px and 1920 px wide,
// light and dark — after a short demonstration (random words, then a false-positive query).
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

const shots = [
  ['375-light', 375, 'light'],
  ['375-dark', 375, 'dark'],
  ['1920-light', 1920, 'light'],
  ['1920-dark', 1920, 'dark'],
];
for (const [name, width, colorScheme] of shots) {
  const { page, problems } = await openPage(browser.context, origin, '/', { width, height: 1080, colorScheme });
  await demonstrate(page);
  await page.screenshot({ path: path.join(out, `playground-${name}.png`), fullPage: true });
  if (problems().length) console.error(name, problems());
  await page.close();
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

// End-to-end tests of the sizing calculator (calculator/) in the release build. Expected values come
// from reference.js; links are opened in fresh browser profiles as a reader of a shared link would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appReady, axeViolations, launchBrowser, useSite } from './harness.mjs';
import { capacity, sizing } from './reference.js';

const site = useSite();

/** Opens `url` in `context`, recording console errors and requests to other hosts. */
async function open(context, url, { width = 1280, colorScheme = 'light', ready = 'calc-input-n' } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 1000 });
  await page.emulateMedia({ colorScheme });
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => !request.url().startsWith(site.origin) && problems.push(`request to ${request.url()}`));
  await page.goto(site.origin + url);
  await appReady(page);
  await page.getByTestId(ready).waitFor();
  return { page, problems };
}

const value = async (page, testid) => Number(await page.getByTestId(testid).getAttribute('data-value'));
const query = (page) => new URLSearchParams(new URL(page.url()).hash.slice(1));

/** Waits until the link carries `key=value` (the page writes the URL just after rendering). */
async function linkHas(page, key, value) {
  await page.waitForFunction(
    ([key, value]) => new URLSearchParams(location.hash.slice(1)).get(key) === value,
    [key, value],
    { timeout: 5000 },
  );
  return true;
}

test('a link with n and p prefills the fields and solves m, k and memory', async () => {
  const { page, problems } = await open(site.context, '/calculator/#n=1e6&p=1e-6');
  assert.equal(await page.getByTestId('calc-input-n').inputValue(), '1e6');
  assert.equal(await page.getByTestId('calc-input-p').inputValue(), '1e-6');
  assert.equal(await value(page, 'calc-m'), 28_755_176);
  assert.equal(await value(page, 'calc-k'), 20);
  assert.equal(await value(page, 'calc-bytes'), 3_594_397);
  assert.equal(await value(page, 'calc-n'), 1_000_000);
  assert.match(await page.getByTestId('calc-m').textContent(), /28,755,176/);
  assert.match(await page.getByTestId('calc-bytes').textContent(), /3\.43 MiB/);
  assert.match(await page.getByTestId('calc-formulas').textContent(), /m = ⌈−n·ln p \/ \(ln 2\)²⌉ = .* = 28,755,176/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the calculator says which values it worked out and which it read from the fields', async () => {
  const { page, problems } = await open(site.context, '/calculator/#n=1e6&p=1e-6');
  const solved = () => page.getByTestId('calc-solved').textContent();
  assert.match(await solved(), /^Worked out m and k from what you typed: n and p\./);
  // Typing m too: k is worked out for it, and the rate these reach is checked against the p typed.
  await page.getByTestId('calc-input-m').fill('2e7');
  await page.getByTestId('calc-input-m').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-solved"]').dataset.solved === 'k');
  assert.match(await solved(), /^Worked out k from what you typed: n, m and p\./);
  assert.equal(await value(page, 'calc-m'), 20_000_000, 'the m typed is kept, not recomputed');
  // All four: nothing is worked out, the rate is checked.
  await page.getByTestId('calc-input-k').fill('10');
  await page.getByTestId('calc-input-k').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-solved"]').dataset.solved === '');
  assert.match(await solved(), /You gave all four/);
  assert.equal(await value(page, 'calc-k'), 10);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the longest answers stay in their boxes at 320, 375, 768 and 1920 px, on the page and in the widget', async () => {
  for (const path of ['/calculator/', '/embed/calculator/']) {
    for (const query of ['n=1e9&p=1e-4', 'n=1e15&p=1e-12']) {
      for (const width of [320, 375, 768, 1920]) {
        const { page, problems } = await open(site.context, `${path}#${query}`, { width });
        await page.getByTestId('calc-m').waitFor();
        const layout = await page.evaluate(() => {
          const boxes = [...document.querySelectorAll('.calc-readouts dt, .calc-readouts dd')].map((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return { text: element.textContent, rects: [...range.getClientRects()] };
          });
          const overlaps = [];
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              for (const a of boxes[i].rects) {
                for (const b of boxes[j].rects) {
                  if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
                    overlaps.push(`${boxes[i].text} / ${boxes[j].text}`);
                  }
                }
              }
            }
          }
          return { overlaps, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
        });
        assert.deepEqual(layout.overlaps, [], `${path}#${query} at ${width} px`);
        assert.ok(layout.scroll <= layout.client, `${path}#${query} at ${width} px: ${layout.scroll} px wide`);
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
  }
});

test('on a phone the answer shows at the top of the screen as n and p are typed, and goes down to the result', async () => {
  const { page, problems } = await open(site.context, '/calculator/', { width: 375 });
  assert.equal(await page.getByTestId('calc-peek').count(), 0, 'no answer before there is one');
  await page.getByTestId('calc-input-n').fill('1M');
  await page.getByTestId('calc-input-p').fill('1%');
  const peek = page.getByTestId('calc-peek');
  await peek.waitFor();
  const { m, k, p } = sizing(1e6, 0.01);
  const mib = (Math.ceil(m / 8) / 2 ** 20).toFixed(2);
  // p as the result writes it, which is the rate these m and k reach.
  const shownP = (await page.getByTestId('calc-p').textContent()).split(' · ')[0];
  assert.ok(Math.abs(Number(shownP) - p) / p < 5e-3, `${shownP} against ${p}`);
  assert.equal(await peek.textContent(), `Result: m = ${m.toLocaleString('en-US')} bits (${mib} MiB), k = ${k}, p = ${shownP} ↓`);
  // While the fields are on the screen, so is the answer, over them at the top.
  await page.getByTestId('calc-input-k').scrollIntoViewIfNeeded();
  const box = await peek.boundingBox();
  assert.ok(box.y >= -1 && box.y + box.height <= 1000, `the answer at ${Math.round(box.y)} px`);
  await peek.click();
  await page.waitForTimeout(300);
  const heading = await page.locator('#calc-result-heading').boundingBox();
  assert.ok(heading.y >= -2 && heading.y < 200, `the result's heading at ${Math.round(heading.y)} px after the tap`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the forms people type are understood', async () => {
  const { page, problems } = await open(site.context, '/calculator/');
  const expected = sizing(1_000_000, 0.001);
  for (const [n, p] of [['1,000,000', '0.1%'], ['1M', '1 in 1000'], ['1e6', '1/1000'], ['1000000', '0.001']]) {
    await page.getByTestId('calc-input-n').fill(n);
    await page.getByTestId('calc-input-p').fill(p);
    assert.equal(await value(page, 'calc-m'), expected.m, `${n}, ${p}`);
    assert.equal(await value(page, 'calc-k'), expected.k, `${n}, ${p}`);
  }
  // m as a size, k fixed, n solved: 1 MiB = 8,388,608 bits.
  await page.getByTestId('calc-input-n').fill('');
  await page.getByTestId('calc-input-m').fill('1MiB');
  await page.getByTestId('calc-input-k').fill('7');
  assert.equal(await value(page, 'calc-n'), capacity(8_388_608, 7, 0.001));
  await page.getByTestId('calc-input-m').fill('8Mb');
  assert.equal(await value(page, 'calc-m'), 8_000_000);
  assert.equal(await value(page, 'calc-n'), capacity(8_000_000, 7, 0.001));
  assert.deepEqual(problems, []);
  await page.close();
});

test('editing a field updates the link, and the link reproduces the answer in a fresh profile', async () => {
  const { page, problems } = await open(site.context, '/calculator/#n=1e6&p=1e-6');
  await page.getByTestId('calc-input-n').fill('2M');
  await page.getByTestId('calc-input-p').fill('1 in 1000');
  assert.ok(await linkHas(page, 'n', '2M'));
  assert.ok(await linkHas(page, 'p', '1 in 1000'));
  assert.match(new URL(page.url()).hash, /p=1%20in%201000/);
  const expected = sizing(2_000_000, 0.001);
  assert.equal(await value(page, 'calc-m'), expected.m);
  const link = page.url();
  await page.close();

  const fresh = await launchBrowser();
  try {
    const { page: other, problems: otherProblems } = await open(fresh.context, link.slice(site.origin.length));
    assert.equal(await value(other, 'calc-m'), expected.m);
    assert.equal(await value(other, 'calc-k'), expected.k);
    assert.equal(await other.getByTestId('calc-input-p').inputValue(), '1 in 1000');
    assert.deepEqual(otherProblems, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(problems, []);
});

test('bad input shows a message on the field and keeps the last good answer', async () => {
  const { page, problems } = await open(site.context, '/calculator/#n=1000&p=0.01');
  const before = await value(page, 'calc-m');
  assert.equal(before, sizing(1000, 0.01).m);
  const cases = [
    ['calc-input-p', '1.5', /p must be below 1/],
    ['calc-input-p', '100%', /p must be below 1/],
    ['calc-input-n', '-5', /n cannot be negative/],
    ['calc-input-n', 'abc', /“abc” is not a number this calculator reads/],
    ['calc-input-k', '0', /k must be more than zero/],
    ['calc-input-m', '12 parsecs', /“parsecs” is not a unit it knows/],
  ];
  for (const [field, text, message] of cases) {
    await page.getByTestId(field).fill(text);
    assert.match(await page.getByTestId(`${field}-error`).textContent(), message, text);
    assert.equal(await page.getByTestId(field).getAttribute('aria-invalid'), 'true');
    assert.equal(await value(page, 'calc-m'), before, `last answer kept after ${text}`);
    assert.match(await page.getByTestId('calc-status').textContent(), /Showing the last answer/);
    await page.getByTestId(field).fill(field === 'calc-input-n' ? '1000' : field === 'calc-input-p' ? '0.01' : '');
  }
  assert.equal(await page.getByTestId('calc-status').count(), 0);
  await page.getByTestId('calc-input-p').fill('');
  assert.match(await page.getByTestId('calc-status').textContent(), /Give at least two of n, p and m/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the sizing table matches the formulas and a cell loads into the calculator', async () => {
  const { page, problems } = await open(site.context, '/calculator/');
  const cells = page.getByTestId('seed-cell');
  assert.equal(await cells.count(), 15);
  for (const cell of await cells.all()) {
    const n = Number(await cell.getAttribute('data-n'));
    const p = Number(await cell.getAttribute('data-p'));
    const expected = sizing(n, p);
    assert.equal(Number(await cell.getAttribute('data-m')), expected.m, `n=${n} p=${p}`);
    assert.equal(Number(await cell.getAttribute('data-k')), expected.k, `n=${n} p=${p}`);
  }
  const ks = new Set(await cells.evaluateAll((all) => all.map((cell) => cell.dataset.k)));
  assert.deepEqual([...ks].sort(), ['13', '17', '23']);
  assert.deepEqual(await page.locator('.sizing-table thead th').allTextContents(), ['n', 'p = 0.01%', 'p = 0.001%', 'p = 0.00001%']);
  await page.locator('[data-testid="seed-cell"][data-n="3000000"][data-p="0.00001"]').click();
  assert.equal(await page.getByTestId('calc-input-n').inputValue(), '3000000');
  assert.equal(await value(page, 'calc-m'), 71_887_938);
  assert.equal(await value(page, 'calc-k'), 17);
  assert.ok(await linkHas(page, 'n', '3000000'));
  assert.equal(query(page).get('p'), '0.00001');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the best-practice table and the billion-URL example', async () => {
  const { page, problems } = await open(site.context, '/calculator/#n=1e6&p=0.01');
  assert.match(await page.getByTestId('best-practice-summary').textContent(), /For p = 0\.01: at least 10 bits per item with k = 7/);
  const current = page.locator('[data-testid="best-practice-row"][aria-current="true"]');
  assert.deepEqual((await current.locator('th, td').allTextContents()).slice(0, 2), ['10', '7']);
  const example = await page.getByTestId('url-example').textContent();
  assert.match(example, /m = 1\.92\u00a0×\u00a010¹⁰ bits ≈ 2\.23 GiB/);
  assert.match(example, /about 133 times too small/);
  await page.getByTestId('url-example-load').click();
  assert.equal(await value(page, 'calc-m'), sizing(1e9, 1e-4).m);
  // At p = 10⁻⁴ the answer is row 20, below the box's first rows: the box shows it.
  await page.waitForFunction(() => document.querySelector('[data-testid="best-practice-row"][aria-current="true"] th')?.textContent === '20');
  const shown = await current.evaluate((row) => {
    const box = row.closest('.table-scroll').getBoundingClientRect();
    const own = row.getBoundingClientRect();
    return own.top >= box.top && own.bottom <= box.bottom;
  });
  assert.ok(shown, 'the highlighted row is inside the visible part of the table');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the calculator is reachable from the navigation and passes axe-core, light and dark', async () => {
  for (const [width, colorScheme] of [[1920, 'light'], [375, 'dark']]) {
    const { page, problems } = await open(site.context, '/', { width, colorScheme, ready: 'item-input' });
    await page.getByTestId('site-nav').getByRole('link', { name: 'Calculator' }).click();
    await page.waitForURL(/\/calculator\/$/);
    await appReady(page);
    await page.getByTestId('calc-input-n').fill('1e6');
    await page.getByTestId('calc-input-p').fill('abc');
    assert.deepEqual(await axeViolations(page), [], `${width}px ${colorScheme}`);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(widths[0] <= widths[1], `no horizontal scroll: ${widths}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

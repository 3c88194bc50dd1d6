// End-to-end tests of the bug museum: the release build in real Chromium, the replays in the lab's
// worker. The theory's rate and the counts it allows are worked out here from each case's n, m and k;
// the published hash vectors are typed from the FNV and MurmurHash3 references.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, useSite } from './harness.mjs';

const site = useSite();
const open = (url, options) => openPage(site.context, site.origin, url, { ready: 'bug-run', ...options });

const CASES = ['modulo-bias', 'narrow-index', 'correlated', 'dropped-bits', 'size-overflow', 'wrong-fnv', 'shared-factor'];
const formula = (n, m, k) => (1 - Math.exp((-k * n) / m)) ** k;
/** The counts a rate p gives in `trials` with 99 % probability: Poisson quantiles for small means, normal for large. */
const likely = (p, trials) => {
  const mean = p * trials;
  if (mean < 200) {
    let cdf = 0; let term = Math.exp(-mean); let low = null;
    for (let c = 0; ; c++) {
      if (c > 0) term *= mean / c;
      cdf += term;
      if (low === null && cdf >= 0.005) low = c;
      if (cdf >= 0.995) return [low, c];
    }
  }
  const spread = 2.5758293 * Math.sqrt(mean * (1 - p));
  return [Math.floor(mean - spread), Math.ceil(mean + spread)];
};
const caseOf = (page, id) => page.locator(`[data-testid="bug-case"][data-case="${id}"]`);
const rate = (section, variant, scale = 'classroom') => section.locator(`[data-testid="bug-rate"][data-variant="${variant}"][data-scale="${scale}"]`);
const setupOf = async (section) => Object.fromEntries(await Promise.all(['n', 'm', 'k', 'queries'].map(async (key) => [key, Number(await section.getAttribute(`data-${key}`))])));
/** Runs a case and waits for both measured rates. */
async function run(section, scale = 'classroom', button = 'bug-run') {
  await section.getByTestId(button).click();
  for (const variant of ['buggy', 'fixed']) {
    await rate(section, variant, scale).and(section.locator('[data-value]')).waitFor({ timeout: 60000 });
  }
  return {
    buggy: Number(await rate(section, 'buggy', scale).getAttribute('data-value')),
    fixed: Number(await rate(section, 'fixed', scale).getAttribute('data-value')),
  };
}

test('seven cases, each with its story, its report, both derivations and the theory worked out; axe clean', async () => {
  const { page, problems } = await open('/bugs/');
  assert.deepEqual(await page.getByTestId('bug-case').evaluateAll((all) => all.map((s) => s.dataset.case)), CASES);
  for (const id of CASES) {
    const section = caseOf(page, id);
    const { n, m, k } = await setupOf(section);
    const theory = Number(await rate(section, 'theory').getAttribute('data-value'));
    if (id === 'wrong-fnv') assert.equal(theory, 0, 'no false negatives, ever');
    else assert.ok(Math.abs(theory / formula(n, m, k) - 1) < 1e-9, `${id}: ${theory}`);
    const text = await section.innerText();
    assert.ok(text.length > 900, `${id} tells its story`);
    assert.match(text, /As shipped[\s\S]*pub fn[\s\S]*As fixed[\s\S]*pub fn/);
    assert.match(text, /not measured yet/);
    assert.match(await section.locator('.bug-report a').getAttribute('href'), /^https:\/\//);
  }
  assert.equal(await page.getByTestId('bug-histogram').count(), 0, 'histograms come with a run');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('each case, run: the buggy derivation breaks its promise, the fix keeps it, and the page says so', async () => {
  const { page, problems } = await open('/bugs/');
  for (const id of CASES) {
    const section = caseOf(page, id);
    const { n, m, k, queries } = await setupOf(section);
    const measured = await run(section);
    if (id === 'wrong-fnv') {
      // Members answered "no" by a program with the real FNV-1: almost all of them, and none once fixed.
      assert.ok(measured.buggy > 0.9, `${id}: ${measured.buggy}`);
      assert.equal(measured.fixed, 0);
      assert.match(await rate(section, 'buggy').innerText(), /members answered “no”: the promise broken/);
      continue;
    }
    const [low, high] = likely(formula(n, m, k), queries);
    const buggy = Math.round(measured.buggy * queries);
    const fixed = Math.round(measured.fixed * queries);
    assert.ok(buggy > high, `${id}: buggy ${buggy} above ${high}`);
    assert.ok(fixed >= low && fixed <= high, `${id}: fixed ${fixed} within ${low}–${high}`);
    const times = measured.buggy / formula(n, m, k);
    const said = Number((await rate(section, 'buggy').innerText()).match(/([\d.]+) × the promise/)[1]);
    assert.ok(Math.abs(said / times - 1) < 0.01, `${id}: says ${said}×, is ${times}×`);
    assert.match(await rate(section, 'fixed').innerText(), /Inside what the theory allows/);
  }
  // Where the indexes land: the low third twice as full; the narrow index's far slices empty.
  const lines = async (id) => caseOf(page, id).getByTestId('bug-histogram-line').allInnerTexts();
  const [modBuggy, modFixed] = await lines('modulo-bias');
  // Twice the density on a third of the slices: the fullest about 2 / (4/3) = 1.5 times the average.
  const fullest = (line) => Number(line.match(/the fullest bar holds ([\d.]+) ×/)[1]);
  assert.match(modBuggy, /^Buggy: .*; 0 of 48 bars empty/);
  assert.ok(fullest(modBuggy) >= 1.4 && fullest(modBuggy) < 1.8, modBuggy);
  assert.ok(fullest(modFixed) < 1.25, modFixed);
  const [narrow] = await lines('narrow-index');
  const empty = Number(narrow.match(/; (\d+) of 40 bars empty/)[1]);
  assert.equal(empty, 40 - Math.ceil((40 * 2 ** 15) / 143776), narrow);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('bloomfilter.js at its report’s own size: n = 10⁶, m = 28,755,176, k = 20, in the worker', async () => {
  const { page, problems } = await open('/bugs/#case=correlated');
  const section = caseOf(page, 'correlated');
  const measured = await run(section, 'original', 'bug-run-original');
  const promise = formula(1e6, 28755176, 20);
  // About n / 2³² from keys whose 32-bit hashes collide: two hundred times the promise or so.
  assert.ok(measured.buggy / promise > 50, `${measured.buggy / promise}×`);
  const [low, high] = likely(promise, 1e7);
  const fixed = Math.round(measured.fixed * 1e7);
  assert.ok(fixed >= low && fixed <= high, `${fixed} in ${low}–${high}`);
  assert.match(await section.innerText(), /At the report’s size: 1,000,000 keys, 10,000,000 queries/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the wrong hash’s test vectors and the wrapped size’s arithmetic read as the references have them', async () => {
  const { page, problems } = await open('/bugs/');
  const vectors = await page.getByTestId('bug-vector').evaluateAll((rows) => rows.map((row) => [...row.cells].map((cell) => cell.innerText)));
  assert.deepEqual(vectors[0], ['FNV-1 32', '"a"', '0x050c5d7e = 84,696,446', '0x050c5d7e = 84,696,446 ✓ agrees', '0x050c5d41 = 84,696,385']);
  assert.equal(vectors[3][2], '0x85944171f73967e8');
  assert.equal(vectors[4][2], '0x248bfa47 = 613,153,351');
  for (const row of vectors) assert.match(row[3], /✓ agrees$/);
  const overflow = await page.getByTestId('bug-overflow').innerText();
  assert.match(overflow, /needs \(a power of two\)\s+4,294,967,296/);
  assert.match(overflow, /1 << 32 in 32-bit arithmetic\s+1\n/);
  assert.match(overflow, /lab builds[^\n]*\s+2,147,483,648/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('an embed shows the case its link names, runs on click only, and lists a bad link', async () => {
  const { page, problems } = await open('/embed/bugs/#case=shared-factor');
  assert.deepEqual(await page.getByTestId('bug-case').evaluateAll((all) => all.map((s) => s.dataset.case)), ['shared-factor']);
  const section = caseOf(page, 'shared-factor');
  assert.equal(await rate(section, 'buggy').getAttribute('data-value'), null, 'nothing runs on its own');
  await page.waitForTimeout(300);
  assert.equal(await rate(section, 'buggy').getAttribute('data-value'), null);
  const measured = await run(section);
  assert.ok(measured.buggy > 2.5 * measured.fixed, `${measured.buggy} vs ${measured.fixed}`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
  const bad = await open('/embed/bugs/#case=%3Cscript%3E&x=1');
  assert.match(await bad.page.getByTestId('state-error').innerText(), /case[\s\S]*<script>[\s\S]*modulo-bias, narrow-index/);
  assert.deepEqual(await bad.page.getByTestId('bug-case').evaluateAll((all) => all.map((s) => s.dataset.case)), ['modulo-bias']);
  assert.equal(await bad.page.locator('script:not([src])').evaluateAll((s) => s.filter((x) => x.textContent.includes('<script>')).length), 0);
  assert.deepEqual(bad.problems(), []);
  await bad.page.close();
});

test('chapter 3 links the museum; chapter 11 frames one case and asks its question; zh and ja read in their language', async () => {
  const { page, problems } = await open('/learn/3/', { ready: 'chapter' });
  const link = page.getByTestId('page-link');
  // The paragraph's last sentence is the link, not the whole paragraph.
  assert.equal(await link.innerText(), 'Seven such bugs, replayed and measured, are in the bug museum.');
  assert.match(await link.locator('..').innerText(), /^Test vectors are not a formality\./);
  assert.equal(new URL(await link.getAttribute('href'), page.url()).pathname, '/bugs/');
  await page.goto(`${site.origin}/learn/11/`);
  assert.match(await page.locator('h1').innerText(), /When it goes wrong/);
  const frame = page.getByTestId('frame-bugs');
  // The frame loads its widget when the reader comes near it.
  assert.equal(await frame.getAttribute('src'), null);
  await frame.scrollIntoViewIfNeeded();
  await page.locator('[data-testid="frame-bugs"][src]').waitFor();
  assert.match(await frame.getAttribute('src'), /embed\/bugs\/\?lang=en#case=shared-factor$/);
  assert.match(await page.getByTestId('check-question').innerText(), /m = 1,024 bits and k = 12/);
  const inner = page.frameLocator('iframe[data-testid="frame-bugs"]');
  await inner.getByTestId('bug-run').click();
  await inner.locator('[data-testid="bug-rate"][data-variant="fixed"][data-value]').waitFor({ timeout: 60000 });
  for (const [lang, title, run] of [['zh', '下标', '运行'], ['ja', 'インデックス', '実行']]) {
    await page.goto(`${site.origin}/${lang}/bugs/`);
    assert.match(await page.locator('h1').innerText(), new RegExp(title));
    assert.match(await page.getByTestId('bug-run').first().innerText(), new RegExp(run));
    assert.equal(await page.getByTestId('bug-case').count(), 7);
  }
  assert.deepEqual(problems(), []);
  await page.close();
});

test('on a phone in dark mode: nothing wider than the screen, keyboard runs a case, axe clean', async () => {
  const { page, problems } = await open('/bugs/', { width: 375, height: 800, colorScheme: 'dark' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  const section = caseOf(page, 'size-overflow');
  await section.getByTestId('bug-run').focus();
  await page.keyboard.press('Enter');
  await rate(section, 'buggy').and(section.locator('[data-value]')).waitFor();
  assert.equal(Number(await rate(section, 'buggy').getAttribute('data-value')), 1, 'the wrapped filter says maybe to everything');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

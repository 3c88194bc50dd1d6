// End-to-end tests of the prerendered pages: every page is a real file in dist/ with its content in
// the HTML (what `curl` or a search engine sees), reads without JavaScript, and is taken over by the
// app without a flash, a layout shift or a console error; links from when the chapter was in the
// fragment land on the chapter's own page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { appReady, distDir, frameSettled, openPage, useSite } from './harness.mjs';

const site = useSite();

// Each page, the title it carries and a sentence of its content.
const PAGES = [
  ['', 'Bloom filters, interactively', 'A Bloom filter is an array of m bits'],
  ['playground/', 'Bloom filters, interactively', 'A Bloom filter is an array of m bits'],
  ['learn/', 'The problem · Bloom filters, interactively', 'A web crawler starts from a handful of pages'],
  ['learn/1/', 'The problem · Bloom filters, interactively', 'A web crawler starts from a handful of pages'],
  ['learn/2/', 'How it works · Bloom filters, interactively', 'Check yourself'],
  ['learn/3/', 'Hash functions · Bloom filters, interactively', 'Check yourself'],
  ['learn/4/', 'False positives · Bloom filters, interactively', 'b stays 0 only if all of them miss it'],
  ['learn/5/', 'Choosing m and k · Bloom filters, interactively', 'Check yourself'],
  ['learn/6/', 'Counting what you stored · Bloom filters, interactively', 'Check yourself'],
  ['learn/7/', 'Filters that count · Bloom filters, interactively', 'Check yourself'],
  ['learn/8/', 'Where they are used · Bloom filters, interactively', 'Check yourself'],
  ['learn/9/', 'Filters that grow · Bloom filters, interactively', 'What the libraries promise'],
  ['learn/10/', 'Combining and shipping filters · Bloom filters, interactively', 'Filter cascades'],
  ['learn/11/', 'When it goes wrong · Bloom filters, interactively', 'A step that shares a factor with m'],
  ['learn/12/', 'What the field uses today · Bloom filters, interactively', 'What Parquet writes into a file'],
  ['calculator/', 'Bloom filter calculator · Bloom filters, interactively', 'n — expected items'],
  ['counting/', 'Counting Bloom filter · Bloom filters, interactively', 'Each position holds a small counter'],
  ['count-min/', 'Count-min sketch · Bloom filters, interactively', 'd rows of w counters'],
  ['scalable/', 'Scalable Bloom filter · Bloom filters, interactively', 'What each library promises'],
  ['sets/', 'Combining filters · Bloom filters, interactively', 'Standard or partitioned'],
  ['lab/', 'The big-N lab · Bloom filters, interactively', 'FP1 · 50W'],
  ['bugs/', 'When the indexes go wrong · Bloom filters, interactively', 'Modulo bias: Guava’s remainder'],
  ['embed/', 'Embed a Bloom filter widget · Bloom filters, interactively', 'Paste this into your page'],
  ['embed/playground/', null, 'Insert'],
  ['embed/chart/', null, 'false-positive rate'],
  ['embed/calculator/', null, 'n — expected items'],
  ['embed/counting/', null, 'Remove'],
  ['embed/count-min/', null, 'Stream'],
  ['embed/scalable/', null, 'Stream'],
  ['embed/sets/', null, 'A OR B'],
  ['embed/shipping/', null, 'Standard or partitioned'],
  ['embed/lab/', null, 'printed 958W'],
  ['embed/bugs/', null, 'Modulo bias: Guava’s remainder'],
];

/** Whether `pathname` (`/zh/learn/4/`, `/favicon.svg`) is a file of dist/ (a folder by its index.html). */
const inDist = (pathname) => {
  const onDisk = path.join(distDir, decodeURIComponent(pathname));
  return fs.existsSync(pathname.endsWith('/') ? path.join(onDisk, 'index.html') : onDisk);
};

/** The links of a page's HTML to its own site, as [href, path they resolve to] from `folder`. */
const pageLinks = (html, folder) => [...html.matchAll(/\bhref="([^"#][^"]*)"/g)]
  .map(([, href]) => href)
  .filter((href) => !/^[a-z]+:/i.test(href))
  .map((href) => [href, new URL(href, `http://host/${folder}`).pathname]);

test('every page is a file in dist/ whose HTML carries its title and content, and whose links resolve inside dist/', async () => {
  for (const [folder, title, sentence] of PAGES) {
    const file = path.join(distDir, folder, 'index.html');
    assert.ok(fs.existsSync(file), `${folder}index.html exists`);
    // What a crawler or `curl` gets: the served HTML, no script run.
    const html = await (await fetch(`${site.origin}/${folder}`)).text();
    if (title) assert.ok(html.includes(`<title>${title}</title>`), `${folder}: <title>`);
    const content = html.slice(html.indexOf('<div id=prerendered>'));
    assert.ok(content.length > 200, `${folder} is prerendered`);
    assert.ok(content.includes(sentence), `${folder}: “${sentence}”`);
    for (const [href, target] of pageLinks(content, folder)) {
      assert.ok(inDist(target), `${folder}: link ${href} → ${target} is in dist/`);
    }
  }
});

// The site's pages in Chinese and Japanese: each is its own file, in its language, with its own head.
const SITE_URL = 'http://127.0.0.1:8080/';
const SITE_TITLES = { zh: '布隆过滤器，动手学', ja: 'ブルームフィルタを手で動かして学ぶ' };
const CODES = { '': 'en', 'zh/': 'zh-Hans', 'ja/': 'ja' };
const SITE_PAGES = ['', 'playground/', 'learn/', ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `learn/${n}/`), 'calculator/', 'embed/'];
// The chapters' sources (the files in dist/ keep only what the browser still needs: the exercise).
const localeText = (lang, file) => JSON.parse(fs.readFileSync(path.join(distDir, '..', 'static', 'locales', lang, `${file}.json`), 'utf8'));
const tag = (html, pattern) => [...html.matchAll(pattern)].map((match) => match[1]);

test('every page of the site is also a file in Chinese and in Japanese, in its language, with its head and resolving links', async () => {
  for (const lang of ['zh', 'ja']) {
    for (const folder of SITE_PAGES) {
      const address = `${lang}/${folder}`;
      const html = await (await fetch(`${site.origin}/${address}`)).text();
      assert.ok(html.startsWith(`<!doctype html><html lang=${CODES[`${lang}/`]}>`), `${address}: <html lang>`);
      const title = /<title>([^<]*)<\/title>/.exec(html)[1];
      assert.ok(title.endsWith(SITE_TITLES[lang]), `${address}: “${title}” names the site in its language`);
      const content = html.slice(html.indexOf('<div id=prerendered>'));
      const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(content)[1];
      const chapter = /learn\/(\d)\//.exec(folder)?.[1] ?? (folder === 'learn/' ? '1' : null);
      if (chapter) {
        assert.equal(title, `${heading} · ${SITE_TITLES[lang]}`, `${address}: the chapter's title`);
        // The longest run of plain text in its first paragraph (links, blanks and exponents become
        // markup and numbers).
        const opening = localeText(lang, `chapter-${chapter}`).p1.split(/\{[^}]*\}|\[\[[^\]]*\]\]|\^\([^)]*\)|\^[A-Za-z0-9]+/).sort((a, b) => b.length - a.length)[0].slice(0, 20);
        assert.ok(content.includes(opening), `${address}: its prose “${opening}”`);
      }
      assert.match(heading, /[\u3040-\u30ff\u3400-\u9fff]/, `${address}: heading “${heading}” in ${lang}`);
      assert.match(content, new RegExp(`<option [^>]*value="${lang}"[^>]*selected`), `${address}: the switch shows ${lang}`);
      assert.ok(!/noscript-note>Without/.test(html), `${address}: the no-JavaScript note in ${lang}`);
      // Links inside the page stay in the language and resolve to files.
      for (const [href, target] of pageLinks(content, address)) {
        assert.ok(inDist(target), `${address}: link ${href} → ${target} is in dist/`);
        if (target.endsWith('/') && !target.startsWith('/embed/')) assert.ok(target.startsWith(`/${lang}/`), `${address}: ${href} stays in ${lang}`);
      }
      // Its head: one canonical address, the three languages and x-default, a preview card; each a file.
      const head = html.slice(0, html.indexOf('</head>'));
      const canonical = tag(head, /<link href="([^"]*)" rel=canonical>/g);
      assert.equal(canonical.length, 1, `${address}: one canonical`);
      assert.equal(canonical[0], SITE_URL + (folder === '' ? `${lang}/playground/` : folder === 'learn/' ? `${lang}/learn/1/` : address));
      const alternates = tag(head, /<link href="([^"]*)" hreflang=[\w-]+ rel=alternate>/g);
      assert.deepEqual(tag(head, /hreflang=([\w-]+) rel=alternate/g), ['en', 'zh-Hans', 'ja', 'x-default'], address);
      assert.ok(alternates.includes(canonical[0]), `${address}: its own language among the alternates`);
      const image = /<meta content="([^"]*)" property="og:image">/.exec(head)[1];
      for (const url of [...alternates, image]) {
        assert.ok(url.startsWith(SITE_URL), url);
        assert.ok(inDist(`/${url.slice(SITE_URL.length)}`), `${address}: ${url} is in dist/`);
      }
      assert.match(head, new RegExp(`<meta content="${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" property="og:title">`));
      assert.match(head, /<meta content="summary_large_image" name="twitter:card">/);
      const description = /<meta content="([^"]+)" name=description>/.exec(head)[1];
      assert.match(description, /[\u3040-\u30ff\u3400-\u9fff]/, `${address}: description in ${lang}`);
    }
  }
});

test('the preview pictures are 1200 × 630 PNGs, and the sitemap and robots.txt list pages that exist', async () => {
  const pictures = fs.readdirSync(path.join(distDir, 'preview'));
  assert.equal(pictures.length, 22, pictures.join());
  for (const name of pictures) {
    const png = fs.readFileSync(path.join(distDir, 'preview', name));
    assert.equal(png.subarray(1, 4).toString(), 'PNG', name);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], name);
    assert.ok(png.length < 60 * 1024, `${name}: ${png.length} bytes`);
  }
  // Each page its own picture: two widgets in one post never share a card (the counting filter's
  // shows its counters, the playground's its bits).
  const same = new Map();
  for (const name of pictures) {
    const bytes = fs.readFileSync(path.join(distDir, 'preview', name)).toString('base64');
    assert.equal(same.get(bytes), undefined, `${name} is ${same.get(bytes)} again`);
    same.set(bytes, name);
  }
  const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  const locations = tag(sitemap, /<loc>([^<]*)<\/loc>/g);
  assert.equal(locations.length, 66);
  for (const url of locations) {
    assert.ok(fs.existsSync(path.join(distDir, url.slice(SITE_URL.length), 'index.html')), url);
  }
  assert.ok(locations.includes(`${SITE_URL}zh/learn/4/`));
  assert.match(await (await fetch(`${site.origin}/robots.txt`)).text(), /^Sitemap: http:\/\/127\.0\.0\.1:8080\/sitemap\.xml$/m);
});

test('without JavaScript a chapter reads in full: prose, formulas, its chart and table, and a note on the widgets', async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.origin}/learn/4/`);
  assert.equal(await page.locator('h1').textContent(), 'False positives');
  assert.ok((await page.locator('article p').count()) >= 5, 'paragraphs of prose');
  assert.ok((await page.locator('.math math').count()) >= 3, 'formulas as MathML');
  assert.ok(await page.getByTestId('fpr-chart').isVisible(), 'the chart in its first state');
  assert.match(await page.locator('.noscript-note').textContent(), /Without JavaScript the text reads in full/);
  // The other chapters are real links.
  await page.locator('.learn-next').click();
  await page.waitForURL(/\/learn\/5\/$/);
  assert.equal(await page.locator('h1').textContent(), 'Choosing m and k');
  // The same chapter in Chinese, as a reader without JavaScript finds it.
  await page.goto(`${site.origin}/zh/learn/4/`);
  assert.equal(await page.title(), `${await page.locator('h1').textContent()} · 布隆过滤器，动手学`);
  assert.equal(await page.locator('article p', { hasText: '只有全部错过 b，b 才仍是 0' }).count(), 1, 'its prose');
  assert.ok((await page.locator('article p').count()) >= 5, 'paragraphs of prose');
  assert.match(await page.locator('.noscript-note').textContent(), /不启用 JavaScript 也能读完全部文字/);
  await browser.close();
});

test('with JavaScript the app takes the page over in place: one copy, no layout shift, no console error', async () => {
  for (const folder of ['learn/4/', 'zh/learn/4/', 'learn/2/', '', 'ja/', 'calculator/', 'embed/chart/']) {
    const { page, problems } = await openPage(site.context, site.origin, `/${folder}`, { ready: folder.startsWith('embed/') ? 'fpr-chart' : 'presenter-toggle' });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.getElementById('prerendered'));
    assert.equal(await page.locator('.app').count(), 1, `${folder}: one page, the app's`);
    if (folder === 'learn/4/') assert.equal(await page.title(), 'False positives · Bloom filters, interactively');
    const shift = await page.evaluate(() => new Promise((resolve) => {
      let total = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(total), 200);
    }));
    assert.ok(shift < 0.01, `${folder}: cumulative layout shift ${shift}`);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

// Which task (counted by timer task: every turn of the app's start-up is a zero timeout) each part of
// the page entered the app's tree in, and the task the prerendered copy left in.
function recordTurns() {
  window.__task = 0;
  window.__turns = {};
  const setTimeout = window.setTimeout.bind(window);
  window.setTimeout = (callback, delay, ...rest) => setTimeout((...args) => { window.__task++; callback(...args); }, delay, ...rest);
  new MutationObserver(() => {
    const app = document.getElementById('app');
    const seen = (name, selector) => { if (!(name in window.__turns) && app?.querySelector(selector)) window.__turns[name] = window.__task; };
    for (const [name, selector] of Object.entries(window.__parts ?? {})) seen(name, selector);
    if (!('copy gone' in window.__turns) && app && !document.getElementById('prerendered')) window.__turns['copy gone'] = window.__task;
  }).observe(document, { childList: true, subtree: true });
}

test('the app draws a page in turns behind its prerendered copy: each costly part in a task of its own, the copy gone after the last', async () => {
  const cases = [
    ['learn/4/', { page: 'h1', widget: '[data-testid=chapter-chart-params]', chart: '.chapter-chart [data-testid=fpr-chart]', exercise: '[data-testid=exercise]' }],
    ['sets/', { page: 'h1', outcome: '[data-testid=sets-outcome]', rows: '[data-testid=or-bit]', estimates: '[data-testid=and-rates]', compressed: '[data-testid=compressed-section] table' }],
  ];
  for (const [folder, parts] of cases) {
    const page = await site.context.newPage();
    await page.addInitScript((parts) => { window.__parts = parts; }, parts);
    await page.addInitScript(recordTurns);
    await page.goto(`${site.origin}/${folder}`);
    await appReady(page);
    const turns = await page.evaluate(() => window.__turns);
    const names = Object.keys(parts);
    for (const name of names) assert.ok(name in turns, `${folder}: ${name} was drawn (${JSON.stringify(turns)})`);
    assert.equal(new Set(names.map((name) => turns[name])).size, names.length, `${folder}: each part in a task of its own: ${JSON.stringify(turns)}`);
    for (const name of names) assert.ok(turns[name] < turns['copy gone'], `${folder}: ${name} drawn before the copy goes: ${JSON.stringify(turns)}`);
    await page.close();
  }
});

test('a chapter makes a widget’s frame only when the reader comes near it, and loads each widget once', async () => {
  const requested = [];
  const { page, problems } = await openPage(site.context, site.origin, '/learn/10/', { width: 412, height: 740, ready: 'chapter', onRequest: (url) => requested.push(url) });
  await page.waitForLoadState('networkidle');
  // Four widgets far down the page: their places are there, with their height, and no frame yet.
  const places = page.locator('div.widget-frame');
  assert.equal(await places.count(), 4);
  assert.equal(await page.locator('iframe').count(), 0, 'no frame, not even an empty one');
  const placed = await places.first().evaluate((place) => place.offsetHeight);
  assert.deepEqual(requested.filter((url) => url.includes('/embed/')), [], 'no widget loaded');
  // Scrolled to the first, it becomes the combining widget's frame, with its title and address.
  await page.getByTestId('frame-sets').scrollIntoViewIfNeeded();
  const frame = page.locator('iframe[data-testid="frame-sets"]');
  await frame.waitFor();
  assert.equal(await frame.getAttribute('title'), 'Combining filters');
  assert.match(await frame.getAttribute('src'), /embed\/sets\/\?lang=en#m=16&k=3/);
  await page.frameLocator('iframe[data-testid="frame-sets"]').getByTestId('or-bit').first().waitFor();
  const arrived = await frameSettled(page, 'frame-sets');
  assert.ok(Math.abs(placed - arrived) <= arrived / 8, `its place was ${placed} px for its ${arrived} px`);
  // The three comparisons below it are still only places.
  assert.equal(await page.locator('div.widget-frame').count(), 3);
  assert.equal(requested.filter((url) => /\/embed\/sets\/\?/.test(url)).length, 1, 'the widget loaded once');
  assert.deepEqual(requested.filter((url) => url.includes('/embed/shipping/')), []);
  // Each comparison's frame shows that comparison alone.
  await page.getByTestId('frame-cascade').scrollIntoViewIfNeeded();
  const cascade = page.frameLocator('iframe[data-testid="frame-cascade"]');
  await cascade.getByTestId('cascade-level').first().waitFor();
  // Once its app has taken the frame over (its prerendered copy shows every comparison).
  await page.waitForFunction(() => {
    const inner = document.querySelector('iframe[data-testid="frame-cascade"]')?.contentDocument;
    return inner?.readyState === 'complete' && !inner.getElementById('prerendered') && inner.querySelector('[data-testid="cascade-level"]');
  });
  assert.equal(await cascade.getByTestId('comp-row').count(), 0, 'no compressed filters in the cascade’s frame');
  assert.equal(await cascade.getByTestId('partitioned-section').count(), 0, 'nor the partitioned comparison');
  assert.deepEqual(problems(), []);
  await page.close();
});

// A place within an eighth of its widget's height at three widths of frame, in three languages.
for (const [folder, width] of [['', 375], ['zh/', 1280], ['ja/', 768]]) {
  test(`${folder || 'en/'} at ${width} px: each widget’s place in a chapter is about its height, so the text under it does not jump when it arrives`, async () => {
    const { page, problems } = await openPage(site.context, site.origin, `/${folder}learn/7/`, { width, height: 800, ready: 'chapter' });
    const misses = [];
    for (const chapter of [7, 8, 9, 10, 11, 12]) {
      if (chapter > 7) await page.goto(`${site.origin}/${folder}learn/${chapter}/`);
      await page.locator('[data-testid="chapter"][aria-busy="false"]').waitFor();
      const places = await page.$$eval('div.widget-frame', (boxes) => boxes.map((box) => [box.dataset.testid, box.offsetHeight]));
      assert.ok(places.length > 0, `chapter ${chapter} has a framed widget`);
      for (const [testid, placed] of places) {
        const arrived = await frameSettled(page, testid);
        if (Math.abs(placed - arrived) > arrived / 8) misses.push(`${testid} in chapter ${chapter}: its place ${placed} px, its widget ${arrived} px`);
      }
    }
    assert.deepEqual(misses, []);
    assert.deepEqual(problems(), []);
    await page.close();
  });
}

test('on a slow connection zh/learn/4/ shows its text at once, and the widget comes alive later without moving anything', async () => {
  const page = await site.context.newPage();
  const cdp = await site.context.newCDPSession(page);
  // About a slow 3G link: 400 kbit/s each way, 400 ms round trips.
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  let wasmArrived = null;
  page.on('requestfinished', (request) => { if (request.url().endsWith('.wasm')) wasmArrived = Date.now(); });
  const start = Date.now();
  await page.goto(`${site.origin}/zh/learn/4/`, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor();
  const textShown = Date.now();
  assert.match(await page.locator('h1').first().textContent(), /[\u3400-\u9fff]/);
  assert.equal(wasmArrived, null, 'the text is there before the code');
  await page.evaluate(() => {
    window.__shift = 0;
    window.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__shift += entry.value;
        window.__moved.push(...entry.sources.map(({ node }) => node?.className || node?.nodeName));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.waitForFunction(() => !document.getElementById('prerendered'), null, { timeout: 60_000 });
  assert.ok(wasmArrived - start > textShown - start, `text at ${textShown - start} ms, code at ${wasmArrived - start} ms`);
  await page.getByTestId('fpr-chart').first().waitFor();
  const { shift, moved } = await page.evaluate(() => ({ shift: window.__shift, moved: window.__moved }));
  assert.ok(shift < 0.01, `nothing moved (moved ${shift.toFixed(4)}: ${moved.join(', ')})`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('links from when chapters lived in the fragment open the chapter’s own page, keeping the query', async () => {
  for (const [from, to] of [
    ['/learn/#/4', '/learn/4/'],
    ['/learn/?lang=ja#/6', '/ja/learn/6/'],
    ['/#/learn/5?lang=zh', '/zh/learn/5/'],
    ['/zh/learn/#/2', '/zh/learn/2/'],
    ['/#/learn/3', '/learn/3/'],
    ['/learn/2/#/7', '/learn/7/'],
  ]) {
    const { page, problems } = await openPage(site.context, site.origin, from, { ready: 'chapter' });
    assert.equal(page.url(), site.origin + to, from);
    assert.equal(await page.getByTestId('chapter').getAttribute('data-chapter'), to.match(/learn\/(\d)/)[1]);
    assert.deepEqual(problems(), []);
    await page.close();
  }
});

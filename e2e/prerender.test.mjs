// End-to-end tests of the prerendered pages: every page is a real file in dist/ with its content in
// the HTML (what `curl` or a search engine sees), reads without JavaScript, and is taken over by the
// app without a flash, a layout shift or a console error; links from when the chapter was in the
// fragment land on the chapter's own page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { distDir, openPage, useSite } from './harness.mjs';

const site = useSite();

// Each page, the title it carries and a sentence of its content.
const PAGES = [
  ['', 'Bloom filters, interactively', 'A Bloom filter is an array of m bits'],
  ['learn/', 'The problem · Bloom filters, interactively', 'A web crawler must not fetch the same page twice'],
  ['learn/1/', 'The problem · Bloom filters, interactively', 'A web crawler must not fetch the same page twice'],
  ['learn/2/', 'How it works · Bloom filters, interactively', 'Check yourself'],
  ['learn/3/', 'Hash functions · Bloom filters, interactively', 'Check yourself'],
  ['learn/4/', 'False positives · Bloom filters, interactively', 'misses a given bit b with probability'],
  ['learn/5/', 'Choosing m and k · Bloom filters, interactively', 'Check yourself'],
  ['learn/6/', 'Counting what you stored · Bloom filters, interactively', 'Check yourself'],
  ['learn/7/', 'Where they are used · Bloom filters, interactively', 'Check yourself'],
  ['learn/8/', 'Beyond the basic filter · Bloom filters, interactively', 'Check yourself'],
  ['calculator/', null, 'n — expected items'],
  ['embed/', null, 'Paste this into your page'],
  ['embed/playground/', null, 'Insert'],
  ['embed/chart/', null, 'false-positive rate'],
  ['embed/calculator/', null, 'n — expected items'],
];

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
    for (const [, href] of content.matchAll(/\bhref="([^"#][^"]*)"/g)) {
      if (/^[a-z]+:/i.test(href)) continue;
      const target = new URL(href, `http://host/${folder}`).pathname;
      const onDisk = path.join(distDir, decodeURIComponent(target));
      const found = target.endsWith('/') ? fs.existsSync(path.join(onDisk, 'index.html')) : fs.existsSync(onDisk);
      assert.ok(found, `${folder}: link ${href} → ${target} is in dist/`);
    }
  }
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
  await browser.close();
});

test('with JavaScript the app takes the page over in place: one copy, no layout shift, no console error', async () => {
  for (const folder of ['learn/4/', 'learn/2/', '', 'calculator/', 'embed/chart/']) {
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

test('links from when chapters lived in the fragment open the chapter’s own page, keeping the query', async () => {
  for (const [from, to] of [
    ['/learn/#/4', '/learn/4/'],
    ['/learn/?lang=ja#/6', '/learn/6/?lang=ja'],
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

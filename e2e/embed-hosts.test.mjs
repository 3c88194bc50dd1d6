// End-to-end tests of the widgets in authors' pages: pages of another origin holding several
// widgets by snippet and by the `<bloom-widget>` element (widget.js), each sized to its own widget;
// the widget following the host page's light or dark; a transparent background; the compact
// playground's height; and what a platform reads when an author pastes a widget's address (oEmbed,
// player card, Open Graph), read the way a platform reads it: plain HTTP requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { appReady, launchBrowser, openPage, serve, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const { PNG } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle');
const site = useSite();
// The address the build wrote into the pages (make build's SITE_URL); the test's server has its own.
const SITE_URL = 'http://127.0.0.1:8080/';
const served = (url) => url.replace(SITE_URL, `${site.origin}/`);
const setCells = (frame) => frame.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.index)));
const sorted = (values) => [...new Set(values)].sort((a, b) => a - b);

/** Serves `body` as a page of another origin; returns { origin, close }. */
async function hostPage(body, head = '') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-host-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A post</title>${head}</head><body>${body}</body></html>`);
  const host = await serve(dir);
  assert.notEqual(host.origin, site.origin);
  return {
    url: `${host.origin}/index.html`,
    close: () => {
      host.server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The code the embed page gives for `query` (`widget=…&…`) in `form`, after `setUp(page)`. */
async function codeFor(query, form = 'script', setUp = async () => {}) {
  const { page, problems } = await openPage(site.context, site.origin, `/embed/#${query}`, { ready: 'embed-snippet' });
  await page.getByTestId('embed-form').selectOption(form);
  await setUp(page);
  const code = await page.getByTestId('embed-snippet').textContent();
  assert.deepEqual(problems(), []);
  await page.close();
  return code;
}

/** The n-th widget frame of `reader` as a Playwright frame, once its app is live. */
async function liveFrame(reader, n) {
  const element = reader.locator('iframe').nth(n);
  await element.scrollIntoViewIfNeeded();
  const frame = await (await element.elementHandle()).contentFrame();
  await frame.waitForLoadState();
  await appReady(frame);
  return { element, frame };
}

/** Waits until `element`'s height is its widget's content height (within 2 px), and returns both. */
async function fitted(element, frame) {
  let last;
  for (let tries = 0; tries < 50; tries++) {
    const content = await frame.evaluate(() => {
      const app = [...document.querySelectorAll('.app')].pop();
      return Math.max(app.scrollHeight, app.clientHeight);
    });
    const height = await element.evaluate((e) => e.getBoundingClientRect().height);
    last = { content, height };
    if (Math.abs(content - height) <= 2) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`frame ${last.height}px for content ${last.content}px`);
}

/** The sum of r, g and b of the widget's page background in `frame`. */
const brightness = (frame) => frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b));

/** Waits until the widget in `frame` is dark (`true`) or light. */
async function themed(frame, dark) {
  for (let tries = 0; tries < 50; tries++) {
    const sum = await brightness(frame);
    if (dark ? sum < 150 : sum > 600) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the widget is not ${dark ? 'dark' : 'light'}: background ${await brightness(frame)}`);
}

test('three snippets on one page of another origin — two playgrounds and a chart — each take their own height, before and after an action in each', async () => {
  const first = await codeFor('widget=playground&m=16&item=apple');
  const second = await codeFor('widget=playground&m=32&k=4&item=pear&item=plum');
  const chart = await codeFor('widget=chart&m=64&k=4&item=a&item=b');
  for (const code of [first, second, chart]) {
    assert.doesNotMatch(code, /\bid=/, 'no fixed id: any number of snippets on a page');
    assert.match(code, new RegExp(`<script src="${site.origin}/widget.js" async></script>$`));
  }
  const host = await hostPage(`<h1>Three widgets</h1>${first}<p>Between.</p>${second}<p>And a chart:</p>${chart}<p>The end.</p>`);
  const reader = await site.context.newPage();
  const errors = [];
  reader.on('pageerror', (error) => errors.push(error.message));
  try {
    await reader.goto(host.url);
    const frames = [];
    for (let n = 0; n < 3; n++) frames.push(await liveFrame(reader, n));
    const before = [];
    for (const { element, frame } of frames) before.push((await fitted(element, frame)).height);
    assert.notEqual(before[0], before[1], `the two playgrounds differ (m = 16 and m = 32): ${before}`);
    // An action in each: the playgrounds insert, the chart switches to a log scale.
    for (const [n, word] of [[0, 'kiwi'], [1, 'fig']]) {
      const { frame } = frames[n];
      await frame.getByTestId('item-input').fill(word);
      await frame.getByTestId('insert-button').click();
      await frame.getByTestId('outcome').getByText(word).first().waitFor();
    }
    assert.deepEqual(await setCells(frames[0].frame), sorted(['apple', 'kiwi'].flatMap((w) => bitIndexes(w, 16, 3))));
    await frames[2].frame.getByTestId('log-toggle').check();
    await frames[2].frame.locator('[data-testid="fpr-chart"][data-scale="log"]').waitFor();
    // Each frame fits its own widget after its own action; the workings, folded, opened in one.
    await frames[1].frame.locator('.workings-panel > summary').click();
    for (const { element, frame } of frames) await fitted(element, frame);
    assert.ok((await fitted(frames[1].element, frames[1].frame)).height > before[1] + 100, 'the opened workings are in view');
    assert.deepEqual(errors, []);
  } finally {
    await reader.close();
    host.close();
  }
});

test('on a phone, acting in a widget never scrolls the author’s page, and a query’s verdict is under the field, on the screen', async () => {
  const code = await codeFor('widget=playground&m=32&k=3&item=apple&item=banana');
  const host = await hostPage(`<h1>A post</h1><p style="height: 900px">Before the widget.</p>${code}<p style="height: 1500px">After it.</p>`);
  const reader = await site.context.newPage();
  await reader.setViewportSize({ width: 375, height: 800 });
  try {
    await reader.goto(host.url);
    const { element, frame } = await liveFrame(reader, 0);
    await fitted(element, frame);
    await reader.evaluate(() => scrollTo(0, document.querySelector('iframe').getBoundingClientRect().top + scrollY - 100));
    const at = await reader.evaluate(() => scrollY);
    for (const button of ['insert-button', 'query-button', 'step-query-button']) {
      await frame.getByTestId('item-input').fill('grape');
      // Pressed where it is (a tap), not scrolled to first.
      await frame.getByTestId(button).dispatchEvent('click');
      await reader.waitForTimeout(400);
      assert.equal(await reader.evaluate(() => scrollY), at, `after ${button} the post stays where its reader left it`);
      if (button === 'query-button') {
        // What happened comes first under the field: the verdict is on the reader's screen.
        const verdict = await frame.getByTestId('verdict').boundingBox();
        assert.ok(verdict.y >= 0 && verdict.y + 40 <= 800, `the verdict at ${verdict.y} px`);
      }
    }
  } finally {
    await reader.close();
    host.close();
  }
});

test('theme=auto follows the page around the widget: a light page on a dark system, a dark page on a light one, a declared color-scheme, a page that changes', async () => {
  const code = await codeFor('widget=playground&m=16&item=apple');
  assert.doesNotMatch(code, /theme=/, 'auto is the default');
  const cases = [
    ['a light page read on a dark system', '<body style="background:#fffdf7;color:#222">', 'dark', false],
    ['a dark page read on a light system', '<body style="background:#15171a;color:#eee">', 'light', true],
    ['a page that declares dark and paints nothing', '<meta name="color-scheme" content="dark">', 'light', true],
  ];
  for (const [what, markup, system, dark] of cases) {
    const isHead = markup.startsWith('<meta');
    const host = await hostPage(`${isHead ? '' : markup}<h1>${what}</h1>${code}`, isHead ? markup : '');
    const reader = await site.context.newPage();
    await reader.emulateMedia({ colorScheme: system });
    try {
      await reader.goto(host.url);
      const { frame } = await liveFrame(reader, 0);
      await themed(frame, dark);
      if (what.startsWith('a light page')) {
        // The page switches to dark (its own switch, as a blog's): the widget follows.
        await reader.evaluate(() => { document.body.style.background = '#111318'; document.body.style.color = '#eee'; });
        await themed(frame, true);
      }
    } finally {
      await reader.close();
      host.close();
    }
  }
});

test('background=transparent lets the post’s own colour show through the widget', async () => {
  const code = await codeFor('widget=playground&m=16&item=apple', 'script', (page) => page.getByTestId('embed-transparent').check());
  assert.match(code, /background=transparent/);
  const cream = [244, 236, 216];
  const host = await hostPage(`<div style="background:rgb(${cream});padding:20px"><p>A cream post.</p>${code}</div>`);
  const reader = await site.context.newPage();
  await reader.emulateMedia({ colorScheme: 'light' });
  try {
    await reader.goto(host.url);
    const { element, frame } = await liveFrame(reader, 0);
    await fitted(element, frame);
    // A pixel of the frame outside its panels (the widget's margin, top left) is the post's cream.
    const box = await element.boundingBox();
    const shot = PNG.sync.read(await reader.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: 2, height: 2 } }));
    assert.deepEqual([...shot.data.slice(0, 3)], cream, 'the host shows through');
    assert.equal(await frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgba(0, 0, 0, 0)');
    assert.equal(await frame.getByTestId('state-error').count(), 0, 'the look is not an unknown part of the link');
  } finally {
    await reader.close();
    host.close();
  }
});

// A post's column (680 px) and a phone's (375 px, where the step-through lies over the field and
// what happened).
for (const width of [680, 375]) {
test(`the compact playground, ${width} px wide, ${width === 680 ? 'is at most 700 px tall before any action, ' : ''}stepping through an insert and a query never moves its height or its buttons, and what an action did shows whole`, async () => {
  const code = await codeFor('widget=playground');
  const host = await hostPage(`<div style="width:${width}px">${code}</div><p>After the widget.</p>`);
  const reader = await site.context.newPage();
  await reader.setViewportSize({ width: 1280, height: 1000 });
  try {
    await reader.goto(host.url);
    const { element, frame } = await liveFrame(reader, 0);
    const start = (await fitted(element, frame)).height;
    console.log(`compact playground at ${width} px: ${start} px before any action`);
    if (width === 680) assert.ok(start <= 700, `${start} px`);
    assert.ok((await frame.locator('h1').boundingBox()).width <= 1, 'no page heading on screen (one for screen readers)');
    assert.equal(await frame.getByText('A Bloom filter is an array of m bits').isVisible(), false, 'no introduction on screen');
    // The hash scheme's whole name shows in its box, beside Reset, Undo and Redo.
    const scheme = await frame.getByTestId('scheme-select').evaluate((select) => {
      const style = getComputedStyle(select);
      const pen = document.createElement('canvas').getContext('2d');
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0].textContent;
      const reset = document.querySelector('[data-testid="reset-button"]').getBoundingClientRect();
      return { text, needs: Math.ceil(pen.measureText(text).width + parseFloat(style.paddingLeft) + 20), has: select.clientWidth, row: Math.abs(reset.top - select.getBoundingClientRect().top) < 12 };
    });
    assert.ok(scheme.needs <= scheme.has, `"${scheme.text}" needs ${scheme.needs} px of ${scheme.has}`);
    if (width === 680) assert.ok(scheme.row, 'the scheme shares its row with Reset');
    const heights = [start];
    const next = frame.getByTestId('step-next');
    await frame.getByTestId('item-input').fill('dog');
    for (const kind of ['step-insert-button', 'step-query-button']) {
      await frame.getByTestId(kind).click();
      // The keyboard goes with the panel: its main button has the focus, the covered controls are inert.
      await frame.waitForFunction(() => document.activeElement?.dataset.testid === 'step-next');
      assert.notEqual(await frame.locator('.item-panel').getAttribute('inert'), null);
      let place;
      while (await next.count()) {
        // The array stays visible while stepping; the buttons stay where they are.
        const at = await next.boundingBox();
        place ??= at;
        assert.deepEqual([at.x, at.y], [place.x, place.y], 'Next does not move');
        heights.push(await element.evaluate((e) => e.getBoundingClientRect().height));
        await next.click();
      }
      // The last step (the verdict) reads whole, with nothing to scroll in its panel.
      assert.ok(await frame.getByTestId('step-body').evaluate((body) => body.scrollHeight <= body.clientHeight + 1), `${kind}: the last step is cut`);
      await frame.getByTestId('step-close').click();
      await frame.getByTestId('step-through').waitFor({ state: 'detached' });
      await frame.waitForFunction(() => document.activeElement?.id === 'item-input');
    }
    const jump = Math.max(...heights) - Math.min(...heights);
    console.log(`heights while stepping: ${[...new Set(heights)].join(', ')} px`);
    assert.ok(jump <= 26, `the frame moved by ${jump} px: ${heights}`);
    assert.deepEqual(await setCells(frame), sorted(bitIndexes('dog', 32, 3)));
    // After an action, what happened shows whole: its panel needs no scrolling, the frame fits it.
    for (const word of ['grape', 'dog']) {
      await frame.getByTestId('item-input').fill(word);
      await frame.getByTestId('query-button').click();
      await frame.getByTestId('verdict').getByText(word).first().waitFor();
      await fitted(element, frame);
      const panel = frame.locator('.outcome-panel');
      assert.ok(await panel.evaluate((box) => box.scrollHeight <= box.clientHeight + 1), `what happened after querying ${word} is whole`);
    }
  } finally {
    await reader.close();
    host.close();
  }
});
}

test('a frame above the screen that takes its height as the reader scrolls back up to it leaves what they read where it was; the element starts at its state’s height', async () => {
  // 128 bits and five items: taller than a playground's first state.
  const measured = (page) => page.locator('[data-testid="embed-snippet"][data-measured="true"]').waitFor();
  const code = await codeFor('widget=playground&m=128&k=3&item=apple&item=banana&item=cherry&item=dog&item=egg', 'element', measured);
  const first = Number(code.match(/ height="(\d+)"/)?.[1]);
  assert.ok(first > 750, `the element carries its first height: ${code}`);
  const host = await hostPage(`<h1>A post</h1>${code.replace(/ height="\d+"/, '')}<p id="under">Under the widget.</p><div style="height:5000px"></div><p id="far">Far below.</p><div style="height:1000px"></div>`);
  const reader = await site.context.newPage();
  await reader.setViewportSize({ width: 375, height: 800 });
  try {
    // Opened far below (a link to a later section): the lazy frame is not drawn yet.
    await reader.goto(`${host.url}#far`);
    await reader.waitForTimeout(1500);
    const frame = reader.locator('iframe');
    assert.equal(await frame.evaluate((element) => element.getBoundingClientRect().height), 700, 'the frame waits at the widget\'s first height');
    // Back up until the frame's foot is on the screen, its top above it.
    await reader.evaluate(() => scrollTo(0, document.querySelector('iframe').offsetTop + 500));
    const under = () => reader.locator('#under').evaluate((element) => element.getBoundingClientRect().top);
    const before = await under();
    await reader.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 750, null, { timeout: 20000 });
    await reader.waitForTimeout(500);
    assert.ok(Math.abs((await under()) - before) <= 2, `what the reader read moved from ${before} to ${await under()} px`);
  } finally {
    await reader.close();
    host.close();
  }
});

test('<bloom-widget> builds its frame from its attributes, sizes it, follows a dark host, and is a plain link without scripts', async () => {
  const code = await codeFor('widget=chart&m=64&k=3&item=apple&item=banana', 'element');
  assert.equal(code, `<bloom-widget kind="chart" m="64" k="3" items="apple,banana" theme="auto">
  <a href="${site.origin}/embed/chart/?m=64&amp;k=3&amp;item=apple&amp;item=banana">Bloom filter false-positive chart</a>
</bloom-widget>
<script src="${site.origin}/widget.js" async></script>`);
  const host = await hostPage(`<h1>A post</h1>${code}<bloom-widget kind="playground" m="16" items="pear" theme="dark"></bloom-widget>`, '<style>body{background:#fff;color:#222}</style>');
  const reader = await site.context.newPage();
  const errors = [];
  reader.on('pageerror', (error) => errors.push(error.message));
  const noScripts = await launchBrowser({ javaScriptEnabled: false });
  try {
    await reader.goto(host.url);
    const { element, frame } = await liveFrame(reader, 0);
    assert.equal(await reader.locator('bloom-widget a').count(), 0, 'the link gave way to the frame');
    const src = await element.getAttribute('src');
    assert.equal(src, `${site.origin}/embed/chart/?m=64&k=3&item=apple&item=banana&look=light`);
    assert.equal(await element.getAttribute('title'), 'Bloom filter false-positive chart');
    assert.equal(await frame.getByTestId('fpr-point').count(), 2);
    assert.equal(await frame.getByTestId('state-error').count(), 0, '`look` is not an unknown part of the link');
    await fitted(element, frame);
    await themed(frame, false);
    await reader.evaluate(() => { document.body.style.background = '#101214'; });
    await themed(frame, true);
    // theme="dark" is dark whatever the page.
    const { frame: fixed } = await liveFrame(reader, 1);
    await themed(fixed, true);
    assert.deepEqual(await setCells(fixed), sorted(bitIndexes('pear', 16, 3)));
    assert.deepEqual(errors, []);
    // No scripts: the reader sees the link to the widget.
    const plain = await noScripts.context.newPage();
    await plain.goto(host.url);
    const link = plain.getByRole('link', { name: 'Bloom filter false-positive chart' });
    assert.ok(await link.isVisible());
    assert.equal(await link.getAttribute('href'), `${site.origin}/embed/chart/?m=64&k=3&item=apple&item=banana`);
  } finally {
    await reader.close();
    await noScripts.close();
    host.close();
  }
});

test('every widget’s page names an oEmbed file, a player card and Open Graph, all absolute; the frame they give fits the widget’s first state', async () => {
  const widgets = ['playground', 'chart', 'calculator', 'counting', 'count-min', 'scalable', 'sets', 'shipping', 'lab', 'bugs'];
  const reader = await site.context.newPage();
  await reader.setViewportSize({ width: 680, height: 900 });
  try {
    for (const widget of widgets) {
      const address = `${SITE_URL}embed/${widget}/`;
      // As a platform reads it: the page's head, then the file it names.
      const html = await (await fetch(served(address))).text();
      const meta = (attribute, name) => html.match(new RegExp(`<meta content="([^"]*)" ${attribute}="${name}">`))?.[1];
      const discovery = html.match(/<link href="([^"]+)" rel=alternate title="([^"]+)" type="application\/json\+oembed">/);
      assert.ok(discovery, `${widget}: the discovery link`);
      assert.equal(discovery[1], `${address}oembed.json`);
      const response = await fetch(served(discovery[1]));
      assert.equal(response.status, 200);
      const oembed = await response.json();
      assert.equal(oembed.version, '1.0');
      assert.equal(oembed.type, 'rich');
      assert.equal(oembed.title, discovery[2]);
      assert.equal(oembed.provider_url, SITE_URL);
      assert.equal(oembed.width, 680);
      assert.ok(Number.isInteger(oembed.height) && oembed.height >= 300, `${widget}: height ${oembed.height}`);
      assert.equal(oembed.html, `<iframe src="${address}?theme=light" title="${oembed.title}" width="680" height="${oembed.height}" loading="lazy" style="border:0;max-width:100%"></iframe>`);
      assert.ok(oembed.thumbnail_url.startsWith(`${SITE_URL}preview/`));
      const picture = await fetch(served(oembed.thumbnail_url));
      assert.equal(picture.headers.get('content-type'), 'image/png');
      assert.deepEqual([oembed.thumbnail_width, oembed.thumbnail_height], [1200, 630]);
      assert.equal(meta('name', 'twitter:card'), 'player');
      assert.equal(meta('name', 'twitter:player'), address);
      assert.equal(meta('name', 'twitter:player:width'), '680');
      assert.equal(meta('name', 'twitter:player:height'), String(oembed.height));
      assert.equal(meta('name', 'twitter:image'), oembed.thumbnail_url);
      assert.equal(meta('property', 'og:url'), address);
      assert.equal(meta('property', 'og:title'), oembed.title);
      assert.ok(meta('property', 'og:description').length > 20);
      // The frame they give: the widget in its first state fits its height at 680 px.
      await reader.goto(served(address));
      await appReady(reader);
      const content = await reader.evaluate(() => {
        const app = [...document.querySelectorAll('.app')].pop();
        return app.scrollHeight;
      });
      assert.ok(content <= oembed.height && oembed.height - content <= 40, `${widget}: ${content} px of widget in a ${oembed.height} px frame`);
    }
    // Compact by default: no introduction on screen. title=1: the widget's heading and introduction.
    await reader.goto(`${site.origin}/embed/counting/`);
    await appReady(reader);
    assert.equal(await reader.getByText('Each position holds a small counter instead of a bit').isVisible(), false);
    await reader.goto(`${site.origin}/embed/counting/?title=1`);
    await appReady(reader);
    assert.ok((await reader.locator('h1').boundingBox()).width > 100, 'the heading is on screen');
    const intro = reader.getByText('Each position holds a small counter instead of a bit, so an item can be removed again.');
    assert.ok((await intro.boundingBox())?.height > 10, 'the introduction is on screen');
    // A pasted address with the state in its query (platforms drop fragments) opens that state.
    await reader.goto(`${site.origin}/embed/playground/?m=16&k=3&item=apple&item=pear`);
    await appReady(reader);
    assert.deepEqual(await setCells(reader), sorted(['apple', 'pear'].flatMap((w) => bitIndexes(w, 16, 3))));
  } finally {
    await reader.close();
  }
});

test('the embed page writes each form: the link for Notion, Medium, Substack opens the same state in a fresh browser; the frame alone keeps the widget’s first height, not the author’s clicks, and room for a result, light', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/#widget=playground&m=16&item=apple&item=banana', { ready: 'embed-snippet' });
  assert.equal(await page.getByTestId('embed-theme').inputValue(), 'auto');
  await page.getByTestId('embed-form').selectOption('link');
  const link = await page.getByTestId('embed-snippet').textContent();
  assert.equal(link, `${site.origin}/embed/playground/?m=16&item=apple&item=banana`);
  assert.match(await page.getByTestId('embed-hint').textContent(), /Notion/);
  // The preview reports its height; the frame alone takes it, rounded up to 10 px.
  const preview = page.getByTestId('embed-preview');
  await preview.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-preview"]').style.height !== '700px');
  await page.getByTestId('embed-form').selectOption('frame');
  // The preview's height settles as its widget takes over: the snippet and the preview are read
  // together, and must agree once it has.
  const agreed = await page.waitForFunction(() => {
    const frame = document.querySelector('[data-testid="embed-snippet"]').textContent;
    const shown = parseFloat(document.querySelector('[data-testid="embed-preview"]').style.height);
    return frame.includes(`height="${Math.ceil(shown / 10) * 10 + 180}"`) && { frame, shown };
  }, null, { timeout: 5000 }).then((handle) => handle.jsonValue(), () => null);
  assert.ok(agreed, 'the frame alone never took the height the preview shows, with room for a first result');
  assert.doesNotMatch(agreed.frame, /<script/);
  // With no script to tell it the page's colours, the frame is light (a dark reader's system
  // would otherwise paint a dark slab on a light post).
  assert.match(agreed.frame, /src="[^"]*(\?|&amp;)theme=light(&amp;|")/);
  assert.ok(agreed.shown > 300, `the preview is ${agreed.shown} px tall`);
  // What the author then does in the preview (an insert, a query and what they did, shown under the
  // array) does not size the frame: it takes the widget's height as a reader first opens it.
  const codeHeight = async () => Number((await page.getByTestId('embed-snippet').textContent()).match(/height="(\d+)"/)[1]);
  // The preview's height stands in until the unseen frame has measured the widget as a reader opens it.
  await page.waitForSelector('[data-testid="embed-snippet"][data-measured="true"]');
  const first = await codeHeight();
  const inPreview = await (await preview.elementHandle()).contentFrame();
  await inPreview.getByTestId('item-input').fill('cherry');
  await inPreview.getByTestId('insert-button').click();
  await inPreview.getByTestId('item-input').fill('grape');
  await inPreview.getByTestId('query-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-snippet"]').textContent.includes('item=cherry'));
  await page.waitForFunction((first) => parseFloat(document.querySelector('[data-testid="embed-preview"]').style.height) + 180 > first + 60, first);
  await page.waitForTimeout(2500);
  const grown = parseFloat(await preview.evaluate((frame) => frame.style.height));
  const after = await codeHeight();
  assert.ok(Math.abs(after - first) <= 30, `a reader first sees about as much with three items: ${first} then ${after} px`);
  assert.ok(after < grown + 180 - 40, `the frame (${after} px) did not take the preview's ${grown} px`);
  // The preview is a post's column wide, whatever this window's width: the frame alone keeps its height.
  const heightIn = async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(600);
    const box = await preview.boundingBox();
    return { width: Math.round(box.width), code: (await page.getByTestId('embed-snippet').textContent()).match(/height="(\d+)"/)[1] };
  };
  const [wide, narrower] = [await heightIn(1920), await heightIn(1100)];
  assert.equal(wide.width, 682, 'the preview is 680 px inside its border');
  assert.deepEqual(narrower, wide, 'the frame alone keeps one height from a 1920 px to a 1100 px window');
  // On a phone, every choice fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const form of ['script', 'element', 'frame', 'link']) {
    await page.getByTestId('embed-form').selectOption(form);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), `${form}: the page is wider than the phone`);
  }
  assert.deepEqual(problems(), []);
  await page.close();
  const fresh = await launchBrowser();
  try {
    const reader = await fresh.context.newPage();
    await reader.goto(link);
    await appReady(reader);
    assert.deepEqual(await setCells(reader), sorted(['apple', 'banana'].flatMap((w) => bitIndexes(w, 16, 3))));
  } finally {
    await fresh.close();
  }
});

test('an accent colour reads on its buttons and as text: a pale or dark accent is made readable, its text black or white by contrast', async () => {
  // WCAG 2's contrast ratio between two CSS colours as the browser computes them.
  const ratio = (page, a, b) => page.evaluate(([a, b]) => {
    const rgb = (css) => {
      const canvas = document.createElement('canvas').getContext('2d');
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const lum = (colour) => colour.map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, at) => sum + c * [0.2126, 0.7152, 0.0722][at], 0);
    const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }, [a, b]);
  for (const accent of ['b58900', 'ffd700', '1f4e8c', '0a0a0a']) {
    for (const theme of ['light', 'dark']) {
      const { page, problems } = await openPage(site.context, site.origin, `/embed/playground/?accent=${accent}&theme=${theme}&item=apple`, { ready: 'item-input' });
      const colours = await page.evaluate(() => {
        const style = (selector) => getComputedStyle(document.querySelector(selector));
        const panel = style('.panel').backgroundColor;
        return {
          panel,
          fill: style('[data-testid="insert-button"]').backgroundColor,
          onFill: style('[data-testid="insert-button"]').color,
          outline: style('[data-testid="query-button"]').color,
          bit: style('[data-testid="bit"][data-set="true"]').backgroundColor,
          onBit: style('[data-testid="bit"][data-set="true"] .bit-value').color,
        };
      });
      const where = `accent ${accent}, ${theme}`;
      assert.ok(await ratio(page, colours.onFill, colours.fill) >= 4.5, `${where}: Insert's text on its colour (${JSON.stringify(colours)})`);
      assert.ok(await ratio(page, colours.outline, colours.panel) >= 4.5, `${where}: Query's text on the panel (${JSON.stringify(colours)})`);
      // The set bits are the accent's colour too, their 1 readable on it.
      assert.equal(colours.bit, colours.fill, `${where}: a set bit takes the accent`);
      assert.ok(await ratio(page, colours.onBit, colours.bit) >= 4.5, `${where}: a set bit's 1 on the accent (${JSON.stringify(colours)})`);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  }
});

test('a widget chosen after another on the embed page starts clean where it cannot read the state: no error in its preview, no foreign keys in its code; the chart keeps the playground’s items', async () => {
  let { page, problems } = await openPage(site.context, site.origin, '/embed/#widget=playground&m=32&item=cat&item=dog', { ready: 'embed-snippet' });
  const preview = async (path) => {
    await page.waitForFunction((path) => document.querySelector('[data-testid="embed-preview"]').src.includes(path), path);
    const element = page.getByTestId('embed-preview');
    await element.scrollIntoViewIfNeeded();
    const frame = await (await element.elementHandle()).contentFrame();
    await frame.waitForLoadState();
    await appReady(frame);
    return frame;
  };
  let frame = await preview('/embed/playground/');
  await frame.getByTestId('item-input').fill('owl');
  await frame.getByTestId('insert-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-snippet"]').textContent.includes('item=owl'));
  // The chart draws the same filter: the author's three items go with it.
  await page.getByTestId('embed-widget').selectOption('chart');
  frame = await preview('/embed/chart/');
  assert.match(await page.getByTestId('embed-snippet').textContent(), /item=cat&amp;item=dog&amp;item=owl/);
  assert.equal(await frame.getByTestId('state-error').count(), 0, 'the chart reads the playground’s state');
  assert.deepEqual(problems(), []);
  await page.close();
  // From the embed page of every widget, the counting filter starts clean.
  ({ page, problems } = await openPage(site.context, site.origin, '/embed/#m=32&item=cat&item=dog', { ready: 'embed-snippet' }));
  await page.getByTestId('embed-widget').selectOption('counting');
  frame = await preview('/embed/counting/');
  await page.waitForTimeout(500);
  assert.equal(await frame.getByTestId('state-error').count(), 0, 'nothing reported as ignored in the author’s preview');
  assert.doesNotMatch(await page.getByTestId('embed-snippet').textContent(), /item=/);
  assert.deepEqual(problems(), []);
  await page.close();
});

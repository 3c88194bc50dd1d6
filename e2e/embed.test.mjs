// End-to-end tests of the embeddable widgets: the widget alone, themes and read-only controls, the
// generated snippet pasted into a plain page served from another origin, and the height message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appReady, axeViolations, openPage, serve, useSite } from './harness.mjs';
import { ENTRIES } from './sizes.mjs';
import { bitIndexes, ReferenceFilter } from './reference.js';

const site = useSite();

const setCells = (frame) => frame.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.index)));
const sorted = (values) => [...new Set(values)].sort((a, b) => a - b);

test('the embedded playground has no site navigation and honours its link', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/playground/#m=16&item=apple&item=pear');
  assert.equal(await page.getByTestId('site-nav').count(), 0);
  assert.equal(await page.locator('footer').count(), 0);
  assert.equal(await page.getByTestId('bit').count(), 16);
  assert.deepEqual(await setCells(page), sorted([...bitIndexes('apple', 16, 3), ...bitIndexes('pear', 16, 3)]));
  assert.equal(await page.getByTestId('fpr-chart').count(), 0, 'secondary panels are left out');
  // Opened alone (a link followed), the widget keeps a post's width (60rem and its margins) in the
  // middle of a wide window.
  await page.setViewportSize({ width: 1280, height: 800 });
  const column = await page.locator('main').boundingBox();
  assert.ok(column.width <= 1040 && Math.abs(column.x - (1280 - column.width) / 2) <= 2, `the widget's column: ${JSON.stringify(column)}`);
  await page.getByTestId('item-input').fill('kiwi');
  await page.getByTestId('insert-button').click();
  assert.equal(await page.getByTestId('stat-n').count(), 0);
  assert.deepEqual(await setCells(page), sorted(['apple', 'pear', 'kiwi'].flatMap((w) => bitIndexes(w, 16, 3))));
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
  // The main site is there too, with navigation.
  const { page: main, problems: mainProblems } = await openPage(site.context, site.origin, '/');
  assert.equal(await main.getByTestId('site-nav').count(), 1);
  assert.deepEqual(mainProblems(), []);
  await main.close();
});

test('controls=none gives a read-only array; theme=dark is dark on a light system', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/playground/#m=16&item=apple&controls=none&theme=dark', { colorScheme: 'light', ready: 'bit' });
  assert.equal(await page.getByTestId('item-input').count(), 0);
  assert.equal(await page.getByTestId('m-input').count(), 0);
  assert.deepEqual(await setCells(page), sorted(bitIndexes('apple', 16, 3)));
  const [r, g, b] = (await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, 'dark background');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the chart and calculator widgets', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/chart/#m=64&k=4&item=a&item=b&item=c', { ready: 'fpr-chart' });
  assert.equal(await page.getByTestId('fpr-point').count(), 3);
  assert.equal(await page.getByTestId('site-nav').count(), 0);
  assert.deepEqual(await axeViolations(page), []);
  await page.goto(`${site.origin}/embed/calculator/#n=1e6&p=1e-6`);
  await page.getByTestId('calc-m').waitFor();
  assert.equal(await page.getByTestId('calc-m').getAttribute('data-value'), '28755176');
  assert.equal(await page.getByTestId('seed-cell').count(), 0, 'tables are left out');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('every widget honours theme= against the system setting', async () => {
  // What the reader sees: the page's background (on the root element; the body is transparent).
  const brightness = async (page) => (await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b);
  for (const [widget, query, ready] of [
    ['playground', 'm=16&item=apple', 'item-input'],
    ['chart', 'm=64&k=4&item=a', 'fpr-chart'],
    ['calculator', 'n=1e9&p=1e-4', 'calc-m'],
  ]) {
    for (const [theme, system] of [['dark', 'light'], ['light', 'dark']]) {
      const { page, problems } = await openPage(site.context, site.origin, `/embed/${widget}/#${query}&theme=${theme}`, { colorScheme: system, ready });
      const sum = await brightness(page);
      assert.ok(theme === 'dark' ? sum < 150 : sum > 600, `${widget} with theme=${theme} on a ${system} system: background ${sum}`);
      assert.deepEqual(await axeViolations(page), [], `${widget} ${theme}`);
      assert.deepEqual(problems(), []);
      await page.close();
    }
  }
});

test('the generated snippet works pasted into a plain page on another origin, and sizes itself', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/#m=16&k=3&item=apple&item=banana');
  // The playground links to the embed page with its state.
  await page.getByTestId('embed-this').click();
  await page.waitForURL(/\/embed\/#/);
  await appReady(page);
  assert.equal(new URL(page.url()).pathname, '/embed/');
  const snippet = await page.getByTestId('embed-snippet').textContent();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/playground\/\?m=16&amp;k=3&amp;scheme=double&amp;item=apple&amp;item=banana" title="Bloom filter playground" width="100%" height="\d+" loading="lazy"/);
  assert.match(snippet, /<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js" async><\/script>$/);
  await page.getByTestId('embed-read-only').check();
  assert.match(await page.getByTestId('embed-snippet').textContent(), /controls=none/);
  await page.getByTestId('embed-read-only').uncheck();
  await page.close();

  // A blog on another origin: a plain HTML page with the snippet pasted in.
  const blogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-blog-'));
  fs.writeFileSync(path.join(blogDir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>My post</title></head>
<body><h1>My post about Bloom filters</h1><p>Try it:</p>
${snippet}
<p>After the widget.</p></body></html>`);
  const blog = await serve(blogDir);
  assert.notEqual(blog.origin, site.origin);
  try {
    const reader = await site.context.newPage();
    const seen = [];
    reader.on('request', (request) => seen.push(new URL(request.url()).origin));
    reader.on('pageerror', (error) => problems().push(error.message));
    await reader.goto(`${blog.origin}/index.html`);
    const frameElement = reader.locator('iframe');
    await frameElement.scrollIntoViewIfNeeded();
    // The widget reports its height and the snippet's script applies it.
    await reader.waitForFunction(() => document.querySelector('iframe').style.height !== '', null, { timeout: 10_000 });
    const frame = reader.frameLocator('iframe');
    // The field is there (for a moment twice: the prerendered copy's and the app's), then the app alone.
    await frame.getByTestId('item-input').first().waitFor();
    await appReady(await frameElement.elementHandle().then((handle) => handle.contentFrame()));
    // The last report comes once the widget has settled.
    let contentHeight;
    let styled;
    for (let tries = 0; tries < 50; tries++) {
      contentHeight = await frame.locator('.app').evaluate((app) => app.scrollHeight);
      styled = await frameElement.evaluate((element) => parseFloat(element.style.height));
      if (Math.abs(styled - contentHeight) <= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(Math.abs(styled - contentHeight) <= 2, `frame ${styled}px for content ${contentHeight}px`);
    assert.equal(await frame.getByTestId('site-nav').count(), 0);
    // It works: insert, and the frame grows to fit the outcome.
    await frame.getByTestId('item-input').fill('cherry');
    await frame.getByTestId('insert-button').click();
    assert.deepEqual(await setCells(frame), sorted(['apple', 'banana', 'cherry'].flatMap((w) => bitIndexes(w, 16, 3))));
    // The widget ignores messages from the page around it.
    await reader.evaluate(() => document.querySelector('iframe').contentWindow.postMessage({ type: 'bloom-tutorial:height', height: 1 }, '*'));
    assert.deepEqual(await setCells(frame), sorted(['apple', 'banana', 'cherry'].flatMap((w) => bitIndexes(w, 16, 3))));
    // Nothing but the blog and the widget's own site was contacted.
    assert.deepEqual([...new Set(seen)].sort(), [blog.origin, site.origin].sort());
    await reader.close();
  } finally {
    blog.server.close();
    fs.rmSync(blogDir, { recursive: true, force: true });
  }
  assert.deepEqual(problems(), []);
});

/** 300 long items, and the link query that spells them out. */
function manyItems() {
  const items = Array.from({ length: 300 }, (_, i) => `https://example.com/article/${i}`);
  return { items, query: `m=1024&k=4&${items.map((item) => `item=${encodeURIComponent(item)}`).join('&')}` };
}

/** Opens the widget an embed snippet points to and checks it set exactly the bits of `items`. */
async function assertSnippetRestores(context, snippet, items) {
  const src = snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  const widget = await context.newPage();
  await widget.goto(src);
  await widget.getByTestId('bit').first().waitFor();
  await widget.waitForFunction(() => document.querySelectorAll('[data-testid="bit"][data-set="true"]').length > 0);
  const reference = new ReferenceFilter(1024, 4);
  items.forEach((item) => reference.insert(item));
  assert.deepEqual(await setCells(widget), sorted([...reference.bits]));
  await widget.close();
}

/** The embed page at `url`, its preview's frame taken over by its app. */
async function openPreview(url) {
  const { page, problems } = await openPage(site.context, site.origin, url, { ready: 'embed-snippet' });
  const element = page.getByTestId('embed-preview');
  await element.scrollIntoViewIfNeeded();
  const preview = await (await element.elementHandle()).contentFrame();
  await appReady(preview);
  return { page, problems, element, preview };
}

test('what the author does in the embed page’s preview goes into the code, and the preview is not loaded again for it', async () => {
  const { page, problems, element, preview } = await openPreview('/embed/#widget=playground&m=16');
  await preview.evaluate(() => { window.unchanged = true; });
  assert.doesNotMatch(await page.getByTestId('embed-snippet').textContent(), /item=/);
  for (const word of ['apple', 'kiwi']) {
    await preview.getByTestId('item-input').fill(word);
    await preview.getByTestId('insert-button').click();
  }
  await page.waitForFunction(() => /item=apple&amp;item=kiwi/.test(document.querySelector('[data-testid="embed-snippet"]').textContent));
  assert.match(await page.getByTestId('embed-snippet').textContent(), /embed\/playground\/\?m=16&amp;k=3&amp;scheme=double&amp;item=apple&amp;item=kiwi"/);
  assert.equal(await preview.evaluate(() => window.unchanged), true, 'the preview kept its page');
  // A look chosen after: the preview shows it with the author's items, and the code keeps them.
  await page.getByTestId('embed-theme').selectOption('dark');
  await page.waitForFunction(() => /theme=dark/.test(document.querySelector('[data-testid="embed-preview"]').getAttribute('src')));
  // The frame's new page (not the one it is leaving, marked above) with its app.
  const again = await (await element.elementHandle()).contentFrame();
  await again.waitForFunction(() => window.unchanged === undefined);
  await appReady(again);
  assert.deepEqual(await setCells(again), sorted(['apple', 'kiwi'].flatMap((word) => bitIndexes(word, 16, 3))));
  assert.match(await page.getByTestId('embed-snippet').textContent(), /item=apple&amp;item=kiwi&amp;theme=dark/);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a widget opened with items names them before anything is done: a post shows no list of them', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/playground/?m=32&k=3&item=apple&item=kiwi');
  assert.equal(await page.getByTestId('idle-holding').textContent(), 'The filter holds “apple”, “kiwi”. Type an item and press Insert or Query.');
  await page.getByTestId('item-input').fill('pear');
  await page.getByTestId('query-button').click();
  assert.equal(await page.getByTestId('idle-holding').count(), 0, 'an action says what it did instead');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the calculator’s fields typed in the embed page’s preview go into the code, its height with them', async () => {
  const { page, problems, preview } = await openPreview('/embed/#widget=calculator');
  const height = () => page.getByTestId('embed-snippet').textContent().then((code) => Number(code.match(/height="(\d+)"/)[1]));
  const empty = await height();
  assert.doesNotMatch(await page.getByTestId('embed-snippet').textContent(), /n=/);
  await preview.getByTestId('calc-input-n').fill('1000000');
  await preview.getByTestId('calc-input-p').fill('0.001');
  await page.waitForFunction(() => /embed\/calculator\/\?n=1000000&amp;p=0\.001/.test(document.querySelector('[data-testid="embed-snippet"]').textContent));
  // The answer makes the widget taller: the frame the code writes is as tall.
  await page.waitForFunction((before) => Number(document.querySelector('[data-testid="embed-snippet"]').textContent.match(/height="(\d+)"/)[1]) > before, empty);
  assert.ok(await height() > empty);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a snippet for 300 items carries them compressed, and the widget it shows restores them all', async () => {
  const { items, query } = manyItems();
  const { page, problems } = await openPage(site.context, site.origin, `/embed/#widget=playground&${query}`, { ready: 'embed-snippet' });
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-snippet"]').textContent.includes('z='));
  const snippet = await page.getByTestId('embed-snippet').textContent();
  console.log(`snippet for 300 items: ${snippet.length} characters (the items spelled out: ${query.length})`);
  assert.ok(snippet.length < query.length / 4, `${snippet.length} characters`);
  assert.doesNotMatch(snippet, /item=/);
  await assertSnippetRestores(page.context(), snippet, items);
  assert.deepEqual(problems(), []);
  await page.close();
});

test("the playground's “Embed this” link carries 300 items compressed, and the embed page it opens has them all", async () => {
  const { items, query } = manyItems();
  const { page, problems } = await openPage(site.context, site.origin, `/#${query}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="stat-n"]')?.dataset.value === '300');
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-this"]').getAttribute('href').includes('z='));
  const href = await page.getByTestId('embed-this').getAttribute('href');
  assert.doesNotMatch(href, /item=/);
  assert.ok(href.length < query.length / 4, `${href.length} characters against ${query.length}`);
  await page.getByTestId('embed-this').click();
  await page.waitForURL(/\/embed\/#/);
  await appReady(page);
  await assertSnippetRestores(page.context(), await page.getByTestId('embed-snippet').textContent(), items);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a blog post with all three widgets downloads at most the playground widget\'s budget and 3 KB before the first one works, and nothing for the others until they are in view', async () => {
  const widgets = [
    ['playground', 'm=16&item=apple', 'item-input'],
    ['chart', 'm=64&k=4&item=a&item=b', 'fpr-chart'],
    ['calculator', 'n=1e6&p=0.01', 'calc-m'],
  ];
  const filler = '<p>' + 'A paragraph of the post between the widgets. '.repeat(60) + '</p>';
  const blogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-blog-'));
  fs.writeFileSync(path.join(blogDir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Three widgets</title></head>
<body><h1>Bloom filters in three widgets</h1>
${widgets.map(([widget, query]) => `<iframe id="${widget}" src="${site.origin}/embed/${widget}/#${query}" title="${widget}" width="100%" height="640" loading="lazy" style="border:0"></iframe>${filler.repeat(24)}`).join('\n')}
</body></html>`);
  const blog = await serve(blogDir);
  const reader = await site.context.newPage();
  await reader.setViewportSize({ width: 1280, height: 900 });
  // What the widget costs the reader: everything fetched from the widget's site (the author's own
  // page is the author's business).
  const transfers = [];
  reader.on('requestfinished', async (request) => {
    if (!request.url().startsWith(site.origin)) return;
    const sizes = await request.sizes().catch(() => null);
    if (sizes) transfers.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  const errors = [];
  reader.on('pageerror', (error) => errors.push(error.message));
  try {
    await reader.goto(`${blog.origin}/index.html`);
    // The first widget is usable: it takes an insert.
    const first = reader.frameLocator('#playground');
    // While the app takes the prerendered copy over, both hold a field for a moment: wait for one.
    await first.getByTestId('item-input').first().waitFor();
    await appReady(await (await reader.locator('#playground').elementHandle()).contentFrame());
    await first.getByTestId('item-input').fill('kiwi');
    await first.getByTestId('insert-button').click();
    await first.getByTestId('outcome').getByText('kiwi').first().waitFor();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
    console.log(`blog page with three widgets: ${before} bytes before the first works (${transfers.length} requests)`);
    // Everything the reader's browser fetched for it — files, text, response headers, the host's
    // script and the blog's own page — within the playground widget's budget (e2e/sizes.mjs) and
    // 3 KB for what is not the widget's.
    const widget = ENTRIES.find((entry) => entry.name === 'embed: playground').budget;
    assert.ok(before <= widget + 3 * 1024, `${before} bytes: ${transfers.map((t) => `${t.url} ${t.bytes}`).join(', ')}`);
    assert.ok(transfers.every((t) => !/embed\/(chart|calculator)\//.test(t.url)), 'the widgets below are not loaded yet');
    // The others come alive as the reader scrolls to them.
    for (const [widget, , ready] of widgets.slice(1)) {
      await reader.locator(`#${widget}`).scrollIntoViewIfNeeded();
      await reader.frameLocator(`#${widget}`).getByTestId(ready).first().waitFor();
    }
    assert.deepEqual(errors, []);
  } finally {
    await reader.close();
    blog.server.close();
    fs.rmSync(blogDir, { recursive: true, force: true });
  }
});

test('the counting widget in a post is as tall as its filter and what happened: its statistics, overflow and deletion cost fold, a reader opens them; a long scheme name stays in the column', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/counting/?m=32&k=3&add=cat&add=dog&add=fox&add=owl&del=dog', { ready: 'item-input', width: 680, height: 900 });
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  // A post's frame once held 1,983 px of it at this width.
  assert.ok(tall <= 1300, `the widget is ${tall} px tall`);
  for (const [panel, heading] of [['stats-panel', 'Statistics'], ['overflow-panel', 'Overflow'], ['cost-panel', 'What deletion costs']]) {
    const details = page.locator(`details.${panel}`);
    assert.equal(await details.getAttribute('open'), null, `${panel} folded`);
    const summary = details.locator('summary');
    assert.match(await summary.textContent(), new RegExp(heading));
    await summary.click();
    assert.notEqual(await details.getAttribute('open'), null, `${panel} opens`);
    assert.ok(await details.locator(':scope > :not(summary)').first().isVisible(), `${panel}'s content shows`);
  }
  const select = await page.getByTestId('scheme-select').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { right: box.right, width: innerWidth };
  });
  assert.ok(select.right <= select.width, `the scheme's select ends at ${select.right} of ${select.width} px`);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a step-through whose words cannot be had (the network gone before they came) says so and lets the widget go; opened again with the network back, it steps', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/embed/playground/#m=32&k=3&item=apple');
  await page.route('**/details.json', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('step-query-button').click();
  await page.getByTestId('step-missing').waitFor();
  assert.equal(await page.getByTestId('step-missing').textContent(), 'The step-through’s words could not be loaded (no network). Close, and try again once it is back.');
  // Its one button has the keyboard, and Esc lets the widget go as the button does.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'step-close');
  await page.keyboard.press('Escape');
  await page.getByTestId('step-through').waitFor({ state: 'detached' });
  assert.equal(await page.locator('.item-panel').getAttribute('inert'), null, 'the field and its buttons work again');
  await page.getByTestId('query-button').click();
  await page.getByTestId('verdict').waitFor();
  // The network back, the same button steps.
  await page.unroute('**/details.json');
  await page.getByTestId('step-query-button').click();
  await page.getByTestId('step-title').waitFor();
  assert.equal(await page.getByTestId('step-missing').count(), 0);
  assert.deepEqual(problems().filter((problem) => !/details\.json|ERR_INTERNET_DISCONNECTED/.test(problem)), []);
  await page.close();
});

// End-to-end tests of the site offline: after one visit the service worker has every page, so a
// teacher on a classroom's bad Wi-Fi can reload, change chapter and open a widget with no network;
// a new build takes over on a later visit and the page says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distDir, launchBrowser, openPage, serve, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const site = useSite({ serviceWorkers: 'allow' });

test('the service worker is registered only once the app has taken the page over, so its download of the site waits', async () => {
  const page = await site.context.newPage();
  await page.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      window.__registeredWithCopy = Boolean(document.getElementById('prerendered'));
      return register(...args);
    };
  });
  await page.goto(`${site.origin}/learn/4/`);
  await page.waitForFunction(() => '__registeredWithCopy' in window, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.__registeredWithCopy), false, 'registered while the prerendered copy was still there');
  await page.close();
});

/** The note comes at the reader's next action once the site is kept (or updated): acts until it does. */
async function actUntilNote(page, words) {
  const note = page.getByTestId('offline-note').getByText(words);
  for (let tries = 0; (await note.count()) === 0; tries++) {
    assert.ok(tries < 150, `"${words}" was said`);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
  }
}

test('after one visit the site works offline: a reload, another chapter, the calculator, a widget', async () => {
  const { page, problems } = await openPage(site.context, site.origin, '/learn/4/', { ready: 'chapter' });
  // The note waits for the reader's first action (left alone, it would be the page's largest paint).
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1000);
  assert.equal(await page.getByTestId('offline-note').count(), 0, 'nothing said to a page left alone');
  const mainTop = () => page.evaluate(() => document.querySelector('main').getBoundingClientRect().top + scrollY);
  const before = await mainTop();
  await actUntilNote(page, 'This site now works offline.');
  // The footer's first line, in the page's flow: nothing of the page is under it, nothing above it moved.
  const note = page.locator('.site-footer > [data-testid="offline-note"]:first-child');
  assert.equal(await note.count(), 1);
  assert.equal(await note.evaluate((element) => getComputedStyle(element).position), 'static');
  assert.ok(await note.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const main = document.querySelector('main').getBoundingClientRect();
    return box.top >= main.bottom;
  }), 'the note is under the page');
  assert.equal(await mainTop(), before, 'the page did not move when the note came');
  await site.context.setOffline(true);
  try {
    for (const [url, ready, check] of [
      ['/learn/4/', 'chapter', async (p) => assert.equal(await p.locator('h1').textContent(), 'False positives')],
      ['/learn/7/?lang=ja', 'chapter', async (p) => assert.equal(await p.getByTestId('chapter').getAttribute('data-chapter'), '7')],
      ['/calculator/#n=1e6&p=0.01', 'calc-m', async (p) => assert.ok(Number(await p.getByTestId('calc-m').getAttribute('data-value')) > 9e6)],
      ['/embed/chart/#m=64&k=4&item=a', 'fpr-chart', async (p) => assert.equal(await p.locator('[data-testid="fpr-point"]').count(), 1)],
      ['/#m=16&item=apple', 'item-input', async (p) => assert.equal(await p.getByTestId('stat-n').getAttribute('data-value'), '1')],
      ['/count-min/#w=8&d=2&add=3*pear', 'cms-cell', async (p) => assert.equal(await p.getByTestId('cms-total').textContent(), '3')],
      ['/embed/counting/#m=16&add=apple', 'counter', async (p) => assert.equal(await p.getByTestId('counter').count(), 16)],
    ]) {
      await page.goto(site.origin + url);
      await page.getByTestId(ready).first().waitFor();
      // The app itself has taken over, from the cache.
      await page.waitForFunction(() => !document.getElementById('prerendered'));
      await check(page);
    }
  } finally {
    await site.context.setOffline(false);
  }
  assert.deepEqual(problems().filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED')), []);
  await page.close();
});

test('a new build takes over on a later visit, and the page says the site was updated', async () => {
  // A copy of the build, so this test can publish a "new" one.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-site-'));
  fs.cpSync(distDir, copy, { recursive: true });
  const { server, origin } = await serve(copy);
  try {
    const first = await openPage(site.context, origin, '/calculator/', { ready: 'calc-input-n', keepStorage: true });
    await actUntilNote(first.page, 'This site now works offline.');
    await first.page.close();
    // Publish: any change to any file gives a new worker.
    const worker = path.join(copy, 'sw.js');
    fs.writeFileSync(worker, fs.readFileSync(worker, 'utf8').replace(/const VERSION = "(\w+)"/, 'const VERSION = "$1-next"'));
    // The next visit finds the new worker, which fetches the new build and takes over …
    const second = await openPage(site.context, origin, '/calculator/', { ready: 'calc-input-n', keepStorage: true });
    // (Taken over: the new worker has every file and has cleared the old build's cache.)
    const cachesNow = () => second.page.evaluate(() => caches.keys());
    for (let wait = 0; !((await cachesNow()).join().endsWith('-next') && (await cachesNow()).length === 1); wait++) {
      assert.ok(wait < 300, `the new build took over: ${await cachesNow()}`);
      await second.page.waitForTimeout(100);
    }
    assert.equal(await second.page.getByTestId('offline-note').count(), 0, 'the page that found the update says nothing yet');
    await second.page.close();
    // … and the visit after that is served by it, and says so.
    const third = await openPage(site.context, origin, '/calculator/', { ready: 'calc-input-n', keepStorage: true });
    await actUntilNote(third.page, 'The site was updated since your last visit.');
    assert.deepEqual(third.problems(), []);
    await third.page.close();
  } finally {
    server.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a widget in an author’s page works offline after one visit: its own files kept, none of the rest of the site', async () => {
  // The widget's site and the author's blog, on two sites (localhost and 127.0.0.1), as a post
  // embeds a widget from elsewhere.
  const widgets = await serve();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-blog-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A post</title></head><body><p>Before.</p>
<iframe src="${widgets.origin}/embed/playground/?m=32&k=3&item=apple" title="Playground" width="100%" height="700" style="border:0"></iframe></body></html>`);
  const blog = await serve(dir);
  const post = blog.origin.replace('127.0.0.1', 'localhost') + '/index.html';
  // A reader's browser that lets a frame of another site keep files (kept apart for each site
  // around it), as Firefox does and Chrome with third-party storage allowed; this Chromium blocks
  // it unless told (where it is blocked the widget simply needs the network, as before).
  const reader = await launchBrowser({ serviceWorkers: 'allow', args: ['--disable-features=TrackingProtection3pcd'] });
  const live = async (page) => {
    const frame = await (await page.locator('iframe').elementHandle()).contentFrame();
    await frame.waitForFunction(() => document.querySelector('[data-testid="item-input"]') && !document.getElementById('prerendered'));
    return frame;
  };
  const set = (frame) => frame.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)).sort((a, b) => a - b));
  try {
    const page = await reader.context.newPage();
    await page.goto(post);
    let frame = await live(page);
    const apple = await set(frame);
    assert.deepEqual(apple, [...new Set(bitIndexes('apple', 32, 3))].sort((a, b) => a - b));
    // The widget's worker keeps what the widget loaded: its page, its program, its texts.
    const keptFiles = () => frame.evaluate(async () => {
      const files = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) files.push(new URL(request.url).pathname);
      }
      return files;
    });
    let kept = await keptFiles();
    // And the texts it shows only when asked (the step-through's), which it has not yet fetched.
    const needed = (files) => ['.wasm', '.js', '/embed/playground/', '/locales/en/widgets.json', '/locales/en/details.json'].every((end) => files.some((file) => file.endsWith(end)));
    for (let tries = 0; !needed(kept); tries++) {
      assert.ok(tries < 100, `the widget's files kept: ${kept.join(' ')}`);
      await page.waitForTimeout(200);
      kept = await keptFiles();
    }
    assert.ok(kept.every((file) => !/^\/(learn|lab|bugs|counting|embed\/(counting|chart|lab))\//.test(file)), `only the widget’s own files: ${kept.join(' ')}`);
    // The widget's site goes away; the post, reloaded, still has a working widget.
    widgets.server.closeAllConnections();
    widgets.server.close();
    await page.reload();
    frame = await live(page);
    assert.deepEqual(await set(frame), apple);
    await frame.getByTestId('item-input').fill('banana');
    await frame.getByTestId('insert-button').click();
    const both = [...new Set([...bitIndexes('apple', 32, 3), ...bitIndexes('banana', 32, 3)])].sort((a, b) => a - b);
    await frame.waitForFunction((count) => document.querySelectorAll('[data-testid="bit"][data-set="true"]').length === count, both.length);
    assert.deepEqual(await set(frame), both);
    // Offline, a step-through has its words.
    await frame.getByTestId('step-query-button').click();
    await frame.getByTestId('step-title').waitFor();
  } finally {
    await reader.close();
    blog.server.close();
    if (widgets.server.listening) widgets.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

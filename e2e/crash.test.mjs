// End-to-end tests of what a reader sees when the app stops: the release build aborts on a panic,
// which the browser reports as a WebAssembly.RuntimeError, and the page then shows a note at its top
// with a button that reloads it (static/crash.js), in the page's language. The app is made to stop
// for real: the test calls the page's own wasm allocator with an impossible alignment, which aborts
// the module exactly as a panic does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appReady, openPage, useSite } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const site = useSite();

/** The note's words in `lang`, from the site's own text file. */
const noteText = (lang) =>
  JSON.parse(fs.readFileSync(path.join(root, `static/locales/${lang}/widgets.json`), 'utf8')).CrashReload;

/** Keeps the module's exports where the test can reach them (the page's loader does not). */
async function keepExports(page) {
  await page.addInitScript(() => {
    for (const name of ['instantiateStreaming', 'instantiate']) {
      const original = WebAssembly[name];
      WebAssembly[name] = async (...args) => {
        const result = await original.apply(WebAssembly, args);
        window.__exports = (result.instance ?? result).exports;
        return result;
      };
    }
  });
}

/** Opens `url` with its exports kept; the app is running when this resolves. */
async function openKept(url, ready) {
  const opened = await openPage(site.context, site.origin, url, { ready });
  await keepExports(opened.page);
  await opened.page.reload();
  await opened.page.getByTestId(ready).first().waitFor({ state: 'attached' });
  return opened;
}

/** Aborts the running module from a task of its own (`error`) or from a promise (`rejection`). */
async function abortModule(page, how) {
  await page.waitForFunction(() => Boolean(window.__exports?.__wbindgen_malloc));
  await page.evaluate((how) => {
    const abort = () => window.__exports.__wbindgen_malloc(8, 3);
    if (how === 'rejection') Promise.resolve().then(abort);
    else setTimeout(abort);
  }, how);
}

test('a stopped app says so at the top of the page and reloads on a click', async () => {
  const { page } = await openKept('/#m=16&item=apple', 'item-input');
  assert.equal(await page.locator('#crash-note').count(), 0, 'no note while the app runs');
  await abortModule(page, 'error');
  const button = page.locator('#crash-note button');
  await button.waitFor();
  await page.waitForFunction((text) => document.querySelector('#crash-note button').textContent === text, noteText('en'));
  assert.equal(await page.locator('#crash-note').getAttribute('role'), 'alert');
  const box = await page.locator('#crash-note').boundingBox();
  assert.equal(box.y, 0, 'at the top of the window');
  await page.mouse.wheel(0, 2000);
  assert.equal((await page.locator('#crash-note').boundingBox()).y, 0, 'still in view after scrolling');
  await Promise.all([page.waitForEvent('load'), button.click()]);
  await appReady(page);
  assert.equal(await page.locator('#crash-note').count(), 0, 'gone after the reload');
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '1', 'the link kept the state');
  await page.close();
});

test('the note speaks the page’s language, in a widget too, whichever way the module stopped', async () => {
  for (const [url, ready, lang, how] of [
    ['/ja/#m=16', 'item-input', 'ja', 'rejection'],
    ['/zh/learn/2/', 'chapter', 'zh', 'error'],
    ['/embed/chart/#m=64&k=4&item=a', 'fpr-chart', 'en', 'rejection'],
  ]) {
    const { page } = await openKept(url, ready);
    await abortModule(page, how);
    await page.waitForFunction(
      (text) => document.querySelector('#crash-note button')?.textContent === text,
      noteText(lang),
    );
    assert.equal(await page.locator('#crash-note').count(), 1, `${url}: one note`);
    await page.close();
  }
});

// What every end-to-end test needs: the release build served from dist/ on loopback, a fresh headless
// Chromium (Debian's, driven by playwright-core), and checks that run on every page: no console
// error, no uncaught exception, and no request to any host but the local server.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'dist');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

const compressible = new Set(['.html', '.js', '.wasm', '.css', '.svg', '.json']);
const gzipped = new Map();

/**
 * Serves `dir` on 127.0.0.1 at a free port, gzipped at level 9 for clients that accept it (as a static
 * host does); resolves to { server, origin }.
 */
export function serve(dir = distDir, port = 0) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: run \`make build\` first`);
  }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (error, body) => {
      if (error) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const headers = { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' };
      if (compressible.has(path.extname(file)) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        const key = `${file}:${body.length}`;
        if (!gzipped.has(key)) gzipped.set(key, zlib.gzipSync(body, { level: 9 }));
        headers['content-encoding'] = 'gzip';
        response.writeHead(200, headers);
        response.end(gzipped.get(key));
        return;
      }
      response.writeHead(200, headers);
      response.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, origin: `http://127.0.0.1:${server.address().port}` });
    });
  });
}

/** A headless Chromium with a fresh profile and no background traffic (and, unless asked, no
 * service worker), its language `locale`; `javaScriptEnabled: false` for a reader without scripts. */
export async function launchBrowser({ serviceWorkers = 'block', locale = 'en-US', javaScriptEnabled = true, args = [] } = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    // Each test meets the site as a first visit; the offline tests let the service worker in.
    serviceWorkers,
    locale,
    javaScriptEnabled,
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the app in `target` (a page or a frame) has taken its prerendered copy over: it starts
 * after the first paint, and until then its widgets are pictures. */
// Ready: the app has taken the prerendered copy over, and a chapter's text has its real places (its
// blocks are laid out a few per frame once the app has drawn them, static/chapter-layout.js).
export const appReady = (target) => target.waitForFunction(() => !document.getElementById('prerendered')
  && !document.querySelector('.learn:not(.slides) :is(.chapter-body, .chapter-slide) > :not(section, details, [data-laid], [data-slide="1"], [data-slide="2"])'), null, { timeout: 20000 });

/** Waits until the framed widget `testid` (made once its place comes into view) has taken the height
 * its app reports, and kept it half a second: the chapter around it moves no more. Returns it. */
export async function frameSettled(page, testid) {
  await page.getByTestId(testid).scrollIntoViewIfNeeded();
  const height = () => page.evaluate((id) => {
    const frame = document.querySelector(`iframe[data-testid="${id}"]`);
    const inner = frame?.contentDocument;
    const ready = frame?.style.height && inner?.readyState === 'complete' && !inner.getElementById('prerendered');
    return ready ? parseFloat(frame.style.height) : null;
  }, testid);
  for (const start = Date.now(); Date.now() - start < 20000;) {
    const before = await height();
    await page.waitForTimeout(before === null ? 100 : 500);
    if (before !== null && (await height()) === before) return before;
  }
  throw new Error(`${testid} did not settle in 20 s`);
}

/** Waits until every framed widget a chapter has made so far has settled (`frameSettled`): a click
 * then lands where the reader sees its target. */
export async function framesSettled(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  for (const testid of await page.$$eval('iframe[data-widget-frame]', (frames) => frames.map((frame) => frame.dataset.testid))) {
    await frameSettled(page, testid);
  }
}

/**
 * Opens `url` in a new page and starts recording problems: console errors, page errors, and requests
 * to anything but `origin`. Call `problems()` at the end of a test and expect an empty list.
 * `before(page)` runs before the page is opened (routes, network conditions); with `asleep` the call
 * returns as soon as the prerendered copy holds `ready`, without waiting for the app.
 */
export async function openPage(context, origin, url, { width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', keepStorage = false, ready = 'item-input', onRequest = () => {}, before = async () => {}, asleep = false } = {}) {
  const page = await context.newPage();
  if (!keepStorage) {
    // Each test starts with no saved state (once per tab: a reload within the test keeps it).
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('bloom-e2e-fresh')) {
        localStorage.clear();
        sessionStorage.setItem('bloom-e2e-fresh', '1');
      }
    });
  }
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme, reducedMotion });
  const found = [];
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => found.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const requested = request.url();
    onRequest(requested);
    if (!requested.startsWith(origin + '/') && !requested.startsWith('data:') && !requested.startsWith('blob:')) {
      found.push(`request to another host: ${requested}`);
    }
  });
  // A page is ready when its app has taken the prerendered copy over (it starts after the first
  // paint): until then the widgets are pictures. Every navigation of the page waits for that too.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.gotoPrerendered = goto;
  page.goto = async (...args) => { const response = await goto(...args); await appReady(page); return response; };
  page.reload = async (...args) => { const response = await reload(...args); await appReady(page); return response; };
  await before(page);
  if (asleep) {
    // Only the prerendered copy: the test acts on it before the app arrives.
    await goto(origin + url, { waitUntil: 'domcontentloaded' });
    await page.locator(`#prerendered [data-testid="${ready}"]`).first().waitFor({ state: 'attached' });
  } else {
    await page.goto(origin + url);
    await page.getByTestId(ready).first().waitFor({ state: 'attached' });
  }
  return { page, problems: () => found };
}

const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Opens `link` in a browser with a profile of its own, as a student's phone would (390 × 844), and
 * runs `check` on the page once the app has taken it over. */
export async function openOnPhone(link, check) {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await appReady(page);
    await check(page);
  } finally {
    await browser.close();
  }
}

/** Runs axe-core (WCAG 2.x A and AA plus best practices) and returns the violations, summarised. */
export async function axeViolations(page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () =>
    // eslint-disable-next-line no-undef
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  return result.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
}

/**
 * The site under test for one test file: `dist/` served on loopback and a fresh Chromium, started
 * before the file's first test and stopped after its last. Read `site.origin` and `site.context`.
 */
export function useSite(options) {
  const site = {};
  before(async () => {
    Object.assign(site, await serve());
    site.browser = await launchBrowser(options);
    site.context = site.browser.context;
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}

/**
 * What a projector audience could not read, measured in the page: every visible piece of text (and
 * every field's typed text) smaller than `minimum` CSS pixels as drawn (an SVG's scale included), every
 * element whose content is cut off or hidden behind a scroll bar, and whether the page scrolls sideways.
 * Visually hidden text (for screen readers) and fields' own scrolling are left out. A chapter's drawing
 * labels its picture in type of at least `drawing` pixels.
 */
export function readabilityProblems(page, minimum = 28, drawing = 20) {
  return page.evaluate(([minimum, drawing]) => {
    const small = [];
    const clipped = [];
    const describe = (element) => `${element.tagName.toLowerCase()}${element.classList.length ? '.' + [...element.classList].join('.') : ''}`;
    const drawnSize = (element) => {
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (!(element instanceof SVGElement)) return size;
      const matrix = element.getScreenCTM();
      return size * Math.hypot(matrix.a, matrix.b);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent.trim() || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const size = drawnSize(element);
      // A chapter's drawing is a picture: its labels may be smaller than the words, never small.
      const least = element.closest('.chapter-figure svg') ? drawing : minimum;
      if (size < least - 0.05) small.push(`${describe(element)} ${size.toFixed(1)}px “${node.textContent.trim().slice(0, 24)}”`);
    }
    for (const element of document.querySelectorAll('body *')) {
      if (element instanceof SVGElement || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)) {
        const size = drawnSize(element);
        if (size < minimum - 0.05) small.push(`${describe(element)} ${size.toFixed(1)}px (typed text)`);
        continue;
      }
      const style = getComputedStyle(element);
      // Visually hidden on purpose (text for screen readers).
      if (style.clip !== 'auto' || style.clipPath !== 'none') continue;
      // Inside a box that scrolls or clips sideways, the box is what is judged (below).
      const insideScroller = (() => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return true;
        }
        return false;
      })();
      if (box.right > innerWidth + 1 && !insideScroller) clipped.push(`${describe(element)} runs past the right edge`);
      // A line that ends in an ellipsis and holds its whole text in its title says it goes on.
      const ellipsis = style.textOverflow === 'ellipsis' && element.title !== '';
      if (style.overflowX !== 'visible' && !ellipsis && element.scrollWidth > element.clientWidth + 1) clipped.push(`${describe(element)} cut off sideways`);
      // A box that scrolls and takes the keyboard's focus to do so is read by scrolling it, not cut off.
      const scrollable = element.tabIndex >= 0 && ['auto', 'scroll'].includes(style.overflowY);
      if (style.overflowY !== 'visible' && !scrollable && element.scrollHeight > element.clientHeight + 1) clipped.push(`${describe(element)} cut off below`);
    }
    if (document.documentElement.scrollWidth > innerWidth) clipped.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return { small: [...new Set(small)], clipped: [...new Set(clipped)] };
  }, [minimum, drawing]);
}

/** The probed cells' badges that cover a number of the array in `page` (or frame): each as "badge of
 * 15 on 15 bit-index". A badge leaves its cell's index and value readable (the glyphs' own boxes,
 * measured with a range, not the boxes of the elements around them), and its neighbours': it keeps
 * 2 px clear of every number on the array. */
export function badgesOverNumbers(page) {
  return page.$$eval('.bit', (cells) => {
    const glyphs = (element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    // What is drawn: a copy hidden at this size (a phone's strip of probed bits) is not.
    const drawn = (element) => element.getClientRects().length > 0;
    const badges = [...document.querySelectorAll('.bit.probe .bit-badge')].filter(drawn).map((badge) => [badge.closest('.bit').dataset.index, badge.getBoundingClientRect()]);
    return cells.filter(drawn).flatMap((cell) => [...cell.querySelectorAll('.bit-index, .bit-value')].flatMap((part) => {
      const text = glyphs(part);
      return badges.filter(([, badge]) => !(badge.right + 2 <= text.left || text.right + 2 <= badge.left || badge.bottom + 2 <= text.top || text.bottom + 2 <= badge.top))
        .map(([at]) => `badge of ${at} on ${cell.dataset.index} ${part.className}`);
    }));
  });
}

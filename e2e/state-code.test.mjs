// End-to-end tests for the state on every student's phone: in presenter mode a button and a key show
// a QR code of the exact state — filter, last query, step-through part-way, presenter mode — which an
// independent decoder (npm jsqr) reads from the screen, and whose link opens the same state in a
// fresh browser profile. The encoder is fetched only when a code is asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { openOnPhone, openPage, useSite } from './harness.mjs';
import { bitIndexes } from './reference.js';

const site = useSite();

const open = (url, options) => openPage(site.context, site.origin, url, options);
const FILTER = '#m=32&k=3&scheme=double&item=apple&item=banana&item=cherry&item=date';

/** Reads the QR code on screen as a phone would: a screenshot of the drawn symbol, decoded by jsQR. */
async function scan(page) {
  const symbol = page.getByTestId('qr-code');
  await page.waitForFunction(() => document.querySelector('[data-testid="qr-code"]')?.dataset.state === 'drawn');
  const png = await symbol.screenshot();
  const { data, width, height } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(pixels.data), width: pixels.width, height: pixels.height };
  }, png.toString('base64'));
  const read = jsQR(Uint8ClampedArray.from(data), width, height);
  assert.ok(read, 'the drawn code can be read');
  return read.data;
}


/** The height on screen of the drawn code's squares: the symbol less its quiet zone of 4 modules a side. */
async function squaresHeight(page) {
  const code = page.getByTestId('qr-code');
  await page.locator('[data-testid="qr-code"][data-state="drawn"]').waitFor();
  const size = Number(await code.getAttribute('data-size'));
  const box = await code.boundingBox();
  return (box.height * size) / (size + 8);
}

test('the QR code holds the filter and the last query, and its link opens both on another machine, a phone at the result', async () => {
  const asked = [];
  const { page, problems } = await open(`/${FILTER}`, { width: 1920, height: 1080, onRequest: (url) => asked.push(url) });
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('query-button').click();
  const verdict = await page.getByTestId('verdict').getAttribute('data-verdict');
  await page.keyboard.press('p');
  await page.locator('.app.presenter').waitFor();
  // Nothing of the encoder is fetched until a code is asked for.
  assert.deepEqual(asked.filter((url) => /\/qr\.(js|wasm)$/.test(url)), []);
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.equal(await page.getByTestId('qr-code').getAttribute('data-value'), link, 'data-value is the link the code encodes');
  assert.equal(await page.getByTestId('code-link').textContent(), link, 'the link is written under the code');
  assert.equal(await page.getByTestId('code-link').getAttribute('href'), link);
  assert.ok(asked.some((url) => url.endsWith('/qr.wasm')), 'the encoder arrived when asked for');
  const url = new URL(link);
  assert.equal(url.origin, site.origin);
  const state = new URLSearchParams(url.hash.slice(1));
  assert.deepEqual(state.getAll('item'), ['apple', 'banana', 'cherry', 'date']);
  assert.equal(state.get('query'), 'grape');
  assert.equal(state.get('present'), '1');
  // Most of the screen's height: its squares alone (the quiet zone around them aside) at least 40 %.
  const squares = await squaresHeight(page);
  assert.ok(squares >= 0.4 * 1080, `the code's squares are ${squares} px tall`);
  // Escape closes it; the key opens it again.
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('qr-code').count(), 0);
  await page.keyboard.press('c');
  await page.getByTestId('qr-code').waitFor();
  // A remote has no Esc: its PageDown closes the code too.
  await page.keyboard.press('PageDown');
  assert.equal(await page.getByTestId('qr-code').count(), 0, 'PageDown closed the code');
  await page.keyboard.press('c');
  await page.getByTestId('qr-code').waitFor();
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    // A phone reads the wall's state in the page's own type (the stage is for a projector).
    assert.equal(await phone.locator('.app.presenter').count(), 0);
    assert.equal(await phone.getByTestId('item-input').inputValue(), 'grape');
    assert.equal(await phone.getByTestId('verdict').getAttribute('data-verdict'), verdict);
    assert.match(await phone.getByTestId('verdict').textContent(), /grape/);
    for (const index of bitIndexes('grape', 32, 3)) {
      assert.equal(await phone.locator(`[data-testid="bit"][data-index="${index}"]`).count(), 1);
    }
    // It opens at the result, not at the page's top: the field, the verdict and every probed bit
    // on the phone's first screen.
    await phone.waitForFunction((indexes) => {
      const seen = (element) => {
        const box = element?.getBoundingClientRect();
        return box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
      };
      return seen(document.querySelector('[data-testid="item-input"]')) && seen(document.querySelector('[data-testid="verdict"]'))
        && indexes.every((index) => seen(document.querySelector(`[data-testid="bit"][data-index="${index}"]`)));
    }, bitIndexes('grape', 32, 3), { timeout: 5000 });
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the link under the code is written as a class reads it: a word in Chinese as its characters, while the code and the link carry its escapes', async () => {
  const { page, problems } = await open(`/${FILTER}`, { width: 1280, height: 720 });
  await page.getByTestId('item-input').fill('苹果');
  await page.getByTestId('query-button').click();
  await page.getByTestId('verdict').waitFor();
  await page.keyboard.press('p');
  await page.locator('.app.presenter').waitFor();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.match(link, /query=%E8%8B%B9%E6%9E%9C/);
  assert.equal(await page.getByTestId('code-link').getAttribute('href'), link);
  const written = await page.getByTestId('code-link').textContent();
  assert.match(written, /query=苹果/);
  assert.equal(encodeURI(written), link);
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a step-through part-way travels in the code, which holds the keys while it is open: the phone opens the same step of the same insert', async () => {
  const { page, problems } = await open(`/${FILTER}`, { width: 1280, height: 720 });
  await page.getByTestId('item-input').fill('fox');
  await page.getByTestId('step-insert-button').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-next').click();
  const panel = page.getByTestId('step-through');
  assert.equal(await panel.getAttribute('data-step'), '4');
  const title = await page.getByTestId('step-title').textContent();
  await page.getByTestId('presenter-toggle').click();
  await page.locator('.app.presenter').waitFor();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  const state = new URLSearchParams(new URL(link).hash.slice(1));
  assert.equal(state.get('steps'), 'insert.5.fox');
  assert.deepEqual(state.getAll('item'), ['apple', 'banana', 'cherry', 'date'], 'the insert has not happened yet');
  // Beside the note that the link is this computer's, the squares still take 40 % of 720 px.
  const squares = await squaresHeight(page);
  assert.ok(squares >= 0.4 * 720, `the code's squares are ${squares} px tall`);
  // Served from this computer, the link cannot reach a phone: the dialog says so.
  assert.equal(await page.getByTestId('qr-code').getAttribute('data-host'), 'loopback');
  assert.match(await page.getByTestId('code-loopback').textContent(), /^This link points at this computer itself: a phone cannot open it\./);
  // At 720 px the dialog needs no scrolling: its title and its Close button are on the screen.
  const dialog = await page.locator('.code-dialog').evaluate((element) => {
    const [title, close] = [element.querySelector('h2'), element.querySelector('[data-testid="code-close"]')].map((part) => part.getBoundingClientRect());
    return { scrolls: element.scrollHeight > element.clientHeight + 1, title: title.top >= 0, close: close.bottom <= innerHeight };
  });
  assert.deepEqual(dialog, { scrolls: false, title: true, close: true });
  // The code is a dialog over the wall: Tab stays in it, the keys behind it do nothing (the steps
  // stay where the code says they are), and Esc closes it — the step-through stays open. Opened
  // with a click, it leaves the focus with the page: Space steps on, and does not open it again.
  for (let tab = 0; tab < 4; tab++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.code-dialog') || document.activeElement === document.body),
      `Tab ${tab + 1} left the dialog for ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
  }
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('i');
  assert.equal(await panel.getAttribute('data-step'), '4', 'the step behind the code stayed');
  await page.keyboard.press('Escape');
  await page.getByTestId('code-dialog').waitFor({ state: 'detached' });
  assert.equal(await panel.getAttribute('data-step'), '4', 'Esc closed the code, not the steps');
  assert.notEqual(await page.evaluate(() => document.activeElement?.dataset?.testid), 'qr-button');
  await page.keyboard.press(' ');
  assert.equal(await page.getByTestId('code-dialog').count(), 0, 'Space did not open the code again');
  assert.equal(await panel.getAttribute('data-step'), '5', 'Space stepped on');
  await page.keyboard.press('Shift+Space');
  assert.equal(await panel.getAttribute('data-step'), '4');
  // Opened from the keyboard on its button, the code gives the focus back to the button.
  for (let tab = 0; tab < 40 && await page.evaluate(() => document.activeElement?.dataset?.testid) !== 'qr-button'; tab++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await page.getByTestId('qr-code').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('code-dialog').waitFor({ state: 'detached' });
  // The focus comes back in the frame after the dialog goes.
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'qr-button', null, { timeout: 2000 }).catch(() => {});
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'qr-button');
  await page.evaluate(() => document.activeElement.blur());
  // A remote's PageDown closes it too, and only it: the next one steps on.
  await page.getByTestId('qr-button').click();
  await page.getByTestId('qr-code').waitFor();
  await page.keyboard.press('PageDown');
  await page.getByTestId('code-dialog').waitFor({ state: 'detached' });
  assert.equal(await panel.getAttribute('data-step'), '4');
  await page.keyboard.press('PageDown');
  await page.locator('[data-testid="step-through"][data-step="5"]').waitFor();

  await openOnPhone(link, async (phone) => {
    const steps = phone.getByTestId('step-through');
    await steps.waitFor();
    assert.equal(await steps.getAttribute('data-step'), '4');
    assert.equal(await phone.getByTestId('step-title').textContent(), title);
    assert.equal(await phone.getByTestId('item-input').inputValue(), 'fox');
    // The first index is marked, as on the wall; the student can step on to the insert.
    const [g0] = bitIndexes('fox', 32, 3);
    assert.equal(await phone.locator('[data-step-bit]').getAttribute('data-index'), String(g0));
    // The phone reads the presented link at a phone's size: the step's words and its bit on one screen.
    const seen = await phone.evaluate(() => {
      const place = (element) => element.getBoundingClientRect();
      const inView = (box) => box.height > 0 && box.top < innerHeight && box.bottom > 0;
      const words = place(document.querySelector('[data-testid="step-body"]'));
      return { words: Math.round(words.height), wordsInView: inView(words), bitInView: inView(place(document.querySelector('[data-step-bit]'))) };
    });
    assert.ok(seen.words >= 40 && seen.wordsInView && seen.bitInView, JSON.stringify(seen));
    assert.equal(await phone.getByTestId('stat-n').getAttribute('data-value'), '4');
    for (let i = 0; i < 3; i++) await phone.getByTestId('step-next').click();
    assert.equal(await phone.getByTestId('stat-n').getAttribute('data-value'), '5');
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a remote’s Space goes on with the show after the QR code or Menu was used from the keyboard: the focus on their buttons, Space steps on and opens nothing', async () => {
  const { page, problems } = await open(`/${FILTER}`, { width: 1280, height: 720 });
  await page.getByTestId('presenter-toggle').click();
  await page.locator('.app.presenter.folded').waitFor();
  await page.getByTestId('item-input').fill('fox');
  await page.keyboard.press('Escape');
  await page.keyboard.press('i');
  const panel = page.getByTestId('step-through');
  await panel.waitFor();
  const step = async () => Number(await panel.getAttribute('data-step'));
  const before = await step();
  // The code, opened and closed from the keyboard: the focus goes back to its button.
  await page.getByTestId('qr-button').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('code-dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('code-dialog').waitFor({ state: 'detached' });
  // The focus comes back to the button on the next frame after the code closes.
  await assert.doesNotReject(page.waitForFunction(() => document.activeElement?.dataset?.testid === 'qr-button', null, { timeout: 2000 }), 'the focus back on the code’s button');
  await page.keyboard.press(' ');
  await page.waitForTimeout(200);
  assert.equal(await page.getByTestId('code-dialog').count(), 0, 'Space did not open the code again');
  assert.equal(await step(), before + 1, 'Space stepped on');
  // Menu, pressed twice with Enter (the settings shown, then folded again): Space steps on.
  await page.getByTestId('menu-toggle').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'false');
  await page.keyboard.press(' ');
  await page.waitForTimeout(200);
  assert.equal(await page.getByTestId('menu-toggle').getAttribute('aria-expanded'), 'false', 'Space did not unfold the menu');
  assert.equal(await step(), before + 2, 'Space stepped on');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('at the result step the code still holds the step-through: the phone opens the last step, the item inserted once and the bits it set shown', async () => {
  const { page, problems } = await open(`/${FILTER}`, { width: 1280, height: 720 });
  await page.getByTestId('item-input').fill('fox');
  await page.getByTestId('step-insert-button').click();
  const panel = page.getByTestId('step-through');
  const steps = Number(await panel.getAttribute('data-steps'));
  for (let step = 1; step < steps; step++) await page.getByTestId('step-next').click();
  await page.locator(`[data-testid="step-through"][data-step="${steps - 1}"]`).waitFor();
  const outcome = await page.getByTestId('outcome').textContent();
  await page.getByTestId('presenter-toggle').click();
  await page.locator('.app.presenter').waitFor();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  const state = new URLSearchParams(new URL(link).hash.slice(1));
  assert.equal(state.get('steps'), `insert.${steps}.fox`);
  assert.deepEqual(state.getAll('item'), ['apple', 'banana', 'cherry', 'date', 'fox'], 'the insert has happened');
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    const opened = phone.getByTestId('step-through');
    await opened.waitFor();
    assert.equal(await opened.getAttribute('data-step'), String(steps - 1), `step ${steps} of ${steps}, as on the wall`);
    assert.equal(await phone.getByTestId('stat-n').getAttribute('data-value'), '5', 'fox is in once');
    assert.equal(await phone.getByTestId('outcome').textContent(), outcome, 'what happened, as on the wall');
    const set = await phone.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
    for (const index of bitIndexes('fox', 32, 3)) assert.ok(set.includes(index), `bit ${index} of fox is set`);
    assert.equal(await phone.getByTestId('state-error').count(), 0, 'nothing reported as left out');
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the counting page’s step part-way travels in the code: the phone opens the same probe of the same query', async () => {
  const { page, problems } = await open('/counting/#m=32&k=3&c=4&add=apple&add=pear&add=plum', { width: 1280, height: 720 });
  await page.getByTestId('item-input').fill('grape');
  await page.getByTestId('query-button').click();
  await page.getByTestId('step-button').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-next').click();
  const line = page.locator('[data-testid="step-text"][data-step="2"]');
  await line.waitFor();
  const said = await line.textContent();
  assert.match(said, new RegExp(`^Probe 2 of 3: g1 = ${bitIndexes('grape', 32, 3)[1]}`));
  await page.getByTestId('presenter-toggle').click();
  await page.locator('.app.presenter').waitFor();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  const state = new URLSearchParams(new URL(link).hash.slice(1));
  assert.deepEqual([state.getAll('add'), state.get('query'), state.get('step')], [['apple', 'pear', 'plum'], 'grape', '2']);
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    const opened = phone.locator('[data-testid="step-text"][data-step="2"]');
    await opened.waitFor();
    assert.equal(await opened.textContent(), said, 'the step the wall shows');
    assert.equal(await phone.getByTestId('item-input').inputValue(), 'grape');
    assert.equal(await phone.getByTestId('state-error').count(), 0, 'nothing reported as left out');
    await phone.getByTestId('step-next').click();
    await phone.locator('[data-testid="step-text"][data-step="3"]').waitFor();
  });
  // Leaving the step-through leaves it out of the link.
  await page.keyboard.press('Escape');
  await page.getByTestId('step-button').waitFor();
  await page.waitForFunction(() => !/step=/.test(location.hash) && /query=grape$/.test(location.hash));
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a link with a broken step or query opens the filter and says what it left out', async () => {
  const { page, problems } = await open(`/${FILTER}&steps=remove.2.fox&query=%20`);
  const error = page.getByTestId('state-error');
  await error.waitFor();
  const text = await error.textContent();
  assert.match(text, /steps/);
  assert.match(text, /query/);
  assert.equal(await page.getByTestId('step-through').count(), 0);
  assert.equal(await page.getByTestId('stat-n').getAttribute('data-value'), '4');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('the code is only offered while presenting, and a dark page still draws it black on white', async () => {
  const { page, problems } = await open(`/${FILTER}`, { colorScheme: 'dark' });
  assert.equal(await page.getByTestId('qr-button').count(), 0);
  await page.keyboard.press('c');
  assert.equal(await page.getByTestId('qr-code').count(), 0, 'c does nothing outside presenter mode');
  await page.keyboard.press('p');
  await page.getByTestId('qr-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="qr-code"]')?.dataset.state === 'drawn');
  const colours = await page.getByTestId('qr-code').evaluate((symbol) => [...symbol.querySelectorAll('rect, path')].map((shape) => shape.getAttribute('fill')));
  assert.deepEqual(colours, ['#fff', '#000']);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'code-close', 'the focus moves into the dialog');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a state too long for any QR code says so and still gives its link; a long one goes compact first', async () => {
  // 600 items of random letters: even compressed, more than the 2,331 bytes a code holds at level M.
  let seed = 7;
  const letter = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return 'abcdefghijklmnopqrstuvwxyz'[seed % 26]; };
  const items = Array.from({ length: 600 }, () => Array.from({ length: 12 }, letter).join(''));
  const { page, problems } = await open(`/#m=1024&k=3&${items.map((item) => `item=${item}`).join('&')}`);
  await page.keyboard.press('p');
  await page.locator('.app.presenter').waitFor();
  // Presenting, the address bar's link turns compact past 500 bytes.
  await page.waitForFunction(() => location.hash.includes('z='));
  await page.getByTestId('qr-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="qr-code"]')?.dataset.state === 'too-long');
  assert.equal(await page.locator('.code-too-long').isVisible(), true);
  assert.match(await page.locator('.code-too-long').textContent(), /too long for a QR code/);
  assert.match(await page.getByTestId('code-link').textContent(), /z=.*present=1$/);
  assert.deepEqual(problems(), []);
  await page.close();
});

/** Shows the first slide of a presented chapter, from the one shown, that shows `selector` (on it or docked beside it). */
async function slideWith(page, selector) {
  const slide = page.getByTestId('slide');
  await slide.waitFor();
  const count = Number(await slide.getAttribute('data-count'));
  for (let at = Number(await slide.getAttribute('data-index')); at <= count; at++) {
    if (await page.locator(`.chapter-slide:is(.current, .docked) ${selector}`).first().isVisible()) return at;
    await page.getByTestId('slide-next').click();
    await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
  }
  throw new Error(`no slide holds ${selector}`);
}

test('a presented chapter’s code carries the slide’s widget: what was inserted and queried opens on the phone', async () => {
  const { page, problems } = await open('/learn/3/?present=1', { width: 1920, height: 1080, ready: 'chapter' });
  const at = await slideWith(page, '[data-testid="item-input"]');
  // On the slide, or docked beside it.
  const widget = page.locator('.chapter-slide:is(.current, .docked) .learn-widget');
  const field = widget.getByTestId('item-input');
  await field.fill('apple');
  await widget.getByTestId('insert-button').click();
  await field.fill('grape');
  await widget.getByTestId('query-button').click();
  const verdict = await widget.getByTestId('verdict').getAttribute('data-verdict');
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  const query = new URL(link).searchParams;
  assert.equal(query.get('slide'), String(at));
  assert.equal(query.get('present'), '1');
  assert.deepEqual(query.getAll('item'), ['apple']);
  assert.equal(query.get('query'), 'grape');
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    // The phone reads the chapter, the widget as the wall shows it, with nothing reported as ignored.
    assert.equal(await phone.locator('.app.presenter').count(), 0);
    const set = await phone.locator('[data-testid="bit"][data-set="true"]').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)).sort((a, b) => a - b));
    assert.deepEqual(set, [...new Set(bitIndexes('apple', 32, 3))].sort((a, b) => a - b));
    assert.equal(await phone.getByTestId('verdict').getAttribute('data-verdict'), verdict);
    assert.match(await phone.getByTestId('verdict').textContent(), /grape/);
    assert.equal(await phone.getByTestId('state-error').count(), 0);
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a presented chapter’s code carries chapter 4’s rate chart: m, k and the words added open on the phone', async () => {
  const { page, problems } = await open('/learn/4/?present=1', { width: 1920, height: 1080, ready: 'chapter' });
  // The chart beside prose names n in the chart itself; its count under the fields is for reading.
  await slideWith(page, '.chapter-chart [data-testid="random-words-button"]');
  const chart = page.locator('.chapter-slide:is(.current, .docked) .chapter-chart');
  const before = await chart.getByTestId('chapter-chart-n').textContent();
  await chart.getByTestId('random-words-button').click();
  await page.waitForFunction((before) => document.querySelector('.chapter-slide:is(.current, .docked) [data-testid="chapter-chart-n"]').textContent !== before, before);
  const m = chart.getByTestId('m-input');
  await m.fill('128');
  await m.press('Enter');
  const n = await chart.getByTestId('chapter-chart-n').textContent();
  assert.notEqual(n, before);
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.equal(new URL(link).searchParams.get('m'), '128');
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    assert.equal(await phone.getByTestId('chapter-chart-n').textContent(), n);
    assert.equal(await phone.getByTestId('m-input').inputValue(), '128');
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a presented chapter’s code carries a framed widget’s state: the counting filter with a word added and its last query’s answer', async () => {
  const { page, problems } = await open('/learn/7/?present=1', { width: 1920, height: 1080, ready: 'chapter' });
  await slideWith(page, '[data-testid="frame-counting"]');
  const inner = page.frameLocator('iframe[data-testid="frame-counting"]');
  await inner.getByTestId('counting-item').first().waitFor({ state: 'attached' });
  assert.equal(await inner.getByTestId('counting-item').count(), 5, 'the chapter’s five words');
  await inner.getByTestId('item-input').fill('kiwi');
  await inner.getByTestId('insert-button').click();
  await inner.getByTestId('counting-item').nth(5).waitFor({ state: 'attached' });
  // Then a query, whose answer is on the wall.
  await inner.getByTestId('item-input').fill('grape');
  await inner.getByTestId('query-button').click();
  const verdict = await inner.getByTestId('counting-verdict').textContent();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  const carried = new URLSearchParams(new URL(link).hash.slice(1)).get('frame-counting');
  assert.ok(carried, `the frame's state after # in ${link}`);
  assert.equal(new URLSearchParams(carried).get('query'), 'grape');
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    await phone.evaluate(() => document.querySelector('[data-testid="frame-counting"]').scrollIntoView());
    const frame = phone.frameLocator('iframe[data-testid="frame-counting"]');
    await frame.getByTestId('counting-item').nth(5).waitFor({ state: 'attached' });
    const words = await frame.getByTestId('counting-item').allTextContents();
    assert.equal(words.length, 6);
    assert.ok(words.some((word) => word.includes('kiwi')), words.join(' | '));
    assert.equal(await frame.getByTestId('counting-verdict').textContent(), verdict, 'the answer the wall shows');
    assert.equal(await frame.getByTestId('item-input').inputValue(), 'grape');
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a presented chapter’s code from prose beside its widget opens the phone at the widget, its verdict on the screen', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1920, height: 1080, ready: 'chapter' });
  await page.getByTestId('slide').waitFor();
  const count = Number(await page.getByTestId('slide').getAttribute('data-count'));
  for (let at = 1; !(await page.getByTestId('slide').textContent()).includes('yet it was never inserted'); at++) {
    assert.ok(at < count, 'a slide explains the false positive');
    await page.getByTestId('slide-next').click();
    await page.locator(`[data-testid="slide"][data-index="${at + 1}"]`).waitFor();
  }
  const docked = page.getByTestId('docked-slide');
  await docked.getByTestId('tour-step').nth(2).click();
  assert.equal(await docked.getByTestId('verdict').getAttribute('data-verdict'), 'false-positive');
  const word = (await docked.getByTestId('item-input').inputValue()).trim();
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.equal(new URL(link).searchParams.get('query'), word);
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    const verdict = phone.getByTestId('verdict');
    await verdict.waitFor();
    assert.equal(await verdict.getAttribute('data-verdict'), 'false-positive');
    // The phone lands on the widget, not on the slide's prose a screen further down.
    await phone.waitForFunction(() => {
      const box = document.querySelector('[data-testid="verdict"]').getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight - 40;
    }, null, { timeout: 5000 });
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a presented chapter’s code carries a bug case’s run: the phone measures it again and reads the same rates', async () => {
  const { page, problems } = await open('/learn/11/?present=1', { width: 1920, height: 1080, ready: 'chapter' });
  await slideWith(page, '[data-testid="frame-bugs"]');
  const inner = page.frameLocator('iframe[data-testid="frame-bugs"]');
  await inner.getByTestId('bug-run').click();
  const rates = (frame) => frame.locator('[data-testid="bug-rate"][data-variant="fixed"][data-value]').waitFor({ timeout: 60000 })
    .then(() => frame.locator('[data-testid="bug-rate"]').evaluateAll((all) => all.map((rate) => `${rate.dataset.variant} ${rate.textContent}`)));
  const wall = await rates(inner);
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.equal(new URLSearchParams(new URL(link).hash.slice(1)).get('frame-bugs'), 'case=shared-factor&ran=classroom');
  await page.getByTestId('code-close').click();

  await openOnPhone(link, async (phone) => {
    // The phone lands at the widget (its frame made as it comes into view) or is brought there.
    await phone.evaluate(() => document.querySelector('[data-testid="frame-bugs"]').scrollIntoView());
    const frame = phone.frameLocator('iframe[data-testid="frame-bugs"]');
    assert.deepEqual(await rates(frame), wall, 'the buggy, the fixed and the theory’s rate as the wall shows them');
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a hand-written chapter link with words but no m or k opens the chapter’s own filter', async () => {
  const { page, problems } = await open('/learn/2/?item=pear&item=cherry&item=mango&query=melon', { width: 390, height: 844, ready: 'chapter' });
  const verdict = page.getByTestId('verdict');
  await verdict.waitFor();
  assert.match(await page.locator('.learn-widget #array-heading').innerText(), /m\s=\s16,\sk\s=\s3/);
  assert.equal(await page.locator('.learn-widget [data-testid="bit"]').count(), 16);
  assert.equal(await verdict.getAttribute('data-verdict'), 'false-positive', 'melon, as the chapter says');
  assert.deepEqual(problems(), []);
  await page.close();
});

test('a chapter’s exercise travels in the code: the phone opens the same question, its cells pressed as on the wall, checked', async () => {
  const { page, problems } = await open('/learn/2/?present=1', { width: 1280, height: 720, ready: 'chapter' });
  await page.getByTestId('slide').waitFor();
  for (let i = 0; i < 30 && !(await page.locator('[data-testid="slide"] [data-testid="exercise"]').count()); i++) {
    await page.getByTestId('slide-next').click();
  }
  const exercise = page.locator('[data-testid="slide"] [data-testid="exercise"]');
  await exercise.waitFor();
  // Another question than the first, two cells pressed, checked.
  const first = await exercise.getAttribute('data-given');
  await page.getByTestId('exercise-another').click();
  await page.waitForFunction((first) => document.querySelector('[data-testid="exercise"]').dataset.given !== first, first);
  const given = await exercise.getAttribute('data-given');
  const cells = page.getByTestId('exercise-cell');
  const last = (await cells.count()) - 1;
  await cells.nth(0).click();
  await cells.nth(last).click();
  await page.getByTestId('exercise-check').click();
  // Wrong, the wall shows its working, and so do the phones.
  if ((await exercise.getAttribute('data-state')) === 'wrong') await page.getByTestId('exercise-show').click();
  const pressed = () => page.getByTestId('exercise-cell').evaluateAll((all) => all.map((cell) => cell.getAttribute('aria-pressed')));
  const wall = { given, pressed: await pressed(), state: await exercise.getAttribute('data-state'), feedback: await page.getByTestId('exercise-feedback').textContent() };
  assert.ok(['right', 'wrong'].includes(wall.state), wall.state);
  await page.getByTestId('qr-button').click();
  const link = await scan(page);
  assert.match(new URL(link).searchParams.get('exercise'), wall.state === 'wrong' ? /^1~p[\d-]*~k~s$/ : /^1~p[\d-]*~k$/);
  await openOnPhone(link, async (phone) => {
    const there = phone.getByTestId('exercise');
    await phone.waitForFunction((state) => document.querySelector('[data-testid="exercise"]')?.dataset.state === state, wall.state);
    assert.deepEqual({
      given: await there.getAttribute('data-given'),
      pressed: await phone.getByTestId('exercise-cell').evaluateAll((all) => all.map((cell) => cell.getAttribute('aria-pressed'))),
      state: await there.getAttribute('data-state'),
      feedback: await phone.getByTestId('exercise-feedback').textContent(),
    }, wall);
  });
  assert.deepEqual(problems(), []);
  await page.close();
});

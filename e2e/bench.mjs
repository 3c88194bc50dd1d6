// `make bench`, browser half: the release build in headless Chromium at the playground's largest
// settings (m = 1024, k = 16, 10,000 probe strings). Each action is timed twice: "script" from the
// event until the DOM shows the result (Yew renders in microtasks, so the test polls in microtasks),
// and "to paint" until the frame after it has been drawn (style, layout and paint included).
import { serve, launchBrowser, openPage } from './harness.mjs';

const { server, origin } = await serve();
const browser = await launchBrowser();
const { page } = await openPage(browser.context, origin, '/', { width: 1920, height: 1080 });

const results = await page.evaluate(async () => {
  const hop = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
  const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);
  const input = byTestId('item-input');
  const type = (text) => {
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  };
  const setNumber = (id, value) => {
    const field = byTestId(id);
    field.value = String(value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => hop().then(resolve)));
  const scriptTimes = {};
  // Times `action` until `done()` holds (checked after every microtask), then until the next frame.
  const timed = async (action, done = () => true, name = 'other') => {
    await frame();
    const start = performance.now();
    action();
    for (let turns = 0; !done() && turns < 100_000; turns++) await Promise.resolve();
    (scriptTimes[name] ??= []).push(performance.now() - start);
    await frame();
    return performance.now() - start;
  };
  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { runs: times.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) };
  };

  const out = {};
  const cells = () => document.querySelectorAll('[data-testid="bit"]').length;
  const nIs = (n) => () => byTestId('stat-n').dataset.value === String(n);
  const paint = {};
  paint.setM = [await timed(() => setNumber('m-input', 1024), () => cells() === 1024, 'setM')];
  paint.setK = [await timed(() => setNumber('k-input', 16), () => byTestId('outcome').textContent.includes('k = 16'), 'setK')];
  paint.insert = [];
  for (let i = 0; i < 200; i++) {
    type(`benchmark item ${i}`);
    await hop();
    paint.insert.push(await timed(() => byTestId('insert-button').click(), nIs(i + 1), 'insert'));
  }
  paint.keystroke = [];
  for (let i = 0; i < 100; i++) {
    const before = byTestId('hash-fnv').textContent;
    paint.keystroke.push(await timed(() => type(`typing ${i}`), () => byTestId('hash-fnv').textContent !== before, 'keystroke'));
  }
  paint.query = [];
  for (let i = 0; i < 50; i++) {
    type(`query ${i}`);
    await hop();
    paint.query.push(await timed(() => byTestId('query-button').click(), () => byTestId('verdict')?.textContent.includes(`query ${i}”`), 'query'));
  }
  paint.scheme = [await timed(() => {
    const select = byTestId('scheme-select');
    select.value = 'independent';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, () => byTestId('outcome').textContent.includes('independent'), 'scheme')];
  const names = {
    setM: 'set m = 1024 (rebuild, hash 10,000 probes, exact curve)',
    setK: 'set k = 16 (same)',
    insert: 'insert: update, measure 10,000 probes, render (n = 1…200)',
    keystroke: 'keystroke: hash, highlight 16 bits, render (n = 200)',
    query: 'query: verdict and provenance (n = 200)',
    scheme: 'switch to independent hashes (rebuild 200 items)',
  };
  for (const [key, name] of Object.entries(names)) {
    out[name] = { script: summary(scriptTimes[key]), paint: summary(paint[key]) };
  }
  return out;
});

console.log('Browser (release build, headless Chromium), milliseconds: script until the DOM shows it | until the next frame is painted');
const f = (x) => x.toFixed(2).padStart(7);
for (const [name, { script, paint }] of Object.entries(results)) {
  console.log(`${name.padEnd(60)} script median ${f(script.median)} p95 ${f(script.p95)} | paint median ${f(paint.median)} p95 ${f(paint.p95)} (${script.runs} runs)`);
}
await browser.close();
server.close();

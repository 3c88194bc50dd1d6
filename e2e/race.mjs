// `make bench`, the lab's race: the release build's lab page in headless Chromium runs its race — this
// site's wasm filter in the lab's worker (keys made in wasm, then keys handed over from JavaScript)
// and npm `bloomfilter` 1.1.0 and `bloom-filters` 3.0.4 in the race's worker — on the same million
// keys at 1 % with the same m and k, best of three races; the native figures come from
// `cargo bench --bench lab` (target/lab-native.json). Then "Run all 15" at full size, timed, and each
// case of the bug museum, run as a visitor runs it (click to both rates shown).
// Prints one table: implementation, ns per insert, ns per query, measured rate, ratio to ours.
import fs from 'node:fs';
import { serve, launchBrowser, openPage } from './harness.mjs';

const RUNS = 3;
const { server, origin } = await serve();
const browser = await launchBrowser();
const { page } = await openPage(browser.context, origin, '/lab/?scale=1&keys=wasm&seed=1', { ready: 'race-run', width: 1280, height: 900 });
const agent = await page.evaluate(() => `${navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent}, ${navigator.hardwareConcurrency} logical cores`);

const done = (timeout) => page.waitForFunction(
  () => /^Done/.test(document.querySelector('[data-testid="lab-status"]')?.textContent ?? ''), null, { timeout });
const races = [];
for (let run = 0; run < RUNS; run++) {
  await page.getByTestId('race-run').click();
  await done(600000);
  races.push(await page.$$eval('[data-testid="race-row"]', (rows) => rows.map((row) => ({
    impl: row.dataset.impl, nsInsert: Number(row.dataset.nsInsert), nsQuery: Number(row.dataset.nsQuery), measured: Number(row.dataset.measured),
  }))));
}
// Each entrant's best run (least insert + query time).
const best = races[0].map((_, i) => races.map((race) => race[i]).reduce((a, b) => (b.nsInsert + b.nsQuery < a.nsInsert + a.nsQuery ? b : a)));
const nativeFile = 'target/lab-native.json';
if (fs.existsSync(nativeFile)) best.splice(2, 0, JSON.parse(fs.readFileSync(nativeFile, 'utf8')));

// The slides' fifteen cells at full size, as a visitor runs them.
await page.reload();
const start = Date.now();
await page.getByTestId('lab-run').click();
await done(600000);
const allFifteen = (Date.now() - start) / 1000;
await page.close();

// The bug museum: each case from its Run button to both of its rates on the screen.
const museum = (await openPage(browser.context, origin, '/bugs/', { ready: 'bug-run', width: 1280, height: 900 })).page;
const bugTimes = [];
for (const section of await museum.getByTestId('bug-case').all()) {
  const id = await section.getAttribute('data-case');
  const clicked = Date.now();
  await section.getByTestId('bug-run').click();
  await section.locator('[data-testid="bug-rate"][data-variant="fixed"][data-value]').waitFor({ timeout: 120000 });
  bugTimes.push([id, (Date.now() - clicked) / 1000, Number(await section.locator('[data-testid="bug-rate"][data-variant="buggy"]').getAttribute('data-value'))]);
}
await museum.close();
await browser.close();
server.close();

const ours = best.find((row) => row.impl === 'wasm');
const goals = { bloomfilter: 'goal ≥ 3×', 'bloom-filters': 'goal ≥ 30×', native: 'goal: ours within 1.5×' };
console.log(`\nThe race: n = 1,000,000, p = 1 %, m = 9,585,059, k = 7, best of ${RUNS} (${agent}; native: cargo bench)`);
console.log('implementation       ns/insert   ns/query   measured   ratio to ours (insert, query)');
for (const row of best) {
  const ratio = row.impl === 'wasm' ? 'ours' : `${(row.nsInsert / ours.nsInsert).toFixed(2)}×, ${(row.nsQuery / ours.nsQuery).toFixed(2)}×`;
  console.log(`${row.impl.padEnd(20)} ${row.nsInsert.toFixed(1).padStart(9)}  ${row.nsQuery.toFixed(1).padStart(9)}   ${(row.measured * 100).toFixed(3).padStart(6)} %   ${ratio}${goals[row.impl] ? `  (${goals[row.impl]})` : ''}`);
}
console.log(`\n"Run all 15" at full size in the lab page: ${allFifteen.toFixed(1)} s (goal ≤ 60 s)`);
console.log('\nThe bug museum in this browser: click to both rates shown (worker cases include starting the worker once)');
for (const [id, seconds, buggy] of bugTimes) console.log(`${id.padEnd(14)} ${seconds.toFixed(2).padStart(6)} s   buggy rate ${buggy}`);

// Lighthouse (mobile preset: simulated slow 4G, a 4× slower CPU) on the release build in dist/, served
// gzipped on loopback as a static host serves it, several runs per page: the blocking time varies from
// run to run on a small machine, so each row gives the range and the median. Every page and widget of
// the site in English, and in Chinese and Japanese the home page and the two heaviest chapters; the
// pages below 98 or above 150 ms of blocking time (by their medians) are named at the end.
//
//   node scripts/lighthouse.mjs [runs] [page …]   (make lighthouse; pages default to the site's)
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../e2e/harness.mjs';

const lighthouse = promisify(execFile);
const runs = Number(process.argv[2] ?? 3);
const sitePages = () => {
  const folders = execFileSync('cargo', ['run', '--quiet', '--bin', 'pages', '--', 'folders'], { encoding: 'utf8' }).trim().split(/\s+/);
  const others = ['./', 'learn/4/', 'learn/10/'].flatMap((page) => ['zh', 'ja'].map((lang) => `${lang}/${page === './' ? '' : page}`));
  return [...folders.filter((folder) => !/^(zh|ja)\//.test(folder)), ...others.filter((page) => folders.includes(page))];
};
const pages = process.argv.length > 3 ? process.argv.slice(3) : sitePages();
const bin = process.env.LIGHTHOUSE ?? '.cache/lighthouse/node_modules/.bin/lighthouse';
const { server, origin } = await serve();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const span = (values, format) => {
  const low = Math.min(...values), high = Math.max(...values);
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms / 10) * 10} ms`;

console.log('| page | Performance (median) | Accessibility | Best Practices | SEO | FCP | LCP | TBT (median) | CLS |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const short = [];
for (const page of pages) {
  const reports = [];
  for (let run = 0; run < runs; run++) {
    const file = path.join(out, `report-${reports.length}.json`);
    // Asynchronously: the server answering Lighthouse's browser runs in this process.
    await lighthouse(bin, [`${origin}/${page}`, '--form-factor=mobile', '--quiet', '--output=json', `--output-path=${file}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu'], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } });
    reports.push(JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  const score = (name) => reports.map((report) => Math.round(report.categories[name].score * 100));
  const metric = (name) => reports.map((report) => report.audits[name].numericValue);
  const performance = score('performance');
  const blocking = metric('total-blocking-time');
  if (median(performance) < 98 || median(blocking) > 150) short.push(`\`${page}\``);
  console.log(`| \`${page}\` | ${span(performance, String)} (${median(performance)}) | ${span(score('accessibility'), String)} | ${span(score('best-practices'), String)} | ${span(score('seo'), String)} | ${span(metric('first-contentful-paint'), seconds)} | ${span(metric('largest-contentful-paint'), seconds)} | ${span(blocking, millis)} (${millis(median(blocking))}) | ${span(metric('cumulative-layout-shift'), (v) => v.toFixed(2))} |`);
}
if (short.length) console.log(`\nBelow 98 or above 150 ms of blocking time: ${short.join(', ')}`);
fs.rmSync(out, { recursive: true, force: true });
server.close();

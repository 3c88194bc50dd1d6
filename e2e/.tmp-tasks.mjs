import { launchBrowser, serve } from './harness.mjs';
const { server, origin } = await serve();
const b = await launchBrowser();
for (const url of (process.argv[2] || '/,/learn/4/,/embed/chart/').split(',')) {
  const page = await b.context.newPage();
  const cdp = await b.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(origin + url);
  await page.waitForFunction(() => !document.getElementById('prerendered'), null, { timeout: 60000 });
  await page.waitForTimeout(3000);
  const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime));
  const tasks = await page.evaluate(() => window.__tasks);
  const tbt = tasks.filter(([s]) => s > fcp).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
  console.log(url, 'fcp', fcp, 'tasks', JSON.stringify(tasks), 'TBT~', tbt);
  await page.close();
}
await b.close(); server.close();

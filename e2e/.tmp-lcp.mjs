import { launchBrowser, serve } from './harness.mjs';
const { server, origin } = await serve();
const b = await launchBrowser();
for (const url of process.argv.slice(2)) {
  const page = await b.context.newPage();
  await page.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push([Math.round(e.startTime), e.size, e.element?.tagName, (e.element?.textContent || '').slice(0, 40), e.element?.closest('#prerendered') ? 'pre' : 'app']); }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(origin + url);
  await page.waitForFunction(() => !document.getElementById('prerendered'));
  await page.waitForTimeout(1500);
  const r = await page.evaluate(() => ({ lcp: window.__lcp, fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0].startTime), res: performance.getEntriesByType('resource').filter((e) => /wasm|\.js/.test(e.name)).map((e) => [e.name.split('/').pop().slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd)]) }));
  console.log(url, JSON.stringify(r));
  await page.close();
}
await b.close(); server.close();

import { launchBrowser, serve } from './harness.mjs';
const { server, origin } = await serve();
const b = await launchBrowser();
const page = await b.context.newPage();
if (process.argv[2] === 'block') await page.route('**/*.wasm', (r) => r.abort());
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push([Math.round(e.startTime), e.size, e.element?.tagName, (e.element?.textContent || '').slice(0, 40)]); }).observe({ type: 'largest-contentful-paint' });
});
await page.goto(origin + '/learn/4/');
await page.waitForTimeout(2000);
console.log(JSON.stringify(await page.evaluate(() => ({ lcp: window.__lcp, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, vis: document.visibilityState }))));
await b.close(); server.close();

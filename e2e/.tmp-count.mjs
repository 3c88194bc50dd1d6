import { serve, launchBrowser, appReady } from './harness.mjs';
const { server, origin } = await serve();
const { context, close } = await launchBrowser();
const page = await context.newPage();
for (const p of process.argv.slice(2)) {
  await page.goto(`${origin}/${p}`);
  await appReady(page);
  const r = await page.evaluate(() => {
    const all = document.querySelectorAll('#app *, body > *:not(script) *');
    const groups = {};
    for (const el of document.querySelectorAll('main > *, main > * > *, header, nav, footer, aside')) {
      groups[el.tagName + '.' + [...el.classList].join('.') + '#' + (el.dataset.testid ?? '')] = el.querySelectorAll('*').length;
    }
    return { total: document.body.querySelectorAll('*').length, text: document.body.innerText.length, groups };
  });
  console.log(p, JSON.stringify(r, null, 1));
}
await close(); server.close();

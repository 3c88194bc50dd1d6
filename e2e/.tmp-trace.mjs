import { serve, launchBrowser } from './harness.mjs';
const page_ = process.argv[2] ?? 'learn/4/';
const { server, origin } = await serve();
const { context, close } = await launchBrowser();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.wasm,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
await page.goto(`${origin}/${page_}`);
await page.waitForFunction(() => !document.getElementById('prerendered'), null, { timeout: 30000 });
await page.waitForTimeout(1500);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 20000);
const tids = {};
for (const e of events) if (e.name === 'thread_name') tids[`${e.pid}:${e.tid}`] = e.args.name;
for (const t of main) {
  const th = tids[`${t.pid}:${t.tid}`];
  if (th !== 'CrRendererMain') continue;
  const inner = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 3000 && e.name !== 'RunTask');
  console.log(`task ${(t.dur / 1000).toFixed(1)} ms at ${((t.ts) / 1000).toFixed(0)}`);
  for (const i of inner.slice(0, 25)) console.log(`   ${i.name} ${(i.dur / 1000).toFixed(1)} ${JSON.stringify(i.args?.data?.url ?? i.args?.data?.functionName ?? i.args?.data?.type ?? '').slice(0, 80)}`);
}
await close(); server.close();

import { serve, launchBrowser, appReady } from './harness.mjs';
const p = process.argv[2] ?? 'learn/4/';
const { server, origin } = await serve(process.argv[3] ?? '/tmp/prof-dist');
const { context, close } = await launchBrowser();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${origin}/${p}`);
await appReady(page);
await page.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(); const total = new Map();
const dt = profile.timeDeltas; 
profile.samples.forEach((id, i) => {
  const d = (dt[i + 1] ?? 0) / 1000;
  const n = byId.get(id);
  const name = n.callFrame.functionName || `(${n.callFrame.url.split('/').pop()})`;
  self.set(name, (self.get(name) ?? 0) + d);
  const seen = new Set();
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const nm = byId.get(x).callFrame.functionName || '(anon)';
    if (seen.has(nm)) continue; seen.add(nm);
    total.set(nm, (total.get(nm) ?? 0) + d);
  }
});
const top = (m, k) => [...m].filter(([n]) => !['(idle)', '(program)', '(root)'].includes(n)).sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `${t.toFixed(1).padStart(7)}  ${n.slice(0, 140)}`).join('\n');
console.log('SELF\n' + top(self, 40));
console.log('TOTAL\n' + top(total, 70));
await close(); server.close();
// top-down tree
const tot = new Map();
profile.samples.forEach((id, i) => { const d = (dt[i + 1] ?? 0) / 1000; for (let x = id; x !== undefined; x = parent.get(x)) tot.set(x, (tot.get(x) ?? 0) + d); });
const short = (n) => (n.callFrame.functionName || '(anon)').replace(/::h[0-9a-f]{16}/g, '').replace(/<yew::html::component::lifecycle::CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::/, 'COMP::').slice(0, 110);
const print = (id, depth) => {
  const n = byId.get(id);
  if ((tot.get(id) ?? 0) < 4) return;
  const nm = short(n);
  if (/view|bloom_tutorial|RenderRunner|run_scheduler|main|Runner/.test(nm) || depth < 12) console.log(' '.repeat(depth) + tot.get(id).toFixed(1) + ' ' + nm);
  for (const c of n.children ?? []) print(c, depth + 1);
};
print(profile.nodes[0].id, 0);

// Minifies the JavaScript in dist/ (wasm-bindgen's glue and its snippets), which Trunk 0.21's own
// minifier gives up on (it cannot read `export default`), then brings every page's subresource
// integrity hashes up to date for the files it changed. About 3 KB gzipped less per entry.
//
// `node scripts/minify.mjs` after `trunk build`; `make build` runs it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Every file under `dir` whose name passes `keep`. */
function files(dir, keep) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

let before = 0;
let after = 0;
// Worker scripts are classic scripts, not modules (the lab's wasm worker and its loader, which Trunk
// has minified keeping their globals; the race's bundle, which esbuild has): left as they are.
const classic = (name) => name.includes('-worker');
for (const file of files(dist, (name) => name.endsWith('.js') && !classic(name))) {
  const source = fs.readFileSync(file, 'utf8');
  const result = await minify(source, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (result.code.length < source.length) {
    fs.writeFileSync(file, result.code);
    before += source.length;
    after += result.code.length;
  }
}

// The classic scripts Trunk inlines into each page (old links sent on, the service worker's
// registration), minified as the JavaScript files are.
for (const page of files(dist, (name) => name.endsWith('.html'))) {
  const html = fs.readFileSync(page, 'utf8');
  let updated = html;
  for (const [whole, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const result = await minify(code, { compress: { passes: 2 }, mangle: true, format: { comments: false } });
    // A function, not a string: `$&` and the like in the code are the code's, not patterns.
    if (result.code.length < code.length) updated = updated.replace(whole, () => `<script>${result.code}</script>`);
  }
  if (updated !== html) fs.writeFileSync(page, updated);
}

// Style sheets Trunk copies rather than inlines (presenter.css), without comments and spare white
// space. Only what cannot change a rule goes: a space before `:` or `>` can be a descendant
// combinator, and spaces inside values separate them.
for (const file of files(dist, (name) => name.endsWith('.css'))) {
  const source = fs.readFileSync(file, 'utf8');
  const small = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
  fs.writeFileSync(file, small);
}

// The app starts once the page has been painted, not alongside it: Trunk's loader script becomes one
// that, after the first contentful paint (or a second after the load event, for a frame the browser
// does not paint while it is out of view), fetches the wasm and imports its glue together; the
// preloads Trunk puts in the head go. So the prerendered page paints first, undisturbed, and is the
// largest thing painted (the app later draws the same page, no larger), and the code does not compete
// with it for a slow connection. If the program cannot be had (its wasm or its script did not load),
// the loader says so with an `appfail` event (static/wake.js shows a line), and the failed request
// is the only error in the console; a panic while starting still reaches static/crash.js.
for (const page of files(dist, (name) => name.endsWith('.html'))) {
  const html = fs.readFileSync(page, 'utf8');
  const loader = /<script type=module>import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);[\s\S]*?<\/script>/.exec(html);
  if (!loader) continue;
  const [whole, glue, wasm] = loader;
  const start = `<script type=module>let s=0;const go=()=>{if(s++)return;const w=fetch('${wasm}');w.catch(()=>{});import('${glue}').then(g=>g.default({module_or_path:w})).catch(e=>{if(e instanceof WebAssembly.RuntimeError)throw e;dispatchEvent(new Event('appfail'))})};new PerformanceObserver(l=>{if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go)}).observe({type:'paint',buffered:!0});addEventListener('load',()=>setTimeout(go,1e3))</script>`;
  const updated = html
    .replace(whole, start)
    .replace(/<link\b[^>]*\brel=(?:modulepreload|preload)\b[^>]*>/g, '');
  fs.writeFileSync(page, updated);
}

// `integrity=sha384-…` on the <link>/<script> tags that name a file of dist/.
const sha384 = (file) => 'sha384-' + crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64');
for (const page of files(dist, (name) => name.endsWith('.html'))) {
  const html = fs.readFileSync(page, 'utf8');
  const updated = html.replace(/<(?:link|script)\b[^>]*>/g, (tag) => {
    const href = tag.match(/\b(?:href|src)="?([^"\s>]+)/);
    if (!href || !/\bintegrity=/.test(tag) || /^[a-z]+:/i.test(href[1])) return tag;
    const target = path.join(path.dirname(page), href[1]);
    if (!fs.existsSync(target)) return tag;
    return tag.replace(/\bintegrity="?sha(?:256|384|512)-[A-Za-z0-9+/=]+"?/, `integrity=${sha384(target)}`);
  });
  if (updated !== html) fs.writeFileSync(page, updated);
}

console.log(`minified JavaScript: ${before} → ${after} bytes`);

// Writes dist/sw.js from static/sw.js (and dist/embed/sw.js from static/embed-sw.js): the list of every file of the build (a page by its folder,
// `learn/4/`, as it is linked) and a version that is a hash of them all, so any change to any file
// makes a new worker. `make build` runs it last, after the pages are prerendered. What only crawlers and
// link previews read (the preview pictures, the sitemap, robots.txt) is left out of the list. Every
// page of the page table (src/routes/table.rs, as `cargo run --bin pages -- folders` prints it) must
// be among the files: a page missing from the build would be missing offline too.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

const hash = crypto.createHash('sha256');
const list = [];
for (const file of files(dist).sort()) {
  const relative = path.relative(dist, file).split(path.sep).join('/');
  if (relative === 'sw.js') continue;
  hash.update(relative).update(fs.readFileSync(file));
  if (relative.startsWith('preview/') || relative === 'sitemap.xml' || relative === 'robots.txt') continue;
  list.push(relative === 'index.html' ? './' : relative.replace(/(^|\/)index\.html$/, '$1'));
}
const pages = execFileSync('cargo', ['run', '--quiet', '--bin', 'pages', '--', 'folders'], { cwd: root, encoding: 'utf8' })
  .trim()
  .split(/\s+/);
const missing = pages.filter((page) => !list.includes(page));
if (missing.length > 0) {
  console.error(`service worker: no page in dist/ for ${missing.join(' ')}`);
  process.exit(1);
}
const version = hash.digest('hex').slice(0, 16);
const template = fs.readFileSync(path.join(root, 'static/sw.js'), 'utf8');
const worker = template.replace("'__VERSION__'", JSON.stringify(version)).replace('__FILES__', JSON.stringify(list));
fs.writeFileSync(path.join(dist, 'sw.js'), worker);
console.log(`service worker ${version}: ${list.length} files`);
// The embedded widgets' worker: the same version, no list (it keeps what each widget uses).
const embedWorker = fs.readFileSync(path.join(root, 'static/embed-sw.js'), 'utf8').replace("'__VERSION__'", JSON.stringify(version));
fs.writeFileSync(path.join(dist, 'embed/sw.js'), embedWorker);

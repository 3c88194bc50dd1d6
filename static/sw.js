// The site offline after the first visit: this worker keeps every file of the build — pages, code,
// texts in all three languages — in a cache named after the build, so a teacher who opened the site
// once can present without a network; embedded widgets from this site work offline too. A new build
// is a new worker (its list and version differ); it installs in the background during a visit, and
// the next visit is served by it and says the site was updated. `scripts/service-worker.mjs` writes
// the list.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `bloom-tutorial-${VERSION}`;

// A new build takes over as soon as it has every file: each page and its files are one version, and
// the next page opened is served whole from the new cache. (The page that found the update stays as
// it is; the next visit says the site was updated.)
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('bloom-tutorial-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Everything from the cache when it is there (a page's state after `?` or `#` does not change the
// file), the network otherwise.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cached = await caches.match(url.origin + url.pathname, { cacheName: CACHE });
    return cached ?? fetch(event.request);
  })());
});

// A page asks which version serves it, when it loads or when a new worker takes it over.
self.addEventListener('message', (event) => {
  event.source?.postMessage({ version: VERSION, asked: event.data });
});

// A widget embedded in an author's page, offline after the reader's first visit: this worker
// (served from `embed/`, so it looks after the widgets alone) keeps each file a widget used, and
// nothing else — a reader of a post downloads no more of this site than the widget in it. The page
// tells it what it loaded before the worker was there (`keep`); what the page fetches later goes
// through it. It asks the network first, so a new build shows as soon as it is published, and
// answers from what it kept when the network fails. A widget's state after `?` or `#` does not
// change its file. `scripts/service-worker.mjs` writes the version (the build's), and a new build's
// worker drops the files of the one before. The site's own pages have a worker of their own (sw.js).
const VERSION = '__VERSION__';
const CACHE = `bloom-embed-${VERSION}`;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('bloom-embed-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The cache's key for `url`: the file, without the state a link carries. */
const file = (url) => {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
};

self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  const ours = urls.filter((url) => typeof url === 'string' && new URL(url, self.location.href).origin === self.location.origin);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of ours) {
      const key = file(new URL(url, self.location.href).href);
      if (await cache.match(key)) continue;
      // From the browser's own cache when it still has the file: no second download.
      const response = await fetch(url, { cache: 'force-cache' }).catch(() => null);
      if (response?.ok) await cache.put(key, response);
    }
  })());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request);
      if (response.ok && response.type === 'basic') await cache.put(file(url.href), response.clone());
      return response;
    } catch (failed) {
      // Kept by this worker, or by the site's own where a reader of the site has it.
      const kept = await caches.match(file(url.href));
      if (kept) return kept;
      throw failed;
    }
  })());
});

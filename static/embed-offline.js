// A widget in an author's page kept for a reader who comes back offline (`embedded.js` fetches this
// once the page has loaded, in a frame of another site): `embed/sw.js` keeps the files this widget
// used, and no others. Told what the page loaded before it was there, once it is ready, and again
// when the app has fetched what it needs on its way up; what the page fetches later goes through it.
(() => {
  const workers = navigator.serviceWorker;
  const root = new URL(document.querySelector('meta[name=bloom-root]').content, location.href);
  const keep = (worker) => worker?.postMessage({
    keep: [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)]
      .filter((url) => url.startsWith(location.origin)),
  });
  workers.register(new URL('embed/sw.js', root), { scope: new URL('embed/', root).href }).catch(() => {});
  workers.ready.then((registration) => {
    keep(registration.active);
    setTimeout(() => keep(registration.active), 5000);
  });
})();

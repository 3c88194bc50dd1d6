// A widget in an author's page kept for a reader who comes back offline (`embedded.js` fetches this
// once the page has loaded, in a frame of another site): `embed/sw.js` keeps the files this widget
// used (and the texts it shows when asked), and no others. Once the worker is ready it is told the page and every file the page has
// loaded, and each file the page loads after (the app's texts, its worker), as each arrives.
(() => {
  const workers = navigator.serviceWorker;
  const root = new URL(document.querySelector('meta[name=bloom-root]').content, location.href);
  workers.register(new URL('embed/sw.js', root), { scope: new URL('embed/', root).href }).catch(() => {});
  workers.ready.then((registration) => {
    const keep = (urls) => registration.active?.postMessage({ keep: urls.filter((url) => url.startsWith(location.origin)) });
    // And the texts it shows only when asked (the step-through, the list of keys), which a reader
    // offline may still ask for.
    keep([location.href, new URL(`locales/${document.documentElement.lang.slice(0, 2)}/details.json`, root).href]);
    new PerformanceObserver((list) => keep(list.getEntries().map((entry) => entry.name)))
      .observe({ type: 'resource', buffered: true });
  });
})();

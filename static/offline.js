// Registers the service worker (sw.js at the site's root) once the page is loaded and usable, so the
// whole site works offline after this first visit. The worker says which version serves the page; the
// page says so (offline-note.js, fetched only then) when that is news: the first time (the site now
// works offline), and on the first visit a new version serves (the site was updated). Site pages carry
// this; embedded widgets do not (an author's readers should not download the site), though they use
// the worker when it is there.
(function () {
  var workers = navigator.serviceWorker;
  if (!workers) return;
  var root = document.querySelector('meta[name=bloom-root]').content;
  // The worker that served this page: a newer one that takes over during the visit serves the next.
  var servedBy = workers.controller;
  workers.addEventListener('controllerchange', function () {
    if (workers.controller) workers.controller.postMessage('change');
  });
  workers.addEventListener('message', function (event) {
    var version = event.data && event.data.version;
    var known;
    try {
      known = localStorage.getItem('bloom-tutorial.version');
      // A worker that took over mid-visit is news only the first time; else the next visit says it.
      var newer = event.data.asked === 'change' || (servedBy && event.source !== servedBy);
      if (!version || known === version || (newer && known !== null)) return;
      localStorage.setItem('bloom-tutorial.version', version);
    } catch (error) {
      return;
    }
    import(root + 'offline-note.js').then(function (note) { note.say(known === null ? 0 : 1); });
  });
  function register() {
    workers.register(root + 'sw.js').catch(function () {});
    workers.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage('load');
    });
  }
  // Once the app has taken the page over (its prerendered copy is gone), or ten seconds after the
  // load event at the latest: the worker's first install downloads the whole site, which must not
  // compete with this page's own code on a slow connection, nor with the app's start-up for the CPU.
  addEventListener('load', function () {
    if (!document.getElementById('prerendered')) return register();
    var watch = new MutationObserver(function () {
      if (!document.getElementById('prerendered')) done();
    });
    var latest = setTimeout(done, 10000);
    function done() {
      watch.disconnect();
      clearTimeout(latest);
      register();
    }
    watch.observe(document.body, { childList: true });
  });
})();

// When the app stops. The release build aborts on a Rust panic, and the browser reports it as an
// uncaught WebAssembly.RuntimeError (from an event handler) or an unhandled rejection (from a task the
// app awaited): the call it was in stopped halfway, and the page would go on as if nothing had
// happened, in a state no one can trust. This script, inlined in
// every page and widget, puts a note at the top of the page instead — what happened, in the page's
// language (`CrashReload` in its `widgets.json`, else a warning sign), and a button that reloads the
// page. It lives outside the wasm because nothing in a stopped module can run, and so costs the app's
// download nothing.
(function () {
  var shown = false;
  function show(error) {
    if (shown || !(error instanceof WebAssembly.RuntimeError) || !document.body) return;
    shown = true;
    var note = document.createElement('p');
    note.id = 'crash-note';
    note.className = 'crash-note';
    note.setAttribute('role', 'alert');
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = '\u26a0 \u21bb';
    button.addEventListener('click', function () {
      location.reload();
    });
    note.appendChild(button);
    document.body.insertBefore(note, document.body.firstChild);
    var meta = document.querySelector('meta[name=bloom-root]');
    var lang = String(document.documentElement.lang).toLowerCase().split('-')[0];
    if (!/^(zh|ja)$/.test(lang)) lang = 'en';
    fetch(new URL((meta ? meta.content : './') + 'locales/' + lang + '/widgets.json', location.href))
      .then(function (response) {
        return response.json();
      })
      .then(function (texts) {
        if (texts.CrashReload) button.textContent = texts.CrashReload;
      })
      .catch(function () {});
  }
  addEventListener('error', function (event) {
    show(event.error);
  });
  addEventListener('unhandledrejection', function (event) {
    show(event.reason);
  });
})();

// Runs before the page draws and sends a link on to the page it means, in the language it means, with
// its state: links from when every page lived after "#" (#/learn/4, #/calculator?n=1e6, #/counting,
// #/embed/chart?m=64) and from when the chapter was in the fragment (learn/#/4), and a link's
// lang=zh. A page with no language folder (English, at the root) also opens in the visitor's
// remembered choice, else their browser's language; a page under zh/ or ja/ keeps its own unless the
// link asks. Embedded widgets keep lang= as their own setting. It also makes the language switch
// (`select[data-lang-switch]`) work, from the first paint: a choice is remembered and opens this page,
// with its state, in that language.
(function () {
  var languages = { en: '', zh: 'zh/', ja: 'ja/' };
  function primary(tag) {
    return String(tag || '').toLowerCase().split(/[-_]/)[0];
  }
  // "m=16&lang=zh&item=a" → its language and the rest.
  function withoutLang(part) {
    var kept = [];
    var lang = '';
    part.split('&').forEach(function (pair) {
      if (/^lang=/i.test(pair)) lang = primary(pair.slice(5));
      else if (pair) kept.push(pair);
    });
    return { lang: lang, rest: kept.join('&') };
  }
  // The site's root, this page's folder below it without the language's, and that language.
  function place() {
    var meta = document.querySelector('meta[name=bloom-root]');
    var root = new URL(meta ? meta.content : './', location.href).pathname;
    if (location.pathname.indexOf(root) !== 0) return null;
    var rest = location.pathname.slice(root.length).replace(/index\.html$/, '');
    var here = /^(zh|ja)\//.exec(rest);
    return { root: root, rest: here ? rest.slice(3) : rest, here: here ? here[1] : '' };
  }
  function go() {
    var at = place();
    if (!at) return;
    var root = at.root;
    var rest = at.rest;
    var here = at.here;
    var lang = here || 'en';
    var search = location.search.slice(1);
    var hash = location.hash.slice(1);
    var old = rest === '' &&
      /^\/(playground|calculator|counting|count-min|scalable|sets|lab|bugs|learn|embed\/(?:playground|chart|calculator|counting|count-min|scalable|sets|shipping|lab|bugs))(?:\/(\d+))?\/?(?:\?(.*))?$/.exec(hash);
    if (old) {
      hash = old[3] || '';
      if (old[1] === 'learn') {
        rest = 'learn/' + (old[2] || '1') + '/';
        search = hash;
        hash = '';
      } else if (old[1] !== 'playground') {
        rest = old[1] + '/';
      }
    }
    var chapter = /^learn\/(\d\/)?$/.test(rest) && /^\/?([1-9])(?:[?\/]|$)/.exec(hash);
    if (chapter) {
      rest = 'learn/' + chapter[1] + '/';
      hash = '';
    }
    var want = lang;
    if (!/^embed\/./.test(rest)) {
      var fromSearch = withoutLang(search);
      var fromHash = withoutLang(hash);
      var asked = fromSearch.lang || fromHash.lang;
      search = fromSearch.rest;
      hash = fromHash.rest;
      if (!asked && !here) {
        try {
          asked = primary(localStorage.getItem('bloom-tutorial.lang'));
        } catch (error) {}
        if (!languages.hasOwnProperty(asked)) asked = primary(navigator.language);
      }
      if (languages.hasOwnProperty(asked)) want = asked;
    }
    var target = root + (/^embed\/./.test(rest) ? '' : languages[want]) + rest +
      (search ? '?' + search : '') + (hash ? '#' + hash : '');
    if (target !== location.pathname + location.search + location.hash) location.replace(target);
  }
  go();
  addEventListener('hashchange', go);
  addEventListener('change', function (event) {
    var select = event.target;
    var at = place();
    if (!at || !select.hasAttribute || !select.hasAttribute('data-lang-switch')) return;
    if (!languages.hasOwnProperty(select.value)) return;
    try {
      localStorage.setItem('bloom-tutorial.lang', select.value);
    } catch (error) {}
    location.assign(at.root + languages[select.value] + at.rest + location.search + location.hash);
  });
})();

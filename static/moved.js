// Runs before the page draws and sends a link on to the page it means, in the language it means, with
// its state: links from when every page lived after "#" (#/learn/4, #/calculator?n=1e6,
// #/embed/chart?m=64) and from when the chapter was in the fragment (learn/#/4), and a link's
// lang=zh. A page with no language folder (English, at the root) also opens in the visitor's
// remembered choice, else their browser's language; a page under zh/ or ja/ keeps its own unless the
// link asks. Embedded widgets keep lang= as their own setting.
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
  function go() {
    var meta = document.querySelector('meta[name=bloom-root]');
    var root = new URL(meta ? meta.content : './', location.href).pathname;
    if (location.pathname.indexOf(root) !== 0) return;
    var rest = location.pathname.slice(root.length).replace(/index\.html$/, '');
    var here = /^(zh|ja)\//.exec(rest);
    var lang = here ? here[1] : 'en';
    if (here) rest = rest.slice(3);
    var search = location.search.slice(1);
    var hash = location.hash.slice(1);
    var old = rest === '' &&
      /^\/(playground|calculator|learn|embed\/(?:playground|chart|calculator))(?:\/(\d+))?\/?(?:\?(.*))?$/.exec(hash);
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
    var chapter = rest === 'learn/' && /^\/?([1-8])(?:[?\/]|$)/.exec(hash);
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
})();

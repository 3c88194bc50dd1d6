// What the page says about the site offline, once (see offline.js): that it now works offline, or
// that it was updated since the last visit. In the page's language, as the first line of the footer. Said
// once the app has taken the prerendered page over (the takeover replaces what the body holds), and
// once the reader has done something on the page (a click, a key, a scroll): a note that appears on a
// page left alone is, to the browser, the page's largest paint so far (chapter 1's largest paint came
// at 2.8 s in Lighthouse's model, this note), and after a reader's first action none is counted.
const WORDS = {
  en: ['This site now works offline.', 'The site was updated since your last visit.'],
  zh: ['本站现在可以离线使用。', '自你上次访问以来，本站已更新。'],
  ja: ['このサイトはオフラインでも使えるようになりました。', '前回の訪問のあと、サイトが更新されました。'],
};

export function say(which) {
  const words = WORDS[document.documentElement.lang.slice(0, 2)] ?? WORDS.en;
  const note = document.createElement('p');
  note.className = 'offline-note';
  note.setAttribute('role', 'status');
  note.dataset.testid = 'offline-note';
  note.textContent = words[which];
  // The first line of the site's footer, in the page's flow: it covers nothing (a floating note hid
  // the text, buttons and footer under it on a phone) and moves nothing (a line added to the header
  // at a press moved the page down under the pointer, and the press missed its button). It stays
  // until the reader leaves the page. A widget in someone else's page has no footer and says nothing.
  const show = () => document.querySelector('.site-footer')?.prepend(note);
  // At the reader's next action (whether the reader acted before cannot be told: browsers driven by
  // a test or Lighthouse report the page as already used).
  const acted = () => {
    const actions = ['pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart'];
    const first = () => {
      for (const action of actions) removeEventListener(action, first, true);
      show();
    };
    for (const action of actions) addEventListener(action, first, { capture: true, passive: true });
  };
  if (!document.getElementById('prerendered')) return acted();
  new MutationObserver((_, watcher) => {
    if (document.getElementById('prerendered')) return;
    watcher.disconnect();
    acted();
  }).observe(document.body, { childList: true });
}

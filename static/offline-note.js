// What the page says about the site offline, once (see offline.js): that it now works offline, or
// that it was updated since the last visit. In the page's language; gone after a few seconds. Said
// once the app has taken the prerendered page over (the takeover replaces what the body holds).
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
  const show = () => {
    document.body.append(note);
    setTimeout(() => note.remove(), 8000);
  };
  if (!document.getElementById('prerendered')) return show();
  new MutationObserver((_, watcher) => {
    if (document.getElementById('prerendered')) return;
    watcher.disconnect();
    show();
  }).observe(document.body, { childList: true });
}

// What an embedded widget's page does before and beside its app (inlined in its head). Its look, set
// before anything is drawn (the prerendered copy and the app alike), from the author's link — query
// or fragment, as platforms that drop fragments need:
// - `theme=light|dark` fixes the colours; `theme=auto` (or none) follows the page around the widget
//   when that page runs the site's `widget.js` (the element or the snippet): the widget says hello,
//   the host answers with `{type: "bloom-tutorial:look", theme}` and again whenever its look changes.
//   With no answer (a plain frame, a platform's player) the reader's system setting decides;
//   `look=light|dark` (what `<bloom-widget>` writes) is the host's look from the first paint.
// - `background=transparent` lets the post's own background show through;
// - `accent=1f4e8c` (or `#1f4e8c`, `#c33`) is the colour of buttons and links, with text on it
//   black or white, whichever contrasts more (WCAG's ratio); where it is too pale to read as text on
//   a light panel (or too dark on a dark one) it is darkened (lightened) until it reads at 4.5:1;
// - `title=1` shows the widget's heading, which a compact embed keeps for screen readers only.
// Only a message from the frame's own parent, of that type and with one of the two themes, is heard.
// Its files kept for a reader who comes back offline (`embed/sw.js`). Its height, reported to the page around it (see below). And the keyboard in the playground's
// step-through, which opens over the controls (they are inert meanwhile): its main button takes the
// focus when it opens, the item field when it closes.
(() => {
  const root = document.documentElement;
  const link = new URLSearchParams(`${location.search.slice(1)}&${location.hash.slice(1)}`);
  const themes = /^(light|dark)$/;
  const fixed = themes.test(link.get('theme')) && link.get('theme');
  const look = (theme) => {
    if (theme) root.dataset.theme = theme;
  };
  look(fixed || (themes.test(link.get('look')) && link.get('look')));
  if (link.get('background') === 'transparent') root.dataset.background = 'transparent';
  if (link.get('title') === '1') root.dataset.title = '';
  // Opened alone (a pasted link followed, a platform's card opened): a column of a post's width,
  // not the window's.
  if (parent === window) root.dataset.alone = '';
  const accent = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(link.get('accent') || '');
  if (accent) {
    const hex = accent[1].length === 3 ? accent[1].replace(/./g, (digit) => digit + digit) : accent[1];
    const rgb = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
    // WCAG 2's relative luminance and contrast ratio.
    const luminance = (colour) => colour.map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, at) => sum + c * [0.2126, 0.7152, 0.0722][at], 0);
    const contrast = (a, b) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    // The accent moved towards `to` until it reads at 4.5:1 on `panel` (the light and the dark
    // theme's panels).
    const readable = (panel, to) => {
      let colour = rgb;
      for (let step = 1; step <= 20 && contrast(colour, panel) < 4.5; step++) {
        colour = rgb.map((c, at) => Math.round(c + (to[at] - c) * step / 20));
      }
      return colour;
    };
    const css = (colour) => `rgb(${colour.join(' ')})`;
    const text = (colour) => (contrast(colour, [0, 0, 0]) >= contrast(colour, [255, 255, 255]) ? '#000' : '#fff');
    const [light, dark] = [readable([255, 255, 255], [0, 0, 0]), readable([28, 31, 36], [255, 255, 255])];
    root.style.setProperty('--accent', `light-dark(${css(light)}, ${css(dark)})`);
    root.style.setProperty('--accent-text', `light-dark(${text(light)}, ${text(dark)})`);
    // The set bits (and counters, and a stage's bits) take it too: the widget is the post's colour.
    root.style.setProperty('--set-bg', 'var(--accent)');
    root.style.setProperty('--set-text', 'var(--accent-text)');
  }
  let stepping = false;
  new MutationObserver(() => {
    // The panel's main button, once its texts are there (an empty panel holds the place first).
    const next = document.querySelector('.stage > .step-through .primary');
    if (!next !== stepping) return;
    stepping = !!next;
    (next || document.getElementById('item-input'))?.focus();
  }).observe(root, { childList: true, subtree: true });
  // Offline after the first visit, in an author's page: `embed-offline.js`, fetched once the page
  // has loaded. Opened alone, or in a chapter of the site, the site's own worker does it.
  let elsewhere = parent !== window;
  try {
    elsewhere &&= top.location.origin !== location.origin;
  } catch (otherOrigin) {}
  if (elsewhere && navigator.serviceWorker) {
    addEventListener('load', () => {
      const script = document.createElement('script');
      script.src = new URL(`${document.querySelector('meta[name=bloom-root]').content}embed-offline.js`, location.href);
      document.head.append(script);
    });
  }
  if (parent === window) return;
  // The widget's height, as the app reports it (`use_height_reporter`): here for the prerendered
  // copy, so the frame fits before the app arrives, and again when the host script, which may have
  // come after the app's last report, first speaks. Said of the prerendered copy (its first state,
  // not yet the link's), so the embed page does not take it for the widget's first height.
  const height = () => {
    const app = [...document.querySelectorAll('.app')].pop();
    const prerendered = !!document.getElementById('prerendered');
    if (app) parent.postMessage({ type: 'bloom-tutorial:height', height: Math.max(app.scrollHeight, app.clientHeight), prerendered }, '*');
  };
  addEventListener('DOMContentLoaded', height);
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === parent && data && data.type === 'bloom-tutorial:look' && themes.test(data.theme)) {
      if (!fixed) look(data.theme);
      height();
    }
  });
  parent.postMessage({ type: 'bloom-tutorial:hello' }, '*');
  // A key the widget did not use, in a frame of one of the site's own chapters, is the chapter's
  // (its slides, its list of keys, presenter mode): a presenter's remote keeps turning the slides
  // after a click in the widget. Read once every listener has had it; never a key typed into a
  // field (but a remote's PageDown and PageUp, which type nothing), nor Space on a control it
  // presses, nor a remote's key while the widget has more to
  // scroll that way (the browser scrolls it). Another site's page is never sent a key.
  const chapterKeys = /^(ArrowLeft|ArrowRight| |PageUp|PageDown|Home|End|Escape|\?|[pmcPMC])$/;
  addEventListener('keydown', (event) => {
    const { key, target } = event;
    if (event.ctrlKey || event.altKey || event.metaKey || !chapterKeys.test(key)) return;
    const typing = target.closest?.('input, select, textarea, [contenteditable]:not([contenteditable="false"])');
    if (typing && !/^Page(Up|Down)$/.test(key)) return;
    if (key === ' ' && target.closest?.('button, a, summary')) return;
    const page = document.scrollingElement;
    const back = key === 'PageUp' || (key === ' ' && event.shiftKey);
    if (back && page.scrollTop > 1) return;
    if (!back && /^( |PageDown)$/.test(key) && page.scrollTop + page.clientHeight < page.scrollHeight - 2) return;
    setTimeout(() => event.defaultPrevented || parent.postMessage({ type: 'bloom-tutorial:key', key, shift: event.shiftKey }, location.origin));
  });
})();

// The tutorial's framed widgets (the counting filter, the count-min sketch, the combining page, the
// comparisons of chapter 10, the lab, the bug museum): each is a program of its own, and a chapter
// that started them all with the page would make a reader on a phone wait for four programs before
// the one they came for. So a widget's place is written as an empty box of its height with the
// frame's attributes (its address in `data-src`), and becomes the frame only when it comes into
// view — no frame, not even an empty one, is made before (each is a document of its own to create,
// and a reader still on the first screen should not wait for the second's widget; the widget's page
// is prerendered, so it shows at once). The prerendered copy's boxes wait — the app's copy of the chapter replaces them
// once it has taken the page over, and would load each widget a second time — unless the app cannot
// start (the loader's `appfail` event): then the copy's frames are the page's own.
// A frame made while the chapter is presented asks for presenter mode in its link, and every frame
// is told when the chapter is presented or read again (each time it reports its height, so one
// still loading hears it too): a presented widget is its stage, as large as the slide.
// Each frame takes the height its widget reports, as the embed snippet does on an author's page:
// only from that frame, only that message. A key a framed widget did not use comes back to the
// chapter (`embedded.js`): while presenting, the slide shown takes the focus back and gets the key,
// so a presenter's remote turns the slides after a click in a widget. What a widget's action did is
// brought into view by the chapter, when the widget asks (`bloom-tutorial:show`). Its state, as it
// reports it, is kept on the frame (`data-link-state`) for a presented chapter's QR code, whose link
// carries it after `#` under the frame's name: a frame made from such a link opens in that state.
(() => {
  let failed;
  const unloaded = () => document.querySelectorAll('div[data-widget-frame]');
  const watch = new IntersectionObserver((entries) => {
    for (const { isIntersecting, target } of entries) {
      if (isIntersecting && (failed || !target.closest('#prerendered'))) {
        watch.unobserve(target);
        const frame = document.createElement('iframe');
        for (const { name, value } of target.attributes) frame.setAttribute(name.replace(/^data-(src|title)$/, '$1'), value);
        const carried = new URLSearchParams(location.hash.slice(1)).get(target.dataset.testid);
        if (carried) frame.src = frame.getAttribute('src').replace(/#.*|$/, '#' + carried);
        // A chapter presented (on a slide) shows its widget presented too: type read from the back.
        if (document.querySelector('.app.presenter')) frame.src = frame.getAttribute('src').replace(/(#|$)/, '&present=1$1');
        target.replaceWith(frame);
      }
    }
  });
  // Boxes in the page, and those the app draws (observing a box twice is observing it once).
  const scan = () => unloaded().forEach((box) => watch.observe(box));
  document.addEventListener('DOMContentLoaded', () => {
    scan();
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  });
  addEventListener('appfail', () => {
    failed = 1;
    // Looked at again: a box already in view is reported again.
    unloaded().forEach((box) => (watch.unobserve(box), watch.observe(box)));
  });
  // "/" on a slide whose widget is a frame asks for that widget's field, in its own document, where
  // the chapter's "/" does not reach (before the chapter's keys hear it); "q" and "i" step through
  // its field's word there, and the keys go on to the frame (what it does not use comes back, and
  // Esc brings the focus back to the slide).
  // While that widget steps through an action, the keys that move steps go to it too, wherever the
  // focus is (back on the slide after the QR code or the list of keys, say): it gives back what it
  // does not use, so its result still turns the slide. Not while a dialog of the chapter's is open.
  const item = '[data-testid="item-input"]';
  const stepKeys = ['PageDown', 'PageUp', ' ', 'ArrowRight', 'ArrowLeft'];
  addEventListener('keydown', (event) => {
    const stepping = stepKeys.includes(event.key);
    if (!('/qi'.includes(event.key) || stepping) || !event.isTrusted || event.ctrlKey || event.altKey || event.metaKey || event.target.closest?.('input, select, textarea, [contenteditable]')) return;
    // Space presses a control of the slide's own (the header's go on with the show, as here).
    if (event.key == ' ' && event.target.closest?.('button, a') && !event.target.closest('.site-header')) return;
    const slide = document.querySelector('.app.presenter .chapter-slide.current');
    const frame = slide && !slide.querySelector(item) && slide.querySelector('iframe[data-widget-frame]');
    const field = frame?.contentDocument?.querySelector(item);
    if (!field) return;
    if (stepping && (!frame.contentDocument.querySelector('.action-steps.stepping, [data-testid="step-through"]') || document.querySelector('[data-testid="shortcut-help"], [data-testid="code-dialog"]'))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.key == '/') {
      field.focus();
      field.select();
    } else {
      frame.focus();
      frame.contentWindow.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, shiftKey: event.shiftKey, bubbles: true, cancelable: true }));
    }
  }, true);
  const presented = () => !!document.querySelector('.app.presenter');
  const tell = (frame) => frame.contentWindow?.postMessage({ type: 'bloom-tutorial:present', on: presented() }, location.origin);
  let told = false;
  new MutationObserver(() => {
    if (presented() == told) return;
    told = presented();
    document.querySelectorAll('iframe[data-widget-frame]').forEach(tell);
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['class'] });
  addEventListener('message', ({ data, source, origin }) => {
    const frame = [...document.querySelectorAll('iframe[data-widget-frame]')].find((frame) => frame.contentWindow == source);
    if (!frame) return;
    if (data?.type == 'bloom-tutorial:state' && typeof data.query == 'string') frame.dataset.linkState = data.query;
    if (data?.type == 'bloom-tutorial:height' && data.height > 0 && data.height < 20000) {
      frame.style.height = Math.ceil(data.height) + 'px';
      tell(frame);
    }
    // What an action in the widget did, brought into view when it is not all on the screen: on a
    // phone the widget's field at the top, when what it did then fits under it; else only as far as
    // needed.
    if (data?.type == 'bloom-tutorial:show' && origin == location.origin && !presented()) {
      const at = frame.getBoundingClientRect().top, margin = 8;
      const [top, bottom] = [at + data.top - margin, at + data.bottom + margin - innerHeight];
      const field = data.field != null ? at + data.field - margin : null;
      // Also when what it did is in view but the field has gone above it (the next word goes there).
      if (top + margin < 0 || bottom - margin > 0 || field < -margin) {
        scrollBy(0, field != null && field >= bottom ? field : bottom > 0 ? Math.min(bottom, top) : top);
      }
    }
    const slide = document.querySelector('.app.presenter .chapter-slide.current');
    if (data?.type == 'bloom-tutorial:key' && origin == location.origin && typeof data.key == 'string' && slide) {
      // Esc from the widget first brings the focus back to the slide (as on a control of the slide's
      // own); a second Esc leaves the slides.
      if (data.key != 'Escape') slide.focus();
      slide.dispatchEvent(new KeyboardEvent('keydown', { key: data.key, shiftKey: !!data.shift, bubbles: true, cancelable: true }));
    }
  });
})();

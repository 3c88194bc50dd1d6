// The tutorial's framed widgets (the counting filter, the count-min sketch, the combining page, the
// comparisons of chapter 10, the lab, the bug museum): each is a program of its own, and a chapter
// that started them all with the page would make a reader on a phone wait for four programs before
// the one they came for. So a widget's place is written as an empty box of its height with the
// frame's attributes (its address in `data-src`), and becomes the frame only when it comes within
// half a screen of view — no frame, not even an empty one, is made before (each is a document of its
// own to create). The prerendered copy's boxes wait — the app's copy of the chapter replaces them
// once it has taken the page over, and would load each widget a second time — unless the app cannot
// start (the loader's `appfail` event): then the copy's frames are the page's own.
// A frame made while the chapter is presented asks for presenter mode in its link.
// Each frame takes the height its widget reports, as the embed snippet does on an author's page:
// only from that frame, only that message.
(() => {
  let failed;
  const unloaded = () => document.querySelectorAll('div[data-widget-frame]');
  const watch = new IntersectionObserver((entries) => {
    for (const { isIntersecting, target } of entries) {
      if (isIntersecting && (failed || !target.closest('#prerendered'))) {
        watch.unobserve(target);
        const frame = document.createElement('iframe');
        for (const { name, value } of target.attributes) frame.setAttribute(name.replace(/^data-(src|title)$/, '$1'), value);
        // A chapter presented (on a slide) shows its widget presented too: type read from the back.
        if (document.querySelector('.app.presenter')) frame.src = frame.getAttribute('src').replace(/(#|$)/, '&present=1$1');
        target.replaceWith(frame);
      }
    }
  }, { rootMargin: '0px 0px 50%' });
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
  addEventListener('message', ({ data, source }) => {
    if (data?.type != 'bloom-tutorial:height' || !(data.height > 0 && data.height < 20000)) return;
    for (const frame of document.querySelectorAll('iframe[data-widget-frame]')) {
      if (frame.contentWindow == source) frame.style.height = Math.ceil(data.height) + 'px';
    }
  });
})();

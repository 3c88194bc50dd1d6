// A chapter is laid out as it comes near the screen at first (learn.css gives its paragraphs,
// formulas, lists and tables `content-visibility: auto`), so a chapter of ten screens starts as fast
// as its first. Once the app has drawn the chapter (its prerendered copy gone), the rest is laid
// out a few blocks per frame, each frame's work short, so that soon every block is where it will
// stay — before a reader follows a link to a term or a slide, or reads the scroll bar — and no
// frame holds up a tap. A block laid out is marked `data-laid`; blocks the app draws later (another
// chapter, the language changed) are laid out the same way.
// A reader who scrolled down the copy before the app came keeps their place: the chapter's block
// near the top of the screen is noted as they scroll (by its place among the chapter's blocks), and
// when the app has drawn the same chapter, every block down to that block's twin is laid out at
// once and the page scrolls to put it where it was.
(() => {
  const PER_FRAME = 6;
  const BLOCKS = '.learn:not(.slides) :is(.chapter-body, .chapter-slide) > :not(section, details, [data-laid], [data-slide="1"], [data-slide="2"])';
  const d = document;
  const copy = () => d.getElementById('prerendered');
  const lay = (block) => block.setAttribute('data-laid', '');
  // Every block of a chapter, in order (the copy has no slide boxes; the app's blocks are in them).
  const ALL = ':is(.chapter-body, .chapter-slide) > :not(.chapter-slide)';
  let place;
  addEventListener('scroll', () => {
    const column = copy()?.querySelector('.learn-chapter')?.getBoundingClientRect();
    const at = column && d.elementFromPoint(column.left + column.width / 2, innerHeight / 4)?.closest(ALL);
    place = at && copy().contains(at) && { index: [...copy().querySelectorAll(ALL)].indexOf(at), top: at.getBoundingClientRect().top };
  }, { passive: true });
  const keepPlace = () => {
    const at = d.querySelectorAll(ALL)[place.index], top = place.top;
    place = null;
    if (!at) return;
    for (const block of d.querySelectorAll(BLOCKS)) if (block == at || block.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING) lay(block);
    scrollBy(0, at.getBoundingClientRect().top - top);
  };
  let busy = false;
  const next = () => {
    const blocks = copy() ? [] : [...d.querySelectorAll(BLOCKS)].slice(0, PER_FRAME);
    blocks.forEach(lay);
    busy = blocks.length > 0;
    if (busy) requestAnimationFrame(next);
  };
  const changed = () => {
    if (place && !copy()) keepPlace();
    busy || ((busy = true), requestAnimationFrame(next));
  };
  d.addEventListener('DOMContentLoaded', () => new MutationObserver(changed).observe(d.body, { childList: true, subtree: true }));
})();

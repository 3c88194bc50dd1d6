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
// once and the page scrolls to put it where it was. A glossary word shows its entry where it is read
// (the second part).
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
    // Every block laid out: what measures them (below) can.
    if (busy) requestAnimationFrame(next);
    else d.dispatchEvent(new Event('chapterlaid'));
  };
  const changed = () => {
    if (place && !copy()) keepPlace();
    busy || ((busy = true), requestAnimationFrame(next));
  };
  d.addEventListener('DOMContentLoaded', () => new MutationObserver(changed).observe(d.body, { childList: true, subtree: true }));
})();
// A glossary word, tapped or clicked, shows its entry there and then, in a note at the foot of the
// screen (the glossary is at the chapter's end, screens away, and on no slide): the note's link goes
// to the glossary; Esc, or a tap or click elsewhere, closes it, and the focus goes back to the word.
(() => {
  const d = document;
  let note, from;
  const close = () => {
    note?.remove();
    note = null;
    from?.focus({ preventScroll: true });
  };
  addEventListener('click', (event) => {
    const link = event.target.closest?.('a.glossary-link');
    if (note && !note.contains(event.target)) close();
    if (!link || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const term = d.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!term) return;
    event.preventDefault();
    from = link;
    note = d.createElement('div');
    note.className = 'glossary-note';
    note.setAttribute('role', 'note');
    note.dataset.testid = 'glossary-note';
    note.tabIndex = -1;
    const name = d.createElement('strong');
    name.textContent = term.textContent;
    const text = d.createElement('p');
    text.append(name, ' ', term.nextElementSibling?.textContent ?? '');
    const all = d.createElement('a');
    all.href = link.hash;
    all.textContent = d.getElementById('glossary-heading')?.textContent ?? '';
    all.addEventListener('click', () => {
      note.remove();
      note = from = null;
    });
    note.append(text, all);
    d.body.append(note);
    note.focus({ preventScroll: true });
  });
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && note) {
      event.stopPropagation();
      event.preventDefault();
      close();
    }
  }, true);
})();
// A table written in parts (one per slide, presented) scrolls sideways as one when read: a part
// scrolled takes the others of its table with it (a part after the first is `.continued`).
document.addEventListener('scroll', (event) => {
  const box = event.target;
  if (!box.classList?.contains('in-parts')) return;
  const parts = [...document.querySelectorAll('.table-scroll.in-parts')];
  let at = parts.indexOf(box);
  while (at > 0 && parts[at].classList.contains('continued')) at--;
  for (let i = at; i < parts.length && (i == at || parts[i].classList.contains('continued')); i++) {
    if (parts[i] != box && parts[i].scrollLeft != box.scrollLeft) parts[i].scrollLeft = box.scrollLeft;
  }
}, { capture: true, passive: true });
// On a narrow screen what would run past the column's edge is made to fit it, not cut at the edge
// with a shadow to say there is more: a formula wider than its column is set smaller (down to seven
// tenths of its size; wider still, it scrolls sideways), and on a phone a table wider than its
// column lays each row out as a card, each value after its column's name (`.cards` in learn.css; the table's
// roles kept). Done when a chapter's formulas or tables arrive and when the window changes width.
(() => {
  const d = document;
  const colon = () => (/^(zh|ja)/.test(d.documentElement.lang) ? '：' : ': ');
  const cards = (box) => {
    const table = box.querySelector('table');
    const head = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    table.setAttribute('role', 'table');
    for (const row of table.querySelectorAll('tr')) {
      row.setAttribute('role', 'row');
      [...row.children].forEach((cell, at) => {
        cell.setAttribute('role', cell.scope == 'row' ? 'rowheader' : cell.scope == 'col' ? 'columnheader' : 'cell');
        if (cell.tagName == 'TD' && head[at]) cell.dataset.label = head[at] + colon();
      });
    }
    box.classList.add('cards');
  };
  // A block not laid out yet (learn.css: content-visibility) has no width to measure: it is fitted
  // once the chapter's blocks are laid out.
  const laid = (part) => part?.checkVisibility({ contentVisibilityAuto: true });
  const fit = () => {
    for (const box of d.querySelectorAll('.learn:not(.slides) .math')) {
      const math = box.querySelector('math');
      if (!laid(math)) continue;
      box.style.fontSize = '';
      const full = parseFloat(getComputedStyle(box).fontSize);
      // A formula's width is not quite in proportion to its type (its spaces, its rules): measured
      // again, a few times at most.
      for (let size = full, tries = 0; box.scrollWidth > box.clientWidth + 1 && size > 0.7 * full && tries < 4; tries++) {
        size = Math.max(0.7 * full, (size * (box.clientWidth - 2)) / box.scrollWidth);
        box.style.fontSize = `${size}px`;
      }
    }
    // Cards on a phone's width (40rem) only: wider, a table in parts scrolls sideways as one.
    const narrow = innerWidth < 640;
    for (const box of d.querySelectorAll('.learn:not(.slides) .table-scroll')) {
      if (!laid(box.querySelector('table'))) continue;
      box.classList.remove('cards');
      if (narrow && box.scrollWidth > box.clientWidth + 1) cards(box);
    }
  };
  let due = false;
  const soon = () => due || ((due = true), requestAnimationFrame(() => ((due = false), fit())));
  const brings = (node) => node.nodeType == 1 && (node.matches('.math, .table-scroll, .learn') || node.querySelector('.math, .table-scroll'));
  addEventListener('resize', soon);
  d.addEventListener('chapterlaid', soon);
  d.addEventListener('DOMContentLoaded', () => {
    soon();
    new MutationObserver((records) => records.some((record) => [...record.addedNodes].some(brings)) && soon())
      .observe(d.body, { childList: true, subtree: true });
  });
})();

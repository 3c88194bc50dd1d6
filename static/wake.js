// Nothing a reader does before the app arrives is lost. Every page and widget first shows its
// prerendered copy (`#prerendered`): readable at once, with real fields and buttons, but no program
// behind them until the wasm has arrived and the app has taken the page over (the copy removed). This
// script, inlined in the head of every page and widget, keeps what the reader does on the copy
// meanwhile — a value typed into a field, a choice in a list or a box ticked, a button pressed, Enter
// in a field — in order, and once the app has taken over does it again on the app's own controls
// (found by the same test id, and place among those), the app drawing between them, all before the
// reader's next key: each action once, in the order it was made; then the focus and caret go back
// where they were. A pressed button (or a field where Enter was pressed) says it is waiting, with
// `aria-busy`, a dashed outline, and a note under it that the action happens once the page is ready
// (over the page, in the page's language: nothing moves). Links stay links. An action the app has no
// control for is dropped with a note in the console. A press on the text inside a button is the
// button's; Enter in a field selects what was typed, as the app does, so the next word replaces it;
// a shortcut's key pressed on the page (not in a field) is pressed again.
// If the app cannot start (its wasm or its script did not load: the loader's `appfail` event; or
// its download stalls, twenty seconds after the page's load), one line says so, in the page's
// language (the `bloom-failed` meta the build writes), above the first panel with controls and
// above each one the reader used, across the page's whole width; a press after that, with no such
// line on the screen, gets one under its panel. From then on nothing waits, and the copy stays
// readable; what the reader does is still kept, and should the app come after all, the lines go
// and it is done.
(() => {
  const d = document;
  const actions = [];
  let focus, failed, note;
  const copy = () => d.getElementById('prerendered');
  // Where an element of the copy is found again: its test id, and its place among the copy's
  // elements of that id.
  const place = (element) => {
    const s = `[data-testid="${element.dataset.testid}"]`;
    return { s, i: [...copy().querySelectorAll(s)].indexOf(element) };
  };
  const find = (at) => d.querySelectorAll(at.s)[at.i];
  const keep = (t, element, v) => {
    const action = { ...place(element), t, v };
    const last = actions.at(-1);
    // Typing is one action: the field's last value.
    if (t == 'v' && last?.t + last?.s + last?.i == t + action.s + action.i) actions.pop();
    actions.push(action);
    // A button pressed (or Enter in a field) waits, and says so (not once the page has said the
    // app could not start). A press whose outcome the reader must see before going on ("Try
    // another": a new question) holds its part of the page until the app has drawn it.
    if ('ek'.includes(t) && !failed) element.setAttribute('aria-busy', true), waiting(element);
    if (element.dataset.wake == 'hold') element.closest('section')?.setAttribute('inert', '');
  };
  // The note under the control last pressed, laid over the page, within the screen's width; over
  // the control when the screen ends below it, unless a field is there (the reader's next stop).
  const waiting = (element) => {
    note ||= d.body.appendChild(Object.assign(d.createElement('p'), { className: 'waking', role: 'status' }));
    note.textContent = d.querySelector('meta[name=bloom-waking]').content;
    const box = element.getBoundingClientRect(), high = note.offsetHeight + 6, above = box.top - high;
    const left = Math.max(8, Math.min(box.left, d.documentElement.clientWidth - note.offsetWidth - 8));
    const covers = [...copy().querySelectorAll('input, select, textarea')].some((field) => {
      const at = field.getBoundingClientRect();
      return at.bottom > above && at.top < box.top;
    });
    note.style.cssText = `left:${left + scrollX}px;top:${(box.bottom + high > innerHeight && !covers ? above : box.bottom + 6) + scrollY}px`;
  };
  const box = (element) => /checkbox|radio/.test(element.type);
  const choice = (element) => element.tagName == 'SELECT' || box(element);
  const on = (type, handle) =>
    d.addEventListener(type, (event) => {
      const element = event.target.closest?.('[data-testid]');
      // After the line that the app could not start, a press says so again; all the same, what is
      // done is kept, should the app come after all.
      if (failed && type == 'click' && copy()) say(event.target.closest?.('button'), 1);
      if (copy()?.contains(element)) handle(element, event);
    }, true);
  on('input', (element) => choice(element) || keep('v', element, element.value));
  // A value is also committed (the app's m, k and seed take it then): when the reader leaves the
  // field, or a choice is made.
  on('change', (element) => keep('c', element, box(element) ? element.checked : element.value));
  on('click', (element, event) => element.tagName == 'BUTTON' && (event.preventDefault(), keep('k', element)));
  on('keydown', (element, event) =>
    event.key == 'Enter' && !event.isComposing && element.tagName == 'INPUT' && !choice(element) && (event.preventDefault(), element.select(), keep('e', element)));
  // A shortcut's key pressed on the page, not in a field (p to present, ? for the list of keys):
  // pressed again once the app is there. Keys in a burst are a word typed with a button in focus,
  // not shortcuts: none of them is pressed again.
  d.addEventListener('keydown', (event) => {
    const { key, target, timeStamp: at } = event;
    if (copy() && !failed && /^[a-z?/]$/i.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey && !target.closest?.('input, select, textarea')) {
      const last = actions.at(-1), b = last?.t == 'p' && at - last.at < 600;
      if (b) last.b = 1;
      actions.push({ t: 'p', key, s: '', at, b });
    }
  }, true);
  // The field the reader is in: its caret is read from it once the copy has gone. A tap or click
  // outside the controls leaves it: the app's field then gets no focus back.
  on('focusin', (element) => (focus = { ...place(element), element }));
  d.addEventListener('pointerdown', (event) => copy() && !event.target.closest?.('input, select, textarea, button, label') && (focus = null), true);

  const replay = () => {
    const action = actions.shift();
    const element = action?.t == 'p' ? null : find(action || focus || {});
    if (!action) {
      // Not when something else has the focus by now (a replayed `/` has put it in the item field).
      if (d.activeElement && d.activeElement != d.body && d.activeElement != element) return;
      element?.focus();
      try {
        element.setSelectionRange(focus.element.selectionStart, focus.element.selectionEnd);
      } catch (error) {}
      return;
    }
    if (action.b) console.info('Not pressed, typed in a burst: ' + action.key);
    else if (action.t == 'p') (d.activeElement || d.body).dispatchEvent(new KeyboardEvent('keydown', { key: action.key, bubbles: true }));
    else if (!element) console.info('Not done, the page has no such part: ' + action.s);
    else if (action.t == 'k' || (box(element) && element.checked != action.v)) element.click();
    else if (action.t == 'e') element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    else if (!box(element)) {
      element.value = action.v;
      element.dispatchEvent(new Event(action.t == 'v' ? 'input' : 'change', { bubbles: true }));
    }
    next();
  };
  // The app draws in the microtasks its events queue (Yew's scheduler), before the one queued after
  // them: each action sees what the one before it did, and every action is done before the reader's
  // next key or tap (a word still being typed goes on in the app's field, whole).
  const next = () => queueMicrotask(() => queueMicrotask(replay));
  d.addEventListener('DOMContentLoaded', () =>
    new MutationObserver((changes, observer) => copy() || (observer.disconnect(), note?.remove(), lines().forEach((line) => line.remove()), next())).observe(d.body, { childList: true }));

  // The line, above the panel `near` is in (once a panel); `under` it, for a press after the
  // failure, and only when no line is on the screen (what was pressed does not move).
  const lines = () => [...d.querySelectorAll('[data-testid=start-failed]')];
  const say = (near, under) => {
    const panel = near?.closest('.panel, section, fieldset') || near;
    const seen = lines().some((line) => { const box = line.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; });
    if (!panel || panel.previousElementSibling?.dataset.testid == 'start-failed' || (under && seen)) return;
    const line = d.createElement('p');
    line.className = 'start-failed';
    line.role = 'alert';
    line.dataset.testid = 'start-failed';
    line.textContent = d.querySelector('meta[name=bloom-failed]').content;
    under ? panel.after(line) : panel.before(line);
  };
  const fail = () => {
    const page = copy();
    if (!page || failed) return;
    failed = 1;
    note?.remove();
    say(page.querySelector('.panel:has(input,button)') || page);
    for (const element of page.querySelectorAll('[aria-busy=true]')) say(element), element.removeAttribute('aria-busy');
  };
  addEventListener('appfail', fail);
  // A program whose download stalls never fails: twenty seconds after the page has loaded without
  // it, the page says so all the same (should it come after all, it takes the page over as ever).
  addEventListener('load', () => setTimeout(fail, 20000));
})();

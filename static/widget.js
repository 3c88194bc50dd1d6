// The site's widgets on anyone's page, from one small script with no dependency (`widget.js` at the
// site's root). It does three things for every frame of the site's widgets on the page, however many:
// - sizes each frame from its widget's height messages (`{type: "bloom-tutorial:height", height}`,
//   from this site's origin); the message's `event.source` picks the frame, so frames need no id;
// - tells each widget whose link says `theme=auto` (or nothing) whether the page around it is light
//   or dark (`{type: "bloom-tutorial:look", theme}`), when the widget says hello and whenever the
//   page's look changes (its class or style, or the system's setting);
// - defines `<bloom-widget kind="chart" m="64" k="3" items="apple,banana" theme="auto">`, which
//   builds the frame: `kind` names the widget (playground, chart, calculator, counting, count-min,
//   scalable, sets, shipping, lab, bugs); `items` is a comma-separated list; `state` is a link's
//   query as it is (`z=…` for a compressed list); `theme` is light, dark or auto; `height` the
//   frame's first height in pixels; `label` its title; every other attribute (m, k, scheme, n, p,
//   lang, controls, background, accent, title, view, case…) goes into the widget's link as it is.
//   Whatever the element holds (a link to the widget, say) is what readers without scripts see.
// The page's look, when the widget follows it: the element's `theme` if light or dark; else the
// page's declared `color-scheme` (CSS or `<meta name="color-scheme">`) if it names one; else the
// colour the page paints behind the widget; else the browser's canvas (dark only where the page
// allows dark and the system prefers it).
(() => {
  if (customElements.get('bloom-widget')) return;
  const site = new URL('.', document.currentScript?.src || location.href);
  const embeds = `${site}embed/`;
  const type = (name) => `bloom-tutorial:${name}`;
  // The widgets, with their names and the height each frame starts at (the first state's at 680 px):
  // the page table's (src/routes/table.rs), held to it by a test.
  const widgets = {
    playground: ['Bloom filter playground', 700],
    chart: ['Bloom filter false-positive chart', 1050],
    calculator: ['Bloom filter sizing calculator', 410],
    counting: ['Counting Bloom filter', 860],
    'count-min': ['Count-min sketch', 1420],
    scalable: ['Scalable filter', 1920],
    sets: ['Combining filters', 1950],
    shipping: ['Partitioned, compressed and cascaded filters', 2850],
    lab: ['The big-N lab: the slides’ fifteen experiments', 1840],
    bugs: ['When the indexes go wrong: one bug case', 1420],
    filters: ['Today’s filters: SBBF, cuckoo, xor', 1400],
  };
  const own = new Set(['kind', 'items', 'state', 'height', 'label', 'class', 'id', 'style', 'slot', 'hidden', 'tabindex', 'look']);
  const ours = (frame) => frame.src.startsWith(embeds);
  const frames = () => [...document.querySelectorAll('iframe')].filter(ours);
  const system = matchMedia('(prefers-color-scheme: dark)');

  // Any CSS colour as [r, g, b, a] (0–255), through a 1 × 1 canvas.
  const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const rgba = (colour) => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = 'transparent';
    paint.fillStyle = colour;
    paint.fillRect(0, 0, 1, 1);
    return paint.getImageData(0, 0, 1, 1).data;
  };
  const isDark = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b < 110;

  /** The look of the page around `frame`: "light" or "dark". */
  const hostLook = (frame) => {
    const asked = frame.parentElement?.closest('bloom-widget')?.getAttribute('theme');
    if (asked === 'light' || asked === 'dark') return asked;
    // The page's, read where the frame sits (the frame's own is set below, to match the widget).
    let scheme = getComputedStyle(frame.parentElement || document.documentElement).colorScheme;
    if (!/light|dark/.test(scheme)) scheme = document.querySelector('meta[name="color-scheme"]')?.content || '';
    const light = /light/.test(scheme);
    const dark = /dark/.test(scheme);
    if (light !== dark) return dark ? 'dark' : 'light';
    for (let element = frame.parentElement; element; element = element.parentElement) {
      const colour = rgba(getComputedStyle(element).backgroundColor);
      if (colour[3] > 127) return isDark(colour) ? 'dark' : 'light';
    }
    return dark && system.matches ? 'dark' : 'light';
  };

  /** Tells the widget in `frame` the page's look; its canvas takes the same scheme, so a
   * transparent widget is not backed by an opaque one. */
  const tell = (frame) => {
    const theme = hostLook(frame);
    frame.style.colorScheme = theme;
    // Only to a frame that holds the widget's page (still blank, it is the host's own: a message
    // there would only be refused); one that loads later says hello.
    try {
      frame.contentWindow.document;
    } catch {
      frame.contentWindow.postMessage({ type: type('look'), theme }, site.origin);
    }
  };
  const tellAll = () => frames().forEach(tell);

  addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== site.origin || !data) return;
    const frame = frames().find((candidate) => candidate.contentWindow === event.source);
    if (!frame) return;
    if (data.type === type('hello')) tell(frame);
    const height = Number(data.height);
    if (data.type !== type('height') || !(height > 0 && height < 20000)) return;
    const before = frame.getBoundingClientRect();
    frame.style.height = `${Math.ceil(height)}px`;
    // A frame whose top is above the screen, and which the reader is not using, grows or shrinks
    // under what they read below it (a frame drawn as the reader scrolls back up to it): the page
    // keeps its place. The browser's own anchoring takes the frame itself as its anchor there, so
    // everything under it would move.
    if (before.top < 0 && document.activeElement !== frame) scrollBy(0, frame.getBoundingClientRect().height - before.height);
  });
  system.addEventListener?.('change', tellAll);
  const watch = new MutationObserver(tellAll);
  const watchPage = () => [document.documentElement, document.body].forEach((element) => element && watch.observe(element, { attributes: true }));
  if (document.body) watchPage();
  else addEventListener('DOMContentLoaded', watchPage);
  // Widgets that said hello before this script arrived hear from it now.
  tellAll();

  class BloomWidget extends HTMLElement {
    connectedCallback() {
      this.style.display ||= 'block';
      this.build();
      this.watch ||= new MutationObserver(() => this.build());
      this.watch.observe(this, { attributes: true });
    }

    disconnectedCallback() {
      this.watch?.disconnect();
    }

    build() {
      const kind = this.getAttribute('kind') || 'playground';
      const [name, height] = widgets[kind] || widgets.playground;
      const query = new URLSearchParams();
      for (const { name: key, value } of this.attributes) {
        if (own.has(key) || key.startsWith('data-') || key.startsWith('aria-')) continue;
        if (key !== 'theme' || value !== 'auto') query.append(key, value);
      }
      for (const item of (this.getAttribute('items') || '').split(',')) {
        if (item.trim()) query.append('item', item.trim());
      }
      let frame = this.querySelector('iframe');
      if (!frame) {
        frame = document.createElement('iframe');
        frame.loading = 'lazy';
        frame.style.cssText = `display:block;width:100%;border:0;height:${Number(this.getAttribute('height')) || height}px`;
        this.replaceChildren(frame);
      }
      // The page's look from the first paint; the widget still follows it as it changes.
      if (!query.has('theme')) query.set('look', hostLook(frame));
      const state = this.getAttribute('state');
      const src = `${embeds}${widgets[kind] ? kind : 'playground'}/?${query}${state ? `&${state.replace(/^[?#]/, '')}` : ''}`;
      frame.title = this.getAttribute('label') || name;
      if (frame.src !== src) frame.src = src;
    }
  }
  customElements.define('bloom-widget', BloomWidget);
})();

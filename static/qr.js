// Presenter mode's QR code: defines `<qr-symbol data-link-part="hash|search">`, which draws the link
// to the state on screen as a QR code in SVG: the page's address as its address bar holds it, asking
// for presenter mode in the part that holds the state (`present=1` in the fragment, or in the query
// on the tutorial), so that a class's phones open what is on the wall as the wall shows it. The link
// goes into `data-value` and under the symbol, and the focus to the dialog's close button (and back,
// when it closes, to the code's button when that opened it from the keyboard). The
// encoder is `qr.wasm` beside this file (built from crates/qr-module: the link's bytes in, the
// symbol's width and its SVG path out), fetched the first time a code is drawn; neither file is
// loaded until a teacher asks for a code. The element's `data-state` says how it went — `drawn`
// (with `data-size`, the modules a side), `too-long`, or `failed` — and the page's style sheet shows
// the matching note; `data-host="loopback"` shows the note that a link to this computer itself
// (localhost, 127.0.0.1) opens on no phone. Everything here is on demand, so none of it weighs on a page's own code.
(() => {
  if (customElements.get('qr-symbol')) return;
  const encoderUrl = new URL('qr.wasm', document.currentScript.src);
  const svgNs = 'http://www.w3.org/2000/svg';
  let encoder;
  // Compiled once per page; `instantiate` rather than `instantiateStreaming`, which needs the server
  // to send the wasm's MIME type.
  const load = () => {
    encoder ??= fetch(encoderUrl)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(response.statusText))))
      .then((bytes) => WebAssembly.instantiate(bytes, {}))
      .then(({ instance }) => instance.exports);
    return encoder;
  };

  /** The symbol of `text`: `{ size, path }`, or `size` 0 when it is too long for any QR code. */
  const encode = (wasm, text) => {
    const bytes = new TextEncoder().encode(text);
    // Room first: making it may grow the module's memory, which replaces its buffer.
    const at = wasm.input(bytes.length);
    new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
    const size = wasm.encode();
    const path = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.output(), wasm.output_len()));
    return { size, path };
  };

  /**
   * This page's link with `present=1` (in place of any `present=`) in its `part`, `hash` or `search`.
   * On a chapter (`search`), with the state of the widgets on the slide shown (and the one docked
   * beside it): a widget of the chapter's own in the query, which it reads; a framed one's after `#`,
   * under its frame's name, which `frames.js` gives the frame it makes.
   */
  const presented = (part) => {
    const url = new URL(location.href);
    const pairs = url[part].slice(1).split('&').filter((pair) => pair && !pair.startsWith('present='));
    url[part] = [...pairs, 'present=1'].join('&');
    if (part == 'search') {
      const held = [...document.querySelectorAll('.chapter-slide:is(.current, .docked) [data-link-state]')];
      const framed = held.filter((widget) => widget.tagName == 'IFRAME');
      for (const widget of held) if (!framed.includes(widget) && widget.dataset.linkState) url.search += '&' + widget.dataset.linkState;
      url.hash = framed.map((frame) => `${frame.dataset.testid}=${encodeURIComponent(frame.dataset.linkState)}`).join('&');
    }
    return url.href;
  };

  /**
   * True when `host` (the page's host name, as `location.hostname` writes it: lower case, an IPv6
   * address in brackets) is this computer itself — localhost or a name under it, 127.x.x.x, ::1,
   * 0.0.0.0 —, which no phone that scans the code can open.
   */
  const loopback = (host) => /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)\.?$/.test(host);

  class QrSymbol extends HTMLElement {
    connectedCallback() {
      const link = presented(this.dataset.linkPart === 'search' ? 'search' : 'hash');
      this.dataset.value = link;
      // A link to this computer itself: the style sheet shows the note that says so.
      if (loopback(location.hostname)) this.dataset.host = 'loopback';
      const dialog = this.closest('[role="dialog"]');
      const written = dialog?.querySelector('.code-link a');
      if (written) {
        written.href = link;
        // Written as a person reads it: a word in Chinese or Japanese as its characters, not as the
        // %-escapes the code carries.
        try {
          written.textContent = decodeURI(link);
        } catch {
          written.textContent = link;
        }
      }
      this.draw();
    }

    async draw() {
      const value = this.dataset.value;
      let symbol;
      try {
        symbol = encode(await load(), value);
      } catch {
        encoder = undefined;
        this.dataset.state = 'failed';
        return;
      }
      // A newer link arrived while the encoder loaded: that one is drawn instead.
      if (this.dataset.value !== value) return;
      if (symbol.size === 0) {
        this.replaceChildren();
        this.dataset.state = 'too-long';
        return;
      }
      // Black on white whatever the page's theme, with the quiet zone of 4 modules a reader needs.
      const side = symbol.size + 8;
      const svg = document.createElementNS(svgNs, 'svg');
      svg.setAttribute('viewBox', `-4 -4 ${side} ${side}`);
      svg.setAttribute('shape-rendering', 'crispEdges');
      svg.setAttribute('aria-hidden', 'true');
      const paper = document.createElementNS(svgNs, 'rect');
      for (const [name, text] of [['x', -4], ['y', -4], ['width', side], ['height', side], ['fill', '#fff']]) paper.setAttribute(name, text);
      const ink = document.createElementNS(svgNs, 'path');
      ink.setAttribute('d', symbol.path);
      ink.setAttribute('fill', '#000');
      svg.append(paper, ink);
      this.replaceChildren(svg);
      this.dataset.size = String(symbol.size);
      this.dataset.state = 'drawn';
    }
  }

  customElements.define('qr-symbol', QrSymbol);
})();

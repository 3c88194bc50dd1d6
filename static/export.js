// Downloads for slides, done by the browser: the rate chart as a standalone SVG (its computed colours
// and fonts written onto each element, since the page's stylesheet does not travel with it) or a PNG
// at twice its size, and the bit array as a PNG drawn from the filter's bits. Written in JavaScript
// because every step is a browser call: the same in Rust costs the page about 4 KB more.

// The style properties copied onto each element of an exported SVG.
const SVG_STYLE = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'font-size', 'font-family', 'font-weight', 'opacity', 'display'];

// Offers `url` as a file named `filename`.
function offer(url, filename) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
}

// The colour a custom property (`--panel`) stands for on this page now, as `rgb(…)`: the stylesheet
// writes colours as `light-dark(…, …)`, which only an element can resolve.
function pageColour(name, fallback) {
  const probe = document.createElement('span');
  probe.style.cssText = `display:none;color:var(${name})`;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color.trim();
  probe.remove();
  return colour || fallback;
}

// `svg` as a standalone document: computed styles inlined, the panel's colour as background.
function standalone(svg) {
  const background = pageColour('--panel', '#ffffff');
  const copy = svg.cloneNode(true);
  const originals = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((target, index) => {
    const style = getComputedStyle(originals[index]);
    target.setAttribute('style', SVG_STYLE.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';'));
    target.removeAttribute('class');
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(/\s+/);
  if (height) {
    copy.setAttribute('width', width);
    copy.setAttribute('height', height);
  }
  copy.setAttribute('style', `background:${background}`);
  // A solid background rectangle, so the chart reads on any slide.
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', background);
  copy.prepend(rect);
  return new XMLSerializer().serializeToString(copy);
}

// A canvas of `width` × `height` drawn at `scale`, and its 2D context.
function canvas(width, height, scale) {
  const element = document.createElement('canvas');
  element.width = Math.round(width * scale);
  element.height = Math.round(height * scale);
  const context = element.getContext('2d');
  context.scale(scale, scale);
  return [element, context];
}

// Offers the `svg.chart` inside `figure` as an SVG file.
export function downloadChartSvg(figure, filename) {
  const svg = figure?.querySelector('svg.chart');
  if (!svg) return;
  const url = URL.createObjectURL(new Blob([standalone(svg)], { type: 'image/svg+xml' }));
  offer(url, filename);
  URL.revokeObjectURL(url);
}

// Offers the `svg.chart` inside `figure` as a PNG at `scale` × its drawn size.
export async function downloadChartPng(figure, scale, filename) {
  const svg = figure?.querySelector('svg.chart');
  if (!svg) return;
  const { width, height } = svg.viewBox.baseVal;
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(standalone(svg));
  await image.decode();
  const [element, context] = canvas(width, height, scale);
  context.drawImage(image, 0, 0, width, height);
  offer(element.toDataURL('image/png'), filename);
}

// Offers the bit array as a PNG: cell `i` at (corners[2i], corners[2i+1]) of a `width` × `height`
// drawing, `cell` pixels square, its index above and its value inside, in the page's colours.
export function downloadBitsPng(bits, corners, width, height, cell, filename) {
  const colour = (name, fallback) => pageColour(name, fallback);
  const [background, unset, set, unsetText, setText, border] = [
    colour('--panel', '#ffffff'), colour('--cell-bg', '#ffffff'), colour('--set-bg', '#1f3a5f'),
    colour('--cell-text', '#5a5a5a'), colour('--set-text', '#ffffff'), colour('--border', '#8a8a8a'),
  ];
  const [element, context] = canvas(width, height, 2);
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.textAlign = 'center';
  bits.forEach((bit, index) => {
    const [x, y] = [corners[2 * index], corners[2 * index + 1]];
    context.fillStyle = bit ? set : unset;
    context.fillRect(x, y, cell, cell);
    context.strokeStyle = border;
    context.strokeRect(x + 0.5, y + 0.5, cell - 1, cell - 1);
    context.fillStyle = bit ? setText : unsetText;
    context.font = '11px system-ui, sans-serif';
    context.fillText(String(index), x + cell / 2, y + 13);
    context.font = 'bold 22px system-ui, sans-serif';
    context.fillText(bit ? '1' : '0', x + cell / 2, y + 38);
  });
  offer(element.toDataURL('image/png'), filename);
}

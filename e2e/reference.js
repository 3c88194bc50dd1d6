// Independent reference implementations, written from the published algorithms, so the end-to-end
// tests check the page's numbers against a second computation rather than against themselves.

const encoder = new TextEncoder();

/** 64-bit FNV-1a of the UTF-8 bytes of `text`, as 16 lowercase hex digits. */
export function fnv1a64Hex(text) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of encoder.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/** MurmurHash3 x86_32 of the UTF-8 bytes of `text` with `seed`, as an unsigned number. */
export function murmur3x86_32(text, seed = 0) {
  const bytes = encoder.encode(text);
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const blocks = bytes.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    let k = bytes[4 * i] | (bytes[4 * i + 1] << 8) | (bytes[4 * i + 2] << 16) | (bytes[4 * i + 3] << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  const tail = blocks * 4;
  switch (bytes.length & 3) {
    case 3: k ^= bytes[tail + 2] << 16; // falls through
    case 2: k ^= bytes[tail + 1] << 8; // falls through
    case 1:
      k ^= bytes[tail];
      k = Math.imul(k, c1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, c2);
      h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function murmurHex(text, seed = 0) {
  return murmur3x86_32(text, seed).toString(16).padStart(8, '0');
}

/** The k indexes by double hashing: g_i = ((h_fnv mod m) + i·(h_murmur mod m)) mod m. */
export function bitIndexes(text, m, k) {
  const base = Number(BigInt('0x' + fnv1a64Hex(text)) % BigInt(m));
  const step = murmur3x86_32(text) % m;
  return Array.from({ length: k }, (_, i) => (base + i * step) % m);
}

/** A plain Bloom filter on the same indexes, to predict verdicts. */
export class ReferenceFilter {
  constructor(m, k) {
    this.m = m;
    this.k = k;
    this.bits = new Set();
    this.items = new Set();
  }
  insert(text) {
    for (const index of bitIndexes(text, this.m, this.k)) this.bits.add(index);
    this.items.add(text);
  }
  verdict(text) {
    const zero = bitIndexes(text, this.m, this.k).filter((index) => !this.bits.has(index));
    if (zero.length > 0) return 'absent';
    return this.items.has(text) ? 'present' : 'false-positive';
  }
}

/** Enhanced double hashing (Dillinger & Manolios): x = h1 mod m, y = h2 mod m; x += y, y += i. */
export function enhancedIndexes(text, m, k) {
  let x = Number(BigInt('0x' + fnv1a64Hex(text)) % BigInt(m));
  let y = murmur3x86_32(text) % m;
  const out = [x];
  for (let i = 1; i < k; i++) {
    x = (x + y) % m;
    y = (y + i) % m;
    out.push(x);
  }
  return out;
}

/** k independent seeded MurmurHash3 x86_32 hashes. */
export function independentIndexes(text, m, k) {
  return Array.from({ length: k }, (_, seed) => murmur3x86_32(text, seed) % m);
}

/** (1 − e^(−kn/m))^k */
export const approximateRate = (m, k, n) => (1 - Math.exp((-k * n) / m)) ** k;

/** (1 − (1 − 1/m)^(kn))^k */
export const classicRate = (m, k, n) => (1 - (1 - 1 / m) ** (k * n)) ** k;

/**
 * E[(X/m)^k] after t uniform throws into m bits, by the plain (untrimmed) recurrence over X:
 * P'(x) = P(x)·x/m + P(x−1)·(m−x+1)/m.
 */
export function exactRateAfterThrows(m, k, throws) {
  let p = new Float64Array(m + 1);
  p[0] = 1;
  for (let t = 0; t < throws; t++) {
    const next = new Float64Array(m + 1);
    for (let x = 0; x <= m; x++) {
      if (p[x] === 0) continue;
      next[x] += (p[x] * x) / m;
      if (x < m) next[x + 1] += (p[x] * (m - x)) / m;
    }
    p = next;
  }
  let rate = 0;
  for (let x = 0; x <= m; x++) rate += p[x] * (x / m) ** k;
  return rate;
}

export const exactRate = (m, k, n) => exactRateAfterThrows(m, k, k * n);

/** The playground's probe strings: U+0001, "probe:", a counter. */
export const playgroundProbes = Array.from({ length: 10_000 }, (_, i) => `\u0001probe:${i}`);

/** Sizing: m = ⌈−n·ln p/(ln 2)²⌉ and k = max(1, round((m/n)·ln 2)). */
export function sizing(n, p) {
  const m = Math.ceil((-n * Math.log(p)) / (Math.LN2 * Math.LN2));
  const k = Math.max(1, Math.round((m / n) * Math.LN2));
  return { m, k, bytes: Math.ceil(m / 8), p: (1 - Math.exp((-k * n) / m)) ** k };
}

/** n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉ */
export const capacity = (m, k, p) => Math.ceil(m / (-k / Math.log(1 - Math.exp(Math.log(p) / k))));

/** A scalable filter's stage of `m` bits and `k` hashes: the bits an item sets, one in each of the
 * k slices of ⌊m/k⌋ bits, as the page's "How a stage picks its bits" writes it — h₁ + i·(φ ⊕ h₂)
 * mixed by SplitMix64's finaliser, then taken onto the slice by multiply-shift. */
export function sliceIndexes(text, m, k) {
  const mask = (1n << 64n) - 1n;
  const [h1, h2] = [BigInt(`0x${fnv1a64Hex(text)}`), BigInt(murmur3x86_32(text))];
  const slice = BigInt(Math.floor(m / k));
  return Array.from({ length: k }, (_, i) => {
    let z = (h1 + BigInt(i) * (0x9e3779b97f4a7c15n ^ h2)) & mask;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    z ^= z >> 31n;
    return Number(BigInt(i) * slice + ((z * slice) >> 64n));
  });
}

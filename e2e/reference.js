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

// Today's filters (the filters page), worked out here in BigInt from the published algorithms.
const MASK64 = (1n << 64n) - 1n;
const rotl64 = (x, r) => ((x << BigInt(r)) | (x >> BigInt(64 - r))) & MASK64;

/** The playground's two hashes of `text` mixed, mixed(h, i) = SplitMix64's finaliser of
 * h₁ + i·(φ ⊕ h₂): a cuckoo, xor or binary fuse filter's key is i = 0, a blocked filter's block too,
 * its bits i = 1 … k. */
export function mixed(text, i) {
  const [h1, h2] = [BigInt(`0x${fnv1a64Hex(text)}`), BigInt(murmur3x86_32(text))];
  let z = (h1 + BigInt(i) * (0x9e3779b97f4a7c15n ^ h2)) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/** MurmurHash3's fmix64. */
export function fmix64(z) {
  z ^= z >> 33n;
  z = (z * 0xff51afd7ed558ccdn) & MASK64;
  z ^= z >> 33n;
  z = (z * 0xc4ceb9fe1a85ec53n) & MASK64;
  return z ^ (z >> 33n);
}

/** SplitMix64: next 64 bits, and a value below `bound` by multiply-shift. */
export class SplitMix64 {
  constructor(seed) { this.state = BigInt(seed) & MASK64; }
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }
  below(bound) { return Number((this.next() * BigInt(bound)) >> 64n); }
}

/** xxHash64 of `text`'s UTF-8 bytes with `seed`, from the published algorithm. */
export function xxh64(text, seed = 0n) {
  const bytes = new TextEncoder().encode(text);
  const [P1, P2, P3, P4, P5] = [0x9e3779b185ebca87n, 0xc2b2ae3d27d4eb4fn, 0x165667b19e3779f9n, 0x85ebca77c2b2ae63n, 0x27d4eb2f165667c5n];
  const mul = (a, b) => (a * b) & MASK64;
  const add = (a, b) => (a + b) & MASK64;
  const u64 = (at) => bytes.slice(at, at + 8).reduceRight((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  const u32 = (at) => bytes.slice(at, at + 4).reduceRight((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  const round = (acc, lane) => mul(rotl64(add(acc, mul(lane, P2)), 31), P1);
  let at = 0;
  let hash;
  if (bytes.length >= 32) {
    let v = [add(add(seed, P1), P2), add(seed, P2), seed, (seed - P1) & MASK64];
    for (; at + 32 <= bytes.length; at += 32) v = v.map((acc, lane) => round(acc, u64(at + lane * 8)));
    hash = add(add(add(rotl64(v[0], 1), rotl64(v[1], 7)), rotl64(v[2], 12)), rotl64(v[3], 18));
    for (const acc of v) hash = add(mul(hash ^ round(0n, acc), P1), P4);
  } else {
    hash = add(seed, P5);
  }
  hash = add(hash, BigInt(bytes.length));
  for (; at + 8 <= bytes.length; at += 8) hash = add(mul(rotl64(hash ^ round(0n, u64(at)), 27), P1), P4);
  for (; at + 4 <= bytes.length; at += 4) hash = add(mul(rotl64(hash ^ mul(u32(at), P1), 23), P2), P3);
  for (; at < bytes.length; at += 1) hash = mul(rotl64(hash ^ mul(BigInt(bytes[at]), P5), 11), P1);
  hash ^= hash >> 33n;
  hash = mul(hash, P2);
  hash ^= hash >> 29n;
  hash = mul(hash, P3);
  return hash ^ (hash >> 32n);
}

/** Parquet's split-block filter of `blocks` blocks: a value's block and the bit of each word. */
export const SBBF_SALT = [0x47b6137bn, 0x44974d91n, 0x8824ad5bn, 0xa2b7289dn, 0x705495c7n, 0x2df1424bn, 0x9efc4947n, 0x5c6bfb31n];
export function sbbfProbe(text, blocks) {
  const hash = xxh64(text);
  const key = hash & 0xffffffffn;
  return {
    block: Number(((hash >> 32n) * BigInt(blocks)) >> 32n),
    bits: SBBF_SALT.map((salt) => Number(((key * salt) & 0xffffffffn) >> 27n)),
  };
}

/** The words of a split-block filter of `blocks` blocks after inserting `texts`, block by block. */
export function sbbfWords(texts, blocks) {
  const words = new Array(blocks * 8).fill(0);
  for (const text of texts) {
    const { block, bits } = sbbfProbe(text, blocks);
    bits.forEach((bit, word) => { words[block * 8 + word] = (words[block * 8 + word] | (1 << bit)) >>> 0; });
  }
  return words;
}

/** A blocked filter's block of `text` among `blocks` and its k offsets in a block of `blockBits`. */
export function blockedProbe(text, blocks, blockBits, k) {
  const reduce = (x, range) => Number((x * BigInt(range)) >> 64n);
  return {
    block: reduce(mixed(text, 0), blocks),
    offsets: Array.from({ length: k }, (_, i) => reduce(mixed(text, i + 1), blockBits)),
  };
}

/** A cuckoo filter (Fan et al.) as the page builds one: 2^r buckets of `slots` fingerprints of `bits`
 * bits, partial-key cuckoo hashing, victims chosen by SplitMix64 from `seed`, at most 500 kicks. */
export class ReferenceCuckoo {
  constructor(buckets, slots, bits, seed = 0x5eed) {
    this.mask = BigInt(buckets - 1);
    this.slots = slots;
    this.bits = bits;
    this.table = Array.from({ length: buckets }, () => new Array(slots).fill(0));
    this.rng = new SplitMix64(seed);
  }
  alternate(bucket, fingerprint) { return Number(BigInt(bucket) ^ ((fmix64(BigInt(fingerprint)) >> 32n) & this.mask)); }
  candidates(text) {
    const hash = fmix64(mixed(text, 0));
    const first = Number((hash >> 32n) & this.mask);
    const fingerprint = 1 + Number(((hash & 0xffffffffn) * BigInt(2 ** this.bits - 1)) >> 32n);
    return { fingerprint, first, second: this.alternate(first, fingerprint) };
  }
  insert(text) {
    const { fingerprint, first, second } = this.candidates(text);
    for (const bucket of [first, second]) {
      const free = this.table[bucket].indexOf(0);
      if (free >= 0) { this.table[bucket][free] = fingerprint; return { kicks: 0 }; }
    }
    let bucket = this.rng.below(2) === 0 ? first : second;
    let carried = fingerprint;
    const kicks = [];
    for (let kick = 0; kick < 500; kick++) {
      const slot = this.rng.below(this.slots);
      const evicted = this.table[bucket][slot];
      this.table[bucket][slot] = carried;
      kicks.push([bucket, slot, evicted]);
      [carried, bucket] = [evicted, this.alternate(bucket, evicted)];
      const free = this.table[bucket].indexOf(0);
      if (free >= 0) { this.table[bucket][free] = carried; return { kicks: kicks.length }; }
    }
    for (const [b, slot, evicted] of kicks.reverse()) this.table[b][slot] = evicted;
    return { failed: true };
  }
  remove(text) {
    const { fingerprint, first, second } = this.candidates(text);
    for (const bucket of [first, second]) {
      const at = this.table[bucket].indexOf(fingerprint);
      if (at >= 0) { this.table[bucket][at] = 0; return true; }
    }
    return false;
  }
}

/** An xor filter's three cells for `text` in an array of `cells` cells, built with the seed its
 * `attempts`-th try drew (SplitMix64 from 0), and its `bits`-bit fingerprint. */
export function xorSlots(text, cells, attempts, bits) {
  const seeds = new SplitMix64(0);
  let seed = 0n;
  for (let i = 0; i < attempts; i++) seed = seeds.next();
  const hash = fmix64((mixed(text, 0) + seed) & MASK64);
  const segment = BigInt(cells / 3);
  const slots = [0, 1, 2].map((i) => Number(((rotl64(hash, 21 * i) & 0xffffffffn) * segment) >> 32n) + i * Number(segment));
  return { slots, fingerprint: Number((hash ^ (hash >> 32n)) & BigInt(2 ** bits - 1)) };
}

// The race's JavaScript entrants, in a worker of their own: npm `bloomfilter` 1.1.0 and npm
// `bloom-filters` 3.0.4, timed on the same keys, m and k as the lab's wasm worker times this site's
// filter. `scripts/race-bundle.mjs` bundles this file with the two libraries into
// `dist/lab/race-worker.js`, which the lab's page loads only when a visitor starts the race (and
// `make bench` through the same page).
//
// Messages, as the lab's worker speaks them (`crates/bloom-core/src/lab_messages.rs`):
//   in:  race <id> <library> <n> <m> <k> <seed>
//   out: ready | progress <id> <done> <total> <µs> | done <id> <insert µs> <query µs> <false positives> 0

import { BloomFilter as Bloomfilter } from 'bloomfilter';
// The library's own module for its classic filter (its index module would bring every structure it
// has). It is CommonJS, exporting the class as `exports.default`.
import bloomFiltersModule from 'bloom-filters/dist/bloom/bloom-filter.js';

const BloomFilters = bloomFiltersModule.default;

// Each library's filter of m bits and k hashes, as `insert(key)` and `query(key)`.
const LIBRARIES = {
  bloomfilter(m, k) {
    const filter = new Bloomfilter(m, k);
    return { insert: filter.add.bind(filter), query: filter.test.bind(filter) };
  },
  'bloom-filters'(m, k) {
    const filter = new BloomFilters(m, k);
    return { insert: filter.add.bind(filter), query: filter.has.bind(filter) };
  },
};

// Keys handled between two looks at the clock.
const CHUNK = 1 << 12;
// How often progress is reported, in milliseconds.
const REPORT_EVERY_MS = 100;

function micros(ms) {
  return Math.max(0, Math.round(ms * 1000));
}

function race(id, library, n, m, k, seed) {
  const make = LIBRARIES[library];
  if (!make) {
    postMessage(`failed ${id} rate`);
    return;
  }
  const { insert, query } = make(m, k);
  const total = 2 * n;
  const start = performance.now();
  let reported = start;
  const progress = (done) => {
    const now = performance.now();
    if (now - reported >= REPORT_EVERY_MS) {
      reported = now;
      postMessage(`progress ${id} ${done} ${total} ${micros(now - start)}`);
    }
  };
  // The keys the wasm worker writes: "<seed>-<i>" inserted, "<seed>-q<i>" queried.
  for (let i = 0; i < n; i++) {
    insert(seed + '-' + i);
    if ((i & (CHUNK - 1)) === 0) progress(i);
  }
  const inserted = performance.now();
  let falsePositives = 0;
  for (let i = 0; i < n; i++) {
    if (query(seed + '-q' + i)) falsePositives++;
    if ((i & (CHUNK - 1)) === 0) progress(n + i);
  }
  const queried = performance.now();
  postMessage(`done ${id} ${micros(inserted - start)} ${micros(queried - inserted)} ${falsePositives} 0`);
}

onmessage = (event) => {
  const words = String(event.data).split(' ');
  if (words[0] !== 'race' || words.length !== 7) return;
  const [id, n, m, k, seed] = [words[1], words[3], words[4], words[5], words[6]].map(Number);
  race(id, words[2], n, m, k, seed);
};

postMessage('ready');

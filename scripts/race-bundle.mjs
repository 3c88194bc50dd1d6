// Bundles the race's JavaScript worker (`scripts/race-worker.mjs`) with npm `bloomfilter` and
// `bloom-filters` into one classic worker script, `dist/lab/race-worker.js`: fetched from the site
// itself, and only when a visitor starts the race. The libraries' licence notices go with it.

import { build } from 'esbuild';

await build({
  entryPoints: ['scripts/race-worker.mjs'],
  outfile: 'dist/lab/race-worker.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});

// Serves the release build in dist/ on http://127.0.0.1:8080 (or $PORT), gzipped as a static host
// would, every page at its own address. `make serve` builds first.
import { serve } from '../e2e/harness.mjs';

const port = Number(process.env.PORT ?? 8080);
const { origin } = await serve(undefined, port);
console.log(`Serving dist/ on ${origin}/ (Ctrl-C stops)`);

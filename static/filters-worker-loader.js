// Starts the filters page's worker (the filters entry: `Asset::Worker` in src/routes/table.rs): the
// wasm-bindgen glue, then its wasm, both beside this file in filters/.
importScripts('./filters-worker.js');
wasm_bindgen({ module_or_path: './filters-worker_bg.wasm' });

// Starts the lab's worker (the lab's entry: `Asset::Worker` in src/routes/table.rs): the wasm-bindgen glue, then its wasm, both beside
// this file in lab/.
importScripts('./lab-worker.js');
wasm_bindgen({ module_or_path: './lab-worker_bg.wasm' });

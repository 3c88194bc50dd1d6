// Starts the lab's worker (see lab/index.html): the wasm-bindgen glue, then its wasm, both beside
// this file in lab/.
importScripts('./lab-worker.js');
wasm_bindgen({ module_or_path: './lab-worker_bg.wasm' });

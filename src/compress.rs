//! Raw DEFLATE by the browser's own `CompressionStream`, for the compact form of long links: the
//! compressor is part of every current browser, so the page need not download one.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(inline_js = "
export function deflateRaw(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
")]
extern "C" {
    #[wasm_bindgen(js_name = deflateRaw)]
    fn deflate_raw_promise(bytes: &[u8]) -> js_sys::Promise;
}

/// `bytes` compressed as raw DEFLATE (RFC 1951); `None` where the browser cannot.
pub async fn deflate_raw(bytes: &[u8]) -> Option<Vec<u8>> {
    let compressed = JsFuture::from(deflate_raw_promise(bytes)).await.ok()?;
    Some(js_sys::Uint8Array::new(&compressed).to_vec())
}

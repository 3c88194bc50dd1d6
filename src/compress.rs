//! Raw DEFLATE by the browser's own `CompressionStream` and `DecompressionStream`, for the compact
//! form of long links: both are part of every current browser, so the page need not download them.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::share::{compact_items, compact_query, SharedState};

#[wasm_bindgen(inline_js = "
export function deflateRaw(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
export async function inflateRaw(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let total = 0;
  let complete = true;
  for (;;) {
    let step;
    try {
      step = await reader.read();
    } catch {
      // Corrupt or cut off: keep what came out before the damage.
      complete = false;
      break;
    }
    if (step.done) break;
    total += step.value.length;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(total + 1);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  // The last byte says whether the stream ended properly.
  out[total] = complete ? 1 : 0;
  return out;
}
")]
extern "C" {
    #[wasm_bindgen(js_name = deflateRaw)]
    fn deflate_raw_promise(bytes: &[u8]) -> js_sys::Promise;
    #[wasm_bindgen(js_name = inflateRaw)]
    fn inflate_raw_promise(bytes: &[u8], limit: f64) -> js_sys::Promise;
}

/// `bytes` compressed as raw DEFLATE (RFC 1951); `None` where the browser cannot.
pub async fn deflate_raw(bytes: &[u8]) -> Option<Vec<u8>> {
    let compressed = JsFuture::from(deflate_raw_promise(bytes)).await.ok()?;
    Some(js_sys::Uint8Array::new(&compressed).to_vec())
}

/// The compact link query of `state`: its items compressed by the browser ([`compact_query`]);
/// `None` where the browser cannot compress.
pub async fn compact_link(state: &SharedState) -> Option<String> {
    let deflated = deflate_raw(compact_items(state).as_bytes()).await?;
    Some(compact_query(state, &deflated))
}

/// What came out of a compressed payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inflated {
    /// The bytes, all of them or those before the data broke off.
    pub bytes: Vec<u8>,
    /// False when the data was cut off or damaged part-way (a link shortened by a mail program).
    pub complete: bool,
}

/// Raw DEFLATE `bytes` inflated, as long as the result stays within `limit` bytes (a link must not
/// be able to fill the reader's memory); `None` past the limit. Damaged or cut-off data gives what
/// came out before the damage.
pub async fn inflate_raw(bytes: &[u8], limit: usize) -> Option<Inflated> {
    let inflated = JsFuture::from(inflate_raw_promise(bytes, limit as f64))
        .await
        .ok()?;
    if inflated.is_null() {
        return None;
    }
    let mut bytes = js_sys::Uint8Array::new(&inflated).to_vec();
    let complete = bytes.pop() == Some(1);
    Some(Inflated { bytes, complete })
}

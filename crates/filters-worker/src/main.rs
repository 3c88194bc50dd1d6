//! The filters page's worker (`filters/filters-worker-loader.js` starts it): a program of its own,
//! built for speed rather than size, that builds each of today's filters from a million keys (or
//! ten million) and measures it, off the page's thread. It answers each request with one report and
//! never needs to hear "stop": the page cancels by ending the worker.
//!
//! A crate of its own, as the lab's worker is: its speed-optimised build compiles the core and the
//! worker's web API only, and the lab's worker does not carry these structures.

#[cfg(target_arch = "wasm32")]
mod worker;

// SAFETY: a worker has one thread, and nothing else claims the memory talc grows into.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
}

//! The lab's worker (`lab/lab-worker-loader.js` starts it): a program of its own, built for speed
//! rather than size, that runs cells off the page's thread, so the page stays responsive through a
//! ten-million-item run. It listens for [`RunRequest`]s, advances the run a chunk of keys at a time,
//! reports progress every tenth of a second and the times and counts at the end. It never needs to
//! hear "stop": the page cancels a run by ending the worker.
//!
//! It is a crate of its own so that its speed-optimised build compiles the core and the worker's
//! web API only, never yew or the site.

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

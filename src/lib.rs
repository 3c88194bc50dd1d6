//! An interactive Bloom filter tutorial. The filter and its maths live in the `bloom_core` crate, free of web code;
//! [`state`] holds the page state as a reducer, and the components only draw what the core computed.

pub mod app;
pub mod components;
pub mod compress;
pub mod embed;
pub mod embed_app;
pub mod export;
pub mod format;
pub mod hooks;
pub mod options;
pub mod pages;
#[cfg(not(target_arch = "wasm32"))]
pub mod prerender;
pub mod routes;
pub mod share;
pub mod shortcuts;
pub mod state;
pub mod strings;
pub mod tutorial;
pub mod url;
pub mod web;

// Every entry's allocator (see Cargo.toml); the host's tests keep the system allocator.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: a wasm page has one thread, and nothing else claims the memory talc grows into.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

//! The Bloom filter itself, free of any web code so that plain `cargo test` checks every number the
//! site shows (the unit tests run natively; `tests/indexes.rs` repeats the hashing checks in a browser). A Bloom filter answers "have I seen this?" with m bits and k hash functions: inserting
//! sets k bits, querying tests them, and a "no" is always right while a "yes" may be a false positive.

pub mod bit_array;
pub mod bugs;
pub mod cascade;
pub mod chart;
#[cfg(all(test, not(target_arch = "wasm32")))]
pub mod checks;
pub mod compressed;
pub mod count_min;
pub mod counting;
pub mod crawler;
pub mod decimal;
pub mod derivation;
pub mod estimate;
pub mod experiment;
pub mod filter;
pub mod fpr;
pub mod hash_count;
pub mod hashing;
pub mod keys;
pub mod lab;
pub mod lab_messages;
pub mod measure;
pub mod memory_curve;
pub mod modern;
pub mod murmur;
pub mod overflow;
pub mod params;
pub mod partitioned;
pub mod playground;
pub mod quantity;
pub mod race;
pub mod rate_readings;
pub mod scalable;
pub mod sets;
pub mod sizing;
pub mod slides;
pub mod small_sort;
pub mod text;
pub mod words;

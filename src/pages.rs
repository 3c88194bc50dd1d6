//! One component per route.

pub mod not_found;
pub mod playground;

//! One component per route.

pub mod calculator;
pub mod not_found;
pub mod playground;

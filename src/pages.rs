//! One component per route.

pub mod calculator;
pub mod chart_embed;
pub mod not_found;
pub mod playground;

//! One component per route.

pub mod calculator;
pub mod chart_embed;
pub mod learn;
pub mod not_found;
pub mod playground;

//! One component per route.

pub mod calculator;
pub mod chart_embed;
pub mod embed_builder;
pub mod learn;
pub mod playground;

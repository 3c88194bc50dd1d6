//! One component per route.

pub mod bugs;
pub mod calculator;
pub mod chart_embed;
pub mod count_min;
pub mod counting;
pub mod embed_builder;
pub mod lab;
pub mod learn;
pub mod playground;
pub mod scalable;
pub mod sets;
pub mod shipping;

//! Page state as reducers: each page keeps one `State`, an `Action` enum and `impl Reducible`, and its
//! `reduce` delegates to the core.

pub mod bugs;
pub mod calculator;
pub mod count_min;
pub mod counting;
pub mod history;
pub mod lab;
pub mod linked;
pub mod playground;
pub mod scalable;
pub mod sets;
pub mod step_through;

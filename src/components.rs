//! The playground's parts, one component per file, each named after what it shows.

pub mod bit_array;
pub mod bit_cell;
pub mod hash_workings;
pub mod item_list;
pub mod number_field;
pub mod optimal_k;
pub mod outcome_panel;
pub mod rate_chart;
pub mod rate_point;
pub mod stats_panel;

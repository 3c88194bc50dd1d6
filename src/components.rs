//! The playground's parts, one component per file, each named after what it shows.

pub mod best_practice_table;
pub mod bit_array;
pub mod bit_cell;
pub mod calculator_field;
pub mod calculator_result;
pub mod compared_rate_chart;
pub mod embed_panel;
pub mod estimate_demo;
pub mod exercise_card;
pub mod hash_workings;
pub mod item_list;
pub mod memory_chart;
pub mod number_field;
pub mod optimal_k;
pub mod outcome_panel;
pub mod rate_chart;
pub mod rate_point;
pub mod share_panel;
pub mod shortcut_help;
pub mod sizing_table;
pub mod state_error;
pub mod stats_panel;
pub mod step_through;
pub mod url_example;

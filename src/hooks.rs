//! Hooks shared by the components.

pub mod context;
pub mod use_bug_runs;
pub mod use_compact_query;
pub mod use_embed;
pub mod use_filters_worker;
pub mod use_keep_in_view;
pub mod use_lab_workers;
pub mod use_lang;
pub mod use_linked;
pub mod use_page_link;
pub mod use_prerendered;
pub mod use_presenter;
pub mod use_saved_playground;
pub mod use_shortcuts;
pub mod use_width;

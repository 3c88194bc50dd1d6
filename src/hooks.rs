//! Hooks shared by the components.

pub mod use_lang;

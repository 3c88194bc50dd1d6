//! The one context every page provides: its language, its link and the presenter switch, in one
//! value, so no entry carries more than one context provider's machinery. The language's provider
//! gives it first; the shell (or an embedded widget's frame) gives it again below itself with its
//! presenter switch. The hooks that read it are `use_lang`, `use_page_link` and `use_presenter`.

use yew::prelude::*;

use crate::strings::Lang;

/// The current query string and how to replace it without adding a history entry.
#[derive(Clone, PartialEq, Default)]
pub struct PageLink {
    /// The query, without `?`.
    pub query: AttrValue,
    /// Replaces the query (the page's route stays).
    pub replace: Callback<String>,
}

/// Whether presenter mode is on, and how to switch it.
#[derive(Clone, PartialEq, Default)]
pub struct Presenter {
    /// On or off.
    pub on: bool,
    /// Switches it.
    pub toggle: Callback<()>,
}

/// The language context: what the page speaks, its link, and the presenter switch (one context for
/// all three, so no entry carries a second provider's machinery; the shell provides it again below
/// itself with its switch).
#[derive(Clone, PartialEq)]
pub struct LangContext {
    /// The language shown.
    pub lang: Lang,
    /// The page's link (`use_page_link`).
    pub link: PageLink,
    /// The presenter switch (`use_presenter`).
    pub presenter: Presenter,
}

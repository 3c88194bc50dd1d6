//! The page's own link, as the one place pages read their query string from and write their state
//! back to: every page is a real file, and its state is its `?query`. A page only sees the query and a
//! way to replace it (component tests mount pages with no link at all).

use yew::prelude::*;

/// The current query string and how to replace it without adding a history entry.
#[derive(Clone, PartialEq, Default)]
pub struct PageLink {
    /// The query, without `?`.
    pub query: AttrValue,
    /// Replaces the query (the page's route stays).
    pub replace: Callback<String>,
}

/// The page's link; an empty query that ignores writes when no provider is mounted (component tests).
#[hook]
pub fn use_page_link() -> PageLink {
    use_context::<PageLink>().unwrap_or_default()
}

/// The way up from this page to the site's root (`./`, `../`), as its `<meta name="bloom-root">`
/// says; pages in sub-folders find the text files and the other pages through it.
pub fn site_root() -> String {
    web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| {
            document
                .query_selector("meta[name=bloom-root]")
                .ok()
                .flatten()
        })
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./".into())
}

/// The link of a page without a router: its `?query`, replaced in place with `history.replaceState`.
pub fn window_link() -> PageLink {
    let location = web_sys::window().map(|window| window.location());
    let query = location
        .as_ref()
        .and_then(|location| location.search().ok())
        .unwrap_or_default();
    PageLink {
        query: AttrValue::from(query.trim_start_matches('?').to_owned()),
        replace: Callback::from(|query: String| {
            let Some(window) = web_sys::window() else {
                return;
            };
            let path = window.location().pathname().unwrap_or_default();
            let url = if query.is_empty() {
                path
            } else {
                format!("{path}?{query}")
            };
            if let Ok(history) = window.history() {
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
        }),
    }
}

//! The page's own link, as the one place pages read their query string from and write their state
//! back to: every page is a real file, and its state is its `?query`. A page only sees the query and a
//! way to replace it (component tests mount pages with no link at all).

use yew::prelude::*;

pub use crate::hooks::context::PageLink;

/// The page's link, which the language's provider holds too; an empty query that ignores writes when
/// no provider is mounted (component tests).
#[hook]
pub fn use_page_link() -> PageLink {
    use_context::<crate::hooks::context::LangContext>()
        .map(|context| context.link)
        .unwrap_or_default()
}

/// The way up from this page to the site's root (`./`, `../`), as its `<meta name="bloom-root">`
/// says; pages in sub-folders find the text files and the other pages through it.
pub fn site_root() -> String {
    crate::web::find("meta[name=bloom-root]")
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(crate::web::default_root)
}

/// The language of this page, as its folder names it (`zh/learn/4/` is Chinese; see
/// [`crate::routes`]).
pub fn page_lang() -> crate::strings::Lang {
    crate::routes::lang_from_path(&crate::web::page_path(), &site_root())
}

/// The link of this page. With `fragment` (every page but the tutorial), the state lives after `#`
/// (`#m=16&item=apple`): a fragment never reaches a server, so a link may carry thousands of items
/// where a server or host would refuse a query that long; a `?query` is read too (before the
/// fragment), for hand-written links. Without it (the tutorial, whose fragment names the chapter)
/// only the `?query` is read and nothing is written.
pub fn window_link(fragment: bool) -> PageLink {
    let location = crate::web::window().map(|window| window.location());
    let part = |text: Option<String>, mark: char| {
        text.unwrap_or_default().trim_start_matches(mark).to_owned()
    };
    let search = part(location.as_ref().and_then(|l| l.search().ok()), '?');
    let hash = part(
        location
            .as_ref()
            .and_then(|l| l.hash().ok())
            .filter(|_| fragment),
        '#',
    );
    // "#/" is how the site's root was once written.
    let hash = hash.trim_start_matches('/').to_owned();
    let query = match (search.is_empty(), hash.is_empty()) {
        (_, true) => search,
        (true, false) => hash,
        (false, false) => format!("{search}&{hash}"),
    };
    let replace = if fragment {
        Callback::from(|query: String| {
            let Some(window) = crate::web::window() else {
                return;
            };
            let path = window.location().pathname().unwrap_or_default();
            if let Ok(history) = window.history() {
                let url = format!("{path}#{query}");
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
        })
    } else {
        Callback::noop()
    };
    PageLink {
        query: AttrValue::from(query),
        replace,
    }
}

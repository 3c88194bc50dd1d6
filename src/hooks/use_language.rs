//! Which language the site speaks: a `lang=` link parameter wins (so a teacher can share a Chinese or
//! Japanese link), then the visitor's last choice (saved in `localStorage`), then the browser's
//! language, then English. `<html lang>` and the document title follow.

use yew::prelude::*;

use crate::strings::{Lang, Msg};
use crate::url::parse_query;

/// Where the chosen language is saved.
pub const LANG_STORAGE_KEY: &str = "bloom-tutorial.lang";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The language a link asks for, if it does.
pub fn lang_in_query(query: &str) -> Option<Lang> {
    parse_query(query)
        .into_iter()
        .find_map(|(key, value)| (key == "lang").then(|| value.ok()).flatten())
        .and_then(|tag| Lang::from_tag(&tag))
}

fn remembered() -> Option<Lang> {
    Lang::from_tag(&storage()?.get_item(LANG_STORAGE_KEY).ok()??)
}

fn browser_language() -> Option<Lang> {
    Lang::from_tag(&web_sys::window()?.navigator().language()?)
}

/// The current language and a setter that also remembers the choice.
#[hook]
pub fn use_language(query: &str) -> (Lang, Callback<Lang>) {
    let from_link = lang_in_query(query);
    let lang = use_state(|| {
        from_link
            .or_else(remembered)
            .or_else(browser_language)
            .unwrap_or_default()
    });
    // A link whose lang= changed (opened or edited in the same tab) takes effect in this very render,
    // so pages writing the URL write the new language, not the old one.
    let seen_in_link = use_mut_ref(|| from_link);
    let current = if *seen_in_link.borrow() != from_link {
        *seen_in_link.borrow_mut() = from_link;
        match from_link {
            Some(chosen) => {
                lang.set(chosen);
                chosen
            }
            None => *lang,
        }
    } else {
        *lang
    };
    use_effect_with(current, |lang| {
        if let Some(document) = web_sys::window().and_then(|window| window.document()) {
            if let Some(root) = document.document_element() {
                let _ = root.set_attribute("lang", lang.code());
            }
            document.set_title(lang.text(Msg::SiteTitle));
        }
    });
    let set = {
        let lang = lang.clone();
        Callback::from(move |chosen: Lang| {
            if let Some(storage) = storage() {
                let _ = storage.set_item(LANG_STORAGE_KEY, chosen.param());
            }
            lang.set(chosen);
        })
    };
    (current, set)
}

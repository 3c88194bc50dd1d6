//! The playground's state, kept where a visitor expects it: in the address bar (replaced as they work,
//! not one history entry per keystroke) and in `localStorage`, so a reload or a shared link restores
//! the exact filter. A link wins over saved state; a link edited by hand is loaded as it is entered.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::compress::{deflate_raw, inflate_raw};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::use_page_link;
use crate::share::{
    compact_items, compact_query, compressed_items, from_query, from_query_inflated, has_state,
    to_query, SharedState, MAX_INFLATED_BYTES, PLAIN_LINK_LIMIT,
};
use crate::state::playground::{PlaygroundAction, PlaygroundState};
use crate::strings::Lang;

/// `query` with `lang=` added for any language but the default, so links keep the language.
pub fn with_lang(mut query: String, lang: Lang) -> String {
    if lang != Lang::default() {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str("lang=");
        query.push_str(lang.param());
    }
    query
}

/// Where the state is saved in `localStorage`.
pub const STORAGE_KEY: &str = "bloom-tutorial.playground.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The playground reducer, initialised from the link, else (when `persist` is true) saved state, else
/// `preset`; when `persist` is true every change is written back to both. Embedded widgets pass false:
/// they neither read nor overwrite the visitor's own saved state.
#[hook]
pub fn use_saved_playground(
    persist: bool,
    preset: Option<SharedState>,
) -> UseReducerHandle<PlaygroundState> {
    let page_link = use_page_link();
    let query = page_link.query.to_string();
    let lang = use_lang();
    let state = use_reducer({
        let query = query.clone();
        move || {
            if has_state(&query) {
                let (shared, ignored) = from_query(&query);
                PlaygroundState::from_shared(&shared, ignored)
            } else if let Some(saved) = storage()
                .filter(|_| persist)
                .and_then(|storage| storage.get_item(STORAGE_KEY).ok().flatten())
            {
                // Our own saved state: anything unreadable in it is simply dropped.
                PlaygroundState::from_shared(&from_query(&saved).0, Vec::new())
            } else if let Some(preset) = preset {
                PlaygroundState::from_shared(&preset, Vec::new())
            } else {
                PlaygroundState::default()
            }
        }
    });
    // The query this page last wrote, so its own writes are not read back as new links.
    let written = use_mut_ref(|| None::<String>);

    // A link typed or pasted into the address bar while the page is open.
    {
        let state = state.clone();
        let written: Rc<RefCell<Option<String>>> = written.clone();
        use_effect_with(query, move |query| {
            let ours = written
                .borrow()
                .as_deref()
                .map(|q| q.trim_start_matches('?'))
                == Some(query.trim_start_matches('?'));
            if !ours && has_state(query) {
                match compressed_items(query) {
                    // Compact items: the browser inflates them, then the whole link loads.
                    Some(compressed) => {
                        let query = query.clone();
                        wasm_bindgen_futures::spawn_local(async move {
                            let inflated = inflate_raw(&compressed, MAX_INFLATED_BYTES).await;
                            let text = inflated.and_then(|bytes| String::from_utf8(bytes).ok());
                            let (shared, ignored) = from_query_inflated(&query, text.as_deref());
                            state.dispatch(PlaygroundAction::Load(shared, ignored));
                        });
                    }
                    None => {
                        let (shared, ignored) = from_query(query);
                        state.dispatch(PlaygroundAction::Load(shared, ignored));
                    }
                }
            }
        });
    }
    // Every change of the model: replace the URL and save. A link past the plain limit is compressed
    // by the browser, which answers later: only the newest state's answer is written.
    let writes = use_mut_ref(|| 0_u64);
    {
        let playground = state.playground.clone();
        use_effect_with((playground, lang), move |(playground, lang)| {
            if persist {
                let shared = SharedState::of(playground);
                let plain = with_lang(to_query(&shared), *lang);
                if let Some(storage) = storage() {
                    let _ = storage.set_item(STORAGE_KEY, &plain);
                }
                *writes.borrow_mut() += 1;
                if plain.len() <= PLAIN_LINK_LIMIT {
                    *written.borrow_mut() = Some(plain.clone());
                    page_link.replace.emit(plain);
                } else {
                    let this_write = *writes.borrow();
                    let lang = *lang;
                    wasm_bindgen_futures::spawn_local(async move {
                        let Some(deflated) = deflate_raw(compact_items(&shared).as_bytes()).await
                        else {
                            return;
                        };
                        if *writes.borrow() == this_write {
                            let link = with_lang(compact_query(&shared, &deflated), lang);
                            *written.borrow_mut() = Some(link.clone());
                            page_link.replace.emit(link);
                        }
                    });
                }
            }
        });
    }
    state
}

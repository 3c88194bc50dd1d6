//! The playground's state, kept where a visitor expects it: in the address bar (replaced as they work,
//! not one history entry per keystroke) and in `localStorage`, so a reload or a shared link restores
//! the exact filter. A link wins over saved state; a link edited by hand is loaded as it is entered.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;
use yew_router::prelude::*;
use yew_router::query::Raw;

use crate::app::Route;
use crate::hooks::use_lang::use_lang;
use crate::share::{from_query, has_state, to_link_query, SharedState};
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
    let location = use_location();
    let navigator = use_navigator();
    let route = use_route::<Route>().unwrap_or(Route::Playground);
    let query = location
        .as_ref()
        .map(|location| location.query_str().to_owned())
        .unwrap_or_default();
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
                let (shared, ignored) = from_query(query);
                state.dispatch(PlaygroundAction::Load(shared, ignored));
            }
        });
    }
    // Every change of the model: replace the URL and save.
    {
        let playground = state.playground.clone();
        use_effect_with((playground, lang), move |(playground, lang)| {
            if persist {
                let link = with_lang(to_link_query(&SharedState::of(playground)), *lang);
                if let Some(storage) = storage() {
                    let _ = storage.set_item(STORAGE_KEY, &link);
                }
                *written.borrow_mut() = Some(link.clone());
                if let Some(navigator) = navigator {
                    let _ = navigator.replace_with_query(&route, Raw(link));
                }
            }
        });
    }
    state
}

//! The playground's state, kept where a visitor expects it: in the address bar (replaced as they work,
//! not one history entry per keystroke) and in `localStorage`, so a reload or a shared link restores
//! the exact filter. A link wins over saved state; a link edited by hand is loaded as it is entered.
//! Reading a link and writing it back are separate hooks, so what only reads carries no writer.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::compress::{compact_link, inflate_raw};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_presenter::use_presenter;
use crate::share::{
    compressed_items, from_query, from_query_over, has_state, inflated_text, to_query, Ignored,
    LinkedSteps, SharedState, MAX_INFLATED_BYTES, PLAIN_LINK_LIMIT,
};
use crate::state::playground::{PlaygroundAction, PlaygroundState};
use crate::strings::Lang;
use crate::web::storage;

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

/// Past this many bytes, while presenting, the link is written compact: with the page's address and
/// `present=1` a QR code of about 560 bytes is an 89-module symbol (version 18 at level M), 8 pixels
/// a module at 70 % of a 1080-pixel projector, which a phone reads from across a room; a plain link
/// grows by every item's length, the compact one by a fraction of it.
pub const PRESENTED_LINK_LIMIT: usize = 500;

/// Where the state is saved in `localStorage`.
pub const STORAGE_KEY: &str = "bloom-tutorial.playground.v1";

/// The playground reducer as a link opens it: from the link, else (with `read_saved`) the visitor's
/// saved link, else `preset`; a link edited while the page is open is loaded as it is entered. Nothing is
/// written: embedded widgets and the tutorial's examples use this alone, so they neither overwrite
/// the visitor's saved state nor carry the code that writes links.
#[hook]
pub fn use_linked_playground(
    preset: Option<SharedState>,
    read_saved: bool,
) -> (
    UseReducerHandle<PlaygroundState>,
    Rc<RefCell<Option<String>>>,
) {
    let page_link = use_page_link();
    let query = page_link.query.to_string();
    // What a link leaves out (m and k, in a chapter link with only items) is the preset's.
    let base = use_memo(preset.clone(), |preset| preset.clone().unwrap_or_default());
    let state = use_reducer({
        let (query, base) = (query.clone(), base.clone());
        move || {
            if has_state(&query) {
                let (shared, ignored) = from_query_over(&base, &query, Some(""));
                PlaygroundState::from_shared(&shared, ignored)
            } else if let Some(saved) = storage()
                .filter(|_| read_saved)
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
    {
        let (state, written) = (state.clone(), written.clone());
        use_effect_with(query, move |query| {
            let ours = written.borrow().as_deref() == Some(query.as_str());
            if !ours && has_state(query) {
                load(state, &base, query);
            }
        });
    }
    (state, written)
}

/// Loads a link into the playground over `base` (see [`from_query_over`]); compact items are
/// inflated by the browser first.
fn load(state: UseReducerHandle<PlaygroundState>, base: &Rc<SharedState>, query: &str) {
    match compressed_items(query) {
        Some(compressed) => {
            let (query, base) = (query.to_owned(), base.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let inflated = inflate_raw(&compressed, MAX_INFLATED_BYTES).await;
                let cut_off = inflated.as_ref().is_some_and(|inflated| !inflated.complete);
                let text =
                    inflated.and_then(|inflated| inflated_text(inflated.bytes, inflated.complete));
                let (shared, mut ignored) = from_query_over(&base, &query, text.as_deref());
                if cut_off {
                    ignored.push(Ignored::CutOff {
                        restored: shared.items.len(),
                    });
                }
                state.dispatch(PlaygroundAction::Load(shared, ignored));
            });
        }
        None => {
            let (shared, ignored) = from_query_over(base, query, Some(""));
            state.dispatch(PlaygroundAction::Load(shared, ignored));
        }
    }
}

/// The site's playground: as [`use_linked_playground`], starting from saved state when the link has
/// none, and every change written back to the address bar (replaced, not a history entry per
/// keystroke) and to `localStorage`, so a reload or a shared link restores the exact filter, the
/// last query's verdict and `steps`, the step-through part-way (the text typed alone is not
/// written: a link per keystroke is more than browsers allow).
#[hook]
pub fn use_saved_playground(
    preset: Option<SharedState>,
    steps: Option<LinkedSteps>,
) -> UseReducerHandle<PlaygroundState> {
    let page_link = use_page_link();
    let (state, written) = use_linked_playground(preset, true);
    // While presenting, the link may become a QR code for a class to scan: it goes compact sooner.
    let limit = if use_presenter().on {
        PRESENTED_LINK_LIMIT
    } else {
        PLAIN_LINK_LIMIT
    };
    // A link past the plain limit is compressed by the browser, which answers later: only the newest
    // state's answer is written.
    let writes = use_mut_ref(|| 0_u64);
    use_effect_with(
        (
            state.playground.clone(),
            state.seed,
            state.last_query(),
            steps,
            limit,
        ),
        move |(playground, seed, query, steps, limit)| {
            let shared = SharedState {
                query: query.clone(),
                steps: steps.clone(),
                ..SharedState::of(playground, *seed)
            };
            let plain = to_query(&shared);
            if let Some(storage) = storage() {
                let _ = storage.set_item(STORAGE_KEY, &plain);
            }
            *writes.borrow_mut() += 1;
            if plain.len() <= *limit {
                *written.borrow_mut() = Some(plain.clone());
                page_link.replace.emit(plain);
            } else {
                let this_write = *writes.borrow();
                wasm_bindgen_futures::spawn_local(async move {
                    let Some(compact) = compact_link(&shared).await else {
                        return;
                    };
                    if *writes.borrow() == this_write {
                        *written.borrow_mut() = Some(compact.clone());
                        page_link.replace.emit(compact);
                    }
                });
            }
        },
    );
    state
}

//! A widget's state kept in its link, for the widgets whose whole state is a short list of
//! operations (the counting filter, the count-min sketch): opened from the link, else (on the site)
//! from the visitor's last visit, else from a preset; and on the site every change written back to
//! the address bar (replaced, not a history entry per click) and to `localStorage`, so a reload or a
//! shared link restores the exact state.

use yew::prelude::*;

use crate::hooks::use_embed::use_state_report;
use crate::hooks::use_page_link::use_page_link;
pub use crate::state::linked::Linked;
use crate::web::storage;

/// The widget's reducer, from its link (else, with `save`, the last visit; else `preset`); with
/// `save`, every change is written to the link and to `localStorage`.
#[hook]
pub fn use_linked<T: Linked>(preset: Option<AttrValue>, save: bool) -> UseReducerHandle<T> {
    let page_link = use_page_link();
    let state = use_reducer({
        let query = page_link.query.to_string();
        move || {
            if T::has_state(&query) {
                T::from_query(&query, true)
            } else if !save && T::shown_by(&query) {
                // Only how it is shown (`view=partitioned`): the preset (or the defaults) that way.
                let preset = preset.map_or_else(String::new, |preset| format!("{preset}&"));
                T::from_query(&format!("{preset}{query}"), true)
            } else if let Some(saved) = storage()
                .filter(|_| save)
                .and_then(|storage| storage.get_item(T::STORAGE_KEY).ok().flatten())
            {
                // Our own saved state: anything unreadable in it is simply dropped.
                T::from_query(&saved, false)
            } else if let Some(preset) = preset {
                T::from_query(&preset, false)
            } else {
                T::default()
            }
        }
    });
    let written = use_mut_ref(|| None::<String>);
    {
        let (state, written) = (state.clone(), written.clone());
        use_effect_with(page_link.query.clone(), move |query| {
            let ours = written.borrow().as_deref() == Some(query.as_str());
            if !ours && T::has_state(query) {
                state.dispatch(T::load(query));
            }
        });
    }
    let query = state.to_query();
    // Framed (an embed, which saves nothing), its state goes to the page around: the embed page's
    // preview puts what the author does in it into the author's code.
    use_state_report((!save).then(|| query.clone()));
    let query = save.then_some(query);
    use_effect_with(query, move |query| {
        if let Some(query) = query {
            if let Some(storage) = storage() {
                let _ = storage.set_item(T::STORAGE_KEY, query);
            }
            *written.borrow_mut() = Some(query.clone());
            page_link.replace.emit(query.clone());
        }
    });
    state
}

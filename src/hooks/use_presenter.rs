//! Presenter mode (for a projector): type read from the back of a room, a bigger bit array, more
//! contrast. The shell owns the switch and provides it with the language's context; its style sheet is fetched the
//! first time it is switched on.

use yew::prelude::*;

use crate::hooks::use_page_link::site_root;

pub use crate::hooks::context::Presenter;

/// The presenter switch (off, and inert, when no shell provides one).
#[hook]
pub fn use_presenter() -> Presenter {
    use_context::<crate::hooks::context::LangContext>()
        .map(|context| context.presenter)
        .unwrap_or_default()
}

/// Presenter mode's style sheet (`presenter.css` at the site's root): whether the mode can be drawn,
/// and the `<link>` that fetches the sheet, to place in the page. Most visitors never present, so
/// nothing is fetched until the mode is first switched on, and the mode is drawn once its sheet has
/// arrived (or could not), never half-styled.
#[hook]
pub fn use_presenter_sheet(on: bool) -> (bool, Html) {
    let arrived = use_state(|| false);
    let asked = use_mut_ref(|| false);
    if on {
        *asked.borrow_mut() = true;
    }
    let link = if *asked.borrow() {
        let onload = {
            let arrived = arrived.clone();
            Callback::from(move |_: Event| arrived.set(true))
        };
        html! {
            <link rel="stylesheet" href={format!("{}presenter.css", site_root())} onload={onload.clone()} onerror={onload} />
        }
    } else {
        Html::default()
    };
    (on && *arrived, link)
}

//! The prerendered copy of the page (written into it at build time, see `prerender`), shown while the
//! wasm arrives and taken away once the app has drawn the same page: both happen in one frame, so a
//! reader sees no flash and nothing moves.

use yew::prelude::*;

/// Removes the prerendered copy (`#prerendered`) after the component's first draw.
#[hook]
pub fn use_replace_prerendered() {
    use_effect_with((), |()| {
        let copy = crate::web::window()
            .and_then(|window| window.document())
            .and_then(|document| document.get_element_by_id("prerendered"));
        if let Some(copy) = copy {
            copy.remove();
        }
    });
}

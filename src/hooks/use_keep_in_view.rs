//! Keeps the result of an action on screen: on a phone the verdict of a query sits below the fold,
//! and a student who taps Query must see the answer without hunting for it.

use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};
use yew::prelude::*;

/// Whenever `result` changes to something, scrolls `node` just into view — not at all when it is
/// already visible, and without moving focus, so typing goes on where it was.
#[hook]
pub fn use_keep_in_view<T: PartialEq + Clone + 'static>(node: NodeRef, result: Option<T>) {
    use_effect_with(result, move |result| {
        if result.is_some() {
            if let Some(element) = node.cast::<Element>() {
                let options = ScrollIntoViewOptions::new();
                options.set_block(ScrollLogicalPosition::Nearest);
                element.scroll_into_view_with_scroll_into_view_options(&options);
            }
        }
    });
}

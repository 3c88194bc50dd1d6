//! Keeps the result of an action on screen: on a phone the verdict of a query sits below the fold,
//! and a student who taps Query must see the answer without hunting for it — and the bits it
//! names, and the field they typed in.

use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};
use yew::prelude::*;

/// Below this width (CSS pixels, 40rem) the site's playground (and a chapter's) keeps its item
/// field, or the step-through, at the top of the screen, and puts what happened before the array (`site.css`);
/// so do the pages marked `result-in-view` (the counting, count-min, scalable and combining pages).
const PHONE_WIDTH: f64 = 640.0;

/// Whenever `result` changes to something, brings `node` into view — without moving focus, so
/// typing goes on where it was. On a phone, where the site's playground keeps its field at the
/// top, the column `node` is in comes up to just under the field (its `scroll-margin-top`), so
/// the array shows too; elsewhere `node` scrolls only as far as needed, if at all.
#[hook]
pub fn use_keep_in_view<T: PartialEq + Clone + 'static>(node: NodeRef, result: Option<T>) {
    use_effect_with(result, move |result| {
        if result.is_some() {
            if let Some(element) = node.cast::<Element>() {
                keep_in_view(&element);
            }
        }
    });
}

/// The scrolling [`use_keep_in_view`] does.
fn keep_in_view(element: &Element) {
    let phone = crate::web::window_width().is_some_and(|width| width < PHONE_WIDTH);
    let options = ScrollIntoViewOptions::new();
    let column = element
        .closest(
            ".playground:not(.embedded):is(:has(> .stage > .item-panel), .result-in-view) .main-column, \
             .learn-widget > .playground:has(> .stage > .item-panel) .main-column",
        )
        .ok()
        .flatten()
        .filter(|_| phone);
    match column {
        Some(column) => {
            options.set_block(ScrollLogicalPosition::Start);
            column.scroll_into_view_with_scroll_into_view_options(&options);
        }
        None => {
            options.set_block(ScrollLogicalPosition::Nearest);
            element.scroll_into_view_with_scroll_into_view_options(&options);
        }
    }
}

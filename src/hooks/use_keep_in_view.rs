//! Keeps the result of an action on screen: on a phone the verdict of a query sits below the fold,
//! and a student who taps Query must see the answer without hunting for it — and the bits it
//! names, and the field they typed in.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};
use yew::prelude::*;

use crate::hooks::use_embed::tell_site_parent;

/// Below this width (CSS pixels, 40rem) the site's playground (and a chapter's) keeps its item
/// field, or the step-through, at the top of the screen, and puts what happened before the array (`site.css`);
/// so do the pages marked `result-in-view` (the counting, count-min, scalable and combining pages).
const PHONE_WIDTH: f64 = 640.0;

/// Whenever `result` changes to something, brings `node` into view — without moving focus, so
/// typing goes on where it was. On a phone, where the site's playground keeps its field at the
/// top, the column `node` is in comes up to just under the field (its `scroll-margin-top`), so
/// the array shows too; elsewhere `node` scrolls only as far as needed, if at all. A new result
/// is read from its start: where `node` scrolls inside itself (what happened on a presenter's
/// stage), it goes back to its top — not where the last result's foot (a button at it) left it.
#[hook]
pub fn use_keep_in_view<T: PartialEq + Clone + 'static>(node: NodeRef, result: Option<T>) {
    use_effect_with(result, move |result| {
        if result.is_some() {
            // A page's first state (a shared link's query, a class's QR code) is drawn behind the
            // page's prerendered copy: on a phone, where it is screens down, it comes into view
            // once the copy has gone; elsewhere the page opens at its top.
            let first = crate::hooks::use_prerendered::covered();
            crate::hooks::use_prerendered::when_shown(move || {
                if let Some(element) = node.cast::<Element>() {
                    element.set_scroll_top(0);
                }
                if let Some(element) = node.cast::<Element>().filter(|_| !first || phone()) {
                    if !asked_around(&element) {
                        keep_in_page(&element);
                    }
                }
            });
        }
    });
}

/// Brings `element` into view as far as needed, if at all (a part of a widget the reader asked
/// about: the line under a tapped bit, the bit a step points at) — in a frame, as
/// [`asked_around`] says.
pub fn bring_into_view(element: &Element) {
    if !asked_around(element) {
        let options = ScrollIntoViewOptions::new();
        options.set_block(ScrollLogicalPosition::Nearest);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// In a frame (not presented), asks the page around to bring `element` into view, with `{type:
/// "bloom-tutorial:show", top, bottom, field}` (what to show and, on a phone, the field to put at
/// the top of the screen with what it did under it; in the frame's own pixels) — which the site's
/// chapters do (`static/frames.js`) and another site's page does not (the message only goes to a
/// page of the site's own origin): a widget never moves an author's page under its reader. False
/// when not framed, or presented (a framed widget presented is the slide's stage: what scrolls
/// is inside it).
fn asked_around(element: &Element) -> bool {
    let framed = crate::web::window()
        .and_then(|window| {
            window
                .parent()
                .ok()
                .flatten()
                .map(|parent| !js_sys::Object::is(&parent, &window))
        })
        .unwrap_or(false);
    if !framed || element.closest(".presenter").ok().flatten().is_some() {
        return false;
    }
    let shown = element.get_bounding_client_rect();
    // On a phone, the field to put at the top, and the array under what happened: what the action
    // touched is to be on the screen with it.
    let part = |selector: &str| {
        element
            .owner_document()
            .and_then(|document| document.query_selector(selector).ok().flatten())
            .filter(|_| phone())
            .map(|part| part.get_bounding_client_rect())
    };
    let field = part(".item-panel, .item-field").map(|field| field.top());
    let bottom = part(".array-panel, .stages-panel")
        .map_or(shown.bottom(), |array| array.bottom().max(shown.bottom()));
    tell_site_parent(&[
        ("type", SHOW_MESSAGE.into()),
        ("top", shown.top().into()),
        ("bottom", bottom.into()),
        ("field", field.map_or(JsValue::NULL, JsValue::from)),
    ]);
    true
}

/// The message a framed widget posts to bring part of itself into view.
const SHOW_MESSAGE: &str = "bloom-tutorial:show";

/// The least height what happened keeps on a phone when it gives way to the cells under it (CSS
/// pixels: its heading and three lines).
const LEAST_OUTCOME_HEIGHT: f64 = 150.0;

/// On a phone, what happened stands above the array, just under the field: when it is so long that
/// a cell the action touched falls below the screen (a removal that met stuck counters, a false
/// positive with many setters), it keeps only the height that brings those cells up, and scrolls
/// inside itself (it takes the focus to do so; a shadow at its foot says there is more). It never
/// goes below [`LEAST_OUTCOME_HEIGHT`]: cells too far down for that (a large array, whose touched
/// cells a strip above it shows) leave it whole.
fn leave_room_for_cells(outcome: &Element, column: &Element) {
    let Ok(cells) = column.query_selector_all(".array-panel .bit-array > :is(.probe, .new)") else {
        return;
    };
    let lowest = (0..cells.length())
        .filter_map(|at| cells.item(at))
        .filter_map(|cell| cell.dyn_into::<Element>().ok())
        .map(|cell| cell.get_bounding_client_rect().bottom())
        .fold(f64::NEG_INFINITY, f64::max);
    let Some(screen) = crate::web::window()
        .and_then(|window| window.inner_height().ok())
        .and_then(|height| height.as_f64())
    else {
        return;
    };
    let over = lowest - screen + 12.0;
    let height = outcome.get_bounding_client_rect().height();
    if over > 0.0 && height - over >= LEAST_OUTCOME_HEIGHT {
        // Whole pixels, written as an integer: formatting a float would pull the standard
        // library's float printer into every page.
        let pixels = (height - over).floor() as u32;
        let _ = outcome.set_attribute("style", &format!("max-height:{pixels}px"));
    }
}

/// True on a phone's width.
fn phone() -> bool {
    crate::web::window_width().is_some_and(|width| width < PHONE_WIDTH)
}

/// The page itself: on a phone, where the site's playground keeps its field at the top, the column
/// comes up to just under the field; elsewhere `element` scrolls only as far as needed, if at all.
fn keep_in_page(element: &Element) {
    let options = ScrollIntoViewOptions::new();
    let column = element
        .closest(
            ".playground:not(.embedded):is(:has(> .stage > .item-panel), .result-in-view) .main-column, \
             .learn-widget > .playground:has(> .stage > .item-panel) .main-column",
        )
        .ok()
        .flatten()
        .filter(|_| phone());
    match column {
        Some(column) => {
            let outcome =
                Some(element).filter(|element| element.matches(".outcome-panel").unwrap_or(false));
            if let Some(outcome) = outcome {
                let _ = outcome.remove_attribute("style");
            }
            options.set_block(ScrollLogicalPosition::Start);
            column.scroll_into_view_with_scroll_into_view_options(&options);
            if let Some(outcome) = outcome {
                leave_room_for_cells(outcome, &column);
            }
        }
        None => {
            options.set_block(ScrollLogicalPosition::Nearest);
            element.scroll_into_view_with_scroll_into_view_options(&options);
        }
    }
}

//! The rendered width of an element, kept up to date with a `ResizeObserver`. Charts draw in a viewBox
//! as wide as the element in CSS pixels, so their text is always real-size type — legible on a phone
//! and on a projector alike — instead of being scaled with the drawing.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, ResizeObserver};
use yew::prelude::*;

use crate::hooks::use_presenter::use_presenter;
use bloom_core::chart::Frame;

/// Calls `on_resize` whenever `element` changes size (and once when observation starts); the returned
/// function stops observing.
pub fn observe_resize(element: &Element, on_resize: impl FnMut() + 'static) -> impl FnOnce() {
    let callback = Closure::<dyn FnMut()>::new(on_resize);
    let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
    if let Some(observer) = &observer {
        observer.observe(element);
    }
    move || {
        if let Some(observer) = observer {
            observer.disconnect();
        }
        drop(callback);
    }
}

/// The width of `node` in CSS pixels, once it has been laid out.
#[hook]
pub fn use_width(node: NodeRef) -> Option<f64> {
    let width = use_state(|| None::<f64>);
    {
        let width = width.clone();
        use_effect_with(node, move |node| {
            let element = node.cast::<Element>();
            let measure = {
                let element = element.clone();
                move || {
                    if let Some(measured) = element
                        .as_ref()
                        .map(Element::client_width)
                        .filter(|&w| w > 0)
                    {
                        width.set(Some(f64::from(measured)));
                    }
                }
            };
            measure();
            let stop = element
                .as_ref()
                .map(|element| observe_resize(element, measure));
            move || {
                if let Some(stop) = stop {
                    stop();
                }
            }
        });
    }
    *width
}

/// How much larger than its drawing a chart is shown in presenter mode (where its CSS type is 14 px,
/// so it reads at 28 px like the rest of the page).
const PRESENTER_ZOOM: f64 = 2.0;

/// Under this width (in CSS pixels, not presented) a chart is drawn for a phone (`Frame::phone`);
/// the style sheets' container queries size its box the same way.
const PHONE_CHART: f64 = 420.0;

/// The frame a chart draws in inside `node` (`fallback` wide before layout), at `aspect`: as wide
/// as `node` in CSS pixels, or half of it in presenter mode, where the drawing is shown at twice
/// its size; on a phone (`node` under 420 px, not presented), a phone's frame.
#[hook]
pub fn use_chart_frame(node: NodeRef, fallback: f64, aspect: f64) -> Frame {
    let width = use_width(node).unwrap_or(fallback);
    if use_presenter().on {
        Frame::new(width / PRESENTER_ZOOM, aspect)
    } else if width < PHONE_CHART {
        Frame::phone(width, aspect)
    } else {
        Frame::new(width, aspect)
    }
}

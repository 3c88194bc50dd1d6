//! The height a widget has when a reader first opens it, which a frame of fixed height is given.
//! The embed page's preview holds the author's clicks (a step-through open, what a query did), and
//! its height with them; so the widget is opened once more, unseen and as wide as the preview, at
//! the snippet's address once the author has stopped changing it, and the height it reports is
//! kept for that address.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, MessageEvent};
use yew::prelude::*;

use crate::hooks::use_embed::HEIGHT_MESSAGE;

/// How long an address must stay the same before it is measured (the author may be typing).
const SETTLE_MS: i32 = 700;

/// What the page draws for the measuring and what it found.
pub struct FirstHeight {
    /// The unseen frame's reference.
    pub frame: NodeRef,
    /// The address the unseen frame opens, once it has settled.
    pub src: Option<AttrValue>,
    /// The widget's first height at `address`, once the unseen frame has reported it.
    pub height: Option<i32>,
}

/// Measures the first height of the widget at `address` (see the module's note).
#[hook]
pub fn use_first_height(address: String) -> FirstHeight {
    let frame = use_node_ref();
    let settled = use_state_eq(|| None::<String>);
    let height = use_state_eq(|| None::<i32>);
    {
        let (settled, height) = (settled.clone(), height.clone());
        use_effect_with(address.clone(), move |address| {
            let address = address.clone();
            let later = Closure::once_into_js(move || {
                height.set(None);
                settled.set(Some(address));
            });
            let window = crate::web::window();
            let timer = window.as_ref().and_then(|window| {
                window
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        later.unchecked_ref(),
                        SETTLE_MS,
                    )
                    .ok()
            });
            move || {
                if let (Some(window), Some(timer)) = (window, timer) {
                    window.clear_timeout_with_handle(timer);
                }
            }
        });
    }
    use_height_messages(frame.clone(), height.clone());
    let measured = (settled.as_deref() == Some(address.as_str()))
        .then_some(*height)
        .flatten();
    FirstHeight {
        frame,
        src: settled
            .as_ref()
            .map(|address| AttrValue::from(address.clone())),
        height: measured,
    }
}

/// Keeps in `height` each height the widget in `frame` reports.
#[hook]
fn use_height_messages(frame: NodeRef, height: UseStateHandle<Option<i32>>) {
    use_effect_with((), move |()| {
        let alive = Rc::new(Cell::new(true));
        let listener = {
            let alive = alive.clone();
            Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                let from_frame = frame
                    .cast::<HtmlIFrameElement>()
                    .and_then(|frame| frame.content_window())
                    .zip(event.source())
                    .is_some_and(|(window, source)| js_sys::Object::is(&source, &window));
                if !alive.get() || !from_frame {
                    return;
                }
                let data = event.data();
                let field = |key: &str| js_sys::Reflect::get(&data, &key.into()).ok();
                let reported = field("type")
                    .and_then(|kind| kind.as_string())
                    .filter(|kind| kind == HEIGHT_MESSAGE)
                    .and_then(|_| field("height")?.as_f64())
                    .filter(|h| h.is_finite() && *h > 0.0 && *h < 20_000.0);
                if let Some(reported) = reported {
                    height.set(Some(reported as i32));
                }
            })
        };
        let window = crate::web::window();
        if let Some(window) = &window {
            let _ = window
                .add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
        }
        move || {
            alive.set(false);
            if let Some(window) = window {
                let _ = window.remove_event_listener_with_callback(
                    "message",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

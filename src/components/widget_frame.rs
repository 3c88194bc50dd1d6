//! An embeddable widget inside a page of the site, as a blog author would embed it: a frame with the
//! widget's own page, so the page that shows it carries none of its code, and the frame loads only
//! when the reader scrolls near it. The frame takes the height the widget reports.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, MessageEvent};
use yew::prelude::*;

use crate::hooks::use_embed::HEIGHT_MESSAGE;

/// Props of [`WidgetFrame`].
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetFrameProps {
    /// The widget's page, with its language and state.
    pub src: AttrValue,
    /// The frame's title (its accessible name).
    pub title: AttrValue,
    /// The height before the widget reports its own, in pixels.
    pub height: u32,
    /// A test id for the frame.
    pub testid: AttrValue,
}

/// The frame.
#[component]
pub fn WidgetFrame(props: &WidgetFrameProps) -> Html {
    let frame = use_node_ref();
    let reported = use_state(|| None::<u32>);
    {
        let (frame, reported) = (frame.clone(), reported.clone());
        use_effect_with((), move |()| {
            let alive = Rc::new(Cell::new(true));
            let listener = {
                let alive = alive.clone();
                Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                    let Some(element) = frame.cast::<HtmlIFrameElement>() else {
                        return;
                    };
                    let from_frame = match (element.content_window(), event.source()) {
                        (Some(window), Some(source)) => js_sys::Object::is(&window, &source),
                        _ => false,
                    };
                    let data = event.data();
                    let kind = js_sys::Reflect::get(&data, &"type".into()).ok();
                    let height = js_sys::Reflect::get(&data, &"height".into())
                        .ok()
                        .and_then(|height| height.as_f64());
                    if alive.get()
                        && from_frame
                        && kind.and_then(|kind| kind.as_string()).as_deref() == Some(HEIGHT_MESSAGE)
                    {
                        if let Some(height) =
                            height.filter(|height| *height > 0.0 && *height < 20_000.0)
                        {
                            reported.set(Some(height.ceil() as u32));
                        }
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
    let height = reported.unwrap_or(props.height);
    html! {
        <iframe ref={frame} class="widget-frame" src={props.src.clone()} title={props.title.clone()}
            loading="lazy" data-testid={props.testid.clone()} height={height.to_string()}
            style={format!("height:{height}px")} />
    }
}

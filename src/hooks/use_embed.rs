//! What an embedded widget tells the page around it: its height, posted to the parent page whenever
//! it changes, as `{type: "bloom-tutorial:height", height}`, so the author's `<iframe>` can size
//! itself (the site's `widget.js` does, for any number of widgets on one page). Its look is the
//! page's own business, set before the app runs (`static/embedded.js`).

use wasm_bindgen::JsValue;
use web_sys::Element;
use yew::prelude::*;

use crate::hooks::use_width::observe_resize;

/// The message type an embedded widget posts.
pub const HEIGHT_MESSAGE: &str = "bloom-tutorial:height";

/// While `active`, posts the height of `node` to the parent window each time it changes.
#[hook]
pub fn use_height_reporter(node: NodeRef, active: bool) {
    use_effect_with((node, active), |(node, active)| {
        let element = node.cast::<Element>().filter(|_| *active);
        let report = {
            let element = element.clone();
            move || {
                let (Some(window), Some(element)) = (crate::web::window(), element.as_ref()) else {
                    return;
                };
                let Ok(Some(parent)) = window.parent() else {
                    return;
                };
                // Not framed: the parent is the window itself.
                if js_sys::Object::is(&parent, &window) {
                    return;
                }
                let message = js_sys::Object::new();
                let height = element.scroll_height().max(element.client_height());
                let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
                let _ = js_sys::Reflect::set(&message, &"height".into(), &JsValue::from(height));
                // "*": the widget cannot know which site embeds it, and the height is not a secret.
                let _ = parent.post_message(&message, "*");
            }
        };
        let stop = element
            .as_ref()
            .map(|element| observe_resize(element, report));
        move || {
            if let Some(stop) = stop {
                stop();
            }
        }
    });
}

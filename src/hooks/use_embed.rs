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

/// The message a framed widget posts with its state, as a link's query, whenever it changes.
pub const STATE_MESSAGE: &str = "bloom-tutorial:state";

/// In a frame, tells the page around the widget's state (`query`; nothing when `None`) each time it
/// changes: the embed page's preview puts what the author does in it into the author's code.
#[hook]
pub fn use_state_report(query: Option<String>) {
    use_effect_with(query, |query| {
        if let Some(query) = query {
            tell_site_parent(&[
                ("type", STATE_MESSAGE.into()),
                ("query", query.as_str().into()),
            ]);
        }
    });
}

/// Posts `fields` as one message to the page that frames this one, only if that page is of the
/// site's own origin (another site's page never gets it); nothing when not framed.
pub fn tell_site_parent(fields: &[(&str, JsValue)]) {
    let Some(window) = crate::web::window() else {
        return;
    };
    let (Ok(Some(parent)), Ok(origin)) = (window.parent(), window.location().origin()) else {
        return;
    };
    // Not framed (the parent is the window itself), or framed by another site's page (its address
    // cannot be read): nothing to say, and nothing posted that its console would complain of.
    if js_sys::Object::is(&parent, &window)
        || parent.location().origin().ok().as_ref() != Some(&origin)
    {
        return;
    }
    let message = js_sys::Object::new();
    for (key, value) in fields {
        let _ = js_sys::Reflect::set(&message, &(*key).into(), value);
    }
    let _ = parent.post_message(&message, &origin);
}

/// The message a chapter posts to the widgets it frames when it is presented or read again.
pub const PRESENT_MESSAGE: &str = "bloom-tutorial:present";

/// Whether the widget is presented: as its link says (`present=1`) until the page that frames it —
/// the site's own chapter, never another site's — says otherwise with `{type:
/// "bloom-tutorial:present", on}`, as its reader turns presenter mode on or off.
#[hook]
pub fn use_framed_presenter(from_link: bool) -> bool {
    let on = use_state_eq(|| from_link);
    {
        let on = on.clone();
        use_effect_with((), move |()| {
            use wasm_bindgen::closure::Closure;
            use wasm_bindgen::JsCast;
            let window = crate::web::window();
            let listener = Closure::<dyn Fn(web_sys::MessageEvent)>::new(
                move |event: web_sys::MessageEvent| {
                    if let Some(said) = present_message(&event) {
                        on.set(said);
                    }
                },
            );
            if let Some(window) = &window {
                let _ = window
                    .add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(window) = window {
                    let _ = window.remove_event_listener_with_callback(
                        "message",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    *on
}

/// What a presenter message from the frame's own parent, of the site's own origin, says.
fn present_message(event: &web_sys::MessageEvent) -> Option<bool> {
    let window = crate::web::window()?;
    let parent = window.parent().ok()??;
    let from_parent = event
        .source()
        .is_some_and(|source| js_sys::Object::is(&source, &parent));
    let same_site = window.location().origin().ok()? == event.origin();
    let data = event.data();
    let kind = js_sys::Reflect::get(&data, &"type".into())
        .ok()?
        .as_string();
    let on = js_sys::Reflect::get(&data, &"on".into()).ok()?.as_bool()?;
    (from_parent && same_site && kind.as_deref() == Some(PRESENT_MESSAGE)).then_some(on)
}

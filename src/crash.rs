//! When the app fails. The release build aborts on a panic, which stops a page's WebAssembly for
//! good: the page would stay as it was, its buttons silently dead. Every entry mounts its app through
//! [`app_root`], which first installs a panic hook that puts a note at the top of the page — what
//! happened, in the page's language, and a button that reloads it. The note is plain DOM with an
//! inline handler, because nothing in the stopped module can run any more.

use crate::strings::{Lang, Msg};

/// The note's id: one note, however many panics.
pub const NOTE_ID: &str = "crash-note";

/// Installs the panic hook, then makes the element the app mounts into (`web::app_root`).
pub fn app_root() -> Option<web_sys::Element> {
    std::panic::set_hook(Box::new(|_| show_note()));
    crate::web::app_root()
}

/// Puts the note at the top of the page (once): "Something went wrong — reload the page" in the
/// language of `<html lang>`, from the texts if they have arrived, else a warning sign alone.
pub fn show_note() {
    let Some(document) = crate::web::window().and_then(|window| window.document()) else {
        return;
    };
    if document.get_element_by_id(NOTE_ID).is_some() {
        return;
    }
    let lang = document
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default();
    let text = match lang.text(Msg::CrashReload) {
        "" => "⚠ ↻",
        text => text,
    };
    let (Ok(note), Ok(button), Some(body)) = (
        document.create_element("p"),
        document.create_element("button"),
        document.body(),
    ) else {
        return;
    };
    note.set_id(NOTE_ID);
    note.set_class_name(NOTE_ID);
    let _ = note.set_attribute("role", "alert");
    let _ = button.set_attribute("type", "button");
    let _ = button.set_attribute("onclick", "location.reload()");
    button.set_text_content(Some(text));
    let _ = note.append_child(&button);
    let _ = body.insert_before(&note, body.first_child().as_ref());
}

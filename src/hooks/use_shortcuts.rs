//! Listens for keyboard shortcuts on the whole window while the component is mounted and hands each
//! one to the latest `handler` (a component re-rendering does not re-register the listener). Every
//! widget with a history answers the same keys the same way ([`use_widget_shortcuts`]): `/` to its
//! item field, `r` reset, `u` undo, `U` redo.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

use crate::shortcuts::{shortcut_for, Shortcut};
use crate::state::history::HistoryAction;

/// True when the event's target takes typed text.
fn in_text_field(event: &KeyboardEvent) -> bool {
    let Some(element) = event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
    else {
        return false;
    };
    let editable = element
        .get_attribute("contenteditable")
        .is_some_and(|value| value != "false");
    matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || editable
}

/// True when the event's target is a text field whose whole text is selected, as `/` and Enter
/// leave it: a `/` there asks for the field again (a teacher's next word), not to replace the word
/// with a slash, and a remote's arrow turns the slide.
fn whole_text_selected(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|field| {
            let length = field.value().encode_utf16().count() as u32;
            length > 0
                && field.selection_start().ok().flatten() == Some(0)
                && field.selection_end().ok().flatten() == Some(length)
        })
}

/// True when the event's target matches `selector`.
fn target_matches(event: &KeyboardEvent, selector: &str) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
        .is_some_and(|element| element.matches(selector).unwrap_or(false))
}

/// True when the event's target is a control in a presented slide's content, outside a
/// step-through's buttons.
fn on_slide(event: &KeyboardEvent) -> bool {
    target_matches(
        event,
        ".learn.slides .chapter-slide :not(:is(.step-through, .step-row) *)",
    )
}

/// True when the event's target is one of a presenter's header buttons (presenter mode, Menu, the
/// QR code), where the focus returns when the code or Menu closes: a remote's Space goes on with
/// the show there (Enter presses them).
fn on_stage_header(event: &KeyboardEvent) -> bool {
    target_matches(
        event,
        ".app.presenter :is(.presenter-toggle, .menu-toggle, .code-toggle)",
    )
}

/// True while a modal dialog covers the page.
fn modal_open() -> bool {
    crate::web::find("[aria-modal=\"true\"]").is_some()
}

/// True when the event's target is a control Space presses (a button, a link, a disclosure).
fn on_control(event: &KeyboardEvent) -> bool {
    target_matches(event, "button, a[href], summary, [role=\"button\"]")
}

/// Calls `handler` with every shortcut pressed; the handler returns true when it used the key (the
/// browser's default action is then prevented).
#[hook]
pub fn use_shortcuts(handler: Callback<Shortcut, bool>) {
    use_shortcuts_in(handler, false);
}

/// As [`use_shortcuts`], but before any widget's handler (the page's frame: a dialog open over the
/// page takes its keys before the step-through behind it does).
#[hook]
pub fn use_shortcuts_first(handler: Callback<Shortcut, bool>) {
    use_shortcuts_in(handler, true);
}

#[hook]
fn use_shortcuts_in(handler: Callback<Shortcut, bool>, first: bool) {
    let latest: Rc<RefCell<Callback<Shortcut, bool>>> = use_mut_ref(|| handler.clone());
    *latest.borrow_mut() = handler;
    use_effect_with((), move |()| {
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |event: KeyboardEvent| {
            let modified = event.ctrl_key() || event.alt_key() || event.meta_key();
            // Space on a control presses it; a remote's PageDown is always the page's. On a
            // presented slide Space is the show's, as in a slide deck (Enter presses a control),
            // but for a step-through's own buttons; so it is on a presenter's header buttons, where
            // the focus returns when the QR code or Menu closes.
            if event.key() == " "
                && on_control(&event)
                && !on_slide(&event)
                && !on_stage_header(&event)
            {
                return;
            }
            // The button lets the focus go, so the key's release presses nothing: the keys are
            // the show's again.
            if event.key() == " " && on_stage_header(&event) {
                if let Some(button) = event
                    .target()
                    .and_then(|target| target.dyn_into::<HtmlElement>().ok())
                {
                    let _ = button.blur();
                }
            }
            // Shift+Space goes back, as it scrolls back in a browser.
            let key = match event.key() {
                key if key == " " && event.shift_key() => "Shift+ ".to_string(),
                key => key,
            };
            // On a word left selected by Enter (or `/`), `/` asks for the field again and the
            // arrows a presenter's remote sends turn the slides or the steps: nothing is being
            // typed (an arrow the page does not use still moves the caret).
            let typing = in_text_field(&event)
                && !(matches!(key.as_str(), "/" | "ArrowLeft" | "ArrowRight")
                    && whole_text_selected(&event));
            if let Some(shortcut) = shortcut_for(&key, typing, modified) {
                if shortcut == Shortcut::LeaveField {
                    // The same for every page and widget: focus leaves the field (the page keeps
                    // what was typed), and the keys are shortcuts again; a step-through open
                    // beside the field stops too, as Escape stops it anywhere else.
                    if let Some(field) = event
                        .target()
                        .and_then(|target| target.dyn_into::<HtmlElement>().ok())
                    {
                        let _ = field.blur();
                        event.prevent_default();
                    }
                    latest.borrow().emit(shortcut);
                    return;
                }
                // A control that already used the key (the bit array's arrow keys) keeps it; a
                // dialog over the page (the list of shortcuts) keeps every key from what is behind
                // it, which only the frame's own keys reach.
                if event.default_prevented() || (!first && modal_open()) {
                    return;
                }
                if latest.borrow().emit(shortcut) {
                    event.prevent_default();
                    // Taken before anything else could see it: nothing else does.
                    if first {
                        event.stop_propagation();
                    }
                }
            }
        });
        let window = crate::web::window();
        if let Some(window) = &window {
            let _ = window.add_event_listener_with_callback_and_bool(
                "keydown",
                listener.as_ref().unchecked_ref(),
                first,
            );
        }
        move || {
            if let Some(window) = window {
                let _ = window.remove_event_listener_with_callback_and_bool(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                    first,
                );
            }
        }
    });
}

/// On a site page's stage, with no step-through open (or one at its last step), a remote's page
/// keys show the rest of what happened when it is taller than its box (its foot's shadow says so): nothing else on the stage
/// takes them. Once a page: every widget page of the site calls it, no widget does.
#[hook]
pub fn use_remote_paging() {
    use_shortcuts(Callback::from(|shortcut| {
        let direction = match shortcut {
            Shortcut::Forward => 1.0,
            Shortcut::Back => -1.0,
            _ => return false,
        };
        // Steps part-way take the keys; at their last step what happened is the answer to read.
        let stepping = crate::web::find(
            ".step-through:not(.last), .action-steps.stepping:not(:has([data-testid=\"step-done\"]))",
        )
        .is_some();
        crate::web::find(".app.presenter .outcome-panel")
            .filter(|_| !stepping)
            .is_some_and(|panel| crate::web::page_through(&panel, direction))
    }));
}

/// Focuses the text field `node` and selects what it holds, so typing replaces it (the `/` key).
pub fn focus_field(node: &NodeRef) {
    if let Some(input) = node.cast::<web_sys::HtmlInputElement>() {
        let _ = input.focus();
        input.select();
    }
}

/// What a widget's Reset, Undo and Redo — its buttons and its keys alike — ask of its reducer.
#[derive(Clone, PartialEq)]
pub struct HistoryKeys {
    /// Start again (a change like any other, so undoable).
    pub onreset: Callback<()>,
    /// Go back or forward one change.
    pub onhistory: Callback<HistoryAction>,
}

impl HistoryKeys {
    /// The keys of the reducer `state`, whose actions for them are `reset` and `history`.
    pub fn of<R>(
        state: &UseReducerHandle<R>,
        reset: R::Action,
        history: fn(HistoryAction) -> R::Action,
    ) -> Self
    where
        R: Reducible + 'static,
        R::Action: Clone,
    {
        let dispatcher = state.dispatcher();
        let onreset = {
            let dispatcher = dispatcher.clone();
            Callback::from(move |()| dispatcher.dispatch(reset.clone()))
        };
        Self {
            onreset,
            onhistory: Callback::from(move |direction| dispatcher.dispatch(history(direction))),
        }
    }
}

/// The keys of a widget with an item field and a history: `/` focuses `item_input`, `r` resets,
/// `u` undoes and `U` redoes; any other key goes to `more`, when given (true when it used the key).
#[hook]
pub fn use_widget_shortcuts(
    item_input: NodeRef,
    keys: HistoryKeys,
    more: Option<Callback<Shortcut, bool>>,
) {
    use_shortcuts(Callback::from(move |shortcut| {
        match shortcut {
            Shortcut::FocusItem => focus_field(&item_input),
            Shortcut::Reset => keys.onreset.emit(()),
            Shortcut::Undo => keys.onhistory.emit(HistoryAction::Undo),
            Shortcut::Redo => keys.onhistory.emit(HistoryAction::Redo),
            _ => return more.as_ref().is_some_and(|more| more.emit(shortcut)),
        }
        true
    }));
}

//! The prerendered copy of the page (written into it at build time, see `prerender`), shown while the
//! wasm arrives and taken away once the app has drawn the same page: both happen in one frame, so a
//! reader sees no flash and nothing moves.
//!
//! Drawing a whole page is more work than one task of a phone's main thread should hold (a tutorial
//! chapter with its chart took 100 ms on a fast desktop core): while the copy covers the page, the app
//! draws its costly parts a task later each ([`crate::components::later::Later`]), out of sight, and
//! takes the copy away when the last one is drawn. A reader's click or keystroke waits for one part
//! at most, not for the whole page.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use yew::prelude::*;

thread_local! {
    /// Parts still waiting for their turn; the copy stays while any does.
    static WAITING: Cell<u32> = const { Cell::new(0) };
    /// The parts in the order they take their turns (each by a number and what draws it).
    static TURNS: RefCell<VecDeque<(u32, Callback<()>)>> = const { RefCell::new(VecDeque::new()) };
    /// A turn is due: the next task gives it.
    static DUE: Cell<bool> = const { Cell::new(false) };
    /// Numbers for the parts.
    static NUMBERED: Cell<u32> = const { Cell::new(0) };
}

fn copy() -> Option<web_sys::Element> {
    crate::web::window()?
        .document()?
        .get_element_by_id("prerendered")
}

/// True while the prerendered copy is on screen, so a part may wait its turn unseen (never outside a
/// browser, nor in a page that has no copy: there everything is drawn at once).
pub fn covered() -> bool {
    copy().is_some()
}

/// A part will be drawn later, when `draw` is called in a task of its own, after the parts that
/// asked before it: the copy stays until it is drawn ([`release`]). Returns the part's number.
pub fn hold(draw: Callback<()>) -> u32 {
    WAITING.with(|waiting| waiting.set(waiting.get() + 1));
    let number = NUMBERED.with(|numbered| {
        numbered.set(numbered.get() + 1);
        numbered.get()
    });
    TURNS.with(|turns| turns.borrow_mut().push_back((number, draw)));
    give_turn();
    number
}

/// Part `number` is drawn, or gone before its turn: the next part gets its turn, and the copy goes
/// if it was the last.
pub fn release(number: u32) {
    TURNS.with(|turns| turns.borrow_mut().retain(|(waiting, _)| *waiting != number));
    let left = WAITING.with(|waiting| {
        let left = waiting.get().saturating_sub(1);
        waiting.set(left);
        left
    });
    if left == 0 {
        take_over();
    } else {
        give_turn();
    }
}

/// Draws the next part in a task of its own, unless a turn is already due. One part at a time: a
/// part's turn comes only once the one before it is drawn, so no two are drawn in the same task.
fn give_turn() {
    if DUE.with(|due| due.replace(true)) {
        return;
    }
    next_task(|| {
        DUE.with(|due| due.set(false));
        let next = TURNS.with(|turns| turns.borrow_mut().pop_front());
        if let Some((_, draw)) = next {
            draw.emit(());
        }
    });
}

/// Runs `then` in a task of its own, after what the browser has queued (a zero timeout).
fn next_task(then: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = crate::web::window() {
        let callback = wasm_bindgen::closure::Closure::once_into_js(then);
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            wasm_bindgen::JsCast::unchecked_ref(&callback),
            0,
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    then();
}

fn take_over() {
    if let Some(copy) = copy() {
        copy.remove();
    }
}

/// Removes the prerendered copy after the component's first draw, unless parts of the page are still
/// waiting their turn (the last of them removes it).
#[hook]
pub fn use_replace_prerendered() {
    use_effect_with((), |()| {
        if WAITING.with(Cell::get) == 0 {
            take_over();
        }
    });
}

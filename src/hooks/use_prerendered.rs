//! The prerendered copy of the page (written into it at build time, see `prerender`), shown while the
//! wasm arrives and taken away once the app has drawn the same page: both happen in one frame, so a
//! reader sees no flash and nothing moves.
//!
//! Drawing a whole page is more work than one task of a phone's main thread should hold (chapter 4
//! with its chart: 150 ms in Lighthouse's model of a phone): while the copy covers the page, the app
//! draws its costly parts a task later each ([`use_turn`]), out of sight, and takes the copy away
//! when the last one is drawn. A reader's click or keystroke waits for one part at most, not for the
//! whole page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::functional::UseForceUpdateHandle;
use yew::prelude::*;

thread_local! {
    /// The parts waiting for their turn, in order: each one's flag, raised when its turn comes, and
    /// how to draw it again.
    static TURNS: RefCell<Vec<(Rc<Cell<bool>>, UseForceUpdateHandle)>> = const { RefCell::new(Vec::new()) };
    /// A turn is due: the next task gives it.
    static DUE: Cell<bool> = const { Cell::new(false) };
}

fn copy() -> Option<web_sys::Element> {
    crate::web::window()?
        .document()?
        .get_element_by_id("prerendered")
}

/// True while the prerendered copy is on screen, so a part may wait its turn unseen (never outside a
/// browser, nor in a page that has no copy: there everything is drawn at once).
fn covered() -> bool {
    copy().is_some()
}

/// A part will be drawn later, after the parts that asked before it, each in a task of its own: the
/// returned flag is raised and `update` draws the part again when its turn comes. The copy stays
/// until every part has had its turn.
fn wait_turn(update: UseForceUpdateHandle) -> Rc<Cell<bool>> {
    let turn = Rc::new(Cell::new(false));
    TURNS.with(|turns| turns.borrow_mut().push((turn.clone(), update)));
    if !DUE.with(|due| due.replace(true)) {
        next_task(give_turn);
    }
    turn
}

/// Draws the next part, and gives the next turn in the task after: by then the part is drawn (Yew
/// draws right after the task that asked). With no part left, the copy goes. A part taken away
/// before its turn simply lets it pass.
fn give_turn() {
    let next = TURNS.with(|turns| {
        let mut turns = turns.borrow_mut();
        (!turns.is_empty()).then(|| turns.remove(0))
    });
    match next {
        Some((turn, update)) => {
            turn.set(true);
            update.force_update();
            next_task(give_turn);
        }
        None => {
            DUE.with(|due| due.set(false));
            take_over();
        }
    }
}

/// Runs `then` in a task of its own, after what the browser has queued (a zero timeout).
fn next_task(then: fn()) {
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

/// False until this part of a page has had its turn, while the prerendered copy covers the page;
/// true at once otherwise (and in tests, and when the build renders the page). A component draws a
/// costly part only when it is true, so the app's start-up is a few short tasks rather than one long
/// one; one call per part, each its own turn.
#[hook]
pub fn use_turn() -> bool {
    let update = use_force_update();
    // Whether the part waits is decided once, when the component first draws.
    let turn = use_state(move || covered().then(|| wait_turn(update)));
    turn.as_ref().is_none_or(|turn| turn.get())
}

/// Removes the prerendered copy after the component's first draw, unless parts of the page are
/// waiting their turn (the last turn removes it).
#[hook]
pub fn use_replace_prerendered() {
    use_effect_with((), |()| {
        if !DUE.with(Cell::get) {
            take_over();
        }
    });
}

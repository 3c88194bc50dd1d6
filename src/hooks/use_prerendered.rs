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

use yew::prelude::*;

/// A piece of start-up work given a task: true once it is done, false to be given the next task
/// too.
type Job = Box<dyn FnMut() -> bool>;

thread_local! {
    /// The parts waiting for their turn, in order.
    static TURNS: RefCell<Vec<Job>> = const { RefCell::new(Vec::new()) };
    /// A turn is due: the next task gives it.
    static DUE: Cell<bool> = const { Cell::new(false) };
    /// What waits for the copy to go (see [`when_shown`]).
    static SHOWN: RefCell<Vec<Box<dyn FnOnce()>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `then` once the app's page is on screen: at once when it is, else right after the copy
/// goes (where nothing of the app has a place yet, nothing can be scrolled to).
pub fn when_shown(then: impl FnOnce() + 'static) {
    if covered() {
        SHOWN.with(|shown| shown.borrow_mut().push(Box::new(then)));
    } else {
        then();
    }
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

/// Queues `job` behind the parts that asked before it; each turn is a task of its own. The copy
/// stays until every job is done.
fn wait_turn(job: Job) {
    TURNS.with(|turns| turns.borrow_mut().push(job));
    if !DUE.with(|due| due.replace(true)) {
        next_task(give_turn);
    }
}

/// Gives the next job its task, and the next turn in the task after: by then a part drawn is drawn
/// (Yew draws right after the task that asked). A job not done keeps its place at the front. With
/// no job left, the copy goes. A part taken away before its turn simply lets it pass.
fn give_turn() {
    let next = TURNS.with(|turns| {
        let mut turns = turns.borrow_mut();
        (!turns.is_empty()).then(|| turns.remove(0))
    });
    match next {
        Some(mut job) => {
            if !job() {
                TURNS.with(|turns| turns.borrow_mut().insert(0, job));
            }
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
    for then in SHOWN.with(|shown| shown.take()) {
        then();
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
    let turn = use_state(move || {
        covered().then(|| {
            let turn = Rc::new(Cell::new(false));
            let raise = turn.clone();
            wait_turn(Box::new(move || {
                raise.set(true);
                update.force_update();
                true
            }));
            turn
        })
    });
    turn.as_ref().is_none_or(|turn| turn.get())
}

/// How long a task of stepwise work may run before it gives the browser the thread back: a
/// quarter of the 50 ms a task may take before it counts as long, as a phone four times slower
/// than this machine would run it.
const SLICE_MS: f64 = 10.0;

/// The result of work done a step at a time, worked out again when `deps` change: `start` makes the
/// work, a closure that does one step and gives the result after its last. While the prerendered
/// copy covers the page, the steps run in slices of a few milliseconds, a task each, in turn with
/// the other parts, and the result is `None` until they are done (the copy stays until then);
/// otherwise (once the page is the app's, in tests, when the build renders the page) all at once.
#[hook]
pub fn use_stepwise<D, T, W>(deps: D, start: impl FnOnce(&D) -> W) -> Option<Rc<T>>
where
    D: PartialEq + Clone + 'static,
    T: 'static,
    W: FnMut() -> Option<T> + 'static,
{
    let update = use_force_update();
    let slot = use_mut_ref(|| (None::<D>, None::<Rc<T>>));
    if slot.borrow().0.as_ref() != Some(&deps) {
        let mut work = start(&deps);
        *slot.borrow_mut() = (Some(deps.clone()), None);
        if covered() {
            let slot = slot.clone();
            wait_turn(Box::new(move || {
                let began = now();
                loop {
                    if let Some(result) = work() {
                        // Kept only if the work is still the one asked for.
                        let mut slot = slot.borrow_mut();
                        if slot.0.as_ref() == Some(&deps) {
                            slot.1 = Some(Rc::new(result));
                            update.force_update();
                        }
                        return true;
                    }
                    if now() - began >= SLICE_MS {
                        return false;
                    }
                }
            }));
        } else {
            let result = loop {
                if let Some(result) = work() {
                    break result;
                }
            };
            slot.borrow_mut().1 = Some(Rc::new(result));
        }
    }
    let result = slot.borrow().1.clone();
    result
}

/// Milliseconds from the page's start (0 outside a browser: there all work is done at once).
fn now() -> f64 {
    crate::web::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
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

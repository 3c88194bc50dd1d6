//! Page state as reducers: each page keeps one `State`, an `Action` enum and `impl Reducible`, and its
//! `reduce` delegates to the core.

pub mod action_steps;
pub mod bugs;
pub mod calculator;
pub mod count_min;
pub mod counting;
pub mod filters;
pub mod history;
pub mod lab;
pub mod linked;
pub mod measured;
pub mod playground;
pub mod runs;
pub mod scalable;
pub mod sets;
pub mod step_through;

use yew::AttrValue;

/// `state` with `text` typed into its item field (the one `field` reaches), or `None` when the
/// field already holds it: typing the same text changes nothing.
pub(crate) fn typed<S: Clone>(
    state: &S,
    text: String,
    field: fn(&mut S) -> &mut AttrValue,
) -> Option<S> {
    let mut next = state.clone();
    let slot = field(&mut next);
    if **slot == *text {
        return None;
    }
    *slot = AttrValue::from(text);
    Some(next)
}

/// `impl Reducible` for a state whose `next(action)` is the state after `action`, or `None` when it
/// changes nothing: the same `Rc` is then handed back, which tells Yew nothing changed, so it skips
/// the re-render.
macro_rules! reduced_by_next {
    ($state:ty, $action:ty) => {
        impl yew::Reducible for $state {
            type Action = $action;

            fn reduce(self: std::rc::Rc<Self>, action: $action) -> std::rc::Rc<Self> {
                self.next(action).map_or(self, std::rc::Rc::new)
            }
        }
    };
}
pub(crate) use reduced_by_next;

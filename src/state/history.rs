//! Undo and redo, one history for every widget. A history is two stacks of steps: what undo goes
//! back through and what redo goes forward through. A step is whatever the widget needs to move one
//! change either way — a whole model (shared, so a step costs a pointer until the model changes) for
//! the counting filter, the count-min sketch, the scalable filter and combining filters; a
//! description of the change (the texts inserted, the old and new m, k and scheme) for the
//! playground, whose model can be megabytes.
//!
//! The history is held to a step limit and a byte budget. Each step's size is estimated once, when
//! it is kept, so the budget is checked without walking the models again; past either bound the
//! oldest steps go, but the newest always stays, so a slip (a reset of a large state) is always
//! undoable once. Undo and redo need no trimming: they move steps from one stack to the other.
//!
//! The stacks keep their steps type-erased (`Rc<dyn Any>`), so the code that keeps, moves, compares
//! and drops them exists once for every widget, and a state and the next one made from it share
//! their steps instead of copying them; only [`History`]'s thin typed surface is written per widget.

use std::any::Any;
use std::marker::PhantomData;
use std::rc::Rc;

/// Most undo steps kept, however small.
pub const HISTORY_LIMIT: usize = 200;
/// Most bytes the history may hold (each step's [`Kept::estimated_bytes`], summed) once a change is
/// made; past it the oldest steps are dropped. A playground of 20,000 items of 100 bytes is about
/// 6.5 MiB.
pub const HISTORY_BUDGET_BYTES: usize = 8 << 20;

/// A step the history can keep.
pub trait Kept {
    /// Roughly the bytes the step keeps alive.
    fn estimated_bytes(&self) -> usize;
}

impl<T: Kept> Kept for Rc<T> {
    fn estimated_bytes(&self) -> usize {
        (**self).estimated_bytes()
    }
}

/// Which way through the history: the one pair of actions every widget's Undo and Redo (buttons,
/// `u` and `U`) become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryAction {
    /// Go back one change.
    Undo,
    /// Make an undone change again.
    Redo,
}

/// A kept step with its type erased: one copy of the code that keeps, moves, compares and drops
/// steps serves every widget's history, whatever its steps are.
type Erased = Rc<dyn Any>;

/// Steps, most recent last, each with its estimated size. Shared between a state and the next one
/// made from it (cloning copies pointers, never steps).
#[derive(Debug, Clone, Default)]
struct Steps {
    steps: Vec<(Erased, usize)>,
    bytes: usize,
}

impl PartialEq for Steps {
    /// The same steps: a step never changes once kept, so the same allocation is the same step.
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
            && self.steps.len() == other.steps.len()
            && self
                .steps
                .iter()
                .zip(&other.steps)
                .all(|((a, _), (b, _))| Rc::ptr_eq(a, b))
    }
}

impl Steps {
    fn push(&mut self, step: Erased, bytes: usize) {
        self.bytes += bytes;
        self.steps.push((step, bytes));
    }

    fn pop(&mut self) -> Option<Erased> {
        let (step, bytes) = self.steps.pop()?;
        self.bytes -= bytes;
        Some(step)
    }

    /// Drops the oldest step, if any (shifting at most [`HISTORY_LIMIT`] pointers: a plain vector
    /// is less code than a ring buffer).
    fn drop_oldest(&mut self) {
        let oldest = self.steps.len().min(1);
        for (_, bytes) in self.steps.drain(..oldest) {
            self.bytes -= bytes;
        }
    }

    fn clear(&mut self) {
        self.steps.clear();
        self.bytes = 0;
    }
}

/// Both stacks, whatever the steps: all a history does but make and read its steps.
#[derive(Debug, Clone, Default, PartialEq)]
struct Stacks {
    undo: Steps,
    redo: Steps,
}

impl Stacks {
    fn bytes(&self) -> usize {
        self.undo.bytes + self.redo.bytes
    }

    fn record(&mut self, step: Erased, bytes: usize) {
        self.redo.clear();
        self.undo.push(step, bytes);
        while self.undo.steps.len() > HISTORY_LIMIT
            || (self.bytes() > HISTORY_BUDGET_BYTES && self.undo.steps.len() > 1)
        {
            self.undo.drop_oldest();
        }
    }

    /// The stack `direction` takes from, and the one it gives to.
    fn ends(&mut self, direction: HistoryAction) -> (&mut Steps, &mut Steps) {
        match direction {
            HistoryAction::Undo => (&mut self.undo, &mut self.redo),
            HistoryAction::Redo => (&mut self.redo, &mut self.undo),
        }
    }
}

/// What undo and redo can reach: steps of type `S`, kept by a core that does not depend on `S`.
#[derive(Debug, Clone, PartialEq)]
pub struct History<S> {
    stacks: Stacks,
    step: PhantomData<fn(S) -> S>,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        Self {
            stacks: Stacks::default(),
            step: PhantomData,
        }
    }
}

impl<S: Kept + Clone + 'static> History<S> {
    /// True when there is a change to go back from.
    pub fn can_undo(&self) -> bool {
        !self.stacks.undo.steps.is_empty()
    }

    /// True when there is an undone change to make again.
    pub fn can_redo(&self) -> bool {
        !self.stacks.redo.steps.is_empty()
    }

    /// How many changes undo can go back through.
    pub fn undo_len(&self) -> usize {
        self.stacks.undo.steps.len()
    }

    /// How many changes redo can go forward through.
    pub fn redo_len(&self) -> usize {
        self.stacks.redo.steps.len()
    }

    /// The estimated bytes the steps keep alive, both ways together.
    pub fn bytes(&self) -> usize {
        self.stacks.bytes()
    }

    /// Keeps `step`, the way back from a change just made. A new change forgets what could be
    /// redone, and the oldest steps go past [`HISTORY_LIMIT`] or [`HISTORY_BUDGET_BYTES`] — all but
    /// this one, which stays even alone over the budget.
    pub fn record(&mut self, step: S) {
        let bytes = step.estimated_bytes();
        self.stacks.record(Rc::new(step), bytes);
    }

    /// Moves one change `direction`: the step is taken from its stack and handed to `apply`, which
    /// makes it current and returns the step that leads back, kept for the other direction. False,
    /// and nothing changed, when there is no change that way.
    pub fn travel(&mut self, direction: HistoryAction, apply: impl FnOnce(S) -> S) -> bool {
        let (from, to) = self.stacks.ends(direction);
        // Only steps of type `S` are ever kept here.
        let Some(Ok(step)) = from.pop().map(Rc::downcast::<S>) else {
            return false;
        };
        let back = apply(Rc::unwrap_or_clone(step));
        let bytes = back.estimated_bytes();
        to.push(Rc::new(back), bytes);
        true
    }
}

/// A widget's state that keeps a [`History`]: what [`travelled`] needs to make Undo and Redo the
/// same for every widget.
pub trait Undoable: Clone {
    /// What one step keeps.
    type Step: Kept + Clone + 'static;
    /// The state's history.
    fn history_mut(&mut self) -> &mut History<Self::Step>;
    /// Makes `step` current, going `direction`, and returns the step that leads back.
    fn apply(&mut self, step: Self::Step, direction: HistoryAction) -> Self::Step;
    /// Says what just happened (the outcome "undone" or "redone").
    fn moved(&mut self, direction: HistoryAction);
}

/// An outcome that says Undo or Redo moved through the history.
pub trait Travelled {
    /// True for the outcomes "undone" and "redone".
    fn travelled(&self) -> bool;
}

/// `Travelled` for an outcome enum whose `Travelled(HistoryMove)` says what Undo or Redo did.
macro_rules! travelled_outcome {
    ($outcome:ty) => {
        impl $crate::state::history::Travelled for $outcome {
            fn travelled(&self) -> bool {
                matches!(self, Self::Travelled(_))
            }
        }
    };
}
pub(crate) use travelled_outcome;

/// A model that is a log of operations under some parameters, so that Undo and Redo can name the
/// operations they took back or made again.
pub trait Logged {
    /// One operation of the log.
    type Op: Clone + PartialEq + std::fmt::Debug;
    /// The operations `self` has beyond `earlier`, oldest first, when `self` is `earlier` with
    /// operations added under the same parameters; `None` otherwise.
    fn added_since(&self, earlier: &Self) -> Option<Vec<Self::Op>>;
    /// True when `self` holds the operations `other` holds, under other parameters.
    fn reshaped(&self, other: &Self) -> bool;
}

/// The operations of the log `later` past the log `earlier`, when `earlier` is where `later` began.
pub fn log_added<Op: Clone + PartialEq>(later: &[Op], earlier: &[Op]) -> Option<Vec<Op>> {
    later.strip_prefix(earlier).map(<[Op]>::to_vec)
}

/// [`Logged`] for a core model whose `operations()` are its log and `params()` its parameters: the
/// counting filter, the count-min sketch, the scalable filter.
macro_rules! logged_by_operations {
    ($model:ty, $op:ty) => {
        impl $crate::state::history::Logged for $model {
            type Op = $op;

            fn added_since(&self, earlier: &Self) -> Option<Vec<$op>> {
                (self.params() == earlier.params())
                    .then(|| {
                        $crate::state::history::log_added(self.operations(), earlier.operations())
                    })
                    .flatten()
            }

            fn reshaped(&self, other: &Self) -> bool {
                self.operations() == other.operations() && self.params() != other.params()
            }
        }
    };
}
pub(crate) use logged_by_operations;

/// What Undo or Redo moved across in a logged model, for the sentence that names it.
#[derive(Debug, Clone, PartialEq)]
pub enum Moved<Op> {
    /// These operations were taken back (Undo) or made again (Redo), oldest first.
    Operations(Rc<[Op]>),
    /// The same operations, replayed under the parameters before (Undo) or after (Redo).
    Reshaped,
    /// A whole other model: a reset or an opened link, taken back or made again.
    Whole,
}

/// Undo or Redo in a logged model, and what it moved across: what the page says after either.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryMove<Op> {
    /// Which way.
    pub direction: HistoryAction,
    /// What it took back or made again.
    pub moved: Moved<Op>,
}

impl<Op> HistoryMove<Op> {
    /// Going `direction` from the model `from` to the model `to`.
    pub fn between<M: Logged<Op = Op>>(from: &M, to: &M, direction: HistoryAction) -> Self {
        Self {
            direction,
            moved: moved_between(from, to, direction),
        }
    }

    /// An Undo that moved across `moved` (for the reducers' tests).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub fn undo(moved: Moved<Op>) -> Self {
        Self {
            direction: HistoryAction::Undo,
            moved,
        }
    }

    /// A Redo that moved across `moved` (for the reducers' tests).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub fn redo(moved: Moved<Op>) -> Self {
        Self {
            direction: HistoryAction::Redo,
            moved,
        }
    }
}

/// What going `direction` from the model `from` to the model `to` moved across.
pub fn moved_between<M: Logged>(from: &M, to: &M, direction: HistoryAction) -> Moved<M::Op> {
    // Undo goes back from the later model, Redo forward to it.
    let (earlier, later) = match direction {
        HistoryAction::Undo => (to, from),
        HistoryAction::Redo => (from, to),
    };
    match later.added_since(earlier) {
        Some(added) if !added.is_empty() => Moved::Operations(added.into()),
        _ if later.reshaped(earlier) => Moved::Reshaped,
        _ => Moved::Whole,
    }
}

/// The outcome a page brings into view after an action: any but Undo's and Redo's, which are
/// pressed again and again where the thumb is and change what is already on the screen.
pub fn shown_outcome<T: Travelled + Clone>(outcome: &Option<T>) -> Option<T> {
    outcome.clone().filter(|outcome| !outcome.travelled())
}

/// `state` one change `direction` away, or `None` when the history reaches no further (so the
/// reducer hands back the same state and nothing re-renders).
pub fn travelled<T: Undoable>(state: &T, direction: HistoryAction) -> Option<T> {
    let mut next = state.clone();
    // Taken out while `apply` changes the rest of the state.
    let mut history = std::mem::take(next.history_mut());
    if !history.travel(direction, |step| next.apply(step, direction)) {
        return None;
    }
    *next.history_mut() = history;
    next.moved(direction);
    Some(next)
}

/// For a history of whole models: makes `kept` current in `current`, returning the model it
/// replaced (the step back the other way).
pub fn swap<T>(current: &mut Rc<T>, kept: Rc<T>) -> Rc<T> {
    std::mem::replace(current, kept)
}

/// The history of a widget whose steps are its whole model, the same for each such widget (the
/// counting filter, the count-min sketch, combining filters): the state's field `$model` holds an
/// `Rc<$kept>` (a [`Logged`] model), `history` a `History<Rc<$kept>>` and `outcome` an
/// `Option<$outcome>` whose `Travelled` says what undo or redo moved across; each
/// `$field = $value` is also set whenever the outcome changes (the counting filter leaves its
/// step-through). Besides [`Undoable`] the state
/// gets `commit` (a model made current after an outcome, the old one kept for undo) and
/// `with_outcome` (only an outcome, or `None` when it is already the one shown).
macro_rules! whole_model_history {
    ($state:ty, $model:ident: $kept:ty, $outcome:ident $(, $field:ident = $value:expr)*) => {
        impl $crate::state::history::Undoable for $state {
            type Step = std::rc::Rc<$kept>;

            fn history_mut(&mut self) -> &mut $crate::state::history::History<Self::Step> {
                &mut self.history
            }

            fn apply(&mut self, kept: Self::Step, direction: $crate::state::history::HistoryAction) -> Self::Step {
                let old = $crate::state::history::swap(&mut self.$model, kept);
                let step = $crate::state::history::HistoryMove::between(&*old, &*self.$model, direction);
                self.outcome = Some($outcome::Travelled(step));
                old
            }

            fn moved(&mut self, _: $crate::state::history::HistoryAction) {
                $(self.$field = $value;)*
            }
        }

        $crate::state::history::travelled_outcome!($outcome);

        impl $state {
            /// `model` made current after `outcome`; the old one goes on the undo history.
            fn commit(&self, model: $kept, outcome: $outcome) -> Self {
                let mut next = self.clone();
                let old = $crate::state::history::swap(&mut next.$model, std::rc::Rc::new(model));
                next.history.record(old);
                next.outcome = Some(outcome);
                $(next.$field = $value;)*
                next
            }

            /// This state with `outcome`, or `None` when that is already the outcome shown.
            fn with_outcome(&self, outcome: $outcome) -> Option<Self> {
                if self.outcome.as_ref() == Some(&outcome) $(&& PartialEq::eq(&self.$field, &$value))* {
                    return None;
                }
                let mut next = self.clone();
                next.outcome = Some(outcome);
                $(next.$field = $value;)*
                Some(next)
            }
        }
    };
}
pub(crate) use whole_model_history;

/// `state` after each of `actions` in turn, as its page would see it (for the reducers' tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn run<R: yew::Reducible>(state: Rc<R>, actions: Vec<R::Action>) -> Rc<R> {
    actions
        .into_iter()
        .fold(state, |state, action| state.reduce(action))
}

/// A fresh state after each of `actions` in turn (for the reducers' tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn run_fresh<R: yew::Reducible + Default>(actions: Vec<R::Action>) -> Rc<R> {
    run(Rc::default(), actions)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// A step that says how large it is, without holding the bytes.
    #[derive(Debug, Clone, PartialEq)]
    struct Step(u32, usize);

    impl Kept for Step {
        fn estimated_bytes(&self) -> usize {
            self.1
        }
    }

    fn recorded(steps: impl IntoIterator<Item = Step>) -> History<Step> {
        let mut history = History::default();
        for step in steps {
            history.record(step);
        }
        history
    }

    /// Undoes everything, returning the steps' names from the newest.
    fn undo_all(history: &mut History<Step>) -> Vec<u32> {
        let mut names = Vec::new();
        while history.travel(HistoryAction::Undo, |step| {
            names.push(step.0);
            step
        }) {}
        names
    }

    #[test]
    fn is_bounded_by_count() {
        let mut history = recorded((0..HISTORY_LIMIT as u32 + 50).map(|i| Step(i, 1)));
        assert_eq!(history.undo_len(), HISTORY_LIMIT);
        assert_eq!(history.bytes(), HISTORY_LIMIT);
        let names = undo_all(&mut history);
        // The newest are kept, the oldest went.
        assert_eq!(names.first(), Some(&(HISTORY_LIMIT as u32 + 49)));
        assert_eq!(names.last(), Some(&50));
    }

    #[test]
    fn is_bounded_by_bytes() {
        let quarter = HISTORY_BUDGET_BYTES / 4;
        let mut history = recorded((0..10).map(|i| Step(i, quarter)));
        assert_eq!(history.undo_len(), 4);
        assert!(history.bytes() <= HISTORY_BUDGET_BYTES);
        assert_eq!(undo_all(&mut history), [9, 8, 7, 6]);
    }

    #[test]
    fn the_newest_step_stays_even_over_the_budget() {
        let mut history = recorded([Step(0, 10), Step(1, 10)]);
        history.record(Step(2, HISTORY_BUDGET_BYTES * 3));
        assert_eq!(history.undo_len(), 1);
        assert!(history.can_undo());
        assert_eq!(undo_all(&mut history), [2]);
        // The next change lets the large one go.
        let history = recorded([Step(2, HISTORY_BUDGET_BYTES * 3), Step(3, 10)]);
        assert_eq!(history.undo_len(), 1);
        assert_eq!(history.bytes(), 10);
    }

    #[test]
    fn undo_then_redo_round_trips() {
        // The model is a number; each step is what was added, taken back by undo.
        let mut model = 0u32;
        let mut history = History::default();
        for add in [3, 5, 7] {
            model += add;
            history.record(Step(add, 4));
        }
        let undo = |model: &mut u32, history: &mut History<Step>| {
            history.travel(HistoryAction::Undo, |step| {
                *model -= step.0;
                step
            })
        };
        let redo = |model: &mut u32, history: &mut History<Step>| {
            history.travel(HistoryAction::Redo, |step| {
                *model += step.0;
                step
            })
        };
        assert!(undo(&mut model, &mut history));
        assert!(undo(&mut model, &mut history));
        assert_eq!(model, 3);
        assert_eq!((history.undo_len(), history.redo_len()), (1, 2));
        assert_eq!(history.bytes(), 12);
        assert!(redo(&mut model, &mut history));
        assert!(redo(&mut model, &mut history));
        assert_eq!(model, 15);
        assert!(!redo(&mut model, &mut history), "nothing left to redo");
        assert_eq!(model, 15);
        assert!(!history.can_redo());
        assert_eq!(history.undo_len(), 3);
    }

    #[test]
    fn a_new_change_clears_redo() {
        let mut history = recorded([Step(0, 1), Step(1, 1)]);
        assert!(history.travel(HistoryAction::Undo, |step| step));
        assert!(history.can_redo());
        history.record(Step(2, 1));
        assert!(!history.can_redo());
        assert_eq!(history.redo_len(), 0);
        assert_eq!(history.bytes(), 2);
        assert!(!history.travel(HistoryAction::Redo, |step| step));
        assert_eq!(undo_all(&mut history), [2, 0]);
    }

    #[test]
    fn nothing_to_undo_is_no_change() {
        let mut history: History<Step> = History::default();
        assert!(!history.can_undo() && !history.can_redo());
        assert!(!history.travel(HistoryAction::Undo, |_| unreachable!()));
        assert_eq!(history, History::default());
    }

    #[derive(Debug, Clone, PartialEq, Default)]
    struct Counter {
        value: Rc<u32>,
        history: History<Rc<u32>>,
        said: Option<HistoryAction>,
    }

    impl Kept for u32 {
        fn estimated_bytes(&self) -> usize {
            4
        }
    }

    impl Undoable for Counter {
        type Step = Rc<u32>;
        fn history_mut(&mut self) -> &mut History<Rc<u32>> {
            &mut self.history
        }
        fn apply(&mut self, step: Rc<u32>, _: HistoryAction) -> Rc<u32> {
            swap(&mut self.value, step)
        }
        fn moved(&mut self, direction: HistoryAction) {
            self.said = Some(direction);
        }
    }

    #[test]
    fn a_state_travels_through_whole_models() {
        let mut state = Counter::default();
        for value in 1..=3 {
            let old = swap(&mut state.value, Rc::new(value));
            state.history.record(old);
        }
        let back = travelled(&state, HistoryAction::Undo).unwrap();
        assert_eq!((*back.value, back.said), (2, Some(HistoryAction::Undo)));
        let again = travelled(&back, HistoryAction::Redo).unwrap();
        assert_eq!(*again.value, 3);
        assert_eq!(again.said, Some(HistoryAction::Redo));
        assert_eq!(travelled(&again, HistoryAction::Redo), None);
    }

    /// A log of numbers under a parameter, as the widgets' models are logs of operations.
    #[derive(Debug, Clone, PartialEq)]
    struct Log(u32, Vec<u32>);

    impl Logged for Log {
        type Op = u32;

        fn added_since(&self, earlier: &Self) -> Option<Vec<u32>> {
            (self.0 == earlier.0)
                .then(|| log_added(&self.1, &earlier.1))
                .flatten()
        }

        fn reshaped(&self, other: &Self) -> bool {
            self.1 == other.1 && self.0 != other.0
        }
    }

    #[test]
    fn undo_and_redo_name_the_operations_between_two_models() {
        let (before, after) = (Log(1, vec![7]), Log(1, vec![7, 8, 9]));
        let added = Moved::Operations(Rc::from(vec![8, 9]));
        // Undo from `after` back to `before` takes 8 and 9 back; Redo makes them again.
        assert_eq!(moved_between(&after, &before, HistoryAction::Undo), added);
        assert_eq!(moved_between(&before, &after, HistoryAction::Redo), added);
        // Other parameters, the same log: reshaped; a log that is not an extension: a whole
        // other model (Undo of a reset goes back to the longer log).
        let wider = Log(2, vec![7]);
        assert_eq!(
            moved_between(&wider, &before, HistoryAction::Undo),
            Moved::Reshaped
        );
        let cleared = Log(1, Vec::new());
        assert_eq!(
            moved_between(&cleared, &after, HistoryAction::Undo),
            Moved::Whole
        );
        assert_eq!(
            moved_between(&after, &Log(1, vec![5]), HistoryAction::Redo),
            Moved::Whole
        );
        assert_eq!(
            moved_between(&after, &Log(2, vec![7, 8]), HistoryAction::Undo),
            Moved::Whole
        );
    }
}

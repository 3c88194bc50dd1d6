//! The counting filter's state as a reducer: the model from [`bloom_core::counting`], the text
//! being typed, what the last action did (so the page can always say what just happened), where a
//! step-through of that action stands, and undo and redo — removals included.

use std::rc::Rc;

use yew::AttrValue;

use crate::share::counting::CountingLink;
use crate::share::Ignored;
use bloom_core::counting::{
    CounterChange, CountingChange, CountingFilter, CountingParams, CountingVerdict, Operation,
    RemoveError,
};
use bloom_core::hashing::HashScheme;
use bloom_core::params::FilterParams;
use bloom_core::playground::InsertError;
use bloom_core::text::is_blank;

pub use super::action_steps::StepMove;
use super::history::{travelled, History, HistoryAction, HistoryMove, Kept};

super::reduced_by_next!(CountingState, CountingAction);
super::history::logged_by_operations!(CountingFilter, Operation);

impl Kept for CountingFilter {
    fn estimated_bytes(&self) -> usize {
        self.counters().len()
            + self
                .operations()
                .iter()
                .map(|operation| 48 + operation.text().len() * 2)
                .sum::<usize>()
    }
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq)]
pub enum CountingOutcome {
    /// An item went in.
    Inserted(CountingChange),
    /// Insert refused; nothing changed.
    InsertRefused(InsertError),
    /// Query of blank text refused.
    QueryRefused,
    /// A query: the counters read (before and after are the same) and the answer.
    Queried {
        /// The text.
        text: String,
        /// Each probe's counter.
        counters: Vec<CounterChange>,
        /// The answer.
        verdict: CountingVerdict,
    },
    /// An item was removed (safely, or anyway).
    Removed(CountingChange),
    /// A removal was refused; for [`RemoveError::NotInserted`] the page offers "remove anyway".
    RemoveRefused {
        /// The text.
        text: String,
        /// Why.
        error: RemoveError,
    },
    /// Everything cleared.
    Reset {
        /// How many operations were cleared.
        cleared: usize,
    },
    /// m, k, c or the scheme changed; the operations were replayed.
    Rebuilt,
    /// Undo or Redo: which way, and what it took back or made again.
    Travelled(HistoryMove<Operation>),
}

impl CountingOutcome {
    /// The probes the outcome walks through, in order, for the step-through and the marks.
    pub fn changes(&self) -> &[CounterChange] {
        match self {
            CountingOutcome::Inserted(change) | CountingOutcome::Removed(change) => &change.changes,
            CountingOutcome::Queried { counters, .. } => counters,
            _ => &[],
        }
    }
}

/// Everything the counting page shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CountingState {
    /// The filter, its set and its operations.
    pub filter: Rc<CountingFilter>,
    /// The text in the Item field.
    pub text: AttrValue,
    /// The last action's result.
    pub outcome: Option<CountingOutcome>,
    /// The step-through of the last action: how many of its probes are shown done (0 … k), or
    /// `None` when not stepping.
    pub step: Option<usize>,
    /// The last action has been stepped through: `→` no longer starts it again (in a chapter's
    /// frame, it turns the slides).
    pub stepped: bool,
    /// Filters undo and redo go back and forward to.
    pub history: History<Rc<CountingFilter>>,
    /// Parts of the opening link that could not be used.
    pub ignored: Vec<Ignored>,
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum CountingAction {
    /// The Item field changed.
    SetText(String),
    /// Insert the current text.
    Insert,
    /// Query the current text.
    Query,
    /// Remove the current text, if it is safe.
    Remove,
    /// Remove this text although it was never inserted.
    RemoveAnyway(String),
    /// Clear everything.
    Reset,
    /// A new m (already validated).
    SetBits(u32),
    /// A new k (already validated).
    SetHashes(u32),
    /// A new scheme.
    SetScheme(HashScheme),
    /// A new c (already validated).
    SetCounterBits(u32),
    /// Move the step-through.
    Step(StepMove),
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a link's state, listing what was ignored.
    Load(CountingLink, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
}

super::action_steps::stepped_through!(CountingState);
super::history::whole_model_history!(
    CountingState,
    filter: CountingFilter,
    CountingOutcome,
    step = None,
    stepped = false
);

impl CountingState {
    /// The state a link describes, with the parts of it that were ignored.
    pub fn from_link(link: &CountingLink, ignored: Vec<Ignored>) -> Self {
        let (filter, done) = replayed(link);
        Self {
            filter: Rc::new(filter),
            outcome: done,
            ignored,
            ..Self::default()
        }
        .asked(link.query.as_deref())
        .stepped_to(link.step)
    }

    /// The link for this state, with the last query when its answer is on screen, or `last=shown`
    /// when what the last insert or removal did is.
    pub fn link(&self) -> CountingLink {
        let query = match &self.outcome {
            Some(CountingOutcome::Queried { text, .. }) => Some(text.clone()),
            _ => None,
        };
        let last_shown = matches!(
            self.outcome,
            Some(CountingOutcome::Inserted(_) | CountingOutcome::Removed(_))
        );
        CountingLink {
            params: self.filter.params(),
            operations: self.filter.operations().to_vec(),
            query,
            last_shown,
            step: self.step.and_then(|step| u32::try_from(step).ok()),
        }
    }

    /// The last position of a step-through of the last action: how many probes it made.
    pub fn steps(&self) -> usize {
        self.outcome.as_ref().map_or(0, |o| o.changes().len())
    }

    /// This state with `query` (a link's) typed and asked: its answer on screen.
    fn asked(self, query: Option<&str>) -> Self {
        match query {
            Some(text) => {
                let typed = Self {
                    text: AttrValue::from(text.to_owned()),
                    ..self
                };
                Self {
                    outcome: Some(typed.queried()),
                    ..typed
                }
            }
            None => self,
        }
    }

    fn next(&self, action: CountingAction) -> Option<Self> {
        match action {
            CountingAction::SetText(text) => super::typed(self, text, |state| &mut state.text),
            CountingAction::Insert => {
                let mut filter = (*self.filter).clone();
                match filter.insert(&self.text) {
                    Ok(change) => Some(self.commit(filter, CountingOutcome::Inserted(change))),
                    Err(error) => self.with_outcome(CountingOutcome::InsertRefused(error)),
                }
            }
            CountingAction::Query => self.with_outcome(self.queried()),
            CountingAction::Remove => self.removed(self.text.to_string(), false),
            CountingAction::RemoveAnyway(text) => self.removed(text, true),
            CountingAction::Reset => {
                let cleared = self.filter.operations().len();
                (cleared > 0).then(|| {
                    self.commit(
                        CountingFilter::new(self.filter.params()),
                        CountingOutcome::Reset { cleared },
                    )
                })
            }
            CountingAction::SetBits(bits) => self.with_filter_params(|params| params.bits = bits),
            CountingAction::SetHashes(hashes) => {
                self.with_filter_params(|params| params.hashes = hashes)
            }
            CountingAction::SetScheme(scheme) => {
                self.with_filter_params(|params| params.scheme = scheme)
            }
            CountingAction::SetCounterBits(counter_bits) => self.rebuilt(CountingParams {
                counter_bits,
                ..self.filter.params()
            }),
            CountingAction::Step(step) => self.step_moved(step),
            CountingAction::History(direction) => travelled(self, direction),
            CountingAction::Load(link, ignored) => {
                if link == self.link() && ignored.is_empty() {
                    return None;
                }
                let (filter, done) = replayed(&link);
                let mut next = self.commit(filter, CountingOutcome::Rebuilt);
                next.outcome = done;
                next.ignored = ignored;
                Some(next.asked(link.query.as_deref()).stepped_to(link.step))
            }
            CountingAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
        }
    }

    /// The query of the current text: the counters it reads, unchanged, and the answer.
    fn queried(&self) -> CountingOutcome {
        if is_blank(&self.text) {
            return CountingOutcome::QueryRefused;
        }
        let text = self.text.to_string();
        let counters = self
            .filter
            .indexes(&text)
            .into_iter()
            .map(|index| {
                let value = self.filter.counters()[index as usize];
                CounterChange {
                    index,
                    before: value,
                    after: value,
                }
            })
            .collect();
        CountingOutcome::Queried {
            verdict: self.filter.query(&text),
            text,
            counters,
        }
    }

    /// The filter rebuilt with m, k or the scheme changed by `change`.
    fn with_filter_params(&self, change: impl FnOnce(&mut FilterParams)) -> Option<Self> {
        let mut params = self.filter.params();
        change(&mut params.filter);
        self.rebuilt(params)
    }

    fn removed(&self, text: String, anyway: bool) -> Option<Self> {
        let mut filter = (*self.filter).clone();
        match filter.remove(&text, anyway) {
            Ok(change) => Some(self.commit(filter, CountingOutcome::Removed(change))),
            Err(error) => self.with_outcome(CountingOutcome::RemoveRefused { text, error }),
        }
    }

    fn rebuilt(&self, params: CountingParams) -> Option<Self> {
        if params == self.filter.params() {
            return None;
        }
        Some(self.commit(self.filter.rebuilt(params), CountingOutcome::Rebuilt))
    }

    /// The counters as the step-through shows them: the current ones with the last action's
    /// probes after the current step taken back (the whole array when not stepping).
    pub fn shown_counters(&self) -> Vec<u8> {
        let mut counters = self.filter.counters().to_vec();
        if let (Some(step), Some(outcome)) = (self.step, &self.outcome) {
            for change in outcome.changes().iter().skip(step).rev() {
                if let Some(value) = counters.get_mut(change.index as usize) {
                    *value = change.before;
                }
            }
        }
        counters
    }

    /// The counters lower than the items in the set put there, as the step-through shows them: a
    /// counter an insert or removal still has to move is marked as it was before it (it shows the
    /// value from before; the mark must not give the result away), the others as they are.
    /// `after` is the filter's wrong counters as they are (the page has them from its diagnosis);
    /// `before` is [`Diagnosis::wrong_before_last`](bloom_core::counting::Diagnosis), worked out
    /// once per action.
    pub fn shown_wrong(&self, after: &[u32], before: &[u32]) -> Vec<u32> {
        let pending = match (self.step, &self.outcome) {
            (
                Some(step),
                Some(CountingOutcome::Inserted(change) | CountingOutcome::Removed(change)),
            ) => change.changes.get(step..).filter(|rest| !rest.is_empty()),
            _ => None,
        };
        let Some(pending) = pending else {
            return after.to_vec();
        };
        let waiting = |index: u32| pending.iter().any(|probe| probe.index == index);
        (0..self.filter.params().filter.bits)
            .filter(|&index| {
                if waiting(index) {
                    before.contains(&index)
                } else {
                    after.contains(&index)
                }
            })
            .collect()
    }

    /// Every text in the operations, for "which item" questions: the set now.
    pub fn operations(&self) -> &[Operation] {
        self.filter.operations()
    }
}

/// The filter `link`'s operations make and, when the link says what its last insert or removal did
/// is on screen (`last=shown`, no query), what that did: the operations before it replayed, then it
/// done as an action. An action that cannot be done again so (a removal the filter refuses) is
/// replayed as the others are, and nothing is said of it.
fn replayed(link: &CountingLink) -> (CountingFilter, Option<CountingOutcome>) {
    let last = link
        .operations
        .split_last()
        .filter(|_| link.last_shown && link.query.is_none());
    if let Some((last, before)) = last {
        let mut filter = CountingFilter::replay(link.params, before);
        let done = match last {
            Operation::Insert(text) => filter.insert(text).map(CountingOutcome::Inserted).ok(),
            Operation::Remove(text) => filter.remove(text, true).map(CountingOutcome::Removed).ok(),
        };
        if let Some(done) = done {
            return (filter, Some(done));
        }
    }
    (CountingFilter::replay(link.params, &link.operations), None)
}

crate::state::linked::linked_through_link!(
    CountingState,
    CountingAction,
    "bloom-tutorial.counting.v1",
    counting
);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::history::Moved;
    use crate::state::history::{run, run_fresh};
    use yew::Reducible;

    fn typed(text: &str, action: CountingAction) -> Vec<CountingAction> {
        vec![CountingAction::SetText(text.into()), action]
    }

    #[test]
    fn a_query_on_screen_is_in_the_link_and_a_link_asks_it_again() {
        let mut actions = typed("apple", CountingAction::Insert);
        actions.extend(typed("apple", CountingAction::Query));
        let state = run_fresh::<CountingState>(actions);
        let link = state.link();
        assert_eq!(link.query.as_deref(), Some("apple"));
        let opened = CountingState::from_link(&link, Vec::new());
        assert_eq!(opened.text, "apple");
        assert_eq!(
            opened.outcome, state.outcome,
            "the same answer, from the link"
        );
        // An insert after it: its answer is gone from the screen, and from the link.
        let state = run(state, typed("pear", CountingAction::Insert));
        assert_eq!(state.link().query, None);
    }

    #[test]
    fn a_link_says_what_its_last_insert_or_removal_did_on_the_same_filter() {
        let mut state = CountingState::default();
        for action in typed("apple", CountingAction::Insert)
            .into_iter()
            .chain(typed("pear", CountingAction::Insert))
            .chain(typed("apple", CountingAction::Remove))
        {
            state = state.next(action).unwrap_or(state);
        }
        let link = state.link();
        assert!(link.last_shown, "{:?}", state.outcome);
        let opened = CountingState::from_link(&link, Vec::new());
        assert_eq!(opened.filter, state.filter);
        assert_eq!(opened.outcome, state.outcome);
        // Without `last`, the same filter and nothing said.
        let plain = CountingState::from_link(
            &CountingLink {
                last_shown: false,
                ..link
            },
            Vec::new(),
        );
        assert_eq!(plain.filter, state.filter);
        assert_eq!(plain.outcome, None);
    }

    #[test]
    fn insert_remove_and_undo_the_removal() {
        let mut actions = typed("apple", CountingAction::Insert);
        actions.extend(typed("pear", CountingAction::Insert));
        actions.extend(typed("apple", CountingAction::Remove));
        let state = run_fresh::<CountingState>(actions);
        assert!(matches!(state.outcome, Some(CountingOutcome::Removed(_))));
        assert_eq!(state.filter.times_in("apple"), 0);
        let undone = run(state, vec![CountingAction::History(HistoryAction::Undo)]);
        assert_eq!(undone.filter.times_in("apple"), 1);
        let removal: Rc<[Operation]> = Rc::from(vec![Operation::Remove("apple".into())]);
        let took_back = Some(CountingOutcome::Travelled(HistoryMove::undo(
            Moved::Operations(removal.clone()),
        )));
        assert_eq!(undone.outcome, took_back);
        let redone = run(undone, vec![CountingAction::History(HistoryAction::Redo)]);
        assert_eq!(redone.filter.times_in("apple"), 0);
        let made_again = Some(CountingOutcome::Travelled(HistoryMove::redo(
            Moved::Operations(removal),
        )));
        assert_eq!(redone.outcome, made_again);
        assert_eq!(redone.link().operations.len(), 3);
    }

    #[test]
    fn a_false_positive_waits_for_remove_anyway() {
        let mut actions = Vec::new();
        for word in ["apple", "pear", "plum", "fig", "kiwi"] {
            actions.extend(typed(word, CountingAction::Insert));
        }
        actions.push(CountingAction::SetBits(16));
        let state = run_fresh::<CountingState>(actions);
        let ghost = bloom_core::words::WORDS
            .iter()
            .find(|word| state.filter.times_in(word) == 0 && state.filter.contains(word))
            .unwrap();
        let warned = run(state, typed(ghost, CountingAction::Remove));
        assert_eq!(
            warned.outcome,
            Some(CountingOutcome::RemoveRefused {
                text: (*ghost).into(),
                error: RemoveError::NotInserted
            })
        );
        let forced = run(warned, vec![CountingAction::RemoveAnyway((*ghost).into())]);
        let Some(CountingOutcome::Removed(change)) = &forced.outcome else {
            panic!("removed anyway");
        };
        assert!(!change.known);
        assert_eq!(
            change.false_negatives,
            forced
                .filter
                .false_negatives()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_removal_stepped_through_marks_a_counter_wrong_only_once_its_probe_is_shown() {
        let mut actions = Vec::new();
        for word in ["cat", "fox", "owl", "bee"] {
            actions.extend(typed(word, CountingAction::Insert));
        }
        actions.push(CountingAction::SetBits(16));
        let state = run_fresh::<CountingState>(actions);
        let ghost = bloom_core::words::WORDS
            .iter()
            .find(|word| {
                state.filter.times_in(word) == 0
                    && state.filter.contains(word)
                    && !run(
                        state.clone(),
                        vec![CountingAction::RemoveAnyway((**word).into())],
                    )
                    .filter
                    .wrong_counters()
                    .is_empty()
            })
            .unwrap();
        let forced = run(state, vec![CountingAction::RemoveAnyway((*ghost).into())]);
        let wrong = forced.filter.wrong_counters();
        let Some(CountingOutcome::Removed(change)) = &forced.outcome else {
            panic!("removed anyway");
        };
        let probes: Vec<u32> = change.changes.iter().map(|probe| probe.index).collect();
        // Before the first probe nothing is wrong yet (nothing was before the removal); after the
        // last, every counter the removal took below the set's is.
        let shown_wrong = |state: &CountingState| {
            let diagnosis = bloom_core::counting::Diagnosis::of(&state.filter);
            state.shown_wrong(&diagnosis.wrong_counters, &diagnosis.wrong_before_last)
        };
        let mut stepped = run(forced.clone(), vec![CountingAction::Step(StepMove::Start)]);
        assert_eq!(shown_wrong(&stepped), Vec::<u32>::new());
        for done in 1..=probes.len() {
            stepped = run(stepped, vec![CountingAction::Step(StepMove::Next)]);
            let shown = shown_wrong(&stepped);
            for index in &wrong {
                // A counter is marked once every probe of it is shown done.
                let waiting = probes[done..].contains(index);
                assert_eq!(shown.contains(index), !waiting, "{index} at step {done}");
            }
        }
        assert_eq!(shown_wrong(&forced), wrong);
    }

    #[test]
    fn stepping_shows_the_counters_before_each_probe() {
        let state = run_fresh::<CountingState>(typed("apple", CountingAction::Insert));
        let full = state.filter.counters().to_vec();
        let before = run(state.clone(), vec![CountingAction::Step(StepMove::Start)]);
        assert_eq!(before.step, Some(0));
        assert!(before.shown_counters().iter().all(|value| *value == 0));
        let mut stepped = before;
        for _ in 0..5 {
            stepped = run(stepped, vec![CountingAction::Step(StepMove::Next)]);
        }
        assert_eq!(stepped.step, Some(3));
        assert_eq!(stepped.shown_counters(), full);
        let ended = run(stepped, vec![CountingAction::Step(StepMove::End)]);
        assert_eq!(ended.step, None);
        assert!(ended.stepped, "the action has been stepped through");
        assert!(!state.stepped, "a new action has not");
        let again = run(ended, typed("pear", CountingAction::Insert));
        assert!(!again.stepped, "the next action has not");
    }

    #[test]
    fn a_link_opens_the_step_it_was_at() {
        let mut actions = typed("apple", CountingAction::Insert);
        actions.extend(typed("pear", CountingAction::Query));
        actions.push(CountingAction::Step(StepMove::Start));
        actions.push(CountingAction::Step(StepMove::Next));
        let state = run_fresh::<CountingState>(actions);
        let link = state.link();
        assert_eq!((link.query.as_deref(), link.step), (Some("pear"), Some(1)));
        let opened = CountingState::from_link(&link, Vec::new());
        assert_eq!((opened.step, opened.stepped), (Some(1), true));
        assert_eq!(opened.shown_counters(), state.shown_counters());
        assert_eq!(opened.outcome, state.outcome);
        // Loaded into a running page, the same.
        let loaded =
            run_fresh::<CountingState>(vec![CountingAction::Load(link.clone(), Vec::new())]);
        assert_eq!(loaded.step, Some(1));
        // A step past the action's probes, or with nothing on screen, opens no step-through.
        for wrong in [
            CountingLink {
                step: Some(4),
                ..link.clone()
            },
            CountingLink {
                query: None,
                ..link
            },
        ] {
            assert_eq!(CountingState::from_link(&wrong, Vec::new()).step, None);
        }
    }

    #[test]
    fn changing_c_replays_and_can_be_undone() {
        let mut actions = Vec::new();
        for _ in 0..4 {
            actions.extend(typed("apple", CountingAction::Insert));
        }
        actions.push(CountingAction::SetCounterBits(2));
        let state = run_fresh::<CountingState>(actions);
        let mut apple = state.filter.indexes("apple");
        apple.sort_unstable();
        apple.dedup();
        assert_eq!(state.filter.stuck(), apple);
        let undone = run(state, vec![CountingAction::History(HistoryAction::Undo)]);
        assert!(undone.filter.stuck().is_empty());
        // The same four inserts, under the c before: Undo says so, not which inserts.
        let reshaped = Some(CountingOutcome::Travelled(HistoryMove::undo(
            Moved::Reshaped,
        )));
        assert_eq!(undone.outcome, reshaped);
        let cleared = run(undone, vec![CountingAction::Reset]);
        let back = run(cleared, vec![CountingAction::History(HistoryAction::Undo)]);
        assert_eq!(
            back.outcome,
            Some(CountingOutcome::Travelled(HistoryMove::undo(Moved::Whole)))
        );
    }

    #[test]
    fn nothing_to_do_changes_nothing() {
        let start: Rc<CountingState> = Rc::default();
        for action in [
            CountingAction::History(HistoryAction::Undo),
            CountingAction::Reset,
            CountingAction::Step(StepMove::Next),
            CountingAction::SetCounterBits(4),
            CountingAction::DismissIgnored,
        ] {
            assert!(Rc::ptr_eq(&start, &start.clone().reduce(action)));
        }
    }
}

//! The playground's state as a reducer: the model from [`bloom_core::playground`], the text being
//! typed, and what the last action did, so the page can always say what just happened. Actions
//! delegate to the core; typing shares the model instead of copying it, and an action that changes
//! nothing hands back the same state, so nothing re-renders.
//!
//! Undo keeps each change as what it takes to take it back and make it again — the texts inserted,
//! the old and new m, k and scheme — not as a copy of the model. Only a reset or an opened link keeps
//! a whole model (the other one cannot be derived), and the history as a whole is held to a byte
//! budget ([`super::history`]), so a link with thousands of items can be edited at length without
//! exhausting memory.

use std::borrow::Cow;
use std::rc::Rc;

use yew::AttrValue;

use crate::share::{Ignored, LinkedSteps, SharedState};
use bloom_core::hashing::HashScheme;
use bloom_core::params::FilterParams;
use bloom_core::playground::{InsertError, Insertion, Playground, Verdict};
use bloom_core::text::is_blank;
use bloom_core::words;

use super::history::{travelled, History, HistoryAction, Kept, Undoable};
use super::step_through::{StepKind, LEADING_STEPS};

super::reduced_by_next!(PlaygroundState, PlaygroundAction);

/// How many words "Add random words" adds.
pub const RANDOM_WORD_COUNT: usize = 10;

/// What the last action did, for the outcome panel and the "new" marks on the array.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// An item went in (or was a duplicate).
    Inserted(Insertion),
    /// Insert refused; nothing changed.
    InsertRefused(InsertError),
    /// Query of blank text refused.
    QueryRefused,
    /// A query and its verdict, with the text and indexes as they were asked.
    Queried {
        /// The text queried.
        text: String,
        /// Its k probe indexes.
        indexes: Vec<u32>,
        /// The answer.
        verdict: Verdict,
    },
    /// Random words were added.
    AddedWords {
        /// The seed used.
        seed: u32,
        /// The words, in the order added.
        words: Vec<&'static str>,
        /// How many were already in the set.
        duplicates: usize,
        /// Bits that went from 0 to 1.
        newly_set: Vec<u32>,
    },
    /// Everything cleared.
    Reset {
        /// How many distinct items were removed.
        removed: usize,
    },
    /// m, k or the scheme changed; the filter was rebuilt from the same items.
    Rebuilt,
    /// The last change was undone: what it took back.
    Undone(Travel),
    /// An undone change was made again: what it made again.
    Redone(Travel),
}

/// What Undo or Redo moved across, for the sentence that names it.
#[derive(Debug, Clone, PartialEq)]
pub enum Travel {
    /// These items went out (undone) or in again (redone), in the order they were inserted.
    Items(Rc<[AttrValue]>),
    /// m, k and the scheme are now these; the filter was rebuilt from the same items.
    Params(FilterParams),
    /// A whole other filter: a reset or an opened link, taken back or made again.
    Whole,
}

impl super::history::Travelled for Outcome {
    fn travelled(&self) -> bool {
        matches!(self, Self::Undone(_) | Self::Redone(_))
    }
}

impl Outcome {
    /// Bits the last action turned from 0 to 1.
    pub fn newly_set(&self) -> &[u32] {
        match self {
            Outcome::Inserted(insertion) => &insertion.newly_set,
            Outcome::AddedWords { newly_set, .. } => newly_set,
            _ => &[],
        }
    }
}

/// Everything the playground page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaygroundState {
    /// The filter, its items and provenance.
    pub playground: Rc<Playground>,
    /// The text in the Item field (shared, so re-renders do not copy a long paste).
    pub text: AttrValue,
    /// The last action's result, if any.
    pub outcome: Option<Outcome>,
    /// The seed the next "Add random words" will use.
    pub seed: u32,
    /// Changes that can be undone and made again.
    pub history: History<Change>,
    /// Parts of the link the page was opened with that could not be used.
    pub ignored: Vec<Ignored>,
    /// The step-through the link was opened at, for the page to open.
    pub opened_steps: Option<LinkedSteps>,
}

impl Default for PlaygroundState {
    fn default() -> Self {
        Self {
            playground: Rc::new(Playground::new(FilterParams::default())),
            text: AttrValue::default(),
            outcome: None,
            seed: words::DEFAULT_SEED,
            history: History::default(),
            ignored: Vec::new(),
            opened_steps: None,
        }
    }
}

/// One change that can be undone and made again, kept as what it takes to do either rather than as
/// a copy of the model: for a link with thousands of items a copy is megabytes.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// These texts were inserted, in order (one typed item, or the random words). Taken back with
    /// [`Playground::without`], which rebuilds the filter from the items that remain.
    Inserted(Rc<[AttrValue]>),
    /// m, k or the scheme changed; the items stayed, so either way the filter is rebuilt from them.
    Rebuilt {
        /// m, k and the scheme before.
        before: FilterParams,
        /// m, k and the scheme after.
        after: FilterParams,
    },
    /// The whole model was replaced (a reset, an opened link) and this is the other one, kept whole
    /// because it cannot be derived from the current one. Undo and redo swap the two.
    Replaced(Rc<Playground>),
}

impl Kept for Change {
    fn estimated_bytes(&self) -> usize {
        size_of::<Self>()
            + match self {
                Change::Inserted(texts) => texts
                    .iter()
                    .map(|text| size_of::<AttrValue>() + text.len())
                    .sum(),
                Change::Rebuilt { .. } => 0,
                Change::Replaced(playground) => playground.estimated_bytes(),
            }
    }
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum PlaygroundAction {
    /// The Item field changed.
    SetText(String),
    /// Insert the current text.
    Insert,
    /// Query the current text.
    Query,
    /// Remove every item.
    Reset,
    /// Use a new m (already validated).
    SetBits(u32),
    /// Use a new k (already validated).
    SetHashes(u32),
    /// Use another hash scheme.
    SetScheme(HashScheme),
    /// Use a new seed for random words.
    SetSeed(u32),
    /// Add [`RANDOM_WORD_COUNT`] words chosen by the seed, then move to the next seed.
    AddRandomWords,
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a shared state (a link was opened), listing what was ignored.
    Load(SharedState, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
}

impl PlaygroundState {
    /// The state a link (or saved state) describes, with the parts of it that were ignored.
    pub fn from_shared(shared: &SharedState, ignored: Vec<Ignored>) -> Self {
        let shared = before_steps(shared);
        Self {
            playground: Rc::new(shared.playground()),
            ignored,
            seed: shared.seed,
            ..Self::default()
        }
        .viewed(&shared)
    }

    /// The text last queried, while its verdict is the outcome shown.
    pub fn last_query(&self) -> Option<String> {
        match &self.outcome {
            Some(Outcome::Queried { text, .. }) => Some(text.clone()),
            _ => None,
        }
    }

    /// This state showing what a link shows besides its filter: its query asked again (the Item
    /// field holding the text, the verdict on screen) and the text of its step-through, which the
    /// page opens.
    fn viewed(mut self, shared: &SharedState) -> Self {
        if let Some(query) = &shared.query {
            self.text = query.clone().into();
            self.outcome = Some(self.queried(query));
        }
        if let Some(steps) = &shared.steps {
            self.text = steps.text.clone().into();
        }
        self.opened_steps = shared.steps.clone();
        self
    }

    /// `text` asked of the filter: its indexes and the verdict.
    fn queried(&self, text: &str) -> Outcome {
        Outcome::Queried {
            text: text.to_owned(),
            indexes: self.playground.filter().indexes(text),
            verdict: self.playground.query(text),
        }
    }

    /// The state after `action`, or `None` when it changes nothing.
    fn next(&self, action: PlaygroundAction) -> Option<Self> {
        match action {
            PlaygroundAction::SetText(text) => super::typed(self, text, |state| &mut state.text),
            PlaygroundAction::Insert => self.inserted(),
            PlaygroundAction::Query => self.with_outcome(if is_blank(&self.text) {
                Outcome::QueryRefused
            } else {
                self.queried(&self.text)
            }),
            PlaygroundAction::Reset => {
                let removed = self.playground.items().len();
                let mut playground = (*self.playground).clone();
                playground.reset();
                let mut next = self.clone();
                next.commit(playground, Change::Replaced(Rc::clone(&self.playground)));
                next.outcome = Some(Outcome::Reset { removed });
                Some(next)
            }
            PlaygroundAction::SetBits(bits) => self.reshaped(|params| params.bits = bits),
            PlaygroundAction::SetHashes(hashes) => self.reshaped(|params| params.hashes = hashes),
            PlaygroundAction::SetScheme(scheme) => self.reshaped(|params| params.scheme = scheme),
            PlaygroundAction::SetSeed(seed) => (seed != self.seed).then(|| Self {
                seed,
                ..self.clone()
            }),
            PlaygroundAction::AddRandomWords => Some(self.words_added()),
            PlaygroundAction::History(direction) => travelled(self, direction),
            PlaygroundAction::Load(shared, ignored) => self.loaded(&shared, ignored),
            PlaygroundAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
        }
    }

    /// The current text inserted, or refused (blank or too long).
    fn inserted(&self) -> Option<Self> {
        let mut playground = (*self.playground).clone();
        match playground.insert(&self.text) {
            Ok(insertion) => {
                let mut next = self.clone();
                // The text is shared with the Item field, not copied.
                next.commit(playground, Change::Inserted(Rc::from([self.text.clone()])));
                next.outcome = Some(Outcome::Inserted(insertion));
                Some(next)
            }
            Err(error) => self.with_outcome(Outcome::InsertRefused(error)),
        }
    }

    /// [`RANDOM_WORD_COUNT`] words chosen by the seed inserted, and the seed moved on.
    fn words_added(&self) -> Self {
        // Words not yet in the set, so that each press adds ten items while the list lasts; once it
        // runs out, words already in make up the ten (and the outcome counts them).
        let seed = u64::from(self.seed);
        let mut chosen = words::pick_new(seed, RANDOM_WORD_COUNT, |word| {
            self.playground.was_inserted(word)
        });
        let missing = RANDOM_WORD_COUNT - chosen.len();
        chosen.extend(
            words::pick(seed, RANDOM_WORD_COUNT)
                .into_iter()
                .filter(|word| !chosen.contains(word))
                .take(missing)
                .collect::<Vec<_>>(),
        );
        let mut playground = (*self.playground).clone();
        let mut duplicates = 0;
        let mut newly_set = Vec::new();
        for word in &chosen {
            // Words from the list are never blank or long, so every insert succeeds.
            if let Ok(insertion) = playground.insert(word) {
                duplicates += usize::from(insertion.duplicate);
                newly_set.extend(insertion.newly_set);
            }
        }
        let mut next = self.clone();
        let texts = chosen.iter().map(|&word| AttrValue::Static(word)).collect();
        next.commit(playground, Change::Inserted(texts));
        next.outcome = Some(Outcome::AddedWords {
            seed: self.seed,
            words: chosen,
            duplicates,
            newly_set,
        });
        next.seed = if self.seed >= *words::SEED_RANGE.end() {
            *words::SEED_RANGE.start()
        } else {
            self.seed + 1
        };
        next
    }

    /// The state a link describes made current (undoably), or `None` when it is this one.
    fn loaded(&self, shared: &SharedState, ignored: Vec<Ignored>) -> Option<Self> {
        let shared = &*before_steps(shared);
        let filter = SharedState {
            query: None,
            steps: None,
            ..shared.clone()
        };
        let mut next = self.clone();
        if filter != SharedState::of(&self.playground, self.seed) {
            next.commit(
                shared.playground(),
                Change::Replaced(Rc::clone(&self.playground)),
            );
            next.seed = shared.seed;
            next.outcome = None;
        }
        next.ignored = ignored;
        let next = next.viewed(shared);
        (next != *self).then_some(next)
    }

    /// This state with `outcome`, or `None` when that is already the outcome shown (a query or a
    /// refused insert repeated).
    fn with_outcome(&self, outcome: Outcome) -> Option<Self> {
        if self.outcome.as_ref() == Some(&outcome) {
            return None;
        }
        Some(Self {
            outcome: Some(outcome),
            ..self.clone()
        })
    }

    /// This state with the filter rebuilt for `params`, or `None` when they are the current ones.
    /// The filter with its m, k or scheme changed by `change`, rebuilt from the same items.
    fn reshaped(&self, change: impl FnOnce(&mut FilterParams)) -> Option<Self> {
        let mut params = self.playground.params();
        change(&mut params);
        self.rebuilt(params)
    }

    fn rebuilt(&self, params: FilterParams) -> Option<Self> {
        let before = self.playground.params();
        if params == before {
            return None;
        }
        let mut next = self.clone();
        next.commit(
            self.playground.rebuilt(params),
            Change::Rebuilt {
                before,
                after: params,
            },
        );
        next.outcome = Some(Outcome::Rebuilt);
        Some(next)
    }

    /// Makes `playground` current; `change` is how it differs from the old one, for undo. A new
    /// change forgets what could be redone. The step just made stays even alone over the budget: it
    /// holds at most the model the page held a moment ago (a reset keeps the model it cleared).
    fn commit(&mut self, playground: Playground, change: Change) {
        self.playground = Rc::new(playground);
        self.history.record(change);
    }

    /// Takes `change` back from the current model, and returns it ready to be made again.
    fn take_back(&mut self, change: Change) -> Change {
        match change {
            Change::Inserted(ref texts) => {
                self.playground = Rc::new(self.playground.without(texts));
                change
            }
            Change::Rebuilt { before, .. } => {
                self.playground = Rc::new(self.playground.rebuilt(before));
                change
            }
            Change::Replaced(other) => {
                Change::Replaced(std::mem::replace(&mut self.playground, other))
            }
        }
    }

    /// Makes `change` again on the current model, and returns it ready to be taken back.
    fn make_again(&mut self, change: Change) -> Change {
        match change {
            Change::Inserted(ref texts) => {
                let mut playground = (*self.playground).clone();
                for text in texts.iter() {
                    // These texts went in once already, so they are neither blank nor too long.
                    let _ = playground.insert(text);
                }
                self.playground = Rc::new(playground);
                change
            }
            Change::Rebuilt { after, .. } => {
                self.playground = Rc::new(self.playground.rebuilt(after));
                change
            }
            Change::Replaced(other) => {
                Change::Replaced(std::mem::replace(&mut self.playground, other))
            }
        }
    }
}

impl Undoable for PlaygroundState {
    type Step = Change;

    fn history_mut(&mut self) -> &mut History<Change> {
        &mut self.history
    }

    fn apply(&mut self, change: Change, direction: HistoryAction) -> Change {
        let travel = match &change {
            Change::Inserted(texts) => Travel::Items(texts.clone()),
            Change::Rebuilt { before, after } => Travel::Params(match direction {
                HistoryAction::Undo => *before,
                HistoryAction::Redo => *after,
            }),
            Change::Replaced(_) => Travel::Whole,
        };
        self.outcome = Some(match direction {
            HistoryAction::Undo => Outcome::Undone(travel),
            HistoryAction::Redo => Outcome::Redone(travel),
        });
        match direction {
            HistoryAction::Undo => self.take_back(change),
            HistoryAction::Redo => self.make_again(change),
        }
    }

    /// Nothing more to say: [`Undoable::apply`] named what moved, as only it sees the step.
    fn moved(&mut self, _direction: HistoryAction) {}
}

/// The link's state as its step-through starts from. A link read at an insert's result step holds
/// the item already inserted, as its last: the steps start from the filter before it, and the result
/// step inserts it again. A link whose last item is not the one stepped through cannot be stepped to
/// that result, and opens at the step before it.
fn before_steps(shared: &SharedState) -> Cow<'_, SharedState> {
    let result = LEADING_STEPS + shared.params.hashes as usize;
    match &shared.steps {
        Some(steps) if steps.kind == StepKind::Insert && steps.position == result => {
            let mut before = shared.clone();
            if shared.items.last() == Some(&steps.text) {
                before.items.pop();
            } else if let Some(steps) = &mut before.steps {
                steps.position = result - 1;
            }
            Cow::Owned(before)
        }
        _ => Cow::Borrowed(shared),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::history::HISTORY_BUDGET_BYTES;
    use yew::Reducible;

    fn run(actions: Vec<PlaygroundAction>) -> Rc<PlaygroundState> {
        actions
            .into_iter()
            .fold(Rc::new(PlaygroundState::default()), |state, action| {
                state.reduce(action)
            })
    }

    #[test]
    fn typing_shares_the_model() {
        let before = Rc::new(PlaygroundState::default());
        let after = before.clone().reduce(PlaygroundAction::SetText("a".into()));
        assert!(Rc::ptr_eq(&before.playground, &after.playground));
        let same = after.clone().reduce(PlaygroundAction::SetText("a".into()));
        assert!(Rc::ptr_eq(&after, &same));
    }

    #[test]
    fn insert_then_query_is_present() {
        let state = run(vec![
            PlaygroundAction::SetText("apple".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::Query,
        ]);
        match &state.outcome {
            Some(Outcome::Queried { verdict, .. }) => assert_eq!(*verdict, Verdict::Present),
            other => panic!("unexpected outcome {other:?}"),
        }
    }

    #[test]
    fn changing_m_keeps_items() {
        let state = run(vec![
            PlaygroundAction::SetText("apple".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::SetBits(256),
        ]);
        assert_eq!(state.playground.items().len(), 1);
        assert_eq!(state.playground.params().bits, 256);
        assert_eq!(state.outcome, Some(Outcome::Rebuilt));
    }

    #[test]
    fn random_words_follow_the_seed_and_advance_it() {
        let state = run(vec![
            PlaygroundAction::SetSeed(42),
            PlaygroundAction::AddRandomWords,
        ]);
        let expected = words::pick(42, RANDOM_WORD_COUNT);
        let inserted: Vec<&str> = state
            .playground
            .items()
            .iter()
            .map(|item| item.text.as_str())
            .collect();
        assert_eq!(inserted, expected);
        assert_eq!(state.seed, 43);
    }

    #[test]
    fn each_press_adds_ten_new_words_while_the_list_lasts() {
        let presses = |count: usize| {
            run(std::iter::repeat_n(PlaygroundAction::AddRandomWords, count).collect())
        };
        let state = presses(15);
        let mut texts: Vec<&str> = state
            .playground
            .items()
            .iter()
            .map(|item| item.text.as_str())
            .collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), 150, "fifteen presses, 150 different words");
        // The list holds 158: the sixteenth press finds 8 new ones and says 2 were already in.
        let state = presses(16);
        match state.outcome {
            Some(Outcome::AddedWords {
                ref words,
                duplicates,
                ..
            }) => {
                assert_eq!((words.len(), duplicates), (10, 2));
            }
            ref other => panic!("unexpected outcome {other:?}"),
        }
    }

    #[test]
    fn undo_and_redo_walk_the_changes() {
        let state = run(vec![
            PlaygroundAction::SetText("apple".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::SetText("pear".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::Reset,
        ]);
        assert!(state.playground.items().is_empty());
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert_eq!(state.playground.items().len(), 2);
        assert_eq!(state.outcome, Some(Outcome::Undone(Travel::Whole)));
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert_eq!(state.playground.items().len(), 1);
        // Undo and Redo name what they moved: the item taken out and put back.
        let pear = Travel::Items(Rc::from(vec![AttrValue::from("pear")]));
        assert_eq!(state.outcome, Some(Outcome::Undone(pear.clone())));
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Redo));
        assert_eq!(state.playground.items().len(), 2);
        assert_eq!(state.outcome, Some(Outcome::Redone(pear)));
        // m changed and taken back: the m, k and scheme it went back to, then on to again.
        let before = state.playground.params();
        let state = state.reduce(PlaygroundAction::SetBits(48));
        let after = state.playground.params();
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert_eq!(state.outcome, Some(Outcome::Undone(Travel::Params(before))));
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Redo));
        assert_eq!(state.outcome, Some(Outcome::Redone(Travel::Params(after))));
        assert_eq!(after.bits, 48);
        // A new change clears what could be redone.
        let state = state.reduce(PlaygroundAction::SetBits(64));
        assert!(!state.history.can_redo());
        let unchanged = state
            .clone()
            .reduce(PlaygroundAction::History(HistoryAction::Redo));
        assert!(Rc::ptr_eq(&state, &unchanged));
    }

    #[test]
    fn refused_inserts_leave_no_undo_step() {
        let state = run(vec![
            PlaygroundAction::SetText(" ".into()),
            PlaygroundAction::Insert,
        ]);
        assert!(!state.history.can_undo());
    }

    #[test]
    fn loading_a_link_replaces_the_model_and_keeps_the_report() {
        let (shared, ignored) = crate::share::from_query("m=64&item=a&item=b&m=x");
        let state =
            Rc::new(PlaygroundState::default()).reduce(PlaygroundAction::Load(shared, ignored));
        assert_eq!(state.playground.params().bits, 64);
        assert_eq!(state.playground.items().len(), 2);
        assert_eq!(state.ignored, vec![Ignored::Bits("x".into())]);
        let state = state.reduce(PlaygroundAction::DismissIgnored);
        assert!(state.ignored.is_empty());
    }

    #[test]
    fn a_link_with_a_query_and_steps_opens_what_was_on_screen() {
        let mut state = Rc::new(PlaygroundState::default());
        for word in ["apple", "banana"] {
            state = state.reduce(PlaygroundAction::SetText(word.into()));
            state = state.reduce(PlaygroundAction::Insert);
        }
        state = state.reduce(PlaygroundAction::SetText("apple".into()));
        state = state.reduce(PlaygroundAction::Query);
        let linked = |state: &PlaygroundState| SharedState {
            query: state.last_query(),
            ..SharedState::of(&state.playground, state.seed)
        };
        let shared = linked(&state);
        assert_eq!(shared.query.as_deref(), Some("apple"));
        let opened = PlaygroundState::from_shared(&shared, Vec::new());
        assert_eq!(opened.outcome, state.outcome);
        assert_eq!(opened.text.as_str(), "apple");
        assert_eq!(linked(&opened), shared);
        // A step-through part-way: its text in the field, for the page to open; no verdict yet.
        let steps = LinkedSteps {
            kind: StepKind::Insert,
            position: 4,
            text: "fox".into(),
        };
        let stepping = SharedState {
            query: None,
            steps: Some(steps.clone()),
            ..shared.clone()
        };
        let opened = PlaygroundState::from_shared(&stepping, Vec::new());
        assert_eq!(
            (opened.text.as_str(), opened.outcome.clone()),
            ("fox", None)
        );
        assert_eq!(opened.opened_steps, Some(steps));
        // The same filter loaded with a query: no change to undo, the verdict shown.
        let loaded = Rc::new(opened).reduce(PlaygroundAction::Load(shared, Vec::new()));
        assert!(matches!(loaded.outcome, Some(Outcome::Queried { .. })));
        assert!(!loaded.history.can_undo());
    }

    #[test]
    fn a_link_at_an_inserts_result_steps_from_the_filter_before_it() {
        // k = 3: steps 0–3 lead, 4–6 show the indexes, 7 is the result.
        let (shared, _) =
            crate::share::from_query("m=32&k=3&item=apple&item=fox&steps=insert.8.fox");
        let opened = PlaygroundState::from_shared(&shared, Vec::new());
        let texts = |state: &PlaygroundState| {
            let items = state.playground.items();
            items
                .iter()
                .map(|item| item.text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(&opened),
            ["apple"],
            "fox goes in again at the result step"
        );
        assert_eq!(
            opened.opened_steps.as_ref().map(|steps| steps.position),
            Some(7)
        );
        assert_eq!(opened.text.as_str(), "fox");
        // The last item is not the one stepped through: it stays, and the steps stop before the result.
        let (shared, _) =
            crate::share::from_query("m=32&k=3&item=fox&item=apple&steps=insert.8.fox");
        let opened = PlaygroundState::from_shared(&shared, Vec::new());
        assert_eq!(texts(&opened), ["fox", "apple"]);
        assert_eq!(opened.opened_steps.map(|steps| steps.position), Some(6));
        // A query's result changes no item.
        let (shared, _) = crate::share::from_query("m=32&k=3&item=fox&steps=query.8.fox");
        let opened = PlaygroundState::from_shared(&shared, Vec::new());
        assert_eq!(texts(&opened), ["fox"]);
        assert_eq!(opened.opened_steps.map(|steps| steps.position), Some(7));
    }

    /// A state holding `count` distinct items of `bytes` bytes each, as a link would bring it.
    fn large(count: usize, bytes: usize) -> (SharedState, Rc<PlaygroundState>) {
        let shared = SharedState {
            params: FilterParams {
                bits: 1024,
                hashes: 3,
                ..FilterParams::default()
            },
            items: (0..count).map(|i| format!("{i:0bytes$}")).collect(),
            ..SharedState::default()
        };
        let state = Rc::new(PlaygroundState::from_shared(&shared, Vec::new()));
        (shared, state)
    }

    fn insert(state: Rc<PlaygroundState>, text: &str) -> Rc<PlaygroundState> {
        state
            .reduce(PlaygroundAction::SetText(text.into()))
            .reduce(PlaygroundAction::Insert)
    }

    #[test]
    fn fifty_edits_of_a_large_state_stay_within_the_undo_budget() {
        let (shared, mut state) = large(20_000, 100);
        assert_eq!(state.playground.items()[0].text.len(), 100);
        let mut models = vec![Rc::clone(&state.playground)];
        for edit in 0..50 {
            state = match edit % 5 {
                0 | 1 => insert(state, &format!("edit {edit}")),
                // The link below brings m back to 1024 each round.
                2 => state.reduce(PlaygroundAction::SetBits(512)),
                // A reset and a reopened link each keep a whole model of about 6.5 MiB.
                3 => state.reduce(PlaygroundAction::Reset),
                _ => state.reduce(PlaygroundAction::Load(shared.clone(), Vec::new())),
            };
            assert!(
                state.history.bytes() <= HISTORY_BUDGET_BYTES,
                "after edit {edit}: {} bytes",
                state.history.bytes()
            );
            assert!(!Rc::ptr_eq(&state.playground, models.last().unwrap()));
            models.push(Rc::clone(&state.playground));
        }
        let last = models.len() - 1;
        // Snapshots would have kept 50 models, over 300 MiB; only the latest steps fit the budget.
        let steps = state.history.undo_len();
        assert!((2..50).contains(&steps), "{steps} steps kept");
        // Undoing moves steps between the stacks and swaps kept models with the current one, so the
        // history and the model together never hold more than the budget and one model.
        let largest = models
            .iter()
            .map(|model| model.estimated_bytes())
            .max()
            .unwrap();
        for undone in 1..=steps {
            state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
            assert!(*state.playground == *models[last - undone], "undo {undone}");
            let held = state.history.bytes() + state.playground.estimated_bytes();
            assert!(
                held <= HISTORY_BUDGET_BYTES + largest,
                "undo {undone}: {held} bytes"
            );
        }
        let oldest = state
            .clone()
            .reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert!(Rc::ptr_eq(&state, &oldest), "nothing older was kept");
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Redo));
        assert!(*state.playground == *models[last - steps + 1]);
    }

    #[test]
    fn inserts_into_a_large_state_are_undone_without_copies() {
        let (_, original) = large(20_000, 100);
        let mut state = Rc::clone(&original);
        for edit in 0..50 {
            state = insert(state, &format!("edit {edit}"));
        }
        assert_eq!(state.history.undo_len(), 50);
        assert!(
            state.history.bytes() < 16 << 10,
            "{} bytes",
            state.history.bytes()
        );
        let before_last = {
            let mut playground = (*state.playground).clone();
            playground = playground.without(&["edit 49"]);
            playground
        };
        let state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert!(*state.playground == before_last);
        let state = (1..50).fold(state, |state, _| {
            state.reduce(PlaygroundAction::History(HistoryAction::Undo))
        });
        assert!(state.playground == original.playground);
    }

    #[test]
    fn a_reset_of_a_state_over_the_budget_can_still_be_undone_once() {
        let (_, original) = large(20_000, 300);
        assert!(original.playground.estimated_bytes() > HISTORY_BUDGET_BYTES);
        let state = Rc::clone(&original).reduce(PlaygroundAction::Reset);
        assert_eq!(state.history.undo_len(), 1);
        let undone = Rc::clone(&state).reduce(PlaygroundAction::History(HistoryAction::Undo));
        assert!(undone.playground == original.playground);
        // The next change lets the cleared model go.
        let state = insert(state, "apple");
        assert_eq!(state.history.undo_len(), 1);
        assert!(state.history.bytes() < 1 << 10);
    }

    #[test]
    fn undo_and_redo_restore_every_kind_of_change_exactly() {
        let (shared, _) = crate::share::from_query("m=64&k=4&item=fig&item=kiwi");
        let actions = vec![
            PlaygroundAction::SetText("apple".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::Insert,
            PlaygroundAction::SetSeed(7),
            PlaygroundAction::AddRandomWords,
            PlaygroundAction::SetBits(100),
            PlaygroundAction::SetHashes(5),
            PlaygroundAction::SetScheme(HashScheme::Independent),
            PlaygroundAction::AddRandomWords,
            PlaygroundAction::Reset,
            PlaygroundAction::SetText("pear".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::Load(shared, Vec::new()),
            PlaygroundAction::Insert,
        ];
        let mut state = Rc::new(PlaygroundState::default());
        let mut models = vec![Rc::clone(&state.playground)];
        for action in actions {
            state = state.reduce(action);
            if !Rc::ptr_eq(&state.playground, models.last().unwrap()) {
                models.push(Rc::clone(&state.playground));
            }
        }
        assert_eq!(state.history.undo_len(), models.len() - 1);
        for model in models.iter().rev().skip(1) {
            state = state.reduce(PlaygroundAction::History(HistoryAction::Undo));
            assert_eq!(state.playground, *model);
        }
        assert!(!state.history.can_undo());
        for model in models.iter().skip(1) {
            state = state.reduce(PlaygroundAction::History(HistoryAction::Redo));
            assert_eq!(state.playground, *model);
        }
        assert!(!state.history.can_redo());
    }

    #[test]
    fn actions_that_change_nothing_return_the_same_state() {
        let (shared, ignored) = crate::share::from_query("m=64&item=a&m=x");
        let state = Rc::new(PlaygroundState::from_shared(&shared, Vec::new()));
        let params = state.playground.params();
        let no_ops = [
            PlaygroundAction::SetText(String::new()),
            PlaygroundAction::SetBits(params.bits),
            PlaygroundAction::SetHashes(params.hashes),
            PlaygroundAction::SetScheme(params.scheme),
            PlaygroundAction::SetSeed(state.seed),
            PlaygroundAction::History(HistoryAction::Undo),
            PlaygroundAction::History(HistoryAction::Redo),
            PlaygroundAction::DismissIgnored,
            PlaygroundAction::Load(shared.clone(), Vec::new()),
        ];
        for action in no_ops {
            let after = Rc::clone(&state).reduce(action.clone());
            assert!(Rc::ptr_eq(&state, &after), "{action:?} made a new state");
        }
        // Asking the same question twice, or repeating a refused insert, shows nothing new.
        let queried = Rc::clone(&state)
            .reduce(PlaygroundAction::SetText("a".into()))
            .reduce(PlaygroundAction::Query);
        let again = Rc::clone(&queried).reduce(PlaygroundAction::Query);
        assert!(Rc::ptr_eq(&queried, &again));
        let refused = Rc::clone(&state).reduce(PlaygroundAction::Insert);
        assert_eq!(
            refused.outcome,
            Some(Outcome::InsertRefused(InsertError::Blank))
        );
        let again = Rc::clone(&refused).reduce(PlaygroundAction::Insert);
        assert!(Rc::ptr_eq(&refused, &again));
        // Real changes still make a new state.
        let loaded = Rc::clone(&state).reduce(PlaygroundAction::Load(shared, ignored));
        assert!(!Rc::ptr_eq(&state, &loaded));
        let dismissed = Rc::clone(&loaded).reduce(PlaygroundAction::DismissIgnored);
        assert!(!Rc::ptr_eq(&loaded, &dismissed));
        let changed = Rc::clone(&state).reduce(PlaygroundAction::SetBits(params.bits + 1));
        assert!(!Rc::ptr_eq(&state, &changed));
    }

    #[test]
    fn blank_insert_is_refused() {
        let state = run(vec![
            PlaygroundAction::SetText("  ".into()),
            PlaygroundAction::Insert,
        ]);
        assert_eq!(
            state.outcome,
            Some(Outcome::InsertRefused(InsertError::Blank))
        );
        assert!(state.playground.items().is_empty());
    }
}

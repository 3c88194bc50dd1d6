//! The playground's state as a reducer: the model from [`crate::bloom::playground`], the text being
//! typed, and what the last action did, so the page can always say what just happened. Actions
//! delegate to the core; typing shares the model instead of copying it.

use std::rc::Rc;

use yew::{AttrValue, Reducible};

use crate::bloom::hashing::HashScheme;
use crate::bloom::params::FilterParams;
use crate::bloom::playground::{InsertError, Insertion, Playground, Verdict};
use crate::bloom::text::is_blank;
use crate::bloom::words;
use crate::share::{Ignored, SharedState};

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
    /// The last change was undone.
    Undone,
    /// An undone change was made again.
    Redone,
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
    /// Earlier models, most recent last, for undo.
    pub undo: Vec<Rc<Playground>>,
    /// Undone models, most recent last, for redo.
    pub redo: Vec<Rc<Playground>>,
    /// Parts of the link the page was opened with that could not be used.
    pub ignored: Vec<Ignored>,
}

impl Default for PlaygroundState {
    fn default() -> Self {
        Self {
            playground: Rc::new(Playground::new(FilterParams::default())),
            text: AttrValue::default(),
            outcome: None,
            seed: 1,
            undo: Vec::new(),
            redo: Vec::new(),
            ignored: Vec::new(),
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
    /// Go back one change.
    Undo,
    /// Redo an undone change.
    Redo,
    /// Replace everything with a shared state (a link was opened), listing what was ignored.
    Load(SharedState, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
}

impl Reducible for PlaygroundState {
    type Action = PlaygroundAction;

    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            PlaygroundAction::SetText(text) => {
                if *text == *self.text {
                    return self;
                }
                next.text = AttrValue::from(text);
            }
            PlaygroundAction::Insert => {
                let mut playground = (*self.playground).clone();
                match playground.insert(&self.text) {
                    Ok(insertion) => {
                        next.replace_model(playground);
                        next.outcome = Some(Outcome::Inserted(insertion));
                    }
                    Err(error) => next.outcome = Some(Outcome::InsertRefused(error)),
                }
            }
            PlaygroundAction::Query => {
                next.outcome = Some(if is_blank(&self.text) {
                    Outcome::QueryRefused
                } else {
                    Outcome::Queried {
                        text: self.text.to_string(),
                        indexes: self.playground.filter().indexes(&self.text),
                        verdict: self.playground.query(&self.text),
                    }
                });
            }
            PlaygroundAction::Reset => {
                let removed = self.playground.items().len();
                let mut playground = (*self.playground).clone();
                playground.reset();
                next.replace_model(playground);
                next.outcome = Some(Outcome::Reset { removed });
            }
            PlaygroundAction::SetBits(bits) => {
                let params = FilterParams {
                    bits,
                    ..self.playground.params()
                };
                next.rebuild(params);
            }
            PlaygroundAction::SetHashes(hashes) => {
                let params = FilterParams {
                    hashes,
                    ..self.playground.params()
                };
                next.rebuild(params);
            }
            PlaygroundAction::SetScheme(scheme) => {
                let params = FilterParams {
                    scheme,
                    ..self.playground.params()
                };
                next.rebuild(params);
            }
            PlaygroundAction::SetSeed(seed) => {
                if seed == self.seed {
                    return self;
                }
                next.seed = seed;
            }
            PlaygroundAction::AddRandomWords => {
                let chosen = words::pick(u64::from(self.seed), RANDOM_WORD_COUNT);
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
                next.replace_model(playground);
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
            }
            PlaygroundAction::Undo => {
                let Some(previous) = next.undo.pop() else {
                    return self;
                };
                next.redo
                    .push(std::mem::replace(&mut next.playground, previous));
                next.outcome = Some(Outcome::Undone);
            }
            PlaygroundAction::Redo => {
                let Some(following) = next.redo.pop() else {
                    return self;
                };
                next.undo
                    .push(std::mem::replace(&mut next.playground, following));
                next.outcome = Some(Outcome::Redone);
            }
            PlaygroundAction::Load(shared, ignored) => {
                if shared == SharedState::of(&self.playground) && ignored.is_empty() {
                    return self;
                }
                next.replace_model(shared.playground());
                next.ignored = ignored;
                next.outcome = None;
            }
            PlaygroundAction::DismissIgnored => {
                if self.ignored.is_empty() {
                    return self;
                }
                next.ignored.clear();
            }
        }
        Rc::new(next)
    }
}

/// Most undo steps kept.
const UNDO_LIMIT: usize = 200;

impl PlaygroundState {
    /// The state a link (or saved state) describes, with the parts of it that were ignored.
    pub fn from_shared(shared: &SharedState, ignored: Vec<Ignored>) -> Self {
        Self {
            playground: Rc::new(shared.playground()),
            ignored,
            ..Self::default()
        }
    }

    /// Makes `playground` current, remembering the old one for undo.
    fn replace_model(&mut self, playground: Playground) {
        let previous = std::mem::replace(&mut self.playground, Rc::new(playground));
        self.undo.push(previous);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    fn rebuild(&mut self, params: FilterParams) {
        if params != self.playground.params() {
            let rebuilt = self.playground.rebuilt(params);
            self.replace_model(rebuilt);
            self.outcome = Some(Outcome::Rebuilt);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

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
    fn undo_and_redo_walk_the_changes() {
        let state = run(vec![
            PlaygroundAction::SetText("apple".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::SetText("pear".into()),
            PlaygroundAction::Insert,
            PlaygroundAction::Reset,
        ]);
        assert!(state.playground.items().is_empty());
        let state = state.reduce(PlaygroundAction::Undo);
        assert_eq!(state.playground.items().len(), 2);
        let state = state.reduce(PlaygroundAction::Undo);
        assert_eq!(state.playground.items().len(), 1);
        let state = state.reduce(PlaygroundAction::Redo);
        assert_eq!(state.playground.items().len(), 2);
        assert_eq!(state.outcome, Some(Outcome::Redone));
        // A new change clears what could be redone.
        let state = state.reduce(PlaygroundAction::SetBits(64));
        assert!(state.redo.is_empty());
        let unchanged = state.clone().reduce(PlaygroundAction::Redo);
        assert!(Rc::ptr_eq(&state, &unchanged));
    }

    #[test]
    fn refused_inserts_leave_no_undo_step() {
        let state = run(vec![
            PlaygroundAction::SetText(" ".into()),
            PlaygroundAction::Insert,
        ]);
        assert!(state.undo.is_empty());
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

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
    /// m or k changed; the filter was rebuilt from the same items.
    Rebuilt,
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
}

impl Default for PlaygroundState {
    fn default() -> Self {
        Self {
            playground: Rc::new(Playground::new(FilterParams::default())),
            text: AttrValue::default(),
            outcome: None,
            seed: 1,
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
                let result = Rc::make_mut(&mut next.playground).insert(&self.text);
                next.outcome = Some(match result {
                    Ok(insertion) => Outcome::Inserted(insertion),
                    Err(error) => Outcome::InsertRefused(error),
                });
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
                Rc::make_mut(&mut next.playground).reset();
                next.outcome = Some(Outcome::Reset { removed });
            }
            PlaygroundAction::SetBits(bits) => {
                let params = FilterParams {
                    bits,
                    ..self.playground.params()
                };
                return self.rebuilt(params);
            }
            PlaygroundAction::SetHashes(hashes) => {
                let params = FilterParams {
                    hashes,
                    ..self.playground.params()
                };
                return self.rebuilt(params);
            }
            PlaygroundAction::SetScheme(scheme) => {
                let params = FilterParams {
                    scheme,
                    ..self.playground.params()
                };
                return self.rebuilt(params);
            }
            PlaygroundAction::SetSeed(seed) => {
                if seed == self.seed {
                    return self;
                }
                next.seed = seed;
            }
            PlaygroundAction::AddRandomWords => {
                let chosen = words::pick(u64::from(self.seed), RANDOM_WORD_COUNT);
                let playground = Rc::make_mut(&mut next.playground);
                let mut duplicates = 0;
                let mut newly_set = Vec::new();
                for word in &chosen {
                    // Words from the list are never blank or long, so every insert succeeds.
                    if let Ok(insertion) = playground.insert(word) {
                        duplicates += usize::from(insertion.duplicate);
                        newly_set.extend(insertion.newly_set);
                    }
                }
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
        }
        Rc::new(next)
    }
}

impl PlaygroundState {
    fn rebuilt(self: Rc<Self>, params: FilterParams) -> Rc<Self> {
        if params == self.playground.params() {
            return self;
        }
        Rc::new(Self {
            playground: Rc::new(self.playground.rebuilt(params)),
            outcome: Some(Outcome::Rebuilt),
            ..(*self).clone()
        })
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

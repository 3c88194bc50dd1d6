//! The combining page's state as a reducer: the two sets A and B (their items; the filters, OR,
//! AND and estimates are derived from them), the text typed for each, what the last action did, the
//! three comparisons' settings, undo and redo.

use std::rc::Rc;

use yew::AttrValue;

use crate::share::sets::{
    CascadeSettings, CompressSettings, PartitionSettings, SetsLink, SetsView, MAX_SET_ITEMS,
};
use crate::share::Ignored;
use bloom_core::hashing::HashScheme;
use bloom_core::params::FilterParams;
use bloom_core::playground::{InsertError, MAX_ITEM_BYTES};
use bloom_core::text::is_blank;
use bloom_core::words::pick;

pub use super::action_steps::StepMove;
use super::history::{log_added, travelled, History, HistoryAction, HistoryMove, Kept, Logged};

super::reduced_by_next!(SetsState, SetsAction);

/// Which of the two sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Set A.
    A,
    /// Set B.
    B,
}

/// The two sets and the filters' shape: what undo and redo step through.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TwoSets {
    /// m, k and the scheme.
    pub params: FilterParams,
    /// A's items.
    pub a: Vec<String>,
    /// B's items.
    pub b: Vec<String>,
}

impl TwoSets {
    /// The items of `side`.
    pub fn items(&self, side: Side) -> &[String] {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    fn items_mut(&mut self, side: Side) -> &mut Vec<String> {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

impl Kept for TwoSets {
    fn estimated_bytes(&self) -> usize {
        self.a
            .iter()
            .chain(&self.b)
            .map(|item| 48 + item.len())
            .sum()
    }
}

/// Each set's items are a log: an operation is an item inserted into a side.
impl Logged for TwoSets {
    type Op = (Side, String);

    fn added_since(&self, earlier: &Self) -> Option<Vec<(Side, String)>> {
        if self.params != earlier.params {
            return None;
        }
        let side = |side: Side| {
            log_added(self.items(side), earlier.items(side))
                .map(|items| items.into_iter().map(move |item| (side, item)))
        };
        Some(side(Side::A)?.chain(side(Side::B)?).collect())
    }

    fn reshaped(&self, other: &Self) -> bool {
        self.a == other.a && self.b == other.b && self.params != other.params
    }
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq)]
pub enum SetsOutcome {
    /// An item went into a set.
    Inserted {
        /// Which set.
        side: Side,
        /// The text.
        text: String,
    },
    /// The item was already in that set.
    AlreadyIn {
        /// Which set.
        side: Side,
        /// The text.
        text: String,
    },
    /// Blank, too long, or the set is full.
    Refused {
        /// Which set.
        side: Side,
        /// Why (`None`: the set holds [`MAX_SET_ITEMS`]).
        error: Option<InsertError>,
    },
    /// Words from the site's list were added.
    WordsAdded {
        /// Which set.
        side: Side,
        /// The words.
        words: Vec<String>,
    },
    /// A query, answered by A, B, A OR B and A AND B (the page works the answers out).
    Queried {
        /// The set whose field it was typed in.
        side: Side,
        /// The text.
        text: String,
    },
    /// Query of blank text refused.
    QueryRefused(Side),
    /// Both sets cleared.
    Reset,
    /// m, k or the scheme changed.
    Rebuilt,
    /// Undo or Redo: which way, and what it took back or made again.
    Travelled(HistoryMove<(Side, String)>),
}

/// Everything the combining page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct SetsState {
    /// The two sets and their filters' shape.
    pub sets: Rc<TwoSets>,
    /// Text typed for A.
    pub text_a: AttrValue,
    /// Text typed for B.
    pub text_b: AttrValue,
    /// The last action's result.
    pub outcome: Option<SetsOutcome>,
    /// The partitioned comparison.
    pub partition: PartitionSettings,
    /// The compressed comparison.
    pub compress: CompressSettings,
    /// The cascade.
    pub cascade: CascadeSettings,
    /// The part an embedded widget shows.
    pub view: SetsView,
    /// The step-through of the last query: how many of its k bits it has read (0 … k), or `None`
    /// when not stepping.
    pub step: Option<usize>,
    /// The last query has been stepped through: `→` no longer starts it again.
    pub stepped: bool,
    /// Sets undo and redo go back and forward to.
    pub history: History<Rc<TwoSets>>,
    /// Parts of the opening link that could not be used.
    pub ignored: Vec<Ignored>,
}

impl Default for SetsState {
    fn default() -> Self {
        Self::from_link(&SetsLink::default(), Vec::new())
    }
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum SetsAction {
    /// A field changed.
    SetText(Side, String),
    /// Insert the side's text into its set.
    Insert(Side),
    /// Query the side's text.
    Query(Side),
    /// Add a few words from the site's list to a set.
    AddWords(Side),
    /// A new m (validated).
    SetBits(u32),
    /// A new k (validated).
    SetHashes(u32),
    /// A new scheme.
    SetScheme(HashScheme),
    /// New partitioned-comparison settings.
    SetPartition(PartitionSettings),
    /// New compressed-comparison settings.
    SetCompress(CompressSettings),
    /// New cascade settings.
    SetCascade(CascadeSettings),
    /// Empty both sets.
    Reset,
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a link's state.
    Load(SetsLink, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
    /// Move the step-through of the last query.
    Step(StepMove),
}

/// How many words "Add words" adds.
pub const WORDS_PER_ADD: usize = 4;

super::action_steps::stepped_through!(SetsState);
super::history::whole_model_history!(
    SetsState,
    sets: TwoSets,
    SetsOutcome,
    step = None,
    stepped = false
);

impl SetsState {
    /// The state a link describes.
    pub fn from_link(link: &SetsLink, ignored: Vec<Ignored>) -> Self {
        Self {
            sets: Rc::new(TwoSets {
                params: link.params,
                a: link.a.clone(),
                b: link.b.clone(),
            }),
            text_a: AttrValue::default(),
            text_b: AttrValue::default(),
            outcome: None,
            partition: link.partition,
            compress: link.compress,
            cascade: link.cascade,
            view: link.view,
            step: None,
            stepped: false,
            history: History::default(),
            ignored,
        }
        .asked(Side::A, link.query.as_deref())
        .asked(Side::B, link.query_b.as_deref())
        .stepped_to(link.step)
    }

    /// The last position of a step-through of the last action: k for a query (one step per bit
    /// it reads in every row), 0 for anything else, which is not stepped through.
    pub fn steps(&self) -> usize {
        match &self.outcome {
            Some(SetsOutcome::Queried { .. }) => self.sets.params.hashes as usize,
            _ => 0,
        }
    }

    /// This state with `query` (a link's) typed in `side`'s field and asked: its answers on screen.
    fn asked(self, side: Side, query: Option<&str>) -> Self {
        let Some(text) = query else { return self };
        let mut next = Self {
            outcome: Some(SetsOutcome::Queried {
                side,
                text: text.to_owned(),
            }),
            ..self
        };
        *match side {
            Side::A => &mut next.text_a,
            Side::B => &mut next.text_b,
        } = AttrValue::from(text.to_owned());
        next
    }

    /// The text queried, and from which side, when its answers are on screen.
    fn queried(&self, side: Side) -> Option<String> {
        match &self.outcome {
            Some(SetsOutcome::Queried { side: asked, text }) if *asked == side => {
                Some(text.clone())
            }
            _ => None,
        }
    }

    /// The link for this state.
    pub fn link(&self) -> SetsLink {
        SetsLink {
            params: self.sets.params,
            a: self.sets.a.clone(),
            b: self.sets.b.clone(),
            partition: self.partition,
            compress: self.compress,
            cascade: self.cascade,
            view: self.view,
            query: self.queried(Side::A),
            query_b: self.queried(Side::B),
            step: self.step.and_then(|step| u32::try_from(step).ok()),
        }
    }

    /// The text typed for `side`.
    pub fn text(&self, side: Side) -> &AttrValue {
        match side {
            Side::A => &self.text_a,
            Side::B => &self.text_b,
        }
    }

    fn next(&self, action: SetsAction) -> Option<Self> {
        match action {
            SetsAction::SetText(side, text) => (*self.text(side) != *text).then(|| {
                let mut next = self.clone();
                *match side {
                    Side::A => &mut next.text_a,
                    Side::B => &mut next.text_b,
                } = AttrValue::from(text);
                next
            }),
            SetsAction::Insert(side) => self.inserted(side),
            SetsAction::Query(side) => {
                let text = self.text(side).to_string();
                self.with_outcome(if is_blank(&text) {
                    SetsOutcome::QueryRefused(side)
                } else {
                    SetsOutcome::Queried { side, text }
                })
            }
            SetsAction::AddWords(side) => self.words_added(side),
            SetsAction::SetBits(bits) => self.with_params(FilterParams {
                bits,
                ..self.sets.params
            }),
            SetsAction::SetHashes(hashes) => self.with_params(FilterParams {
                hashes,
                ..self.sets.params
            }),
            SetsAction::SetScheme(scheme) => self.with_params(FilterParams {
                scheme,
                ..self.sets.params
            }),
            SetsAction::SetPartition(partition) => (partition != self.partition).then(|| Self {
                partition: PartitionSettings {
                    bits: partition.bits.max(partition.hashes),
                    ..partition
                },
                ..self.clone()
            }),
            SetsAction::SetCompress(compress) => (compress != self.compress).then(|| Self {
                compress,
                ..self.clone()
            }),
            SetsAction::SetCascade(cascade) => (cascade != self.cascade).then(|| Self {
                cascade: CascadeSettings {
                    revoked: cascade.revoked.min(cascade.universe),
                    ..cascade
                },
                ..self.clone()
            }),
            SetsAction::Reset => {
                if self.sets.a.is_empty() && self.sets.b.is_empty() {
                    return None;
                }
                let sets = TwoSets {
                    params: self.sets.params,
                    ..TwoSets::default()
                };
                Some(self.commit(sets, SetsOutcome::Reset))
            }
            SetsAction::History(direction) => travelled(self, direction),
            SetsAction::Load(link, ignored) => {
                if link == self.link() && ignored.is_empty() {
                    return None;
                }
                let mut next = Self::from_link(&link, ignored);
                next.history = self.history.clone();
                next.history.record(self.sets.clone());
                Some(next)
            }
            SetsAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
            SetsAction::Step(step) => self.step_moved(step),
        }
    }

    /// The side's text inserted into its set, or refused (blank, too long, the set full, already
    /// in it).
    fn inserted(&self, side: Side) -> Option<Self> {
        let text = self.text(side).to_string();
        let error = if is_blank(&text) {
            Some(Some(InsertError::Blank))
        } else if text.len() > MAX_ITEM_BYTES {
            Some(Some(InsertError::TooLong))
        } else if self.sets.items(side).len() >= MAX_SET_ITEMS {
            Some(None)
        } else {
            None
        };
        if let Some(error) = error {
            return self.with_outcome(SetsOutcome::Refused { side, error });
        }
        if self.sets.items(side).contains(&text) {
            return self.with_outcome(SetsOutcome::AlreadyIn { side, text });
        }
        let mut sets = (*self.sets).clone();
        sets.items_mut(side).push(text.clone());
        Some(self.commit(sets, SetsOutcome::Inserted { side, text }))
    }

    /// [`WORDS_PER_ADD`] words from the site's list not yet in the side's set, added to it.
    fn words_added(&self, side: Side) -> Option<Self> {
        let mut sets = (*self.sets).clone();
        let room = MAX_SET_ITEMS.saturating_sub(sets.items(side).len());
        // A different choice each time, the same on every machine.
        let seed = (sets.a.len() * 1_000 + sets.b.len()) as u64 * 2 + u64::from(side == Side::B);
        let words: Vec<String> = pick(seed, 40)
            .into_iter()
            .filter(|word| !sets.items(side).iter().any(|item| item == word))
            .take(WORDS_PER_ADD.min(room))
            .map(str::to_owned)
            .collect();
        if words.is_empty() {
            return self.with_outcome(SetsOutcome::Refused { side, error: None });
        }
        sets.items_mut(side).extend(words.iter().cloned());
        Some(self.commit(sets, SetsOutcome::WordsAdded { side, words }))
    }

    fn with_params(&self, params: FilterParams) -> Option<Self> {
        (params != self.sets.params).then(|| {
            self.commit(
                TwoSets {
                    params,
                    ..(*self.sets).clone()
                },
                SetsOutcome::Rebuilt,
            )
        })
    }
}

// Its link may choose only what is shown (the shipping widget's `view=`): `shown_by`.
crate::state::linked::linked_through_link!(
    SetsState,
    SetsAction,
    "bloom-tutorial.sets.v1",
    sets,
    shown_by
);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::history::Moved;
    use crate::state::history::{run, run_fresh};

    #[test]
    fn the_query_on_screen_travels_in_the_link_from_either_field() {
        for side in [Side::A, Side::B] {
            let state = run_fresh::<SetsState>(vec![
                SetsAction::SetText(Side::A, "apple".into()),
                SetsAction::Insert(Side::A),
                SetsAction::SetText(side, "plum".into()),
                SetsAction::Query(side),
            ]);
            let link = state.link();
            let asked = Some("plum".to_owned());
            assert_eq!(
                (link.query.clone(), link.query_b.clone()),
                if side == Side::A {
                    (asked, None)
                } else {
                    (None, asked)
                }
            );
            // Opened elsewhere: the same sets, the word in the same field, its answers on screen.
            let opened = SetsState::from_link(&link, Vec::new());
            assert_eq!(opened.outcome, state.outcome);
            assert_eq!(opened.text(side).as_str(), "plum");
            assert_eq!(opened.link(), link);
            // Another action, and the link no longer holds a query.
            let inserted = run(state, vec![SetsAction::Insert(side)]);
            assert_eq!(
                (inserted.link().query, inserted.link().query_b),
                (None, None)
            );
        }
    }

    #[test]
    fn a_query_steps_bit_by_bit_and_its_link_opens_the_same_step() {
        let state = run_fresh::<SetsState>(vec![
            SetsAction::SetText(Side::B, "plum".into()),
            SetsAction::Query(Side::B),
            SetsAction::Step(StepMove::Start),
            SetsAction::Step(StepMove::Next),
        ]);
        let k = state.sets.params.hashes as usize;
        assert_eq!((state.steps(), state.step), (k, Some(1)));
        let link = state.link();
        assert_eq!(
            (link.query_b.as_deref(), link.step),
            (Some("plum"), Some(1))
        );
        let opened = SetsState::from_link(&link, Vec::new());
        assert_eq!((opened.step, opened.stepped), (Some(1), true));
        assert_eq!(opened.link(), link);
        // An insert ends it, and is not stepped through.
        let inserted = run(state, vec![SetsAction::Insert(Side::B)]);
        assert_eq!((inserted.step, inserted.steps()), (None, 0));
        assert_eq!(inserted.link().step, None);
        let past = SetsLink {
            step: u32::try_from(k + 1).ok(),
            ..link
        };
        assert_eq!(SetsState::from_link(&past, Vec::new()).step, None);
    }

    #[test]
    fn items_go_into_their_own_set_once_and_undo_takes_them_back() {
        let state = run_fresh::<SetsState>(vec![
            SetsAction::SetText(Side::A, "apple".into()),
            SetsAction::Insert(Side::A),
            SetsAction::Insert(Side::A),
            SetsAction::SetText(Side::B, "pear".into()),
            SetsAction::Insert(Side::B),
        ]);
        assert_eq!(state.sets.a, ["apple"]);
        assert_eq!(state.sets.b, ["pear"]);
        let undone = run(state, vec![SetsAction::History(HistoryAction::Undo)]);
        assert!(undone.sets.b.is_empty());
        let pear: Rc<[(Side, String)]> = Rc::from(vec![(Side::B, "pear".to_owned())]);
        let took_back = Some(SetsOutcome::Travelled(HistoryMove::undo(
            Moved::Operations(pear),
        )));
        assert_eq!(undone.outcome, took_back);
        let again = run(
            undone,
            vec![
                SetsAction::SetText(Side::A, "apple".into()),
                SetsAction::Insert(Side::A),
            ],
        );
        assert!(matches!(
            again.outcome,
            Some(SetsOutcome::AlreadyIn { side: Side::A, .. })
        ));
    }

    #[test]
    fn add_words_adds_new_words_and_repeats_on_every_machine() {
        let state = run_fresh::<SetsState>(vec![SetsAction::AddWords(Side::A)]);
        assert_eq!(state.sets.a.len(), WORDS_PER_ADD);
        let twice = run(state.clone(), vec![SetsAction::AddWords(Side::A)]);
        assert_eq!(twice.sets.a.len(), 2 * WORDS_PER_ADD);
        let mut unique = twice.sets.a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 2 * WORDS_PER_ADD);
        assert_eq!(
            run_fresh::<SetsState>(vec![SetsAction::AddWords(Side::A)]).sets,
            state.sets
        );
    }

    #[test]
    fn the_link_round_trips() {
        let state = run_fresh::<SetsState>(vec![
            SetsAction::AddWords(Side::B),
            SetsAction::SetBits(128),
            SetsAction::SetCascade(CascadeSettings {
                universe: 50,
                revoked: 80,
                first_rate: 0.1,
            }),
        ]);
        assert_eq!(state.cascade.revoked, 50);
        let query = crate::state::linked::Linked::to_query(&*state);
        let loaded = <SetsState as crate::state::linked::Linked>::from_query(&query, true);
        assert_eq!(loaded.link(), state.link());
    }
}

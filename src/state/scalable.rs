//! The scalable filter's state as a reducer: the filter from [`bloom_core::scalable`] with the
//! preset it follows, the text being typed, what the last action did (so the page can say which
//! stage took an item or answered a query), and undo and redo.

use std::rc::Rc;

use yew::AttrValue;

use crate::share::scalable::ScalableLink;
use crate::share::Ignored;
use bloom_core::playground::{InsertError, MAX_ITEM_BYTES};
use bloom_core::scalable::{
    Added, Preset, Probes, ScalableError, ScalableFilter, ScalableOperation, ScalableParams,
};
use bloom_core::text::is_blank;

pub use super::action_steps::StepMove;
use super::history::{travelled, History, HistoryAction, HistoryMove, Kept, Logged, Undoable};

super::reduced_by_next!(ScalableState, ScalableAction);
super::history::logged_by_operations!(ScalableFilter, ScalableOperation);

impl Kept for ScalableFilter {
    fn estimated_bytes(&self) -> usize {
        (self.total_bits() / 8) as usize
            + self
                .operations()
                .iter()
                .map(|operation| match operation {
                    ScalableOperation::Add(text) => 48 + text.len(),
                    ScalableOperation::Stream(_) => 16,
                })
                .sum::<usize>()
    }
}

thread_local! {
    static PROBES: Rc<Probes> = Rc::new(Probes::standard());
}

/// The site's 10,000 probes, hashed once per page.
pub fn probes() -> Rc<Probes> {
    PROBES.with(Rc::clone)
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq)]
pub enum ScalableOutcome {
    /// An insert: where it went, or which stage already answered.
    Inserted {
        /// The text.
        text: String,
        /// What happened.
        added: Added,
    },
    /// Blank or too long; nothing changed.
    InsertRefused(InsertError),
    /// The next stage would not fit in memory; nothing more was added.
    TooBig,
    /// A query: each stage's answer and indexes.
    Queried {
        /// The text.
        text: String,
        /// For each stage: "maybe", and the indexes tested.
        answers: Vec<(bool, Vec<u32>)>,
    },
    /// Query of blank text refused.
    QueryRefused,
    /// Generated items streamed in.
    Streamed {
        /// Items asked for.
        count: u32,
        /// Of them, inserted.
        inserted: u32,
        /// Stages added meanwhile.
        new_stages: u32,
        /// True when the stream stopped at the memory limit.
        stopped: bool,
    },
    /// Everything cleared.
    Reset {
        /// Operations cleared.
        cleared: usize,
    },
    /// The preset or a parameter changed; the operations were replayed.
    Rebuilt,
    /// Undo or Redo: which way, and what it took back or made again.
    Travelled(HistoryMove<ScalableOperation>),
}

/// Everything the scalable page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalableState {
    /// Which library's rules the filter follows.
    pub preset: Preset,
    /// The filter.
    pub filter: Rc<ScalableFilter>,
    /// The text in the Item field.
    pub text: AttrValue,
    /// The last action's result.
    pub outcome: Option<ScalableOutcome>,
    /// The step-through of the last query: how many stages it has read (0 … every stage), or
    /// `None` when not stepping.
    pub step: Option<usize>,
    /// The last query has been stepped through: `→` no longer starts it again.
    pub stepped: bool,
    /// Filters (with their presets) undo and redo go back and forward to.
    pub history: History<Snapshot>,
    /// Parts of the opening link that could not be used.
    pub ignored: Vec<Ignored>,
}

/// A filter and the preset it follows, as the history keeps them.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The preset.
    pub preset: Preset,
    /// The filter.
    pub filter: Rc<ScalableFilter>,
}

impl Kept for Snapshot {
    fn estimated_bytes(&self) -> usize {
        self.filter.estimated_bytes()
    }
}

/// The filter's log; a new preset is new parameters.
impl Logged for Snapshot {
    type Op = ScalableOperation;

    fn added_since(&self, earlier: &Self) -> Option<Vec<ScalableOperation>> {
        (self.preset == earlier.preset)
            .then(|| self.filter.added_since(&earlier.filter))
            .flatten()
    }

    fn reshaped(&self, other: &Self) -> bool {
        self.filter.operations() == other.filter.operations()
            && (self.preset != other.preset || self.filter.params() != other.filter.params())
    }
}

impl Default for ScalableState {
    fn default() -> Self {
        Self::from_link(&ScalableLink::default(), Vec::new())
    }
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum ScalableAction {
    /// The Item field changed.
    SetText(String),
    /// Insert the current text.
    Insert,
    /// Query the current text.
    Query,
    /// Insert this many generated items.
    Stream(u32),
    /// Follow a library's rules.
    SetPreset(Preset),
    /// A new n₀ (validated).
    SetCapacity(u32),
    /// A new rate asked for (validated).
    SetRate(f64),
    /// A new growth s (validated); the rules become the visitor's own.
    SetGrowth(u32),
    /// A new tightening ratio r (validated); the rules become the visitor's own.
    SetTightening(f64),
    /// Clear everything.
    Reset,
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a link's state, listing what was ignored.
    Load(ScalableLink, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
    /// Move the step-through of the last query.
    Step(StepMove),
}

super::history::travelled_outcome!(ScalableOutcome);
super::action_steps::stepped_through!(ScalableState);

impl Undoable for ScalableState {
    type Step = Snapshot;

    fn history_mut(&mut self) -> &mut History<Snapshot> {
        &mut self.history
    }

    fn apply(&mut self, snapshot: Snapshot, direction: HistoryAction) -> Snapshot {
        let back = self.snapshot();
        let step = HistoryMove::between(&back, &snapshot, direction);
        self.preset = snapshot.preset;
        self.filter = snapshot.filter;
        self.outcome = Some(ScalableOutcome::Travelled(step));
        (self.step, self.stepped) = (None, false);
        back
    }

    fn moved(&mut self, _: HistoryAction) {}
}

impl ScalableState {
    /// The state a link describes, with the parts of it that were ignored.
    pub fn from_link(link: &ScalableLink, ignored: Vec<Ignored>) -> Self {
        let filter = ScalableFilter::replay(link.params, &link.operations, &probes());
        let outcome = link.query.as_ref().map(|text| ScalableOutcome::Queried {
            answers: filter.query(text),
            text: text.clone(),
        });
        let opened = Self {
            preset: link.preset,
            filter: Rc::new(filter),
            text: AttrValue::from(link.query.clone().unwrap_or_default()),
            outcome,
            step: None,
            stepped: false,
            history: History::default(),
            ignored,
        };
        // A step the query has: the phone opens it; any other is left out.
        opened.stepped_to(link.step)
    }

    /// The link for this state, with the last query when its answer is on screen and how far it
    /// has been stepped through.
    pub fn link(&self) -> ScalableLink {
        let query = match &self.outcome {
            Some(ScalableOutcome::Queried { text, .. }) => Some(text.clone()),
            _ => None,
        };
        ScalableLink {
            preset: self.preset,
            params: self.filter.params(),
            operations: self.filter.operations().to_vec(),
            query,
            step: self.step.and_then(|step| u32::try_from(step).ok()),
        }
    }

    /// The last position of a step-through of the last action: the stages a query read (0 when
    /// the last action was not a query, which is not stepped through).
    pub fn steps(&self) -> usize {
        match &self.outcome {
            Some(ScalableOutcome::Queried { answers, .. }) => answers.len(),
            _ => 0,
        }
    }

    /// The stage the last action is about, which a crowded stage draws bit by bit: an insert's
    /// stage; a stepped query's stage being read (the first before the first step); a query's
    /// first stage that answered "maybe"; else the newest.
    pub fn focus(&self) -> Option<usize> {
        let newest = self.filter.stages().len().checked_sub(1)?;
        let about = match &self.outcome {
            Some(ScalableOutcome::Inserted {
                added: Added::Inserted { stage, .. } | Added::AlreadyPresent { stage },
                ..
            }) => Some(*stage),
            Some(ScalableOutcome::Queried { answers, .. }) => match self.step {
                Some(step) => Some(step.saturating_sub(1)),
                None => answers.iter().position(|(maybe, _)| *maybe),
            },
            _ => None,
        };
        Some(about.unwrap_or(newest).min(newest))
    }

    fn next(&self, action: ScalableAction) -> Option<Self> {
        match action {
            ScalableAction::SetText(text) => super::typed(self, text, |state| &mut state.text),
            ScalableAction::Insert => self.inserted(),
            ScalableAction::Query => self.with_outcome(if is_blank(&self.text) {
                ScalableOutcome::QueryRefused
            } else {
                ScalableOutcome::Queried {
                    text: self.text.to_string(),
                    answers: self.filter.query(&self.text),
                }
            }),
            ScalableAction::Stream(count) => self.streamed(count),
            ScalableAction::SetPreset(preset) => {
                let params = preset.apply(self.filter.params());
                (preset != self.preset).then(|| self.rebuilt(preset, params))
            }
            ScalableAction::SetCapacity(capacity) => self.with_params(ScalableParams {
                capacity,
                ..self.filter.params()
            }),
            ScalableAction::SetRate(rate) => self.with_params(ScalableParams {
                rate,
                ..self.filter.params()
            }),
            ScalableAction::SetGrowth(growth) => self.custom(ScalableParams {
                growth,
                ..self.filter.params()
            }),
            ScalableAction::SetTightening(tightening) => self.custom(ScalableParams {
                tightening,
                ..self.filter.params()
            }),
            ScalableAction::Reset => {
                let cleared = self.filter.operations().len();
                (cleared > 0).then(|| {
                    self.commit(
                        self.preset,
                        ScalableFilter::new(self.filter.params()),
                        ScalableOutcome::Reset { cleared },
                    )
                })
            }
            ScalableAction::History(direction) => travelled(self, direction),
            ScalableAction::Load(link, ignored) => {
                if link == self.link() && ignored.is_empty() {
                    return None;
                }
                let mut next = Self::from_link(&link, ignored);
                next.history = self.history.clone();
                next.history.record(self.snapshot());
                Some(next)
            }
            ScalableAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
            ScalableAction::Step(step) => self.step_moved(step),
        }
    }

    /// The current text inserted, or refused (blank, too long, or the next stage too big).
    fn inserted(&self) -> Option<Self> {
        let text = self.text.to_string();
        if is_blank(&text) {
            return self.with_outcome(ScalableOutcome::InsertRefused(InsertError::Blank));
        }
        if text.len() > MAX_ITEM_BYTES {
            return self.with_outcome(ScalableOutcome::InsertRefused(InsertError::TooLong));
        }
        let mut filter = (*self.filter).clone();
        match filter.add(&text, &probes()) {
            Ok(added) => Some(self.commit(
                self.preset,
                filter,
                ScalableOutcome::Inserted { text, added },
            )),
            Err(ScalableError::TooBig) => self.with_outcome(ScalableOutcome::TooBig),
        }
    }

    /// `count` generated items streamed in, as far as memory allows.
    fn streamed(&self, count: u32) -> Option<Self> {
        let mut filter = (*self.filter).clone();
        let (items, stages) = (filter.items(), filter.stages().len());
        let stopped = filter.stream(count, &probes()).is_err();
        if filter.operations() == self.filter.operations() {
            return self.with_outcome(ScalableOutcome::TooBig);
        }
        let outcome = ScalableOutcome::Streamed {
            count,
            inserted: filter.items() - items,
            new_stages: (filter.stages().len() - stages) as u32,
            stopped,
        };
        Some(self.commit(self.preset, filter, outcome))
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            preset: self.preset,
            filter: self.filter.clone(),
        }
    }

    fn with_params(&self, params: ScalableParams) -> Option<Self> {
        (params != self.filter.params()).then(|| self.rebuilt(self.preset, params))
    }

    fn custom(&self, params: ScalableParams) -> Option<Self> {
        let params = Preset::Custom.apply(params);
        (params != self.filter.params() || self.preset != Preset::Custom)
            .then(|| self.rebuilt(Preset::Custom, params))
    }

    fn rebuilt(&self, preset: Preset, params: ScalableParams) -> Self {
        let filter = ScalableFilter::replay(params, self.filter.operations(), &probes());
        self.commit(preset, filter, ScalableOutcome::Rebuilt)
    }

    fn with_outcome(&self, outcome: ScalableOutcome) -> Option<Self> {
        (self.outcome.as_ref() != Some(&outcome)).then(|| Self {
            outcome: Some(outcome),
            step: None,
            stepped: false,
            ..self.clone()
        })
    }

    fn commit(&self, preset: Preset, filter: ScalableFilter, outcome: ScalableOutcome) -> Self {
        let mut next = self.clone();
        next.history.record(self.snapshot());
        next.preset = preset;
        next.filter = Rc::new(filter);
        next.outcome = Some(outcome);
        (next.step, next.stepped) = (None, false);
        next
    }
}

crate::state::linked::linked_through_link!(
    ScalableState,
    ScalableAction,
    "bloom-tutorial.scalable.v1",
    scalable
);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::scalable::ScalableLink;
    use crate::state::history::Moved;
    use crate::state::history::{run, run_fresh};

    #[test]
    fn insert_query_stream_and_undo() {
        let state = run_fresh::<ScalableState>(vec![
            ScalableAction::SetText("apple".into()),
            ScalableAction::Insert,
            ScalableAction::Query,
        ]);
        let Some(ScalableOutcome::Queried { answers, .. }) = &state.outcome else {
            panic!("{:?}", state.outcome);
        };
        assert_eq!(answers.len(), 1);
        assert!(answers[0].0);
        let streamed = run(state.clone(), vec![ScalableAction::Stream(100)]);
        let Some(ScalableOutcome::Streamed {
            new_stages,
            inserted,
            ..
        }) = streamed.outcome
        else {
            panic!()
        };
        assert_eq!(new_stages, 2);
        assert_eq!(streamed.filter.items(), 1 + inserted);
        let undone = run(streamed, vec![ScalableAction::History(HistoryAction::Undo)]);
        assert_eq!(undone.filter, state.filter);
        let stream: Rc<[ScalableOperation]> = Rc::from(vec![ScalableOperation::Stream(100)]);
        let took_back = Some(ScalableOutcome::Travelled(HistoryMove::undo(
            Moved::Operations(stream),
        )));
        assert_eq!(undone.outcome, took_back);
    }

    #[test]
    fn the_focus_is_the_stage_an_action_is_about() {
        let filled = run_fresh::<ScalableState>(vec![
            ScalableAction::SetCapacity(4),
            ScalableAction::Stream(40),
        ]);
        let newest = filled.filter.stages().len() - 1;
        assert!(newest >= 2);
        assert_eq!(filled.focus(), Some(newest), "after a stream, the newest");
        // A stepped query: the stage being read, the first before the first step.
        let stepping = |moves: usize| {
            let mut actions = vec![
                ScalableAction::SetText("grape".into()),
                ScalableAction::Query,
                ScalableAction::Step(StepMove::Start),
            ];
            actions.extend((0..moves).map(|_| ScalableAction::Step(StepMove::Next)));
            run(filled.clone(), actions).focus()
        };
        assert_eq!(
            (stepping(0), stepping(1), stepping(2)),
            (Some(0), Some(0), Some(1))
        );
        // An answered query: the first stage that said "maybe" (an inserted item's own stage).
        let streamed = bloom_core::scalable::streamed_item(0);
        let queried = run(
            filled.clone(),
            vec![ScalableAction::SetText(streamed), ScalableAction::Query],
        );
        let Some(ScalableOutcome::Queried { answers, .. }) = &queried.outcome else {
            panic!("{:?}", queried.outcome);
        };
        let first_maybe = answers.iter().position(|(maybe, _)| *maybe);
        assert_eq!(first_maybe, Some(0));
        assert_eq!(queried.focus(), first_maybe);
        // An insert: the stage it went into.
        let inserted = run(
            filled,
            vec![
                ScalableAction::SetText("quince".into()),
                ScalableAction::Insert,
            ],
        );
        let Some(ScalableOutcome::Inserted {
            added: Added::Inserted { stage, .. },
            ..
        }) = &inserted.outcome
        else {
            panic!("{:?}", inserted.outcome);
        };
        assert_eq!(inserted.focus(), Some(*stage));
        // No stage, no focus.
        assert_eq!(ScalableState::default().focus(), None);
    }

    #[test]
    fn a_query_steps_stage_by_stage_and_its_link_opens_the_same_step() {
        let state = run_fresh::<ScalableState>(vec![
            ScalableAction::SetCapacity(4),
            ScalableAction::Stream(40),
            ScalableAction::SetText("grape".into()),
            ScalableAction::Query,
            ScalableAction::Step(StepMove::Start),
            ScalableAction::Step(StepMove::Next),
            ScalableAction::Step(StepMove::Next),
        ]);
        let stages = state.filter.stages().len();
        assert!(stages >= 3, "{stages} stages");
        assert_eq!((state.steps(), state.step), (stages, Some(2)));
        let link = state.link();
        assert_eq!((link.query.as_deref(), link.step), (Some("grape"), Some(2)));
        let opened = ScalableState::from_link(&link, Vec::new());
        assert_eq!((opened.step, &opened.outcome), (Some(2), &state.outcome));
        assert_eq!(opened.text.as_str(), "grape");
        // Past the last stage it stays at the last; a new action ends it.
        let mut last = Rc::new(opened);
        for _ in 0..stages + 2 {
            last = run(last, vec![ScalableAction::Step(StepMove::Next)]);
        }
        assert_eq!(last.step, Some(stages));
        let inserted = run(last, vec![ScalableAction::Insert]);
        assert_eq!(
            (inserted.step, inserted.stepped, inserted.steps()),
            (None, false, 0)
        );
        // An insert is not stepped through; a step past the query's stages opens none.
        assert!(run(inserted, vec![ScalableAction::Step(StepMove::Start)])
            .step
            .is_none());
        let wrong = ScalableLink {
            step: u32::try_from(stages + 1).ok(),
            ..link
        };
        assert_eq!(ScalableState::from_link(&wrong, Vec::new()).step, None);
    }

    #[test]
    fn a_preset_replays_the_items_under_its_rules_and_s_makes_them_custom() {
        let state = run_fresh::<ScalableState>(vec![
            ScalableAction::Stream(500),
            ScalableAction::SetPreset(Preset::Redis),
        ]);
        assert_eq!(state.preset, Preset::Redis);
        assert_eq!(state.filter.params().tightening, 0.5);
        assert_eq!(
            state.link().operations,
            vec![ScalableOperation::Stream(500)]
        );
        let custom = run(state, vec![ScalableAction::SetGrowth(4)]);
        assert_eq!(custom.preset, Preset::Custom);
        assert_eq!(custom.filter.params().growth, 4);
        let back = run(custom, vec![ScalableAction::History(HistoryAction::Undo)]);
        assert_eq!(back.preset, Preset::Redis);
    }

    #[test]
    fn blank_and_long_inserts_change_nothing() {
        let state = run_fresh::<ScalableState>(vec![
            ScalableAction::SetText("  ".into()),
            ScalableAction::Insert,
        ]);
        assert_eq!(
            state.outcome,
            Some(ScalableOutcome::InsertRefused(InsertError::Blank))
        );
        assert!(state.filter.stages().is_empty());
        assert!(!state.history.can_undo());
    }
}

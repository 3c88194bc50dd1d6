//! The count-min sketch's state as a reducer: the sketch from [`bloom_core::count_min`], the item
//! and count being typed, the Zipf exponent the next stream uses, what the last action did, and undo
//! and redo.

use std::rc::Rc;

use yew::AttrValue;

use crate::share::count_min::CountMinLink;
use crate::share::Ignored;
use bloom_core::count_min::{
    AddError, CountMinOperation, CountMinParams, CountMinSketch, Estimate, DEFAULT_EXPONENT_TENTHS,
};
use bloom_core::text::is_blank;

pub use super::action_steps::StepMove;
use super::history::{travelled, History, HistoryAction, HistoryMove, Kept};

super::reduced_by_next!(CountMinState, CountMinAction);
super::history::logged_by_operations!(CountMinSketch, CountMinOperation);

impl Kept for CountMinSketch {
    fn estimated_bytes(&self) -> usize {
        let params = self.params();
        (params.width as usize * params.depth as usize) * 8
            + self.distinct() * 64
            + self
                .operations()
                .iter()
                .map(|operation| match operation {
                    CountMinOperation::Add { text, .. } => 48 + text.len(),
                    CountMinOperation::Stream { .. } => 16,
                })
                .sum::<usize>()
    }
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq)]
pub enum CountMinOutcome {
    /// An item was added; its estimate now.
    Added {
        /// The item.
        text: String,
        /// How many times.
        count: u64,
        /// Its estimate and true count after.
        estimate: Estimate,
    },
    /// An add was refused.
    AddRefused(AddError),
    /// A query: the estimate beside the true count.
    Estimated {
        /// The item.
        text: String,
        /// Its estimate.
        estimate: Estimate,
    },
    /// Query of blank text refused.
    QueryRefused,
    /// A stream was fed.
    Streamed {
        /// Its seed.
        seed: u32,
        /// Its exponent in tenths.
        exponent_tenths: u32,
        /// How many distinct words it held.
        distinct: usize,
    },
    /// Everything cleared.
    Reset,
    /// w or d changed; the operations were replayed.
    Rebuilt,
    /// Undo or Redo: which way, and what it took back or made again.
    Travelled(HistoryMove<CountMinOperation>),
}

/// Everything the count-min page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct CountMinState {
    /// The sketch and its true counts.
    pub sketch: Rc<CountMinSketch>,
    /// The text in the Item field.
    pub text: AttrValue,
    /// The count the next add uses.
    pub count: u64,
    /// The Zipf exponent the next stream uses, in tenths.
    pub exponent_tenths: u32,
    /// The last action's result.
    pub outcome: Option<CountMinOutcome>,
    /// The step-through of the last estimate: how many of its d rows it has read (0 … d), or `None`
    /// when not stepping.
    pub step: Option<usize>,
    /// The last estimate has been stepped through: `→` no longer starts it again.
    pub stepped: bool,
    /// Sketches undo and redo go back and forward to.
    pub history: History<Rc<CountMinSketch>>,
    /// Parts of the opening link that could not be used.
    pub ignored: Vec<Ignored>,
}

impl Default for CountMinState {
    fn default() -> Self {
        Self {
            sketch: Rc::default(),
            text: AttrValue::default(),
            count: 1,
            exponent_tenths: DEFAULT_EXPONENT_TENTHS,
            outcome: None,
            step: None,
            stepped: false,
            history: History::default(),
            ignored: Vec::new(),
        }
    }
}

/// What the visitor can do.
#[derive(Debug, Clone, PartialEq)]
pub enum CountMinAction {
    /// The Item field changed.
    SetText(String),
    /// A new count (already validated).
    SetCount(u64),
    /// Add the current text, the current count of times.
    Add,
    /// Estimate the current text.
    Query,
    /// Feed a stream of words with the current exponent.
    Stream,
    /// A new exponent in tenths (already validated).
    SetExponent(u32),
    /// A new shape (already validated).
    SetShape(CountMinParams),
    /// Clear everything.
    Reset,
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a link's state.
    Load(CountMinLink, Vec<Ignored>),
    /// Close the message about ignored link parts.
    DismissIgnored,
    /// Move the step-through of the last estimate.
    Step(StepMove),
}

super::action_steps::stepped_through!(CountMinState);
super::history::whole_model_history!(
    CountMinState,
    sketch: CountMinSketch,
    CountMinOutcome,
    step = None,
    stepped = false
);

impl CountMinState {
    /// The state a link describes.
    pub fn from_link(link: &CountMinLink, ignored: Vec<Ignored>) -> Self {
        Self {
            sketch: Rc::new(CountMinSketch::replay(link.params, &link.operations)),
            exponent_tenths: link.exponent_tenths,
            ignored,
            ..Self::default()
        }
        .asked(link.query.as_deref())
        .stepped_to(link.step)
    }

    /// The last position of a step-through of the last action: d for an estimate (one step per
    /// row it reads), 0 for anything else, which is not stepped through.
    pub fn steps(&self) -> usize {
        match &self.outcome {
            Some(CountMinOutcome::Estimated { estimate, .. }) => estimate.columns.len(),
            _ => 0,
        }
    }

    /// The link for this state, with the last estimate's item when it is on screen.
    pub fn link(&self) -> CountMinLink {
        CountMinLink {
            params: self.sketch.params(),
            exponent_tenths: self.exponent_tenths,
            operations: self.sketch.operations().to_vec(),
            query: self.estimated_item(),
            step: self.step.and_then(|step| u32::try_from(step).ok()),
        }
    }

    /// The item whose estimate is on screen, if one is.
    fn estimated_item(&self) -> Option<String> {
        match &self.outcome {
            Some(CountMinOutcome::Estimated { text, .. }) => Some(text.clone()),
            _ => None,
        }
    }

    /// This state with `query` (a link's) typed and estimated: its estimate on screen.
    fn asked(self, query: Option<&str>) -> Self {
        match query {
            Some(text) => Self {
                text: AttrValue::from(text.to_owned()),
                outcome: Some(CountMinOutcome::Estimated {
                    text: text.to_owned(),
                    estimate: self.sketch.estimate(text),
                }),
                ..self
            },
            None => self,
        }
    }

    /// The seed the next stream uses: one more than the streams fed so far, so the same presses give
    /// the same streams on any machine.
    pub fn next_seed(&self) -> u32 {
        let streams = self
            .sketch
            .operations()
            .iter()
            .filter(|operation| matches!(operation, CountMinOperation::Stream { .. }))
            .count();
        streams as u32 + 1
    }

    fn next(&self, action: CountMinAction) -> Option<Self> {
        match action {
            CountMinAction::SetText(text) => super::typed(self, text, |state| &mut state.text),
            CountMinAction::SetCount(count) => (count != self.count).then(|| Self {
                count,
                ..self.clone()
            }),
            CountMinAction::SetExponent(tenths) => (tenths != self.exponent_tenths).then(|| Self {
                exponent_tenths: tenths,
                ..self.clone()
            }),
            CountMinAction::Add => {
                let mut sketch = (*self.sketch).clone();
                match sketch.add(&self.text, self.count) {
                    Ok(estimate) => Some(self.commit(
                        sketch,
                        CountMinOutcome::Added {
                            text: self.text.to_string(),
                            count: self.count,
                            estimate,
                        },
                    )),
                    Err(error) => self.with_outcome(CountMinOutcome::AddRefused(error)),
                }
            }
            CountMinAction::Query => self.with_outcome(if is_blank(&self.text) {
                CountMinOutcome::QueryRefused
            } else {
                CountMinOutcome::Estimated {
                    text: self.text.to_string(),
                    estimate: self.sketch.estimate(&self.text),
                }
            }),
            CountMinAction::Stream => {
                let mut sketch = (*self.sketch).clone();
                let seed = self.next_seed();
                match sketch.stream(seed, self.exponent_tenths) {
                    Ok(distinct) => Some(self.commit(
                        sketch,
                        CountMinOutcome::Streamed {
                            seed,
                            exponent_tenths: self.exponent_tenths,
                            distinct,
                        },
                    )),
                    Err(error) => self.with_outcome(CountMinOutcome::AddRefused(error)),
                }
            }
            CountMinAction::SetShape(params) => (params != self.sketch.params())
                .then(|| self.commit(self.sketch.rebuilt(params), CountMinOutcome::Rebuilt)),
            CountMinAction::Reset => (!self.sketch.operations().is_empty()).then(|| {
                self.commit(
                    CountMinSketch::new(self.sketch.params()),
                    CountMinOutcome::Reset,
                )
            }),
            CountMinAction::History(direction) => travelled(self, direction),
            CountMinAction::Load(link, ignored) => {
                if link == self.link() && ignored.is_empty() {
                    return None;
                }
                let sketch = CountMinSketch::replay(link.params, &link.operations);
                let mut next = self.commit(sketch, CountMinOutcome::Rebuilt);
                next.outcome = None;
                next.exponent_tenths = link.exponent_tenths;
                next.ignored = ignored;
                Some(next.asked(link.query.as_deref()))
            }
            CountMinAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
            CountMinAction::Step(step) => self.step_moved(step),
        }
    }
}

crate::state::linked::linked_through_link!(
    CountMinState,
    CountMinAction,
    "bloom-tutorial.count-min.v1",
    count_min
);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::history::Moved;
    use yew::Reducible;

    fn run(actions: Vec<CountMinAction>) -> Rc<CountMinState> {
        actions
            .into_iter()
            .fold(Rc::default(), |state: Rc<CountMinState>, action| {
                state.reduce(action)
            })
    }

    #[test]
    fn add_with_a_count_then_stream_then_undo() {
        let state = run(vec![
            CountMinAction::SetText("apple".into()),
            CountMinAction::SetCount(5),
            CountMinAction::Add,
            CountMinAction::Stream,
            CountMinAction::Stream,
        ]);
        assert_eq!(state.sketch.total(), 5 + 2 * 1_000);
        assert_eq!(state.next_seed(), 3);
        let Some(CountMinOutcome::Streamed { seed: 2, .. }) = state.outcome else {
            panic!("{:?}", state.outcome);
        };
        let back = state.reduce(CountMinAction::History(HistoryAction::Undo));
        assert_eq!(back.sketch.total(), 1_005);
        let Some(CountMinOutcome::Travelled(HistoryMove {
            moved: Moved::Operations(undone),
            ..
        })) = &back.outcome
        else {
            panic!("{:?}", back.outcome);
        };
        assert!(matches!(
            **undone,
            [CountMinOperation::Stream { seed: 2, .. }]
        ));
        let query = back.reduce(CountMinAction::Query);
        let Some(CountMinOutcome::Estimated { estimate, .. }) = &query.outcome else {
            panic!();
        };
        assert_eq!(
            estimate.truth,
            5 + query
                .sketch
                .errors()
                .iter()
                .find(|e| e.text == "apple")
                .map_or(0, |e| e.truth - 5)
        );
        assert!(estimate.estimate >= estimate.truth);
        // The estimate on screen travels in the link, and the link shows it again.
        let link = query.link();
        assert_eq!(link.query.as_deref(), Some("apple"));
        let opened = CountMinState::from_link(&link, Vec::new());
        assert_eq!(opened.outcome, query.outcome);
        assert_eq!(opened.text, "apple");
    }

    #[test]
    fn the_link_round_trips() {
        let state = run(vec![
            CountMinAction::SetExponent(20),
            CountMinAction::Stream,
            CountMinAction::SetShape(CountMinParams { width: 8, depth: 2 }),
        ]);
        let again = CountMinState::from_link(&state.link(), Vec::new());
        assert_eq!(again.sketch, state.sketch);
        assert_eq!(again.exponent_tenths, 20);
    }

    #[test]
    fn an_estimate_steps_row_by_row_and_its_link_opens_the_same_step() {
        let state = run(vec![
            CountMinAction::SetText("apple".into()),
            CountMinAction::Add,
            CountMinAction::Query,
            CountMinAction::Step(StepMove::Start),
            CountMinAction::Step(StepMove::Next),
            CountMinAction::Step(StepMove::Next),
        ]);
        let depth = state.sketch.params().depth as usize;
        assert_eq!((state.steps(), state.step), (depth, Some(2)));
        let link = state.link();
        assert_eq!((link.query.as_deref(), link.step), (Some("apple"), Some(2)));
        let opened = CountMinState::from_link(&link, Vec::new());
        assert_eq!(
            (opened.step, opened.stepped, &opened.outcome),
            (Some(2), true, &state.outcome)
        );
        // An add ends it, and is not stepped through; a step past the rows opens none.
        let added = state.reduce(CountMinAction::Add);
        assert_eq!((added.step, added.steps()), (None, 0));
        let past = CountMinLink {
            step: u32::try_from(depth + 1).ok(),
            ..link
        };
        assert_eq!(CountMinState::from_link(&past, Vec::new()).step, None);
    }
}

//! Stepping through an insert or a query: which action, on which filter and text, and which step is
//! shown — data only; the words of each step are written when it is drawn, in the page's language.
//! The filter is kept as it was when stepping started, so the steps stay true while the action they
//! lead to has not happened yet.

use std::rc::Rc;

use yew::prelude::*;

use bloom_core::playground::Playground;

use crate::share::LinkedSteps;
pub use crate::share::StepKind;

/// Steps before the k index steps: the text, its bytes, the FNV-1a loop and the second hash.
pub const LEADING_STEPS: usize = 4;

/// One stepping-through, from start to result.
#[derive(Debug, Clone, PartialEq)]
pub struct StepSession {
    /// Insert or query.
    pub kind: StepKind,
    /// The filter before the action.
    pub playground: Rc<Playground>,
    /// The text inserted or queried.
    pub text: AttrValue,
    /// The step shown, from 0.
    pub position: usize,
    /// Counts sessions, so each one's action happens once.
    pub run: u32,
}

impl StepSession {
    /// How many steps there are: the leading ones, one per index, and the result.
    pub fn count(&self) -> usize {
        LEADING_STEPS + self.playground.params().hashes as usize + 1
    }

    /// True on the result step, where the action has happened.
    pub fn finished(&self) -> bool {
        self.position + 1 == self.count()
    }

    /// How many of the k indexes the steps so far have shown: none before the first index step,
    /// then one more per step, all k from the result step.
    pub fn revealed(&self) -> usize {
        (self.position + 1)
            .saturating_sub(LEADING_STEPS)
            .min(self.playground.params().hashes as usize)
    }

    /// The step-through as a link holds it. On the result step the action has happened: an
    /// inserted item is the link's last, and a link read there takes it out again to step to it.
    pub fn linked(&self) -> LinkedSteps {
        LinkedSteps {
            kind: self.kind,
            position: self.position,
            text: self.text.to_string(),
        }
    }

    /// The bit the current step points at (on the index steps).
    pub fn bit(&self) -> Option<u32> {
        let params = self.playground.params();
        let index = self.position.checked_sub(LEADING_STEPS)?;
        params
            .scheme
            .indexes(&self.text, params.bits, params.hashes)
            .get(index)
            .copied()
    }
}

/// The step-through state: nothing, or the session shown.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepState {
    /// The session, while stepping.
    pub session: Option<StepSession>,
    /// Sessions started so far.
    runs: u32,
}

impl StepState {
    /// Which session, and whether it is still open: a new value when one starts and when it closes
    /// (`None` before the first).
    pub fn runs(&self) -> Option<(u32, bool)> {
        (self.runs > 0).then_some((self.runs, self.session.is_some()))
    }
}

/// What can happen while stepping.
#[derive(Debug, Clone, PartialEq)]
pub enum StepAction {
    /// Start (again) for this action, filter and text.
    Start(StepKind, Rc<Playground>, AttrValue),
    /// Open a link's step-through on this filter (the link's, before the action): at its step
    /// (the result step does the action again), or at the last before the result when the link asks
    /// for more steps than there are.
    Open(Rc<Playground>, LinkedSteps),
    /// The next step.
    Next,
    /// The step before.
    Previous,
    /// Stop stepping.
    Close,
}

impl Reducible for StepState {
    type Action = StepAction;

    fn reduce(self: Rc<Self>, action: StepAction) -> Rc<Self> {
        let moved = |delta: isize| {
            let session = self.session.as_ref()?;
            // Nothing comes after the result. Its steps can be read again, an insert's too: they
            // are drawn from the filter as it was, and the action happens once a run (see the
            // playground's `use_step_through`).
            if session.finished() && delta > 0 {
                return None;
            }
            let position = session.position.checked_add_signed(delta)?;
            (position < session.count()).then(|| StepSession {
                position,
                ..session.clone()
            })
        };
        let next = match action {
            StepAction::Start(kind, playground, text) => Some(StepState {
                session: Some(StepSession {
                    kind,
                    playground,
                    text,
                    position: 0,
                    run: self.runs + 1,
                }),
                runs: self.runs + 1,
            }),
            StepAction::Open(playground, linked) => {
                let mut session = StepSession {
                    kind: linked.kind,
                    playground,
                    text: linked.text.into(),
                    position: 0,
                    run: self.runs + 1,
                };
                if linked.position >= session.count() {
                    session.position = session.count() - 2;
                } else {
                    session.position = linked.position;
                }
                Some(StepState {
                    session: Some(session),
                    runs: self.runs + 1,
                })
            }
            StepAction::Next => moved(1).map(|session| StepState {
                session: Some(session),
                runs: self.runs,
            }),
            StepAction::Previous => moved(-1).map(|session| StepState {
                session: Some(session),
                runs: self.runs,
            }),
            StepAction::Close => self.session.is_some().then_some(StepState {
                session: None,
                runs: self.runs,
            }),
        };
        // Nothing changed: the same state, so nothing re-renders.
        next.map_or(self, Rc::new)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::params::FilterParams;

    fn started(kind: StepKind) -> Rc<StepState> {
        let playground = Rc::new(Playground::new(FilterParams {
            bits: 32,
            hashes: 3,
            ..FilterParams::default()
        }));
        Rc::new(StepState::default()).reduce(StepAction::Start(kind, playground, "apple".into()))
    }

    #[test]
    fn steps_run_from_the_text_to_the_result_and_stop_there() {
        let mut state = started(StepKind::Insert);
        let session = state.session.clone().unwrap();
        assert_eq!(session.count(), 4 + 3 + 1);
        assert_eq!(session.bit(), None);
        for _ in 0..LEADING_STEPS {
            state = state.reduce(StepAction::Next);
        }
        let params = session.playground.params();
        let first = params.scheme.indexes("apple", 32, 3)[0];
        assert_eq!(state.session.as_ref().unwrap().bit(), Some(first));
        for _ in 0..10 {
            state = state.reduce(StepAction::Next);
        }
        let last = state.session.clone().unwrap();
        assert!(last.finished());
        assert_eq!(last.position, 7);
        // Nothing is after the result; its steps can be read again.
        assert!(Rc::ptr_eq(&state, &state.clone().reduce(StepAction::Next)));
        let back = state.clone().reduce(StepAction::Previous);
        assert_eq!(back.session.as_ref().unwrap().position, 6);
        assert_eq!(back.session.as_ref().unwrap().run, last.run);
        let closed = state.reduce(StepAction::Close);
        assert_eq!(closed.session, None);
        // A query's too.
        let mut query = started(StepKind::Query);
        for _ in 0..10 {
            query = query.reduce(StepAction::Next);
        }
        assert!(query.session.as_ref().unwrap().finished());
        let back = query.clone().reduce(StepAction::Previous);
        assert_eq!(back.session.as_ref().unwrap().position, 6);
        assert!(Rc::ptr_eq(&query, &query.clone().reduce(StepAction::Next)));
        assert!(Rc::ptr_eq(
            &closed,
            &closed.clone().reduce(StepAction::Close)
        ));
    }

    #[test]
    fn a_link_opens_its_step_and_never_past_the_result() {
        let playground = Rc::new(Playground::new(FilterParams {
            bits: 32,
            hashes: 3,
            ..FilterParams::default()
        }));
        let open = |position| {
            let linked = LinkedSteps {
                kind: StepKind::Query,
                position,
                text: "grape".into(),
            };
            let state = Rc::new(StepState::default())
                .reduce(StepAction::Open(playground.clone(), linked.clone()));
            let session = state.session.clone().unwrap();
            (session.position, session.linked(), linked)
        };
        let (position, linked, asked) = open(2);
        assert_eq!((position, linked), (2, asked));
        // 3 + 4 + 1 = 8 steps: the result opens as itself; step 20 is past it, so the last before
        // it opens.
        assert_eq!(open(7).0, 7);
        let (position, linked, _) = open(19);
        assert_eq!(position, 6);
        assert_eq!(linked.position, 6);
    }

    #[test]
    fn going_back_stops_at_the_first_step_and_each_start_is_a_new_run() {
        let state = started(StepKind::Query);
        assert!(Rc::ptr_eq(
            &state,
            &state.clone().reduce(StepAction::Previous)
        ));
        let run = state.session.as_ref().unwrap().run;
        let again = state.clone().reduce(StepAction::Start(
            StepKind::Query,
            state.session.as_ref().unwrap().playground.clone(),
            "apple".into(),
        ));
        assert_eq!(again.session.as_ref().unwrap().run, run + 1);
    }
}

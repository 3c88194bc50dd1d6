//! The bug museum's state: each case's measured rates (buggy and fixed, at each scale it has), the
//! queue of runs and the one running. Two cases are replayed by the reducer itself (they take well
//! under a millisecond); the others are runs of the lab's worker, which the bug-runs hook
//! (`use_bug_runs`, one layer up) sends when the reducer starts them.

use crate::share::bugs::{from_query, has_state, to_query, BugsLink};
use crate::share::Ignored;
use crate::state::linked::Linked;
use crate::state::runs;
use bloom_core::bugs::{self, Case, Scale, Setup, Tally, Variant};
use bloom_core::derivation::LabScheme;
use bloom_core::keys::KeyShape;
use bloom_core::lab::{CellSpec, LabError};
use bloom_core::lab_messages::{KeySource, Report, RunRequest};

super::reduced_by_next!(BugsState, BugsAction);

/// One run of the worker: a case's derivation at a scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// The case.
    pub case: Case,
    /// Buggy or fixed.
    pub variant: Variant,
    /// Its size.
    pub scale: Scale,
}

impl Job {
    /// The worker's cell: the case's setup, its derivation, keys seeded by the case's number.
    pub fn spec(&self) -> CellSpec {
        let setup = bugs::setup(self.case, self.scale);
        CellSpec {
            items: setup.items,
            // The worker does not use it; a valid rate keeps the cell valid.
            target: bugs::promised_rate(self.case, &setup).clamp(1e-12, 0.5),
            bits: setup.bits,
            hashes: setup.hashes,
            scheme: LabScheme::Bug(self.case, self.variant),
            shape: KeyShape::Short,
            seed: self.case.number() as u32,
            strangers: setup.queries,
        }
    }
}

/// The run in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    /// What.
    pub job: Job,
    /// Its number in the worker's messages.
    pub id: u32,
    /// Keys handled.
    pub done: u64,
    /// Keys to handle.
    pub total: u64,
}

/// A case's measurements at one scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Measured {
    /// The buggy derivation's count.
    pub buggy: Option<Tally>,
    /// The fixed derivation's count.
    pub fixed: Option<Tally>,
}

impl Measured {
    /// The count for `variant`.
    pub fn get(&self, variant: Variant) -> Option<Tally> {
        match variant {
            Variant::Buggy => self.buggy,
            Variant::Fixed => self.fixed,
        }
    }

    fn set(&mut self, variant: Variant, tally: Tally) {
        match variant {
            Variant::Buggy => self.buggy = Some(tally),
            Variant::Fixed => self.fixed = Some(tally),
        }
    }
}

/// What went wrong, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BugsStatus {
    /// Nothing to say.
    #[default]
    Fine,
    /// The visitor cancelled the runs.
    Cancelled,
    /// The worker refused a run.
    Failed(LabError),
    /// The worker could not be started.
    NoWorker,
}

/// The museum.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BugsState {
    /// The case the link names.
    pub case: Option<Case>,
    /// What the link held that could not be used.
    pub ignored: Vec<Ignored>,
    /// Per case (in [`Case::ALL`] order): measured at the classroom's scale and at the original's.
    pub measured: [[Measured; 2]; 7],
    /// Runs waiting, next first.
    pub queue: Vec<Job>,
    /// The run in progress.
    pub running: Option<Running>,
    /// How it stands.
    pub status: BugsStatus,
    /// The next run's number.
    pub next_id: u32,
}

/// What can happen.
#[derive(Debug, Clone, PartialEq)]
pub enum BugsAction {
    /// Measure a case's buggy and fixed derivations.
    Run(Case, Scale),
    /// The worker said something.
    Reported(Report),
    /// The visitor stopped the runs (the worker has been ended).
    Cancel,
    /// The worker could not be started.
    WorkerFailed,
    /// The link changed to `query`.
    Load(String),
    /// The visitor closed the notice about the link.
    DismissIgnored,
}

fn scale_index(scale: Scale) -> usize {
    match scale {
        Scale::Classroom => 0,
        Scale::Original => 1,
    }
}

/// The page's own replays, for the two cases that need no worker.
pub fn replay_in_page(case: Case, variant: Variant, setup: &Setup) -> Tally {
    let wrong = match case {
        Case::WrongFnv => bugs::wrong_fnv::missed_members(
            match variant {
                Variant::Buggy => bugs::wrong_fnv::fnv1_32_in_doubles,
                Variant::Fixed => bugs::wrong_fnv::fnv1_32,
            },
            setup.items,
            setup.bits,
            setup.hashes,
        ),
        _ => bugs::size_overflow::false_positives(variant, setup),
    };
    Tally {
        wrong,
        queried: setup.queries,
    }
}

impl BugsState {
    /// A case's measurements at `scale`.
    pub fn measured(&self, case: Case, scale: Scale) -> Measured {
        self.measured[case.number() - 1][scale_index(scale)]
    }

    /// Whether a run of `case` is under way or waiting.
    pub fn busy_with(&self, case: Case) -> bool {
        self.running.is_some_and(|running| running.job.case == case)
            || self.queue.iter().any(|job| job.case == case)
    }

    /// The message that starts the run in progress.
    pub fn request(&self) -> Option<String> {
        let running = self.running?;
        Some(
            RunRequest {
                id: running.id,
                spec: running.job.spec(),
                keys: KeySource::Worker,
            }
            .encode(),
        )
    }

    /// The share of the current run done, 0 … 1.
    pub fn progress(&self) -> Option<f64> {
        let running = self.running?;
        Some((running.done as f64 / running.total.max(1) as f64).min(1.0))
    }

    fn record(&mut self, job: Job, tally: Tally) {
        self.measured[job.case.number() - 1][scale_index(job.scale)].set(job.variant, tally);
    }

    /// Ends the runs: nothing running or queued, and `status` says why.
    fn stop(&mut self, status: BugsStatus) {
        runs::clear(&mut self.queue, &mut self.running);
        self.status = status;
    }

    fn start_next(&mut self) {
        self.running =
            runs::take_next(&mut self.queue, &mut self.next_id).map(|(job, id)| Running {
                job,
                id,
                done: 0,
                total: job.spec().keys(),
            });
    }

    fn run(&mut self, case: Case, scale: Scale) {
        let scale = if case.has_original_scale() {
            scale
        } else {
            Scale::Classroom
        };
        self.status = BugsStatus::Fine;
        if case.runs_in_page() {
            let setup = bugs::setup(case, scale);
            for variant in Variant::BOTH {
                let job = Job {
                    case,
                    variant,
                    scale,
                };
                self.record(job, replay_in_page(case, variant, &setup));
            }
            return;
        }
        if self.busy_with(case) {
            return;
        }
        self.measured[case.number() - 1][scale_index(scale)] = Measured::default();
        self.queue.extend(Variant::BOTH.map(|variant| Job {
            case,
            variant,
            scale,
        }));
        if self.running.is_none() {
            self.start_next();
        }
    }

    /// Runs the link's case at each scale the link says it was run at (seeded: the counts the
    /// link's author saw).
    fn run_linked(&mut self, link: &BugsLink) {
        if let Some(case) = link.case {
            for scale in link.ran() {
                self.run(case, scale);
            }
        }
    }

    fn reported(&mut self, report: Report) {
        let Some(running) = self.running else {
            return;
        };
        match report {
            Report::Progress { id, done, .. } if id == running.id => {
                self.running = Some(Running {
                    done: done.min(running.total),
                    ..running
                });
            }
            Report::Done {
                id,
                false_positives,
                ..
            } if id == running.id => {
                let queried = running.job.spec().strangers;
                self.record(
                    running.job,
                    Tally {
                        wrong: false_positives,
                        queried,
                    },
                );
                self.start_next();
            }
            Report::Failed { id, reason } if id == running.id => {
                self.stop(BugsStatus::Failed(reason))
            }
            _ => {}
        }
    }

    /// The state after `action`, or `None` when it changes nothing (so nothing redraws).
    fn next(&self, action: BugsAction) -> Option<Self> {
        let mut next = self.clone();
        match action {
            BugsAction::Run(case, scale) => next.run(case, scale),
            BugsAction::Reported(report) => next.reported(report),
            BugsAction::Cancel => {
                if next.running.is_none() && next.queue.is_empty() {
                    return None;
                }
                next.stop(BugsStatus::Cancelled);
            }
            BugsAction::WorkerFailed => next.stop(BugsStatus::NoWorker),
            BugsAction::Load(query) => {
                let (link, ignored) = from_query(&query);
                next.case = link.case;
                next.ignored = ignored;
                next.run_linked(&link);
            }
            BugsAction::DismissIgnored => next.ignored.clear(),
        }
        (next != *self).then_some(next)
    }
}

impl Linked for BugsState {
    const STORAGE_KEY: &'static str = "bloom-tutorial.bugs";

    fn has_state(query: &str) -> bool {
        has_state(query)
    }

    fn from_query(query: &str, report: bool) -> Self {
        let (link, ignored) = from_query(query);
        let mut state = BugsState {
            case: link.case,
            ignored: if report { ignored } else { Vec::new() },
            ..BugsState::default()
        };
        state.run_linked(&link);
        state
    }

    fn load(query: &str) -> BugsAction {
        BugsAction::Load(query.to_owned())
    }

    fn to_query(&self) -> String {
        let ran = |scale| {
            self.case.is_some_and(|case| {
                let measured = self.measured(case, scale);
                measured.buggy.is_some() && measured.fixed.is_some()
            })
        };
        to_query(&BugsLink {
            case: self.case,
            ran_classroom: ran(Scale::Classroom),
            ran_original: ran(Scale::Original),
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::rc::Rc;
    use yew::Reducible;

    fn reduce(state: Rc<BugsState>, action: BugsAction) -> Rc<BugsState> {
        state.reduce(action)
    }

    #[test]
    fn a_run_queues_buggy_then_fixed_and_records_what_the_worker_counts() {
        let state = reduce(
            Rc::default(),
            BugsAction::Run(Case::Correlated, Scale::Original),
        );
        let running = state.running.expect("started");
        assert_eq!(running.job.variant, Variant::Buggy);
        assert_eq!(running.total, 11_000_000);
        assert_eq!(
            state.request().as_deref(),
            Some("run 0 1000000 28755176 20 bug:correlated:buggy short 3 wasm 10000000")
        );
        let done = |id, false_positives| {
            BugsAction::Reported(Report::Done {
                id,
                insert_micros: 1,
                query_micros: 1,
                false_positives,
                ones: 0,
            })
        };
        let state = reduce(state, done(0, 1500));
        assert_eq!(
            state.running.map(|running| running.job.variant),
            Some(Variant::Fixed)
        );
        let state = reduce(state, done(1, 9));
        assert!(state.running.is_none());
        let measured = state.measured(Case::Correlated, Scale::Original);
        assert_eq!(measured.buggy.map(|tally| tally.wrong), Some(1500));
        assert_eq!(measured.fixed.map(|tally| tally.queried), Some(10_000_000));
        assert_eq!(
            state.measured(Case::Correlated, Scale::Classroom),
            Measured::default()
        );
    }

    #[test]
    fn page_cases_are_measured_at_once_and_other_cases_only_at_their_scale() {
        let state = reduce(
            Rc::default(),
            BugsAction::Run(Case::WrongFnv, Scale::Original),
        );
        assert!(state.running.is_none());
        let measured = state.measured(Case::WrongFnv, Scale::Classroom);
        assert!(measured.buggy.expect("replayed").wrong > 900);
        assert_eq!(measured.fixed.expect("replayed").wrong, 0);
        let state = reduce(state, BugsAction::Run(Case::ModuloBias, Scale::Original));
        assert_eq!(
            state.running.map(|running| running.job.scale),
            Some(Scale::Classroom)
        );
    }

    #[test]
    fn a_link_that_says_a_case_was_run_runs_it_and_a_finished_run_is_in_the_link() {
        let state = Rc::new(BugsState::from_query(
            "case=shared-factor&ran=classroom",
            true,
        ));
        let running = state.running.expect("the link's run starts");
        assert_eq!(
            (running.job.case, running.job.scale),
            (Case::SharedFactor, Scale::Classroom)
        );
        // Not yet measured: the link names the case alone.
        assert_eq!(state.to_query(), "case=shared-factor");
        let done = |id| {
            BugsAction::Reported(Report::Done {
                id,
                insert_micros: 1,
                query_micros: 1,
                false_positives: 7,
                ones: 0,
            })
        };
        let state = reduce(reduce(state, done(0)), done(1));
        assert_eq!(state.to_query(), "case=shared-factor&ran=classroom");
        // A case the page replays itself is measured as the link opens.
        let state = BugsState::from_query("case=wrong-fnv&ran=classroom", true);
        assert!(state
            .measured(Case::WrongFnv, Scale::Classroom)
            .fixed
            .is_some());
        // Loaded into a running page, the same.
        let state = reduce(
            Rc::default(),
            BugsAction::Load("case=shared-factor&ran=classroom".into()),
        );
        assert!(state.running.is_some());
    }

    #[test]
    fn cancelling_clears_the_queue_and_stale_reports_are_ignored() {
        let state = reduce(
            Rc::default(),
            BugsAction::Run(Case::SharedFactor, Scale::Classroom),
        );
        let state = reduce(state, BugsAction::Cancel);
        assert!(state.running.is_none() && state.queue.is_empty());
        assert_eq!(state.status, BugsStatus::Cancelled);
        let same = reduce(
            state.clone(),
            BugsAction::Reported(Report::Progress {
                id: 0,
                done: 5,
                total: 10,
                micros: 1,
            }),
        );
        assert!(Rc::ptr_eq(&same, &state));
    }
}

//! The filters page's measurements: the space chart's twelve filters of a million keys and the race
//! of three bit arrays at ten million, each built and queried in the page's worker. The reducer is
//! pure: it queues the measurements asked for, starts one at a time and keeps what the worker
//! reports; the worker hook (`use_filters_worker`) sends each to the worker as it starts.

use bloom_core::modern::measured::{race_specs, space_specs, Measured, Report, Request, Spec};

super::reduced_by_next!(MeasuredState, MeasuredAction);

/// The seed of every measurement's keys: the same keys in every structure, on every machine.
pub const SEED: u32 = 1;

/// A group of measurements a button asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Batch {
    /// The space chart: six structures at two sizes, n = 1,000,000.
    Space,
    /// The race at n = 10,000,000.
    Race,
}

/// How the measurements stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MeasuredStatus {
    /// Nothing asked for yet.
    #[default]
    Idle,
    /// Under way.
    Running,
    /// Everything asked for is measured.
    Finished,
    /// The visitor cancelled.
    Cancelled,
    /// The worker could not be started (no Web Workers, or its files did not load).
    NoWorker,
}

/// The measurement in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    /// Its place in [`MeasuredState::specs`].
    pub index: usize,
    /// Its number in the worker's messages.
    pub id: u32,
}

/// The page's measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredState {
    /// Every measurement the page can make: the space chart's, then the race's.
    pub specs: Vec<Spec>,
    /// What each found, once measured.
    pub results: Vec<Option<Measured>>,
    /// Those asked for and not yet started, in order.
    pub queue: Vec<usize>,
    /// The one under way.
    pub running: Option<Running>,
    /// How it stands.
    pub status: MeasuredStatus,
    /// Specs the worker could not measure.
    pub failed: Vec<usize>,
    /// Measurements asked for since the worker was last idle.
    asked: usize,
    /// The next message number.
    next_id: u32,
}

impl Default for MeasuredState {
    fn default() -> Self {
        let specs: Vec<Spec> = space_specs(SEED)
            .into_iter()
            .chain(race_specs(SEED))
            .collect();
        Self {
            results: vec![None; specs.len()],
            specs,
            queue: Vec::new(),
            running: None,
            status: MeasuredStatus::Idle,
            failed: Vec::new(),
            asked: 0,
            next_id: 1,
        }
    }
}

/// What happens to the measurements.
#[derive(Debug, Clone, PartialEq)]
pub enum MeasuredAction {
    /// Measure a batch (again, if it was measured).
    Measure(Batch),
    /// The worker reported.
    Reported(Report),
    /// The worker could not start.
    WorkerFailed,
    /// The visitor cancelled (the hook has ended the worker).
    Cancel,
}

impl MeasuredState {
    /// The places in [`Self::specs`] of a batch's measurements.
    pub fn batch(&self, batch: Batch) -> Vec<usize> {
        let space = space_specs(SEED).len();
        match batch {
            Batch::Space => (0..space).collect(),
            Batch::Race => (space..self.specs.len()).collect(),
        }
    }

    /// The measurements of a batch found so far, with their places.
    pub fn found(&self, batch: Batch) -> Vec<(usize, Measured)> {
        self.batch(batch)
            .into_iter()
            .filter_map(|index| self.results[index].map(|found| (index, found)))
            .collect()
    }

    /// The message to send for the measurement under way.
    pub fn request(&self) -> Option<String> {
        let running = self.running?;
        Some(
            Request {
                id: running.id,
                spec: self.specs[running.index],
            }
            .encode(),
        )
    }

    /// Measurements done and asked for in the current run, for the progress line.
    pub fn progress(&self) -> (usize, usize) {
        let left = self.queue.len() + usize::from(self.running.is_some());
        let asked = self.asked;
        (asked.saturating_sub(left), asked)
    }

    /// The state after `action`, or `None` when nothing changes.
    pub fn next(&self, action: MeasuredAction) -> Option<Self> {
        let mut next = self.clone();
        match action {
            MeasuredAction::Measure(batch) => {
                let wanted: Vec<usize> = self
                    .batch(batch)
                    .into_iter()
                    .filter(|index| {
                        !self.queue.contains(index)
                            && self.running.is_none_or(|running| running.index != *index)
                    })
                    .collect();
                if wanted.is_empty() {
                    return None;
                }
                for &index in &wanted {
                    next.results[index] = None;
                }
                next.failed.retain(|index| !wanted.contains(index));
                if self.running.is_none() {
                    next.asked = 0;
                }
                next.asked += wanted.len();
                next.queue.extend(wanted);
                next.status = MeasuredStatus::Running;
                Some(next.started())
            }
            MeasuredAction::Reported(report) => {
                let running = self.running?;
                let (Report::Measured { id, .. } | Report::Failed { id }) = report else {
                    return None;
                };
                if id != running.id {
                    return None;
                }
                match report.measured(self.specs[running.index]) {
                    Some(found) => next.results[running.index] = Some(found),
                    None => next.failed.push(running.index),
                }
                next.running = None;
                Some(next.started())
            }
            MeasuredAction::WorkerFailed => {
                next.queue.clear();
                next.running = None;
                next.status = MeasuredStatus::NoWorker;
                Some(next)
            }
            MeasuredAction::Cancel => {
                self.running?;
                next.queue.clear();
                next.running = None;
                next.status = MeasuredStatus::Cancelled;
                Some(next)
            }
        }
    }

    /// This state with the next queued measurement started, or finished when none is left.
    fn started(mut self) -> Self {
        if self.running.is_some() {
            return self;
        }
        if self.queue.is_empty() {
            self.status = MeasuredStatus::Finished;
            return self;
        }
        let index = self.queue.remove(0);
        self.running = Some(Running {
            index,
            id: self.next_id,
        });
        self.next_id += 1;
        self
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::modern::measured::{measure, Contender};

    /// The worker's report for the measurement under way (measured natively, on fewer keys).
    fn report(state: &MeasuredState) -> Report {
        let running = state.running.expect("running");
        let spec = Spec {
            keys: 2_000,
            strangers: 2_000,
            ..state.specs[running.index]
        };
        Report::of(running.id, &measure(spec, || 0.0).expect("measurable"))
    }

    fn reduced(state: &MeasuredState, action: MeasuredAction) -> MeasuredState {
        state.next(action).expect("a change")
    }

    #[test]
    fn the_space_chart_measures_its_twelve_filters_one_at_a_time() {
        let mut state = reduced(
            &MeasuredState::default(),
            MeasuredAction::Measure(Batch::Space),
        );
        assert_eq!(state.status, MeasuredStatus::Running);
        let mut seen = Vec::new();
        while let Some(running) = state.running {
            let request = Request::decode(&state.request().expect("a request")).expect("valid");
            assert_eq!(request.spec, state.specs[running.index]);
            seen.push(request.spec.contender);
            state = reduced(&state, MeasuredAction::Reported(report(&state)));
        }
        assert_eq!(state.status, MeasuredStatus::Finished);
        assert_eq!(seen.len(), 12);
        assert_eq!(state.found(Batch::Space).len(), 12);
        assert!(state.found(Batch::Race).is_empty());
        assert!(Contender::ALL.iter().all(|c| seen.contains(c)));
        assert_eq!(state.progress(), (12, 12));
    }

    #[test]
    fn a_report_for_another_run_is_ignored_and_cancel_stops_the_queue() {
        let state = reduced(
            &MeasuredState::default(),
            MeasuredAction::Measure(Batch::Race),
        );
        let stale = Report::Failed { id: 99 };
        assert_eq!(state.next(MeasuredAction::Reported(stale)), None);
        let failed = reduced(
            &state,
            MeasuredAction::Reported(Report::Failed {
                id: state.running.expect("running").id,
            }),
        );
        assert_eq!(failed.failed.len(), 1);
        assert_eq!(failed.progress(), (1, 3));
        let cancelled = reduced(&failed, MeasuredAction::Cancel);
        assert_eq!(cancelled.status, MeasuredStatus::Cancelled);
        assert!(cancelled.queue.is_empty() && cancelled.running.is_none());
        assert_eq!(cancelled.next(MeasuredAction::Cancel), None);
        let no_worker = reduced(&state, MeasuredAction::WorkerFailed);
        assert_eq!(no_worker.status, MeasuredStatus::NoWorker);
    }
}

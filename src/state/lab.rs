//! The lab's state: its settings (the link), the cells' results, the queue of runs and the one
//! running. The reducer is pure: it decides which run is next and records what the workers report;
//! the lab-workers hook (`use_lab_workers`, one layer up) sends each run to a worker when the reducer
//! starts it.

use std::rc::Rc;

use crate::share::lab::LabLink;
use crate::share::Ignored;
use crate::state::runs;
use bloom_core::crawler::{claim_cells, crawler_size, ClaimCheck, CLAIM_RATE};
use bloom_core::lab::{CellResult, CellSpec, LabError};
use bloom_core::lab_messages::{race_request, KeySource, Report, RunRequest};
use bloom_core::race::{race_cell, Entrant, RaceTime};
use bloom_core::slides::CELLS;

super::reduced_by_next!(LabState, LabAction);

/// Runs the lab knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// One of the slides' fifteen cells.
    Slide(usize),
    /// One of the crawler claim's two cells (at its bits per URL; at the bits 0.01 % needs).
    Claim(usize),
    /// An entrant of the race.
    Race(Entrant),
}

/// The entrants the page races (the native one only in `make bench`).
pub const PAGE_ENTRANTS: [Entrant; 4] = [
    Entrant::Wasm,
    Entrant::WasmJsKeys,
    Entrant::Bloomfilter,
    Entrant::BloomFilters,
];

/// Which worker runs a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Worker {
    /// The lab's wasm worker.
    Lab,
    /// The race's JavaScript worker (the two npm libraries).
    Race,
}

/// The run in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Running {
    /// What.
    pub job: Job,
    /// Its number in the workers' messages.
    pub id: u32,
    /// Keys handled.
    pub done: u64,
    /// 2n.
    pub total: u64,
    /// Microseconds since it started.
    pub micros: u64,
}

/// How the lab stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LabStatus {
    /// Nothing run yet (or settings changed).
    #[default]
    Idle,
    /// Runs under way.
    Running,
    /// The last batch finished.
    Finished,
    /// The visitor cancelled.
    Cancelled,
    /// A run could not start.
    Failed(LabError),
    /// The worker could not be started (no Web Workers, or its files did not load).
    NoWorker,
}

/// The lab.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LabState {
    /// The settings.
    pub link: LabLink,
    /// What the link held that could not be used.
    pub ignored: Vec<Ignored>,
    /// The slides' cells' results, in [`CELLS`] order.
    pub slides: Rc<Vec<Option<CellResult>>>,
    /// The crawler claim's two results.
    pub claims: [Option<CellResult>; 2],
    /// The race's times, in the order they finished.
    pub race: Vec<RaceTime>,
    /// Runs waiting, next first.
    pub queue: Vec<Job>,
    /// The run in progress.
    pub running: Option<Running>,
    /// Keys of the current batch (all its runs), and of its finished runs.
    pub batch: (u64, u64),
    /// Microseconds the batch's finished runs took.
    pub batch_micros: u64,
    /// How the lab stands.
    pub status: LabStatus,
    /// The next run's number.
    pub next_id: u32,
}

/// What can happen to the lab.
#[derive(Debug, Clone, PartialEq)]
pub enum LabAction {
    /// Run every slides cell, small N first.
    RunSlides,
    /// Run one slides cell.
    RunSlide(usize),
    /// Measure the crawler's claim.
    RunClaim,
    /// Race the entrants.
    RunRace,
    /// A worker said something.
    Reported(Report),
    /// The visitor stopped the runs (the workers have been ended).
    Cancel,
    /// A worker could not start.
    WorkerFailed,
    /// New settings (results measured with the old ones are cleared).
    SetLink(LabLink),
    /// Settings from the link.
    Load(LabLink, Vec<Ignored>),
    /// Close the notice about ignored link parts.
    DismissIgnored,
}

impl LabState {
    /// The state a link describes, listing what of it was ignored.
    pub fn from_link(link: &LabLink, ignored: Vec<Ignored>) -> Self {
        Self {
            link: *link,
            ignored,
            ..Self::default()
        }
    }

    /// The link for this state.
    pub fn link(&self) -> LabLink {
        self.link
    }

    /// The cell `job` runs with these settings: N divided by the scale; the claim's cells keep
    /// their bits per URL.
    pub fn spec(&self, job: Job) -> CellSpec {
        let LabLink { scale, seed, .. } = self.link;
        let scale = u64::from(scale.max(1));
        match job {
            Job::Slide(index) => {
                let cell = CELLS[index.min(CELLS.len() - 1)];
                CellSpec::sized(cell.items / scale, cell.target, seed)
                    .unwrap_or_else(|_| race_cell(seed))
            }
            Job::Claim(index) => {
                let full = claim_cells(seed)[index.min(1)];
                let items = full.items / scale;
                let bits = if index == 0 {
                    (ClaimCheck::of_claim().claimed_bits_per_item * items as f64).round()
                } else {
                    crawler_size(items as f64, CLAIM_RATE).0
                };
                CellSpec {
                    items,
                    bits: bits.max(1.0) as u64,
                    strangers: items,
                    ..full
                }
            }
            Job::Race(_) => {
                let full = race_cell(seed);
                CellSpec::sized(full.items / scale, full.target, seed).unwrap_or(full)
            }
        }
    }

    /// The message that starts the run in progress, and which worker it is for.
    pub fn request(&self) -> Option<(Worker, String)> {
        let running = self.running?;
        let spec = self.spec(running.job);
        let lab = |keys| {
            (
                Worker::Lab,
                RunRequest {
                    id: running.id,
                    spec,
                    keys,
                }
                .encode(),
            )
        };
        Some(match running.job {
            Job::Race(Entrant::Wasm) => lab(KeySource::Worker),
            Job::Race(Entrant::WasmJsKeys) => lab(KeySource::JavaScript),
            Job::Race(entrant) => (Worker::Race, race_request(running.id, entrant.id(), &spec)),
            _ => lab(self.link.keys),
        })
    }

    /// The share of the batch done, 0 … 1.
    pub fn progress(&self) -> f64 {
        let (total, finished) = self.batch;
        let current = self.running.map_or(0, |running| running.done);
        if total == 0 {
            return if self.status == LabStatus::Finished {
                1.0
            } else {
                0.0
            };
        }
        ((finished + current) as f64 / total as f64).min(1.0)
    }

    /// Keys per second in the run in progress.
    pub fn keys_per_second(&self) -> Option<f64> {
        let running = self.running?;
        (running.micros > 0 && running.done > 0)
            .then(|| running.done as f64 * 1e6 / running.micros as f64)
    }

    /// Seconds left in the batch at the current speed.
    pub fn seconds_left(&self) -> Option<f64> {
        let (total, finished) = self.batch;
        let done = finished + self.running?.done;
        Some(total.saturating_sub(done) as f64 / self.keys_per_second()?)
    }

    /// The result of the job, if measured.
    pub fn result(&self, job: Job) -> Option<CellResult> {
        match job {
            Job::Slide(index) => self.slides.get(index).copied().flatten(),
            Job::Claim(index) => self.claims.get(index).copied().flatten(),
            Job::Race(_) => None,
        }
    }

    fn start_batch(&mut self, jobs: Vec<Job>) {
        if self.running.is_some() || jobs.is_empty() {
            return;
        }
        self.batch = (jobs.iter().map(|&job| self.spec(job).keys()).sum(), 0);
        self.batch_micros = 0;
        self.queue = jobs;
        self.start_next();
    }

    /// Ends the runs: nothing running or queued, and `status` says why.
    fn stop(&mut self, status: LabStatus) {
        runs::clear(&mut self.queue, &mut self.running);
        self.status = status;
    }

    fn start_next(&mut self) {
        let Some((job, id)) = runs::take_next(&mut self.queue, &mut self.next_id) else {
            self.running = None;
            self.status = LabStatus::Finished;
            return;
        };
        self.running = Some(Running {
            job,
            id,
            done: 0,
            total: self.spec(job).keys(),
            micros: 0,
        });
        self.status = LabStatus::Running;
    }

    fn finish(&mut self, running: Running, report: Report) {
        let Report::Done {
            insert_micros,
            query_micros,
            false_positives,
            ones,
            ..
        } = report
        else {
            return;
        };
        let result = CellResult {
            spec: self.spec(running.job),
            insert_ms: insert_micros as f64 / 1e3,
            query_ms: query_micros as f64 / 1e3,
            false_positives,
            ones,
        };
        match running.job {
            Job::Slide(index) => {
                let mut slides = (*self.slides).clone();
                slides.resize(CELLS.len(), None);
                slides[index] = Some(result);
                self.slides = Rc::new(slides);
            }
            Job::Claim(index) => self.claims[index.min(1)] = Some(result),
            Job::Race(entrant) => {
                self.race.retain(|time| time.entrant != entrant);
                self.race.push(RaceTime {
                    entrant,
                    ns_insert: result.ns_per_insert(),
                    ns_query: result.ns_per_query(),
                    measured: result.measured(),
                });
            }
        }
        self.batch.1 += running.total;
        self.batch_micros += insert_micros + query_micros;
        self.start_next();
    }

    fn reported(&mut self, report: Report) {
        let Some(running) = self.running else {
            return;
        };
        match report {
            Report::Progress {
                id, done, micros, ..
            } if id == running.id => {
                self.running = Some(Running {
                    done: done.min(running.total),
                    micros,
                    ..running
                });
            }
            Report::Done { id, .. } if id == running.id => self.finish(running, report),
            Report::Failed { id, reason } if id == running.id => {
                self.stop(LabStatus::Failed(reason))
            }
            _ => {}
        }
    }

    /// The state after `action`, or `None` when it changes nothing (so nothing redraws).
    fn next(&self, action: LabAction) -> Option<Self> {
        let busy = self.running.is_some();
        // Actions that change nothing keep the same state, so nothing redraws.
        match &action {
            LabAction::RunSlides
            | LabAction::RunSlide(_)
            | LabAction::RunClaim
            | LabAction::RunRace
            | LabAction::SetLink(_)
                if busy =>
            {
                return None;
            }
            LabAction::Cancel if !busy => return None,
            LabAction::DismissIgnored if self.ignored.is_empty() => return None,
            LabAction::SetLink(link) if *link == self.link => return None,
            _ => {}
        }
        let mut state = self.clone();
        match action {
            LabAction::RunSlides => state.start_batch((0..CELLS.len()).map(Job::Slide).collect()),
            LabAction::RunSlide(index) if index < CELLS.len() => {
                state.start_batch(vec![Job::Slide(index)])
            }
            LabAction::RunSlide(_) => return None,
            LabAction::RunClaim => state.start_batch(vec![Job::Claim(0), Job::Claim(1)]),
            LabAction::RunRace => {
                state.race.clear();
                state.start_batch(PAGE_ENTRANTS.into_iter().map(Job::Race).collect());
            }
            LabAction::Reported(report) => state.reported(report),
            LabAction::Cancel => state.stop(LabStatus::Cancelled),
            LabAction::WorkerFailed => state.stop(LabStatus::NoWorker),
            LabAction::SetLink(link) => {
                state = LabState {
                    link,
                    next_id: state.next_id,
                    ..LabState::default()
                };
            }
            // What a link loaded into a running lab ignores is not reported.
            LabAction::Load(link, _) => {
                if busy || link == state.link {
                    return None;
                }
                state = LabState {
                    link,
                    next_id: state.next_id,
                    ..LabState::default()
                };
            }
            LabAction::DismissIgnored => state.ignored.clear(),
        }
        (state != *self).then_some(state)
    }
}

crate::state::linked::linked_through_link!(LabState, LabAction, "bloom-tutorial.lab", lab);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::rc::Rc;
    use yew::Reducible;

    fn reduce(state: Rc<LabState>, action: LabAction) -> Rc<LabState> {
        state.reduce(action)
    }

    fn done(id: u32, false_positives: u64) -> LabAction {
        LabAction::Reported(Report::Done {
            id,
            insert_micros: 2_000,
            query_micros: 1_000,
            false_positives,
            ones: 10,
        })
    }

    #[test]
    fn running_all_fifteen_goes_cell_by_cell() {
        let link = LabLink {
            scale: 100,
            ..LabLink::default()
        };
        let mut state = Rc::new(LabState {
            link,
            ..LabState::default()
        });
        state = reduce(state, LabAction::RunSlides);
        let running = state.running.unwrap();
        assert_eq!(running.job, Job::Slide(0));
        assert_eq!(running.total, 10_000);
        // Σ 2N/100 over the fifteen cells: 3 × 2 × 195,000.
        assert_eq!(state.batch, (1_170_000, 0));
        let (worker, message) = state.request().unwrap();
        assert_eq!(worker, Worker::Lab);
        assert_eq!(message, "run 0 5000 95851 13 site short 1 wasm 5000");
        // A second "run" while one is under way changes nothing.
        assert!(Rc::ptr_eq(
            &state,
            &reduce(state.clone(), LabAction::RunRace)
        ));
        state = reduce(
            state,
            LabAction::Reported(Report::Progress {
                id: 0,
                done: 5_000,
                total: 10_000,
                micros: 500_000,
            }),
        );
        assert_eq!(state.keys_per_second(), Some(10_000.0));
        assert!((state.progress() - 5_000.0 / 1_170_000.0).abs() < 1e-12);
        // A report for another run is not this one's.
        let same = reduce(state.clone(), done(7, 1));
        assert!(Rc::ptr_eq(&same, &state));
        state = reduce(state, done(0, 3));
        let first = state.slides[0].unwrap();
        assert_eq!((first.false_positives, first.spec.items), (3, 5_000));
        assert_eq!(first.insert_ms, 2.0);
        assert_eq!(state.running.unwrap().job, Job::Slide(1));
        for id in 1..15 {
            state = reduce(state, done(id, 0));
        }
        assert_eq!(state.status, LabStatus::Finished);
        assert_eq!(state.running, None);
        assert_eq!(state.progress(), 1.0);
        assert!(state.slides.iter().all(Option::is_some));
    }

    #[test]
    fn cancel_stops_the_batch_and_keeps_what_finished() {
        let mut state = reduce(Rc::default(), LabAction::RunSlides);
        state = reduce(state, done(0, 1));
        state = reduce(state, LabAction::Cancel);
        assert_eq!(state.status, LabStatus::Cancelled);
        assert!(state.running.is_none() && state.queue.is_empty());
        assert!(state.slides[0].is_some() && state.slides[1].is_none());
        // Late news from the ended worker is ignored.
        let late = reduce(state.clone(), done(1, 0));
        assert!(Rc::ptr_eq(&late, &state));
    }

    #[test]
    fn the_race_uses_both_workers() {
        let mut state = reduce(Rc::default(), LabAction::RunRace);
        assert_eq!(
            state.request().unwrap().1,
            "run 0 1000000 9585059 7 site short 1 wasm 1000000"
        );
        state = reduce(state, done(0, 10_000));
        assert_eq!(
            state.request().unwrap().1,
            "run 1 1000000 9585059 7 site short 1 js 1000000"
        );
        state = reduce(state, done(1, 10_000));
        assert_eq!(
            state.request(),
            Some((
                Worker::Race,
                "race 2 bloomfilter 1000000 9585059 7 1".to_owned()
            ))
        );
        state = reduce(state, done(2, 10_100));
        state = reduce(state, done(3, 10_050));
        assert_eq!(state.race.len(), 4);
        assert_eq!(state.race[0].ns_insert, 2.0);
        assert_eq!(state.race[2].entrant, Entrant::Bloomfilter);
    }

    #[test]
    fn the_claims_cells_keep_their_bits_per_url_when_scaled() {
        let state = LabState {
            link: LabLink {
                scale: 1_000,
                ..LabLink::default()
            },
            ..LabState::default()
        };
        let claimed = state.spec(Job::Claim(0));
        assert_eq!(
            (claimed.items, claimed.bits, claimed.hashes),
            (10_000, 1_440, 14)
        );
        let needed = state.spec(Job::Claim(1));
        assert_eq!(needed.bits, 191_701);
    }

    #[test]
    fn failures_and_new_settings() {
        let mut state = reduce(Rc::default(), LabAction::RunClaim);
        state = reduce(
            state,
            LabAction::Reported(Report::Failed {
                id: 0,
                reason: LabError::Bits,
            }),
        );
        assert_eq!(state.status, LabStatus::Failed(LabError::Bits));
        state = reduce(state, LabAction::RunSlide(3));
        state = reduce(state, LabAction::WorkerFailed);
        assert_eq!(state.status, LabStatus::NoWorker);
        state = reduce(state, LabAction::RunSlide(0));
        state = reduce(state, done(2, 0));
        let link = LabLink {
            seed: 9,
            ..LabLink::default()
        };
        state = reduce(state, LabAction::SetLink(link));
        assert_eq!(state.link, link);
        assert!(state.slides.iter().all(Option::is_none));
        assert_eq!(state.next_id, 3);
        let unchanged = reduce(state.clone(), LabAction::SetLink(link));
        assert!(Rc::ptr_eq(&unchanged, &state));
    }
}

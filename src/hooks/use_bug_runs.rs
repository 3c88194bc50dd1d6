//! Sends each run the bug museum's reducer starts to the lab's worker (started when first needed,
//! from the lab's own files, so a visitor who has opened the lab has it cached), and every report
//! back. Cancelling ends the worker at once; the next run starts a fresh one.

use yew::prelude::*;

use crate::hooks::use_lab_workers::{script, use_one_worker, OneWorker};
use crate::state::bugs::{BugsAction, BugsState};
use crate::state::lab::Worker;
use bloom_core::lab_messages::Report;

/// Runs the reducer's worker jobs; returns the callback that cancels them.
#[hook]
pub fn use_bug_runs(state: UseReducerHandle<BugsState>) -> Callback<()> {
    let id = state.running.map(|running| running.id);
    use_one_worker(
        &state,
        id,
        state.request(),
        OneWorker {
            script: script(&Worker::Lab),
            reports: (Report::decode, Report::Ready),
            reported: BugsAction::Reported,
            failed: || BugsAction::WorkerFailed,
            cancelled: || BugsAction::Cancel,
        },
    )
}

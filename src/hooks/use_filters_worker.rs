//! The filters page's worker (`filters/filters-worker-loader.js`), started when a measurement is
//! first asked for: each measurement the reducer starts goes to it, each report back to the
//! reducer. Cancelling ends the worker (one busy building a filter hears no message); the next
//! measurement starts a fresh one.

use yew::prelude::*;

use crate::hooks::use_lab_workers::{use_one_worker, OneWorker};
use crate::state::measured::{MeasuredAction, MeasuredState};
use bloom_core::modern::measured::Report;

/// Sends each measurement the reducer starts to the worker; returns the callback that cancels.
#[hook]
pub fn use_filters_worker(state: UseReducerHandle<MeasuredState>) -> Callback<()> {
    let id = state.running.map(|running| running.id);
    use_one_worker(
        &state,
        id,
        state.request(),
        OneWorker {
            script: format!(
                "{}filters/filters-worker-loader.js",
                crate::hooks::use_page_link::site_root()
            ),
            reports: (Report::decode, Report::Ready),
            reported: MeasuredAction::Reported,
            failed: || MeasuredAction::WorkerFailed,
            cancelled: || MeasuredAction::Cancel,
        },
    )
}

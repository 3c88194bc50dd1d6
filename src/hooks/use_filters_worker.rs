//! The filters page's worker (`filters/filters-worker-loader.js`), started when a measurement is
//! first asked for: each measurement the reducer starts goes to it, each report back to the
//! reducer. Cancelling ends the worker (one busy building a filter hears no message); the next
//! measurement starts a fresh one.

use yew::prelude::*;

use crate::hooks::use_lab_workers::{start_worker_of, Started};
use crate::state::measured::{MeasuredAction, MeasuredState};
use bloom_core::modern::measured::Report;

/// Sends each measurement the reducer starts to the worker; returns the callback that cancels.
#[hook]
pub fn use_filters_worker(state: UseReducerHandle<MeasuredState>) -> Callback<()> {
    let worker = use_mut_ref(|| None::<Started>);
    {
        let (worker, dispatcher) = (worker.clone(), state.dispatcher());
        let request = state.request();
        let id = state.running.map(|running| running.id);
        use_effect_with(id, move |_| {
            if let Some(message) = request {
                let mut worker = worker.borrow_mut();
                if worker.is_none() {
                    let script = format!(
                        "{}filters/filters-worker-loader.js",
                        crate::hooks::use_page_link::site_root()
                    );
                    let (on_report, on_fail) = (dispatcher.clone(), dispatcher.clone());
                    *worker = start_worker_of(
                        &script,
                        (Report::decode, Report::Ready),
                        Callback::from(move |report| {
                            on_report.dispatch(MeasuredAction::Reported(report))
                        }),
                        Callback::from(move |()| on_fail.dispatch(MeasuredAction::WorkerFailed)),
                    );
                }
                match worker.as_ref() {
                    Some(started) => started.post(&message),
                    None => dispatcher.dispatch(MeasuredAction::WorkerFailed),
                }
            }
        });
    }
    {
        // Leaving the page ends the worker with it.
        let worker = worker.clone();
        use_effect_with((), move |()| {
            move || {
                if let Some(started) = worker.borrow_mut().take() {
                    started.end();
                }
            }
        });
    }
    use_callback(state.dispatcher(), move |(), dispatcher| {
        if let Some(started) = worker.borrow_mut().take() {
            started.end();
        }
        dispatcher.dispatch(MeasuredAction::Cancel);
    })
}

//! Sends each run the bug museum's reducer starts to the lab's worker (started when first needed,
//! from the lab's own files, so a visitor who has opened the lab has it cached), and every report
//! back. Cancelling ends the worker at once; the next run starts a fresh one.

use yew::prelude::*;

use crate::hooks::use_lab_workers::{script, start_worker, Started};
use crate::state::bugs::{BugsAction, BugsState};
use crate::state::lab::Worker;

/// Runs the reducer's worker jobs; returns the callback that cancels them.
#[hook]
pub fn use_bug_runs(state: UseReducerHandle<BugsState>) -> Callback<()> {
    let worker = use_mut_ref(|| None::<Started>);
    {
        let (worker, dispatcher) = (worker.clone(), state.dispatcher());
        let request = state.request();
        let id = state.running.map(|running| running.id);
        use_effect_with(id, move |_| {
            if let Some(message) = request {
                let mut worker = worker.borrow_mut();
                if worker.is_none() {
                    let on_fail = dispatcher.clone();
                    let on_report = dispatcher.clone();
                    *worker = start_worker(
                        &script(&Worker::Lab),
                        Callback::from(move |report| {
                            on_report.dispatch(BugsAction::Reported(report))
                        }),
                        Callback::from(move |()| on_fail.dispatch(BugsAction::WorkerFailed)),
                    );
                }
                match worker.as_ref() {
                    Some(started) => started.post(&message),
                    None => dispatcher.dispatch(BugsAction::WorkerFailed),
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
        dispatcher.dispatch(BugsAction::Cancel);
    })
}

//! The lab's two workers, started when first needed: the wasm worker that runs cells
//! (`lab/lab-worker-loader.js`) and the JavaScript worker that times the two npm libraries for the
//! race (`lab/race-worker.js`, which carries them; fetched only when a race starts). Each says
//! `ready` once loaded; a run asked for before then waits for it. Whenever the reducer starts a run,
//! its request goes to the worker it is for; every report goes back to the reducer. Cancelling ends
//! both workers at once (a worker busy in a loop hears no message), and the next run starts fresh
//! ones.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::state::lab::{LabAction, LabState, Worker};
use bloom_core::lab_messages::Report;

/// The worker's two listeners, kept as long as it lives.
type Listeners = (
    wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
    wasm_bindgen::closure::Closure<dyn FnMut(web_sys::Event)>,
);

/// A started worker and what it needs to be talked to.
pub struct Started {
    worker: web_sys::Worker,
    ready: Rc<RefCell<bool>>,
    waiting: Rc<RefCell<Option<String>>>,
    _listeners: Listeners,
}

impl Started {
    /// Sends `message` now, or as soon as the worker says it is ready.
    pub fn post(&self, message: &str) {
        if *self.ready.borrow() {
            let _ = self
                .worker
                .post_message(&wasm_bindgen::JsValue::from_str(message));
        } else {
            *self.waiting.borrow_mut() = Some(message.to_owned());
        }
    }
}

#[derive(Default)]
struct Workers {
    lab: Option<Started>,
    race: Option<Started>,
}

impl Workers {
    fn end(&mut self) {
        for started in [self.lab.take(), self.race.take()].into_iter().flatten() {
            started.end();
        }
    }
}

impl Started {
    /// Ends the worker at once, whatever it is doing.
    pub fn end(self) {
        self.worker.terminate();
    }
}

/// The worker's script, from the site's root.
pub fn script(worker: &Worker) -> String {
    let root = crate::hooks::use_page_link::site_root();
    match worker {
        Worker::Lab => format!("{root}lab/lab-worker-loader.js"),
        Worker::Race => format!("{root}lab/race-worker.js"),
    }
}

fn start(worker: &Worker, dispatcher: UseReducerDispatcher<LabState>) -> Option<Started> {
    let on_fail = dispatcher.clone();
    start_worker(
        &script(worker),
        Callback::from(move |report| dispatcher.dispatch(LabAction::Reported(report))),
        Callback::from(move |()| on_fail.dispatch(LabAction::WorkerFailed)),
    )
}

/// Starts the worker at `script`: every report but `ready` goes to `on_report`; a script that fails
/// to load or throws calls `on_fail`.
pub fn start_worker(
    script: &str,
    on_report: Callback<Report>,
    on_fail: Callback<()>,
) -> Option<Started> {
    start_worker_of(script, (Report::decode, Report::Ready), on_report, on_fail)
}

/// As [`start_worker`], for a worker whose reports `decode` reads and whose first says `ready`.
pub fn start_worker_of<R: PartialEq + 'static>(
    script: &str,
    (decode, ready_report): (fn(&str) -> Option<R>, R),
    on_report: Callback<R>,
    on_fail: Callback<()>,
) -> Option<Started> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let started = web_sys::Worker::new(script).ok()?;
    let ready = Rc::new(RefCell::new(false));
    let waiting = Rc::new(RefCell::new(None::<String>));
    let on_message = {
        let (worker, ready, waiting) = (started.clone(), ready.clone(), waiting.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(report) = event.data().as_string().and_then(|text| decode(&text)) else {
                return;
            };
            if report == ready_report {
                *ready.borrow_mut() = true;
                if let Some(message) = waiting.borrow_mut().take() {
                    let _ = worker.post_message(&wasm_bindgen::JsValue::from_str(&message));
                }
            } else {
                on_report.emit(report);
            }
        })
    };
    // A script that fails to load or throws: the lab says the worker could not start.
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| on_fail.emit(()));
    started.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    started.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Started {
        worker: started,
        ready,
        waiting,
        _listeners: (on_message, on_error),
    })
}

/// Sends each run the reducer starts to its worker; returns the callback that cancels.
#[hook]
pub fn use_lab_workers(state: UseReducerHandle<LabState>) -> Callback<()> {
    let workers = use_mut_ref(Workers::default);
    {
        let (workers, dispatcher) = (workers.clone(), state.dispatcher());
        let request = state.request();
        let id = state.running.map(|running| running.id);
        use_effect_with(id, move |_| {
            if let Some((worker, message)) = request {
                let mut workers = workers.borrow_mut();
                let slot = match worker {
                    Worker::Lab => &mut workers.lab,
                    Worker::Race => &mut workers.race,
                };
                if slot.is_none() {
                    *slot = start(&worker, dispatcher.clone());
                }
                match slot {
                    Some(started) => started.post(&message),
                    None => dispatcher.dispatch(LabAction::WorkerFailed),
                }
            }
        });
    }
    {
        // Leaving the page ends the workers with it.
        let workers = workers.clone();
        use_effect_with((), move |()| move || workers.borrow_mut().end());
    }
    use_callback(state.dispatcher(), move |(), dispatcher| {
        workers.borrow_mut().end();
        dispatcher.dispatch(LabAction::Cancel);
    })
}

/// What [`use_one_worker`] needs to know of a worker and the reducer it serves.
pub struct OneWorker<S: Reducible, R> {
    /// The worker's script.
    pub script: String,
    /// Reads a report, and the report that says the worker is ready.
    pub reports: (fn(&str) -> Option<R>, R),
    /// The action a report becomes.
    pub reported: fn(R) -> S::Action,
    /// The action when the worker cannot start.
    pub failed: fn() -> S::Action,
    /// The action when the visitor cancels (the worker has been ended).
    pub cancelled: fn() -> S::Action,
}

/// One worker serving a reducer: started with the first request, every request the reducer makes
/// (`request`, new each time `id` changes) posted to it, every report back to the reducer; leaving
/// the page ends it. Returns the callback that cancels: it ends the worker at once (one busy in a
/// loop hears no message), and the next request starts a fresh one.
#[hook]
pub fn use_one_worker<S, R>(
    state: &UseReducerHandle<S>,
    id: Option<u32>,
    request: Option<String>,
    worker: OneWorker<S, R>,
) -> Callback<()>
where
    S: Reducible + 'static,
    R: PartialEq + 'static,
{
    let started = use_mut_ref(|| None::<Started>);
    {
        let (started, dispatcher) = (started.clone(), state.dispatcher());
        use_effect_with(id, move |_| {
            if let Some(message) = request {
                let mut started = started.borrow_mut();
                if started.is_none() {
                    let (on_report, on_fail) = (dispatcher.clone(), dispatcher.clone());
                    let (reported, failed) = (worker.reported, worker.failed);
                    *started = start_worker_of(
                        &worker.script,
                        worker.reports,
                        Callback::from(move |report| on_report.dispatch(reported(report))),
                        Callback::from(move |()| on_fail.dispatch(failed())),
                    );
                }
                match started.as_ref() {
                    Some(started) => started.post(&message),
                    None => dispatcher.dispatch((worker.failed)()),
                }
            }
        });
    }
    {
        // Leaving the page ends the worker with it.
        let started = started.clone();
        use_effect_with((), move |()| {
            move || {
                if let Some(worker) = started.borrow_mut().take() {
                    worker.end();
                }
            }
        });
    }
    let cancelled = worker.cancelled;
    use_callback(state.dispatcher(), move |(), dispatcher| {
        if let Some(worker) = started.borrow_mut().take() {
            worker.end();
        }
        dispatcher.dispatch(cancelled());
    })
}

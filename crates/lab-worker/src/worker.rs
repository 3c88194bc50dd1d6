//! Listening for runs and reporting on them, in the worker's global scope.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use bloom_core::keys::KeyRole;
use bloom_core::lab::{CellRun, Phase};
use bloom_core::lab_messages::{KeySource, Report, RunRequest};

/// Keys handled between two looks at the clock: well under a millisecond of work.
const CHUNK: u64 = 1 << 14;
/// How often progress is reported, in milliseconds.
const REPORT_EVERY_MS: f64 = 100.0;

/// Starts listening, and says so.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let listener = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event
            .data()
            .as_string()
            .and_then(|message| RunRequest::decode(&message));
        if let Some(request) = request {
            run(&listener, request);
        }
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: the listener with it.
    onmessage.forget();
    post(&scope, Report::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, report: Report) {
    let _ = scope.post_message(&JsValue::from_str(&report.encode()));
}

fn now(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope
        .performance()
        .map_or(0.0, |performance| performance.now())
}

fn micros(milliseconds: f64) -> u64 {
    (milliseconds * 1000.0).max(0.0) as u64
}

/// The second mode's keys: written by JavaScript, `"<seed>-<i>"` and `"<seed>-q<i>"` as the worker's
/// own, and copied into wasm memory one by one.
fn javascript_keys() -> js_sys::Function {
    js_sys::Function::new_with_args("s,i,q", "return q ? s + '-q' + i : s + '-' + i")
}

fn run(scope: &DedicatedWorkerGlobalScope, request: RunRequest) {
    let id = request.id;
    let mut run = match CellRun::new(request.spec) {
        Ok(run) => run,
        Err(reason) => return post(scope, Report::Failed { id, reason }),
    };
    let total = request.spec.keys();
    let seed = JsValue::from(request.spec.seed);
    let make_key = (request.keys == KeySource::JavaScript).then(javascript_keys);
    let start = now(scope);
    let mut reported = start;
    let mut inserted = None;
    loop {
        let phase = match &make_key {
            None => run.advance_generated(CHUNK),
            Some(make_key) => run.advance_by(CHUNK, |role, index, out| {
                out.clear();
                let stranger = JsValue::from_bool(role == KeyRole::Stranger);
                let key = make_key.call3(
                    &JsValue::NULL,
                    &seed,
                    &JsValue::from(index as f64),
                    &stranger,
                );
                if let Some(key) = key.ok().and_then(|key| key.as_string()) {
                    out.extend_from_slice(key.as_bytes());
                }
            }),
        };
        let time = now(scope);
        if inserted.is_none() && !matches!(phase, Phase::Inserting(_)) {
            inserted = Some(time);
        }
        if phase == Phase::Done {
            let inserted = inserted.unwrap_or(time);
            return post(
                scope,
                Report::Done {
                    id,
                    insert_micros: micros(inserted - start),
                    query_micros: micros(time - inserted),
                    false_positives: run.false_positives(),
                    ones: run.filter().ones(),
                },
            );
        }
        if time - reported >= REPORT_EVERY_MS {
            reported = time;
            post(
                scope,
                Report::Progress {
                    id,
                    done: run.done(),
                    total,
                    micros: micros(time - start),
                },
            );
        }
    }
}

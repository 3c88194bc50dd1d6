//! Listening for measurements and reporting them, in the worker's global scope.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use bloom_core::modern::measured::{measure, Report, Request};

/// Starts listening, and says so.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let listener = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event
            .data()
            .as_string()
            .and_then(|message| Request::decode(&message));
        if let Some(request) = request {
            let clock = || {
                listener
                    .performance()
                    .map_or(0.0, |performance| performance.now())
            };
            let report = match measure(request.spec, clock) {
                Ok(measured) => Report::of(request.id, &measured),
                Err(_) => Report::Failed { id: request.id },
            };
            post(&listener, report);
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

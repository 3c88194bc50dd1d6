//! The big-N lab: the slides' fifteen experiments at full size, the crawler's claim and the race,
//! run in a worker so the page stays responsive. The settings (N's scale, where keys are made, the
//! seed) are in the link; results are measured on the machine that opens it.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::components::claim_panel::ClaimPanel;
use crate::components::lab_chart::LabChart;
use crate::components::lab_table::LabTable;
use crate::components::number_field::NumberField;
use crate::components::race_panel::{entrant_name, RacePanel};
use crate::components::state_error::StateError;
use crate::components::widget_parts::widget_heading;
use crate::format::{exact, fixed, grouped};
use crate::hooks::use_lab_workers::use_lab_workers;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::use_linked;
use crate::share::lab::{LabLink, SCALES};
use crate::state::lab::{Job, LabAction, LabState, LabStatus};
use crate::strings::{Lang, Msg};
use bloom_core::lab::LabError;
use bloom_core::lab_messages::KeySource;
use bloom_core::slides::{group_name, items_w, TARGETS};
use bloom_core::words::SEED_RANGE;

/// Props of [`LabPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct LabPageProps {
    /// The state.
    pub state: UseReducerHandle<LabState>,
    /// Embedded: the slides' table alone.
    #[prop_or_default]
    pub embed: bool,
}

/// The lab.
#[component]
pub fn LabPage(props: &LabPageProps) -> Html {
    let lang = use_lang();
    let state = props.state.clone();
    let cancel = use_lab_workers(state.clone());
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(LabAction::DismissIgnored)
    });
    html! {
        <div class={classes!("lab", props.embed.then_some("embedded"))}>
            { widget_heading(lang, Msg::LabTitle, Msg::LabIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            { controls(lang, &state, cancel, props.embed) }
            <section class="panel lab-slides" aria-labelledby="lab-slides-heading">
                <h2 id="lab-slides-heading">{ lang.text(Msg::LabSlidesHeading) }</h2>
                // Embedded, the post around the widget tells the story; the site's page tells it here.
                if !props.embed {
                    <p>{ lang.text(Msg::LabSlidesIntro) }</p>
                }
                <LabTable state={state.clone()} />
                if !props.embed {
                    <p class="hint">{ lang.text(Msg::LabSlidesSource) }</p>
                }
            </section>
            <section class="panel lab-chart-panel" aria-labelledby="lab-chart-heading">
                <h2 id="lab-chart-heading">{ lang.text(Msg::LabChartHeading) }</h2>
                <LabChart state={state.clone()} />
            </section>
            if !props.embed {
                <section class="panel" aria-labelledby="claim-heading" id="crawler">
                    <h2 id="claim-heading">{ lang.text(Msg::ClaimHeading) }</h2>
                    <ClaimPanel state={state.clone()} />
                </section>
                <section class="panel" aria-labelledby="race-heading" id="race">
                    <h2 id="race-heading">{ lang.text(Msg::RaceHeading) }</h2>
                    <RacePanel state={state.clone()} />
                </section>
            }
        </div>
    }
}

fn controls(
    lang: Lang,
    state: &UseReducerHandle<LabState>,
    cancel: Callback<()>,
    embed: bool,
) -> Html {
    let busy = state.running.is_some();
    let link = state.link;
    let set = |change: fn(LabLink, &str) -> LabLink| {
        let state = state.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            state.dispatch(LabAction::SetLink(change(state.link, &select.value())));
        })
    };
    let on_seed = {
        let state = state.clone();
        Callback::from(move |seed: u32| {
            state.dispatch(LabAction::SetLink(LabLink { seed, ..state.link }))
        })
    };
    let run_all = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(LabAction::RunSlides))
    };
    html! {
        <section class="panel controls lab-controls" aria-label={lang.text(Msg::LabControlsLabel)}>
            <div class="actions">
                <button type="button" class="primary" data-testid="lab-run" disabled={busy} onclick={run_all}>{ lang.text(Msg::LabRunAll) }</button>
                <button type="button" data-testid="lab-cancel" disabled={!busy} onclick={cancel.reform(|_: MouseEvent| ())}>{ lang.text(Msg::LabCancel) }</button>
            </div>
            if !embed {
                <div class="params">
                    <div class="field">
                        <label for="lab-scale">{ lang.text(Msg::LabScaleLabel) }</label>
                        <select id="lab-scale" data-testid="lab-scale" disabled={busy}
                            onchange={set(|link, value| LabLink { scale: value.parse().unwrap_or(link.scale), ..link })}>
                            { for SCALES.iter().map(|&scale| html! {
                                <option value={scale.to_string()} selected={scale == link.scale}>{ scale_name(lang, scale) }</option>
                            }) }
                        </select>
                    </div>
                    <div class="field">
                        <label for="lab-keys">{ lang.text(Msg::LabKeysLabel) }</label>
                        <select id="lab-keys" data-testid="lab-keys" disabled={busy}
                            onchange={set(|link, value| LabLink { keys: KeySource::from_id(value).unwrap_or(link.keys), ..link })}>
                            <option value="wasm" selected={link.keys == KeySource::Worker}>{ lang.text(Msg::LabKeysWasm) }</option>
                            <option value="js" selected={link.keys == KeySource::JavaScript}>{ lang.text(Msg::LabKeysJs) }</option>
                        </select>
                    </div>
                    <NumberField id="lab-seed" testid="lab-seed" name="seed" label={lang.text(Msg::LabSeedLabel)}
                        value={link.seed} min={*SEED_RANGE.start()} max={*SEED_RANGE.end()} onapply={on_seed} disabled={busy} />
                </div>
                <p class="hint">{ lang.text(Msg::LabSettingsHint) }</p>
            }
            { progress(lang, state) }
        </section>
    }
}

fn scale_name(lang: Lang, scale: u32) -> String {
    if scale == 1 {
        lang.text(Msg::LabScaleFull).to_owned()
    } else {
        lang.fill(
            Msg::LabScaleDivided,
            &[("divisor", &grouped(u64::from(scale)))],
        )
    }
}

/// The job's name: "FP2 · 300W", "the claimed size", "bloomfilter 1.1.0".
fn job_name(lang: Lang, job: Job) -> String {
    match job {
        Job::Slide(index) => {
            let cell = bloom_core::slides::CELLS[index.min(14)];
            let group = TARGETS
                .iter()
                .position(|&target| target == cell.target)
                .unwrap_or(0);
            format!("{} · {}", group_name(group), items_w(cell.items))
        }
        Job::Claim(0) => lang.text(Msg::ClaimRowClaimed).to_owned(),
        Job::Claim(_) => lang.text(Msg::ClaimRowNeeded).to_owned(),
        Job::Race(entrant) => lang.text(entrant_name(entrant)).to_owned(),
    }
}

fn progress(lang: Lang, state: &LabState) -> Html {
    let fraction = state.progress();
    let status = match (state.status, state.running) {
        (_, Some(running)) => {
            let spec = state.spec(running.job);
            let phase = if running.done < spec.items {
                Msg::LabInserting
            } else {
                Msg::LabQuerying
            };
            let mut line = lang.fill(
                phase,
                &[
                    ("cell", &job_name(lang, running.job)),
                    ("items", &grouped(spec.items)),
                    ("memory", &lang.size(spec.bytes() as f64)),
                ],
            );
            if let (Some(speed), Some(left)) = (state.keys_per_second(), state.seconds_left()) {
                line.push(' ');
                line.push_str(&lang.fill(
                    Msg::LabSpeed,
                    &[
                        ("speed", &grouped(speed.round() as u64)),
                        ("seconds", &grouped(left.ceil() as u64)),
                    ],
                ));
            }
            line
        }
        (LabStatus::Idle, None) => lang.text(Msg::LabIdle).to_owned(),
        (LabStatus::Finished, None) => {
            let seconds = state.batch_micros as f64 / 1e6;
            let digits = if seconds < 10.0 { 2 } else { 1 };
            lang.fill(Msg::LabFinished, &[("seconds", &fixed(seconds, digits))])
        }
        (LabStatus::Cancelled, None) => lang.text(Msg::LabCancelled).to_owned(),
        (LabStatus::Failed(reason), None) => lang
            .text(match reason {
                LabError::Bits => Msg::LabTooBig,
                _ => Msg::LabCannotRun,
            })
            .to_owned(),
        (LabStatus::NoWorker, None) => lang.text(Msg::LabNoWorker).to_owned(),
        (LabStatus::Running, None) => String::new(),
    };
    html! {
        <div class="lab-progress">
            <label for="lab-progress-bar">{ lang.text(Msg::LabProgressLabel) }</label>
            <progress id="lab-progress-bar" data-testid="lab-progress" data-value={exact(fraction)} max="1" value={exact(fraction)}></progress>
            <p class="lab-status" data-testid="lab-status" role="status" aria-live="polite">{ status }</p>
        </div>
    }
}

/// The lab as the site shows it: settings saved and in the link.
#[component]
pub fn SiteLab() -> Html {
    let state = use_linked::<LabState>(None, true);
    html! { <LabPage {state} /> }
}

/// The lab as a link opens it, saving nothing: the embedded table (run on click, never on its own).
#[component]
pub fn LinkedLab() -> Html {
    let state = use_linked::<LabState>(None, false);
    html! { <LabPage {state} embed=true /> }
}

//! The rate chart as the site's playground shows it: with downloads of the drawing for slides, and
//! the "Compare schemes" experiment — about a second of trials, each a fresh filter per hash scheme
//! filled with random words and tested on unseen ones, computed in slices so the page stays
//! responsive — drawn on the chart's own axes against the exact rate.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use web_sys::Element;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

use crate::components::part_props::PlaygroundProps;

use crate::components::rate_chart::{ChartPart, ChartSlot, RateChart};
use crate::export::{download_chart_png, download_chart_svg};
use crate::format::{exact, grouped, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::{scheme_name, Lang, Msg};
use bloom_core::chart;
use bloom_core::experiment::SchemeComparison;
use bloom_core::hashing::HashScheme;

/// How long "Compare schemes" runs, and how long it computes before letting the page paint.
const COMPARE_MILLIS: f64 = 1000.0;
const COMPARE_SLICE_MILLIS: f64 = 40.0;

fn now_millis() -> f64 {
    crate::web::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}

/// A comparison together with the (m, k, n range) it was run for, so stale results are not drawn.
#[derive(Debug, Clone, PartialEq)]
struct Comparison {
    key: (u32, u32, u64),
    result: SchemeComparison,
    running: bool,
}

/// The line style of each compared scheme: colour class and dash pattern.
fn scheme_style(scheme: HashScheme) -> (&'static str, &'static str) {
    match scheme {
        HashScheme::DoubleHashing => ("series-double", "9 3 2 3"),
        HashScheme::EnhancedDoubleHashing => ("series-enhanced", "14 4"),
        HashScheme::Independent => ("series-independent", "3 3"),
        HashScheme::Murmur128Split => ("series-murmur128", "1 4"),
    }
}

/// The rate chart with downloads and the scheme comparison.
#[component]
pub fn ComparedRateChart(props: &PlaygroundProps) -> Html {
    let lang = use_lang();
    let comparison = use_state(|| None::<Comparison>);
    // Bumped whenever a new comparison starts, so an older one still running stops.
    let generation = use_mut_ref(|| Rc::new(Cell::new(0u32)));
    let parts = {
        let comparison = comparison.clone();
        let generation = generation.borrow().clone();
        Callback::from(move |part: ChartPart| {
            let current = (*comparison)
                .as_ref()
                .filter(|c| c.key == (part.bits, part.hashes, part.end))
                .cloned();
            match part.slot {
                ChartSlot::Toolbar => downloads(lang, &part),
                ChartSlot::Overlay => overlay(current.as_ref(), &part),
                ChartSlot::Legend => legend(lang, current.as_ref()),
                ChartSlot::Below => {
                    let start = start_comparison(&comparison, &generation, &part);
                    controls(lang, current.as_ref(), &part, start)
                }
            }
        })
    };
    html! { <RateChart playground={props.playground.clone()} {parts} /> }
}

/// SVG and PNG downloads of the drawing as it is on screen, for slides.
fn downloads(lang: Lang, part: &ChartPart) -> Html {
    let on_svg = {
        let figure = part.figure.clone();
        Callback::from(move |_: MouseEvent| download_chart_svg(figure.cast::<Element>()))
    };
    let on_png = {
        let figure = part.figure.clone();
        Callback::from(move |_: MouseEvent| download_chart_png(figure.cast::<Element>()))
    };
    html! {
        <>
            <button type="button" class="small" data-testid="export-chart-svg" onclick={on_svg}>{ lang.text(Msg::ExportSvg) }</button>
            <button type="button" class="small" data-testid="export-chart-png" onclick={on_png}>{ lang.text(Msg::ExportPng) }</button>
        </>
    }
}

/// The measured rate of each scheme, on the chart's axes.
fn overlay(current: Option<&Comparison>, part: &ChartPart) -> Html {
    let Some(result) = current
        .map(|c| &c.result)
        .filter(|result| result.trials > 0)
    else {
        return Html::default();
    };
    html! {
        { for HashScheme::ALL.iter().map(|&scheme| {
            let (class, dash) = scheme_style(scheme);
            let rates = result.rates(scheme);
            let d = chart::path(rates.iter().map(|&(n, rate)| (n as f64, rate)), &part.x, &part.y);
            html! { <path class={classes!("series", class)} d={d} stroke-dasharray={dash} /> }
        }) }
    }
}

/// A legend entry per compared scheme.
fn legend(lang: Lang, current: Option<&Comparison>) -> Html {
    if current.is_none_or(|c| c.result.trials == 0) {
        return Html::default();
    }
    html! {
        { for HashScheme::ALL.iter().map(|&scheme| {
            let (class, dash) = scheme_style(scheme);
            html! {
                <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class={classes!("series", class)} x1="0" x2="30" y1="5" y2="5" stroke-dasharray={dash} /></svg>
                { lang.fill(Msg::CompareLegend, &[("scheme", lang.text(scheme_name(scheme)))]) }</li>
            }
        }) }
    }
}

/// Runs about a second of trials for the chart's m, k and n range, in slices.
fn start_comparison(
    comparison: &UseStateHandle<Option<Comparison>>,
    generation: &Rc<Cell<u32>>,
    part: &ChartPart,
) -> Callback<MouseEvent> {
    let (comparison, generation) = (comparison.clone(), generation.clone());
    let (m, k, end) = (part.bits, part.hashes, part.end);
    Callback::from(move |_: MouseEvent| {
        let run = generation.get().wrapping_add(1);
        generation.set(run);
        let generation = generation.clone();
        let comparison = comparison.clone();
        let mut result = SchemeComparison::new(m, k, end);
        let key = (m, k, end);
        comparison.set(Some(Comparison {
            key,
            result: result.clone(),
            running: true,
        }));
        spawn_local(async move {
            let started = now_millis();
            let mut seed = 1u64;
            loop {
                let slice = now_millis();
                while now_millis() - slice < COMPARE_SLICE_MILLIS {
                    result.run_trial(seed);
                    seed += 1;
                }
                if generation.get() != run {
                    return;
                }
                let running = now_millis() - started < COMPARE_MILLIS;
                comparison.set(Some(Comparison {
                    key,
                    result: result.clone(),
                    running,
                }));
                if !running {
                    return;
                }
                // Let the page paint and stay responsive between slices.
                sleep(Duration::ZERO).await;
            }
        });
    })
}

/// The button, what is running, and the rates at the sample nearest the current n.
fn controls(
    lang: Lang,
    current: Option<&Comparison>,
    part: &ChartPart,
    onclick: Callback<MouseEvent>,
) -> Html {
    let status = current.map(|comparison| {
        let result = &comparison.result;
        let trials = grouped(u64::from(result.trials));
        let status = if comparison.running {
            lang.fill(Msg::CompareRunning, &[("trials", &trials)])
        } else {
            lang.fill(
                Msg::CompareDone,
                &[("trials", &trials), ("probes", &grouped(result.probes_tested()))],
            )
        };
        // The sample nearest the current n (or the first sample before any insert).
        let at = result
            .sample_items
            .iter()
            .copied()
            .min_by_key(|&sample| sample.abs_diff(part.items.max(1)))
            .unwrap_or(1);
        let rates_at: Vec<(HashScheme, f64)> = HashScheme::ALL
            .iter()
            .map(|&scheme| {
                let rate = result
                    .rates(scheme)
                    .into_iter()
                    .find(|&(items, _)| items == at)
                    .map_or(0.0, |(_, rate)| rate);
                (scheme, rate)
            })
            .collect();
        let rates: Vec<String> = rates_at
            .iter()
            .map(|&(scheme, rate)| format!("{} {}", lang.text(scheme_name(scheme)), significant(rate)))
            .collect();
        // For checking from outside: "double:0.0003,enhanced:0,…".
        let rate_values: Vec<String> = rates_at
            .iter()
            .map(|(scheme, rate)| format!("{}:{}", scheme.id(), exact(*rate)))
            .collect();
        let at_text = lang.fill(
            Msg::CompareAt,
            &[
                ("n", &grouped(at)),
                ("rates", &rates.join("; ")),
                ("exact", &significant(part.exact.exact[at as usize])),
            ],
        );
        html! {
            <div class="compare-status" data-testid="compare-status" data-trials={result.trials.to_string()}
                data-running={comparison.running.to_string()} data-at={at.to_string()} data-rates={rate_values.join(",")} role="status">
                <p>{ status }</p>
                if result.trials > 0 {
                    <p>{ at_text }</p>
                }
            </div>
        }
    });
    html! {
        <div class="compare">
            <button type="button" data-testid="compare-button" {onclick}>
                { lang.text(Msg::CompareButton) }
            </button>
            <p class="hint">{ lang.text(Msg::CompareHint) }</p>
            { status.unwrap_or_default() }
            <p class="hint">{ lang.text(Msg::CompareNote) }</p>
        </div>
    }
}

//! The race as a visitor sees it: this project's wasm filter (keys made in wasm, and keys handed
//! over from JavaScript) against npm `bloomfilter` 1.1.0 and `bloom-filters` 3.0.4, each inserting
//! and querying the same million keys with the same m and k in a worker of this browser — bars of
//! nanoseconds per operation, and each entrant's ratio to ours, labelled with the browser and the
//! machine's cores.

use yew::prelude::*;

use crate::components::part_props::LabProps;

use crate::components::figure_parts::column_heads;

use crate::format::{coord, exact, fixed, grouped, percent_plain};
use crate::hooks::use_lang::use_lang;
use crate::state::lab::{Job, LabAction, PAGE_ENTRANTS};
use crate::strings::{Lang, Msg};
use bloom_core::race::{browser_from_user_agent, Entrant, RaceTime, RACE_ITEMS, RACE_RATE};

/// The entrant's name.
pub fn entrant_name(entrant: Entrant) -> Msg {
    match entrant {
        Entrant::Wasm => Msg::RaceWasm,
        Entrant::WasmJsKeys => Msg::RaceWasmJsKeys,
        Entrant::Native => Msg::RaceNative,
        Entrant::Bloomfilter => Msg::RaceBloomfilter,
        Entrant::BloomFilters => Msg::RaceBloomFilters,
    }
}

/// "Chromium 142 · 8 logical cores", from the browser itself (nothing before the page runs).
fn machine(lang: Lang) -> Option<String> {
    let navigator = crate::web::window()?.navigator();
    let browser = navigator
        .user_agent()
        .ok()
        .and_then(|agent| browser_from_user_agent(&agent))
        .unwrap_or_else(|| lang.text(Msg::RaceUnknownBrowser).to_owned());
    let cores = navigator.hardware_concurrency() as u64;
    Some(lang.plural(
        Msg::RaceMachine,
        cores,
        &[("browser", &browser), ("cores", &grouped(cores))],
    ))
}

/// The race.
#[component]
pub fn RacePanel(props: &LabProps) -> Html {
    let lang = use_lang();
    let state = &props.state;
    let machine = use_memo(lang, |&lang| machine(lang));
    let onrun = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(LabAction::RunRace))
    };
    let ours = state
        .race
        .iter()
        .find(|time| time.entrant == Entrant::Wasm)
        .copied();
    let slowest = state
        .race
        .iter()
        .map(|time| time.ns_insert.max(time.ns_query))
        .fold(1.0, f64::max);
    let racing = matches!(state.running, Some(running) if matches!(running.job, Job::Race(_)));
    html! {
        <>
        <p>{ lang.fill(Msg::RaceIntro, &[("items", &grouped(RACE_ITEMS / u64::from(state.link.scale.max(1)))), ("rate", &percent_plain(RACE_RATE))]) }</p>
        <p class="actions">
            <button type="button" data-testid="race-run" disabled={state.running.is_some()} onclick={onrun}>{ lang.text(Msg::RaceRun) }</button>
        </p>
        if let Some(machine) = (*machine).clone() {
            <p class="hint" data-testid="race-machine">{ machine }</p>
        }
        if racing || !state.race.is_empty() {
            <p class="table-caption" id="race-caption">{ lang.text(Msg::RaceCaption) }</p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="race-caption">
                <table class="race-table" aria-labelledby="race-caption">
                    { column_heads(lang, &[Msg::RaceColEntrant, Msg::RaceColInsert, Msg::RaceColQuery, Msg::LabColMeasured]) }
                    <tbody>
                        { for PAGE_ENTRANTS.iter().map(|&entrant| {
                            let time = state.race.iter().find(|time| time.entrant == entrant).copied();
                            race_row(lang, entrant, time, ours, slowest)
                        }) }
                    </tbody>
                </table>
            </div>
        }
        </>
    }
}

/// A bar of `ns` against the slowest, and the number.
fn bar(lang: Lang, ns: f64, slowest: f64, ratio: Option<f64>) -> Html {
    let width = (ns / slowest * 100.0).clamp(0.5, 100.0);
    html! {
        <td class="race-cell">
            <svg class="race-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
                <rect x="0" y="0" width={coord(width)} height="8" />
            </svg>
            <span>{ lang.fill(Msg::RaceNs, &[("ns", &fixed(ns, 1))]) }</span>
            if let Some(ratio) = ratio {
                <span class="cell-detail">{ lang.fill(Msg::RaceRatio, &[("ratio", &fixed(ratio, 1))]) }</span>
            }
        </td>
    }
}

fn race_row(
    lang: Lang,
    entrant: Entrant,
    time: Option<RaceTime>,
    ours: Option<RaceTime>,
    slowest: f64,
) -> Html {
    let Some(time) = time else {
        return html! {
            <tr data-testid="race-row" data-impl={entrant.id()}>
                <th scope="row">{ lang.text(entrant_name(entrant)) }</th>
                <td class="not-run" colspan="3">{ lang.text(Msg::LabNotRun) }</td>
            </tr>
        };
    };
    let ratios = ours
        .filter(|_| entrant != Entrant::Wasm)
        .map(|ours| time.ratio_to(&ours));
    html! {
        <tr data-testid="race-row" data-impl={entrant.id()} data-ns-insert={exact(time.ns_insert)}
            data-ns-query={exact(time.ns_query)} data-measured={exact(time.measured)}>
            <th scope="row">{ lang.text(entrant_name(entrant)) }</th>
            { bar(lang, time.ns_insert, 1.0f64.max(time.ns_insert).max(slowest), ratios.map(|ratio| ratio.0)) }
            { bar(lang, time.ns_query, slowest, ratios.map(|ratio| ratio.1)) }
            <td>{ lang.chance(time.measured) }</td>
        </tr>
    }
}

//! The slides' performance test as a table: one row per cell — the target and N, then m, k and the
//! memory this project computes beside what the slides printed (✓ where they agree), the insert and
//! query times, and the rate measured on N never-inserted keys with its 95 % interval against the
//! target — and the same table as a CSV file.

use yew::prelude::*;

use crate::components::part_props::LabProps;

use crate::components::figure_parts::column_head_texts;

use crate::format::{exact, fixed, grouped, percent_plain, significant};
use crate::hooks::use_lang::use_lang;
use crate::state::lab::{Job, LabAction, LabState};
use crate::strings::{Lang, Msg};
use bloom_core::lab::{CellResult, CellSpec};
use bloom_core::slides::{group_name, items_w, Agreement, SlideCell, CELLS, TARGETS};

/// The fifteen cells.
#[component]
pub fn LabTable(props: &LabProps) -> Html {
    let lang = use_lang();
    let state = &props.state;
    let busy = state.running.is_some();
    let running = state.running.map(|running| running.job);
    html! {
        <>
        <p class="table-caption" id="lab-table-caption">{ lang.text(Msg::LabTableCaption) }</p>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="lab-table-caption">
            <table class="lab-table" data-testid="lab-table" aria-labelledby="lab-table-caption">
                { column_head_texts(&[lang.text(Msg::LabColCell), "m", "k", lang.text(Msg::LabColMemory), lang.text(Msg::LabColInsert), lang.text(Msg::LabColQuery), lang.text(Msg::LabColMeasured), lang.text(Msg::LabColSlidesX)]) }
                <tbody>
                    { for CELLS.iter().enumerate().map(|(index, cell)| {
                        let spec = state.spec(Job::Slide(index));
                        let result = state.result(Job::Slide(index));
                        let onrun = {
                            let state = state.clone();
                            Callback::from(move |_: MouseEvent| state.dispatch(LabAction::RunSlide(index)))
                        };
                        row(lang, cell, &spec, result, busy, running == Some(Job::Slide(index)), onrun)
                    }) }
                </tbody>
            </table>
        </div>
        <p class="lab-downloads">
            <a data-testid="lab-csv" download="bloom-filter-lab.csv" href={csv_link(lang, state)}>{ lang.text(Msg::LabCsv) }</a>
        </p>
        </>
    }
}

/// ✓ when `agrees`, else ✗, with words for screen readers.
fn mark(lang: Lang, agrees: bool) -> Html {
    let (sign, words) = if agrees {
        ("✓", Msg::LabAgrees)
    } else {
        ("✗", Msg::LabDiffers)
    };
    html! { <span class={classes!("mark", if agrees { "agree" } else { "differ" })} title={lang.text(words)}>
    <span aria-hidden="true">{ sign }</span><span class="visually-hidden">{ lang.text(words) }</span></span> }
}

/// "printed 958W ✓" under a computed figure.
fn printed(lang: Lang, text: String, agrees: bool, reassembled: bool) -> Html {
    html! {
        <span class="printed">
            { lang.fill(Msg::LabPrinted, &[("value", &text)]) }{ " " }{ mark(lang, agrees) }
            if reassembled { <sup title={lang.text(Msg::LabReassembledNote)}>{ "†" }</sup> }
        </span>
    }
}

#[allow(clippy::too_many_arguments)]
fn row(
    lang: Lang,
    cell: &SlideCell,
    spec: &CellSpec,
    result: Option<CellResult>,
    busy: bool,
    running: bool,
    onrun: Callback<MouseEvent>,
) -> Html {
    let agreement: Agreement = cell.agreement(spec.bits, spec.hashes);
    let group = TARGETS
        .iter()
        .position(|&target| target == cell.target)
        .unwrap_or(0);
    let full_size = spec.items == cell.items;
    let measured = result
        .map(|result| exact(result.measured()))
        .unwrap_or_default();
    // Each cell carries its column's name: a phone shows a row as a card, a name beside each value.
    let label = |msg: Msg| lang.text(msg);
    html! {
        <tr data-testid="lab-row" data-n={spec.items.to_string()} data-target={exact(spec.target)}
            data-bits={spec.bits.to_string()} data-hashes={spec.hashes.to_string()} data-measured={measured}
            class={classes!(running.then_some("running"))}>
            <th scope="row">
                <span class="cell-head">
                    <span class="cell-name">{ format!("{} · {}", group_name(group), items_w(cell.items)) }</span>
                    <button type="button" class="small" data-testid="lab-run-cell" disabled={busy} onclick={onrun}
                        aria-label={lang.fill(Msg::LabRunCellLabel, &[("cell", &format!("{} · {}", group_name(group), items_w(cell.items)))])}>
                        { lang.text(Msg::LabRunCell) }
                    </button>
                </span>
                <span class="cell-detail">{ lang.fill(Msg::LabCellDetail, &[("rate", &percent_plain(spec.target)), ("items", &grouped(spec.items))]) }</span>
            </th>
            <td data-label="m">
                { grouped(spec.bits) }
                if full_size { { printed(lang, format!("{}W", grouped(u64::from(cell.bits_w))), agreement.bits, cell.reassembled) } }
            </td>
            <td data-label="k">
                { spec.hashes }
                if full_size { { printed(lang, cell.hashes.to_string(), agreement.hashes, cell.reassembled) } }
            </td>
            <td data-label={label(Msg::LabColMemory)}>
                { lang.size(spec.bytes() as f64) }
                if full_size { { printed(lang, format!("{}M", cell.memory_mb), agreement.memory, cell.reassembled) } }
            </td>
            { timing(lang, label(Msg::LabColInsert), result.map(|result| (result.insert_ms, result.ns_per_insert()))) }
            { timing(lang, label(Msg::LabColQuery), result.map(|result| (result.query_ms, result.ns_per_query()))) }
            <td data-testid="lab-measured" data-label={label(Msg::LabColMeasured)}>{ measured_cell(lang, result) }</td>
            <td data-label={label(Msg::LabColSlidesX)}>
                { grouped(u64::from(cell.count_x)) }
                <span class="cell-detail">{ lang.fill(Msg::LabCountX, &[("probes", &significant(cell.implied_probes()))]) }</span>
            </td>
        </tr>
    }
}

/// A phase's time and its time per key, in the column named `label`. A browser's clock ticks in
/// tenths of a millisecond at best (coarser in some), so a phase that took less says so instead of
/// "0 ns a key".
fn timing(lang: Lang, label: &'static str, times: Option<(f64, f64)>) -> Html {
    match times {
        Some((ms, _)) if ms < 0.1 => {
            html! { <td class="not-run" data-label={label}>{ lang.text(Msg::LabTimeTiny) }</td> }
        }
        Some((ms, ns)) => {
            let ms = if ms < 10.0 {
                fixed(ms, 1)
            } else {
                grouped(ms.round() as u64)
            };
            html! { <td data-label={label}>{ lang.fill(Msg::LabTime, &[("ms", &ms), ("ns", &fixed(ns, 1))]) }</td> }
        }
        None => html! { <td class="not-run" data-label={label}>{ lang.text(Msg::LabNotRun) }</td> },
    }
}

fn measured_cell(lang: Lang, result: Option<CellResult>) -> Html {
    let Some(result) = result else {
        return html! { <span class="not-run">{ lang.text(Msg::LabNotRun) }</span> };
    };
    let (low, high) = result.interval();
    let within = result.within_target();
    let [measured, low, high] = lang.chances([result.measured(), low, high]);
    html! {
        <>
        <span class="measured-rate">{ measured }</span>
        <span class="cell-detail">{ lang.fill(Msg::LabFalsePositives, &[("count", &grouped(result.false_positives)), ("probes", &grouped(result.spec.items))]) }</span>
        <span class="cell-detail">{ lang.fill(Msg::LabInterval, &[("low", &low), ("high", &high)]) }</span>
        <span class={classes!("lab-verdict", if within { "agree" } else { "differ" })}>
            { mark(lang, within) }{ " " }{ lang.text(if within { Msg::LabWithinTarget } else { Msg::LabAboveTarget }) }
        </span>
        </>
    }
}

/// The table as CSV: a header, then one line per cell, numbers as a program reads them.
pub fn lab_csv(state: &LabState) -> String {
    let mut csv = String::from(
        "cell,n,target,m,k,bytes,insert_ms,query_ms,ns_per_insert,ns_per_query,false_positives,measured,low95,high95,slides_m_w,slides_k,slides_mb,slides_x\n",
    );
    for (index, cell) in CELLS.iter().enumerate() {
        let spec = state.spec(Job::Slide(index));
        let group = TARGETS
            .iter()
            .position(|&target| target == cell.target)
            .unwrap_or(0);
        let measured: Vec<String> = match state.result(Job::Slide(index)) {
            Some(result) => {
                let (low, high) = result.interval();
                vec![
                    exact(result.insert_ms),
                    exact(result.query_ms),
                    fixed(result.ns_per_insert(), 1),
                    fixed(result.ns_per_query(), 1),
                    result.false_positives.to_string(),
                    exact(result.measured()),
                    exact(low),
                    exact(high),
                ]
            }
            None => vec![String::new(); 8],
        };
        let line: Vec<String> = [
            format!("{} {}", group_name(group), items_w(cell.items)),
            spec.items.to_string(),
            exact(spec.target),
            spec.bits.to_string(),
            spec.hashes.to_string(),
            spec.bytes().to_string(),
        ]
        .into_iter()
        .chain(measured)
        .chain([
            cell.bits_w.to_string(),
            cell.hashes.to_string(),
            cell.memory_mb.to_string(),
            cell.count_x.to_string(),
        ])
        .collect();
        csv.push_str(&line.join(","));
        csv.push('\n');
    }
    csv
}

fn csv_link(_lang: Lang, state: &LabState) -> String {
    format!(
        "data:text/csv;charset=utf-8,{}",
        crate::url::encode_component(&lab_csv(state))
    )
}

//! The filters page's measurements: the space chart (bits per key against the false-positive rate,
//! every point a real filter of a million keys built in the page's worker, against the lines
//! c·log₂(1/ε) for the Bloom filter's 1.44, the xor filter's 1.23, the binary fuse filter's 1.125
//! and the minimum's 1), its table with each rate's 95 % interval and the times, and the race of
//! the three bit arrays at ten million keys with the native figures beside.

use yew::prelude::*;

use crate::components::figure_parts::chart_axes;
use crate::format::{coord, exact, fixed, grouped, power_of_ten, significant};
use crate::hooks::use_filters_worker::use_filters_worker;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_chart_frame;
use crate::state::measured::{Batch, MeasuredAction, MeasuredState, MeasuredStatus};
use crate::strings::{Lang, Msg};
use bloom_core::chart::{Frame, Scale};
use bloom_core::modern::measured::{native_ns, Contender, Measured, Spec};

/// The chart's rates: 10⁻⁶ … 10⁻¹.
const RATE_DOMAIN: (f64, f64) = (1e-6, 1e-1);
/// The chart's bits per key.
const BITS_DOMAIN: (f64, f64) = (0.0, 32.0);
/// The lines: c·log₂(1/ε) for each c, with its name.
const LINES: [(f64, Msg, &str); 4] = [
    (
        1.0 / std::f64::consts::LN_2,
        Msg::MeasuredLineBloom,
        "bloom",
    ),
    (1.23, Msg::MeasuredLineXor, "xor"),
    (1.125, Msg::MeasuredLineFuse, "fuse"),
    (1.0, Msg::MeasuredLineMinimum, "minimum"),
];

/// The space table's columns after the structure's name.
const SPACE_COLUMNS: [Msg; 7] = [
    Msg::MeasuredColSize,
    Msg::MeasuredColBits,
    Msg::MeasuredColRate,
    Msg::MeasuredColFormula,
    Msg::MeasuredColBuild,
    Msg::MeasuredColQuery,
    Msg::MeasuredColNative,
];
/// The race table's columns after the structure's name.
const RACE_COLUMNS: [Msg; 6] = [
    Msg::MeasuredColSize,
    Msg::MeasuredColInsert,
    Msg::MeasuredColQuery,
    Msg::MeasuredColNativeBoth,
    Msg::MeasuredColRate,
    Msg::MeasuredColFormula,
];

/// The structure's name.
pub fn contender_name(contender: Contender) -> Msg {
    match contender {
        Contender::Bloom => Msg::MeasuredBloom,
        Contender::Blocked => Msg::FiltersKindBlocked,
        Contender::SplitBlock => Msg::FiltersKindSbbf,
        Contender::Cuckoo => Msg::FiltersKindCuckoo,
        Contender::Xor => Msg::FiltersKindXor,
        Contender::BinaryFuse => Msg::FiltersKindFuse,
    }
}

/// The measurements section of the filters page.
#[component]
pub fn MeasuredFilters() -> Html {
    let lang = use_lang();
    let state = use_reducer(MeasuredState::default);
    let cancel = use_filters_worker(state.clone());
    let measure = |batch| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(MeasuredAction::Measure(batch)))
    };
    let busy = state.running.is_some();
    html! {
        <section class="panel measured" aria-labelledby="measured-heading" id="measured">
            <h2 id="measured-heading">{ lang.text(Msg::MeasuredHeading) }</h2>
            <p>{ lang.text(Msg::MeasuredIntro) }</p>
            <div class="actions">
                <button type="button" class="primary" data-testid="measure-space" disabled={busy} onclick={measure(Batch::Space)}>
                    { lang.text(Msg::MeasuredSpaceButton) }
                </button>
                <button type="button" data-testid="measure-race" disabled={busy} onclick={measure(Batch::Race)}>
                    { lang.text(Msg::MeasuredRaceButton) }
                </button>
                <button type="button" data-testid="measure-cancel" disabled={!busy} onclick={cancel.reform(|_: MouseEvent| ())}>
                    { lang.text(Msg::MeasuredCancel) }
                </button>
            </div>
            <p class="lab-status" data-testid="measure-status" role="status" aria-live="polite">{ status(lang, &state) }</p>
            <SpaceChart state={state.clone()} />
            { space_table(lang, &state) }
            <h3>{ lang.text(Msg::MeasuredRaceHeading) }</h3>
            <p>{ lang.text(Msg::MeasuredRaceIntro) }</p>
            { race_table(lang, &state) }
            <p class="hint">{ lang.text(Msg::MeasuredNativeNote) }</p>
        </section>
    }
}

/// The line under the buttons: what is being measured, or how it ended.
fn status(lang: Lang, state: &MeasuredState) -> String {
    match (state.status, state.running) {
        (_, Some(running)) => {
            let (done, asked) = state.progress();
            lang.fill(
                Msg::MeasuredRunning,
                &[
                    ("at", &(done + 1).to_string()),
                    ("total", &asked.to_string()),
                    ("what", &spec_name(lang, &state.specs[running.index])),
                ],
            )
        }
        (MeasuredStatus::Idle, None) | (MeasuredStatus::Running, None) => {
            lang.text(Msg::MeasuredIdle).to_owned()
        }
        (MeasuredStatus::Finished, None) => {
            let mut line = lang.text(Msg::MeasuredFinished).to_owned();
            for &index in &state.failed {
                // A sentence after an English one takes a space; after "。" none.
                if line.ends_with('.') {
                    line.push(' ');
                }
                line.push_str(&lang.fill(
                    Msg::MeasuredFailed,
                    &[("what", &spec_name(lang, &state.specs[index]))],
                ));
            }
            line
        }
        (MeasuredStatus::Cancelled, None) => lang.text(Msg::MeasuredCancelled).to_owned(),
        (MeasuredStatus::NoWorker, None) => lang.text(Msg::MeasuredNoWorker).to_owned(),
    }
}

/// "Blocked Bloom filter, m = 2²³ bits": a measurement's structure and size.
fn spec_name(lang: Lang, spec: &Spec) -> String {
    format!(
        "{}{}{}",
        lang.text(contender_name(spec.contender)),
        lang.text(Msg::ListSeparator),
        size_text(lang, spec, None)
    )
}

/// A measurement's size: m (and k, once measured) for a bit array, f (and the load reached) for
/// the others.
fn size_text(lang: Lang, spec: &Spec, found: Option<&Measured>) -> String {
    let f = spec.size.to_string();
    match (spec.contender.sized_in_bits(), found) {
        (true, Some(found)) => lang.fill(
            Msg::MeasuredSizeBits,
            &[
                ("m", &power_of_two(spec.size)),
                ("k", &found.hashes.to_string()),
            ],
        ),
        (true, None) => lang.fill(Msg::MeasuredSizeM, &[("m", &power_of_two(spec.size))]),
        (false, Some(found)) if spec.contender == Contender::Cuckoo => lang.fill(
            Msg::MeasuredSizeCuckoo,
            &[("f", &f), ("load", &lang.percent(found.load()))],
        ),
        (false, _) => lang.fill(Msg::MeasuredSizeFingerprint, &[("f", &f)]),
    }
}

/// 2 with `exponent` written as a superscript: "2²³".
fn power_of_two(exponent: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let written: String = exponent
        .to_string()
        .chars()
        .filter_map(|digit| digit.to_digit(10).map(|d| DIGITS[d as usize]))
        .collect();
    format!("2{written}")
}

/// A measured rate with its interval: "0.0179 (0.0177–0.0182)"; "0 of 1,000,000" when none was
/// answered "maybe".
fn rate_text(found: &Measured) -> String {
    if found.false_positives == 0 {
        return format!("0 / {}", grouped(found.spec.strangers));
    }
    let (low, high) = found.interval();
    format!(
        "{} ({}–{})",
        significant(found.rate()),
        significant(low),
        significant(high)
    )
}

/// Nanoseconds, to one decimal.
fn nanoseconds(value: f64) -> String {
    fixed(value, 1)
}

/// A table's head: the structure, then `columns`.
fn head_row(lang: Lang, columns: &[Msg]) -> Html {
    html! {
        <tr>
            <th scope="col">{ lang.text(Msg::MeasuredColStructure) }</th>
            { for columns.iter().map(|&column| html! { <th scope="col">{ lang.text(column) }</th> }) }
        </tr>
    }
}

/// A row's values, each labelled with its column's name (a phone shows a row as a card: each value
/// under its name).
fn cells<const N: usize>(lang: Lang, columns: &[Msg; N], values: [String; N]) -> Html {
    html! {
        { for columns.iter().zip(values).map(|(&column, value)| html! {
            <td data-label={lang.text(column)}>{ value }</td>
        }) }
    }
}

fn space_table(lang: Lang, state: &MeasuredState) -> Html {
    let rows = state.found(Batch::Space);
    if rows.is_empty() {
        return Html::default();
    }
    html! {
        <div class="table-scroll">
            <table class="measured-table" data-testid="space-table">
                <caption class="visually-hidden">{ lang.text(Msg::MeasuredHeading) }</caption>
                <thead>
                    { head_row(lang, &SPACE_COLUMNS) }
                </thead>
                <tbody>
                    { for rows.iter().map(|(index, found)| space_row(lang, *index, found)) }
                </tbody>
            </table>
        </div>
    }
}

fn space_row(lang: Lang, index: usize, found: &Measured) -> Html {
    let spec = found.spec;
    let native = native_ns(&spec);
    html! {
        <tr key={index} data-testid="space-row" data-structure={spec.contender.id()} data-size={spec.size.to_string()}
            data-bits-per-key={exact(found.bits_per_key())} data-rate={exact(found.rate())} data-n={found.inserted.to_string()}
            data-false-positives={found.false_positives.to_string()} data-strangers={spec.strangers.to_string()}
            data-formula={exact(found.formula)}>
            <th scope="row">{ lang.text(contender_name(spec.contender)) }</th>
            { cells(lang, &SPACE_COLUMNS, [
                size_text(lang, &spec, Some(found)),
                fixed(found.bits_per_key(), 2),
                rate_text(found),
                significant(found.formula),
                nanoseconds(found.build_ns()),
                nanoseconds(found.query_ns()),
                native.map(|(_, query)| nanoseconds(query)).unwrap_or_default(),
            ]) }
        </tr>
    }
}

fn race_table(lang: Lang, state: &MeasuredState) -> Html {
    let rows = state.found(Batch::Race);
    if rows.is_empty() {
        return Html::default();
    }
    let bloom = rows
        .iter()
        .find(|(_, found)| found.spec.contender == Contender::Bloom);
    html! {
        <>
            <div class="table-scroll">
                <table class="measured-table" data-testid="race-table">
                    <caption class="visually-hidden">{ lang.text(Msg::MeasuredRaceHeading) }</caption>
                    <thead>
                        { head_row(lang, &RACE_COLUMNS) }
                    </thead>
                    <tbody>
                        { for rows.iter().map(|(index, found)| race_row(lang, *index, found)) }
                    </tbody>
                </table>
            </div>
            if let Some((_, bloom)) = bloom {
                { race_summary(lang, bloom, &rows) }
            }
        </>
    }
}

fn race_row(lang: Lang, index: usize, found: &Measured) -> Html {
    let spec = found.spec;
    let native = native_ns(&spec)
        .map(|(build, query)| format!("{} / {}", nanoseconds(build), nanoseconds(query)))
        .unwrap_or_default();
    html! {
        <tr key={index} data-testid="race-row" data-structure={spec.contender.id()} data-n={found.inserted.to_string()}
            data-insert-ns={exact(found.build_ns())} data-query-ns={exact(found.query_ns())} data-rate={exact(found.rate())}
            data-false-positives={found.false_positives.to_string()} data-strangers={spec.strangers.to_string()}
            data-formula={exact(found.formula)}>
            <th scope="row">{ lang.text(contender_name(spec.contender)) }</th>
            { cells(lang, &RACE_COLUMNS, [
                size_text(lang, &spec, Some(found)),
                nanoseconds(found.build_ns()),
                nanoseconds(found.query_ns()),
                native,
                rate_text(found),
                significant(found.formula),
            ]) }
        </tr>
    }
}

/// What the race found, in words: each blocked filter's query time as a share of the standard
/// filter's, faster or slower, and the rate each has at the same memory.
fn race_summary(lang: Lang, bloom: &Measured, rows: &[(usize, Measured)]) -> Html {
    let of = |contender| {
        rows.iter()
            .find(|(_, found)| found.spec.contender == contender)
            .map(|(_, found)| found)
    };
    let (Some(blocked), Some(split)) = (of(Contender::Blocked), of(Contender::SplitBlock)) else {
        return Html::default();
    };
    let ratio = |found: &Measured| found.query_ns() / bloom.query_ns().max(f64::MIN_POSITIVE);
    let share = |found: &Measured| lang.percent(ratio(found));
    // Said outright: a filter that reads one line can still lose on time (its hashing).
    let verdict = |found: &Measured| {
        lang.text(if ratio(found) < 1.0 {
            Msg::MeasuredFaster
        } else {
            Msg::MeasuredSlower
        })
    };
    html! {
        <p data-testid="race-summary">{ lang.fill(Msg::MeasuredRaceSummary, &[
            ("blocked", &share(blocked)),
            ("blocked_verdict", verdict(blocked)),
            ("sbbf", &share(split)),
            ("sbbf_verdict", verdict(split)),
            ("rate_blocked", &significant(blocked.rate())),
            ("rate_sbbf", &significant(split.rate())),
            ("rate_bloom", &significant(bloom.rate())),
        ]) }</p>
    }
}

/// Props of [`SpaceChart`].
#[derive(Properties, PartialEq, Clone)]
struct SpaceChartProps {
    state: UseReducerHandle<MeasuredState>,
}

/// Bits per key against the rate: the lines, then each measured point with its interval.
#[component]
fn SpaceChart(props: &SpaceChartProps) -> Html {
    let lang = use_lang();
    let container = use_node_ref();
    let frame = use_chart_frame(container.clone(), 640.0, 0.6);
    let x = frame.horizontal(RATE_DOMAIN, true);
    let y = frame.vertical(BITS_DOMAIN, false);
    let points = props.state.found(Batch::Space);
    html! {
        <figure class="space-chart" ref={container} data-testid="space-chart">
            <svg viewBox={format!("0 0 {} {}", coord(frame.width), coord(frame.height))} class="chart" role="img" aria-labelledby="space-desc">
                <desc id="space-desc">{ lang.text(Msg::MeasuredChartDesc) }</desc>
                { grid(&frame, &x, &y) }
                { chart_axes(&frame, 4.0, lang.text(Msg::MeasuredAxisRate)) }
                <text class="axis-label" x={coord(frame.left - 36.0)} y={coord((frame.top + frame.bottom) / 2.0)} text-anchor="middle"
                    transform={format!("rotate(-90 {} {})", coord(frame.left - 36.0), coord((frame.top + frame.bottom) / 2.0))}>
                    { lang.text(Msg::MeasuredAxisBits) }
                </text>
                { for LINES.iter().map(|&(factor, name, id)| limit_line(lang, &x, &y, factor, name, id)) }
                { for points.iter().map(|(index, found)| point(&x, &y, *index, found)) }
            </svg>
            <figcaption>
                <ul class="space-legend">
                    { for LINES.iter().map(|&(_, name, id)| html! {
                        <li key={id} class="line-key">
                            <svg class={format!("legend-mark limit-{id}")} viewBox="0 -8 24 16" aria-hidden="true"><line x1="0" y1="0" x2="24" y2="0" /></svg>
                            { lang.text(name) }
                        </li>
                    }) }
                    { for bloom_core::modern::measured::Contender::ALL.iter().map(|&contender| html! {
                        <li key={contender.id()}>
                            <svg class="legend-mark" viewBox="-8 -8 16 16" aria-hidden="true">{ mark(contender, 0.0, 0.0) }</svg>
                            { lang.text(contender_name(contender)) }
                        </li>
                    }) }
                </ul>
            </figcaption>
        </figure>
    }
}

fn grid(frame: &Frame, x: &Scale, y: &Scale) -> Html {
    html! {
        <g class="grid">
            { for (-6..=-1).filter_map(|exponent| x.map(10f64.powi(exponent)).map(|px| html! {
                <g key={format!("x{exponent}")}>
                    <line x1={fixed(px, 1)} x2={fixed(px, 1)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
                    <text class="tick-label" x={fixed(px, 1)} y={coord(frame.bottom + 20.0)} text-anchor="middle">{ power_of_ten(exponent) }</text>
                </g>
            })) }
            { for (0..=32).step_by(4).filter_map(|bits| y.map(f64::from(bits)).map(|py| html! {
                <g key={format!("y{bits}")}>
                    <line x1={coord(frame.left)} x2={coord(frame.right)} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                    <text class="tick-label" x={coord(frame.left - 6.0)} y={fixed(py + 4.0, 1)} text-anchor="end">{ bits }</text>
                </g>
            })) }
        </g>
    }
}

/// The line c·log₂(1/ε) across the chart, named at its left end (where the rates are smallest and
/// the lines furthest apart).
fn limit_line(lang: Lang, x: &Scale, y: &Scale, factor: f64, name: Msg, id: &str) -> Html {
    let at = |rate: f64| Some((x.map(rate)?, y.map(factor * -rate.log2())?));
    let (Some(start), Some(end)) = (at(RATE_DOMAIN.0), at(RATE_DOMAIN.1)) else {
        return Html::default();
    };
    html! {
        <g class={format!("limit-line limit-{id}")} data-testid="limit-line" data-factor={exact(factor)}>
            <line x1={fixed(start.0, 1)} y1={fixed(start.1, 1)} x2={fixed(end.0, 1)} y2={fixed(end.1, 1)} />
            <text class="line-label" x={fixed(start.0 + 4.0, 1)} y={fixed(start.1 - 4.0, 1)}>{ lang.text(name) }</text>
        </g>
    }
}

/// A structure's mark at (`cx`, `cy`): each its own shape, so the chart reads without colour.
fn mark(contender: Contender, cx: f64, cy: f64) -> Html {
    let class = format!("space-mark mark-{}", contender.id());
    let (px, py) = (fixed(cx, 1), fixed(cy, 1));
    match contender {
        Contender::Bloom => html! { <circle {class} cx={px} cy={py} r="5" /> },
        Contender::Blocked => {
            html! { <rect {class} x={fixed(cx - 4.5, 1)} y={fixed(cy - 4.5, 1)} width="9" height="9" /> }
        }
        Contender::SplitBlock => html! {
            <path {class} d={format!("M{} {}l5 5l-5 5l-5 -5z", fixed(cx, 1), fixed(cy - 5.0, 1))} />
        },
        Contender::Cuckoo => html! {
            <path {class} d={format!("M{} {}l5.5 9.5h-11z", fixed(cx, 1), fixed(cy - 6.0, 1))} />
        },
        Contender::Xor => html! {
            <path {class} d={format!("M{} {}l8 8m0 -8l-8 8", fixed(cx - 4.0, 1), fixed(cy - 4.0, 1))} />
        },
        Contender::BinaryFuse => html! {
            <path {class} d={format!("M{} {}h10m-5 -5v10", fixed(cx - 5.0, 1), fixed(cy, 1))} />
        },
    }
}

/// A measured filter: its mark at its rate and bits per key, and a bar across its interval.
fn point(x: &Scale, y: &Scale, index: usize, found: &Measured) -> Html {
    let floor = RATE_DOMAIN.0;
    let (low, high) = found.interval();
    let at = |rate: f64| x.map_clamped(rate.max(floor));
    let Some(py) = y.map(found.bits_per_key()) else {
        return Html::default();
    };
    html! {
        <g key={index} class="space-point" data-testid="space-point" data-structure={found.spec.contender.id()}>
            <line class="interval" x1={fixed(at(low), 1)} x2={fixed(at(high), 1)} y1={fixed(py, 1)} y2={fixed(py, 1)} />
            { mark(found.spec.contender, at(found.rate()), py) }
        </g>
    }
}

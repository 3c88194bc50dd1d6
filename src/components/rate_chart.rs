//! The false-positive rate against n: the three predicted curves for the current m and k, one live
//! point per inserted item (the filter's own (X/m)^k, and the rate measured on never-inserted probe
//! strings with its 95% Wilson interval), readouts at the current n, a linear/log switch, a table for
//! screen readers, and a "Compare schemes" experiment drawn on the same axes.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use web_sys::Element;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

use crate::bloom::chart::{self, log_axis_bottom, nice_ticks, Frame, RateCurves, Scale};
use crate::bloom::experiment::SchemeComparison;
use crate::bloom::fpr;
use crate::bloom::hashing::HashScheme;
use crate::bloom::measure::wilson_interval;
use crate::bloom::playground::Playground;
use crate::components::rate_point::RatePoint;
use crate::export::{download_data_url, download_text, standalone_svg, svg_to_png};
use crate::format::{fixed, grouped, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_width;
use crate::strings::{scheme_name, Msg};

/// The log axis never goes below this rate.
const LOG_FLOOR: f64 = 1e-12;
/// How long "Compare schemes" runs, and how long it computes before letting the page paint.
const COMPARE_MILLIS: f64 = 1000.0;
const COMPARE_SLICE_MILLIS: f64 = 40.0;
/// Rows in the screen-reader table.
const TABLE_ROWS: u64 = 10;

/// Props of [`RateChart`].
#[derive(Properties, PartialEq, Clone)]
pub struct RateChartProps {
    /// The filter, its items and live points.
    pub playground: Rc<Playground>,
}

fn now_millis() -> f64 {
    web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}

/// A tick label: a decade on a log axis, else the value with few digits.
fn tick_label(value: f64, log: bool) -> String {
    if log {
        power_of_ten(value.log10().round() as i32)
    } else if value >= 1000.0 {
        grouped(value as u64)
    } else {
        significant(value)
    }
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

/// The rate chart with its readouts and the scheme comparison.
#[component]
pub fn RateChart(props: &RateChartProps) -> Html {
    let lang = use_lang();
    let figure = use_node_ref();
    let frame = Frame::new(use_width(figure.clone()).unwrap_or(480.0), 0.62);
    let log = use_state(|| false);
    let comparison = use_state(|| None::<Comparison>);
    // Bumped whenever a new comparison starts, so an older one still running stops.
    let generation = use_mut_ref(|| Rc::new(Cell::new(0u32)));

    let playground = &props.playground;
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let n = playground.items().len() as u64;
    let end = chart::items_axis_end(fpr::items_at_rate(m, k, 0.5), n);
    let curves = use_memo((m, k, end), |&(m, k, end)| RateCurves::new(m, k, end));
    let key = (m, k, end);
    let current_comparison = (*comparison)
        .as_ref()
        .filter(|c| c.key == key)
        .map(|c| &c.result);

    // Readouts at the current n.
    let stats = playground.stats();
    let approx = fpr::approximate(m, k, n);
    let classic = fpr::classic(m, k, n);
    let exact = curves.exact[n as usize];
    let fill = stats.false_positive_rate();
    let probes = playground.probe_count();
    let positives = playground.measured_positives();
    let measured = playground.measured_rate();
    let (low, high) = wilson_interval(u64::from(positives), u64::from(probes));

    // Scales.
    let x = Scale::linear((0.0, end as f64), (frame.left, frame.right));
    let points = playground.points();
    let y = if *log {
        let bottom = log_axis_bottom(
            curves
                .approximate
                .iter()
                .copied()
                .chain(points.iter().map(|p| fpr::from_fill(p.set_bits, m, k))),
            LOG_FLOOR,
        );
        Scale::log((bottom, 1.0), (frame.bottom, frame.top))
    } else {
        let highest = curves.exact.iter().copied().fold(0.0, f64::max).max(0.05);
        let top = nice_ticks(0.0, highest, 5).last().copied().unwrap_or(1.0);
        let top = if top < highest {
            top + (highest - top).max(0.1)
        } else {
            top
        };
        Scale::linear((0.0, top.min(1.0)), (frame.bottom, frame.top))
    };
    let samples: Vec<f64> = curves.samples.iter().map(|&n| n as f64).collect();
    let approx_path = chart::path(
        samples
            .iter()
            .copied()
            .zip(curves.approximate.iter().copied()),
        &x,
        &y,
    );
    let classic_path = chart::path(
        samples.iter().copied().zip(curves.classic.iter().copied()),
        &x,
        &y,
    );
    let exact_path = chart::path(curves.exact_at_samples(), &x, &y);

    let on_log = {
        let log = log.clone();
        Callback::from(move |_: Event| log.set(!*log))
    };
    let on_compare = {
        let comparison = comparison.clone();
        let generation = generation.borrow().clone();
        Callback::from(move |_: MouseEvent| {
            let run = generation.get().wrapping_add(1);
            generation.set(run);
            let generation = generation.clone();
            let comparison = comparison.clone();
            let mut result = SchemeComparison::new(m, k, end);
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
                    loop {
                        result.run_trial(seed);
                        seed += 1;
                        if now_millis() - slice >= COMPARE_SLICE_MILLIS {
                            break;
                        }
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
    };

    // Downloads for slides: the drawing as it is on screen, with its colours written in.
    let chart_svg = {
        let figure = figure.clone();
        move || -> Option<String> {
            let svg = figure
                .cast::<Element>()?
                .query_selector("svg.chart")
                .ok()??;
            let background = web_sys::window()
                .and_then(|window| window.get_computed_style(&svg).ok().flatten())
                .and_then(|style| style.get_property_value("--panel").ok())
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty())
                .unwrap_or_else(|| "#ffffff".into());
            standalone_svg(&svg, &background).ok()
        }
    };
    let on_export_svg = {
        let chart_svg = chart_svg.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = chart_svg() {
                let _ = download_text(&text, "image/svg+xml", "bloom-filter-chart.svg");
            }
        })
    };
    let on_export_png = Callback::from(move |_: MouseEvent| {
        if let Some(text) = chart_svg() {
            spawn_local(async move {
                if let Ok(url) = svg_to_png(&text, frame.width, frame.height, 2.0).await {
                    let _ = download_data_url(&url, "bloom-filter-chart.png");
                }
            });
        }
    });

    let number = |value: f64| significant(value);
    let probes_text = grouped(u64::from(probes));
    let summary = lang.fill(
        Msg::ChartSummary,
        &[
            ("n", &grouped(n)),
            ("approx", &number(approx)),
            ("classic", &number(classic)),
            ("exact", &number(exact)),
            ("fill", &number(fill)),
            ("probes", &probes_text),
            ("measured", &number(measured)),
        ],
    );
    let title = lang.fill(
        Msg::ChartTitle,
        &[("m", &m.to_string()), ("k", &k.to_string())],
    );

    let x_ticks = nice_ticks(0.0, end as f64, 6);
    let y_ticks = y.ticks(if *log { 7 } else { 5 });
    let current_x = x.map(n as f64).unwrap_or(frame.left);

    let compare_paths: Vec<Html> = current_comparison
        .filter(|result| result.trials > 0)
        .map(|result| {
            HashScheme::ALL
                .iter()
                .map(|&scheme| {
                    let (class, dash) = scheme_style(scheme);
                    let rates = result.rates(scheme);
                    let d = chart::path(rates.iter().map(|&(n, rate)| (n as f64, rate)), &x, &y);
                    html! { <path class={classes!("series", class)} d={d} stroke-dasharray={dash} /> }
                })
                .collect()
        })
        .unwrap_or_default();

    let live_points = points.iter().map(|point| {
        let fill_rate = fpr::from_fill(point.set_bits, m, k);
        let measured_rate = f64::from(point.positives) / f64::from(probes.max(1));
        let (low, high) = wilson_interval(u64::from(point.positives), u64::from(probes));
        html! {
            <RatePoint
                key={point.items}
                items={point.items}
                fill={fill_rate}
                measured={measured_rate}
                x={x.map(point.items as f64).unwrap_or(frame.left)}
                fill_y={y.map(fill_rate)}
                measured_y={y.map(measured_rate)}
                interval_y={(y.map_clamped(low), y.map_clamped(high))}
            />
        }
    });

    // The screen-reader table: a few evenly spaced n and the current one.
    let mut table_items: Vec<u64> = (0..=TABLE_ROWS).map(|i| end * i / TABLE_ROWS).collect();
    table_items.push(n);
    table_items.sort_unstable();
    table_items.dedup();

    let compare_status = current_comparison.map(|result| {
        let running = (*comparison).as_ref().is_some_and(|c| c.running);
        let trials = grouped(u64::from(result.trials));
        let status = if running {
            lang.fill(Msg::CompareRunning, &[("trials", &trials)])
        } else {
            lang.fill(Msg::CompareDone, &[("trials", &trials), ("probes", &grouped(result.probes_tested()))])
        };
        // Rates at the sample nearest the current n (or the first sample before any insert).
        let at = result
            .sample_items
            .iter()
            .copied()
            .min_by_key(|&sample| sample.abs_diff(n.max(1)))
            .unwrap_or(1);
        let rates_at: Vec<(HashScheme, f64)> = HashScheme::ALL
            .iter()
            .map(|&scheme| {
                let rate = result.rates(scheme).into_iter().find(|&(items, _)| items == at).map_or(0.0, |(_, rate)| rate);
                (scheme, rate)
            })
            .collect();
        let rates: Vec<String> = rates_at
            .iter()
            .map(|&(scheme, rate)| format!("{} {}", lang.text(scheme_name(scheme)), significant(rate)))
            .collect();
        // For checking from outside: "double:0.0003,enhanced:0,…".
        let rate_values: Vec<String> = rates_at.iter().map(|(scheme, rate)| format!("{}:{rate}", scheme.id())).collect();
        let at_text = lang.fill(
            Msg::CompareAt,
            &[("n", &grouped(at)), ("rates", &rates.join("; ")), ("exact", &significant(curves.exact[at as usize]))],
        );
        html! {
            <div class="compare-status" data-testid="compare-status" data-trials={result.trials.to_string()}
                data-running={running.to_string()} data-at={at.to_string()} data-rates={rate_values.join(",")} role="status">
                <p>{ status }</p>
                if result.trials > 0 {
                    <p>{ at_text }</p>
                }
            </div>
        }
    });

    html! {
        <div class="rate-chart">
            <div class="chart-toolbar">
                <button type="button" class="small" data-testid="export-chart-svg" onclick={on_export_svg}>{ lang.text(Msg::ExportSvg) }</button>
                <button type="button" class="small" data-testid="export-chart-png" onclick={on_export_png}>{ lang.text(Msg::ExportPng) }</button>
                <label class="toggle">
                    <input type="checkbox" data-testid="log-toggle" checked={*log} onchange={on_log} />
                    { " " }{ lang.text(Msg::ChartLogToggle) }
                </label>
            </div>
            <figure ref={figure} class="chart-figure" data-testid="fpr-chart" data-scale={if *log { "log" } else { "linear" }}>
                <svg viewBox={format!("0 0 {} {}", frame.width, frame.height)} role="img" aria-labelledby="fpr-chart-title fpr-chart-desc"
                    class="chart">
                    <title id="fpr-chart-title">{ title.clone() }</title>
                    <desc id="fpr-chart-desc">{ summary.clone() }</desc>
                    <g class="grid">
                        { for y_ticks.iter().filter_map(|&tick| y.map(tick).map(|py| html! {
                            <g key={format!("y{tick}")}>
                                <line x1={frame.left.to_string()} x2={frame.right.to_string()} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                                <text class="tick-label" x={(frame.left - 6.0).to_string()} y={fixed(py + 4.0, 1)} text-anchor="end">
                                    { tick_label(tick, *log) }
                                </text>
                            </g>
                        })) }
                        { for x_ticks.iter().filter_map(|&tick| x.map(tick).map(|px| html! {
                            <g key={format!("x{tick}")}>
                                <line x1={fixed(px, 1)} x2={fixed(px, 1)} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                                <text class="tick-label" x={fixed(px, 1)} y={(frame.bottom + 20.0).to_string()} text-anchor="middle">
                                    { tick_label(tick, false) }
                                </text>
                            </g>
                        })) }
                    </g>
                    <line class="axis" x1={frame.left.to_string()} x2={frame.right.to_string()} y1={frame.bottom.to_string()} y2={frame.bottom.to_string()} />
                    <line class="axis" x1={frame.left.to_string()} x2={frame.left.to_string()} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                    <text class="axis-label" x={((frame.left + frame.right) / 2.0).to_string()} y={(frame.height - 12.0).to_string()} text-anchor="middle">
                        { lang.text(Msg::ChartAxisItems) }
                    </text>
                    <text class="axis-label" transform={format!("translate(16 {}) rotate(-90)", (frame.top + frame.bottom) / 2.0)} text-anchor="middle">
                        { lang.text(Msg::ChartAxisRate) }
                    </text>
                    <line class="current-n" x1={fixed(current_x, 1)} x2={fixed(current_x, 1)} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                    <text class="current-n-label" x={fixed((current_x + 4.0).min(frame.right - 40.0), 1)} y={(frame.top + 12.0).to_string()}>
                        { lang.fill(Msg::ChartCurrentN, &[("n", &grouped(n))]) }
                    </text>
                    <defs>
                        // Values below the log axis's floor are not drawn past the axis.
                        <clipPath id="fpr-plot-area">
                            <rect x={(frame.left - 4.0).to_string()} y={(frame.top - 4.0).to_string()}
                                width={(frame.right - frame.left + 8.0).to_string()} height={(frame.bottom - frame.top + 8.0).to_string()} />
                        </clipPath>
                    </defs>
                    <g clip-path="url(#fpr-plot-area)">
                        <path class="series series-approx" d={approx_path} />
                        <path class="series series-classic" d={classic_path} stroke-dasharray="7 4" />
                        <path class="series series-exact" d={exact_path} stroke-dasharray="2 3" />
                        { for compare_paths }
                        <g class="live-points">{ for live_points }</g>
                    </g>
                </svg>
                <figcaption>
                    <ul class="chart-legend">
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-approx" x1="0" x2="30" y1="5" y2="5" /></svg>{ lang.text(Msg::ChartLegendApprox) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-classic" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="7 4" /></svg>{ lang.text(Msg::ChartLegendClassic) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-exact" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="2 3" /></svg>{ lang.text(Msg::ChartLegendExact) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><circle class="marker-fill" cx="15" cy="5" r="3" /></svg>{ lang.text(Msg::ChartLegendFill) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="error-bar" x1="15" x2="15" y1="0" y2="10" /><rect class="marker-measured" x="12" y="2" width="6" height="6" /></svg>{ lang.fill(Msg::ChartLegendMeasured, &[("probes", &probes_text)]) }</li>
                        if current_comparison.is_some_and(|result| result.trials > 0) {
                            { for HashScheme::ALL.iter().map(|&scheme| {
                                let (class, dash) = scheme_style(scheme);
                                html! {
                                    <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class={classes!("series", class)} x1="0" x2="30" y1="5" y2="5" stroke-dasharray={dash} /></svg>
                                    { lang.fill(Msg::CompareLegend, &[("scheme", lang.text(scheme_name(scheme)))]) }</li>
                                }
                            }) }
                        }
                    </ul>
                </figcaption>
            </figure>

            <details class="chart-table">
                <summary>{ lang.text(Msg::ChartTableSummary) }</summary>
                <table>
                    <caption>{ title }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ lang.text(Msg::ChartTableItems) }</th>
                            <th scope="col">{ lang.text(Msg::ReadoutApprox) }</th>
                            <th scope="col">{ lang.text(Msg::ReadoutClassic) }</th>
                            <th scope="col">{ lang.text(Msg::ReadoutExact) }</th>
                            <th scope="col">{ lang.text(Msg::ReadoutFill) }</th>
                            <th scope="col">{ lang.text(Msg::ReadoutMeasured) }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for table_items.iter().map(|&row| {
                            let point = (row >= 1).then(|| points.get(row as usize - 1)).flatten();
                            html! {
                                <tr key={row}>
                                    <th scope="row">{ grouped(row) }</th>
                                    <td>{ significant(fpr::approximate(m, k, row)) }</td>
                                    <td>{ significant(fpr::classic(m, k, row)) }</td>
                                    <td>{ significant(curves.exact[row as usize]) }</td>
                                    <td>{ point.map(|p| significant(fpr::from_fill(p.set_bits, m, k))).unwrap_or_default() }</td>
                                    <td>{ point.map(|p| significant(f64::from(p.positives) / f64::from(probes.max(1)))).unwrap_or_default() }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </details>

            <h3 class="readouts-heading">{ lang.text(Msg::ReadoutsHeading) }{ " · " }{ lang.fill(Msg::ChartCurrentN, &[("n", &grouped(n))]) }</h3>
            <dl class="readouts">
                <div><dt>{ lang.text(Msg::ReadoutApprox) }</dt>
                    <dd data-testid="fpr-approx" data-value={approx.to_string()}>{ number(approx) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutClassic) }</dt>
                    <dd data-testid="fpr-classic" data-value={classic.to_string()}>{ number(classic) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutExact) }</dt>
                    <dd data-testid="fpr-exact" data-value={exact.to_string()}>{ number(exact) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutFill) }</dt>
                    <dd data-testid="fpr-fill" data-value={fill.to_string()}>{ number(fill) }</dd></div>
                <div class="wide"><dt>{ lang.text(Msg::ReadoutMeasured) }</dt>
                    <dd data-testid="fpr-measured" data-value={measured.to_string()} data-probes={probes.to_string()}>
                        { number(measured) }
                        <span class="stat-note">{ " " }{ lang.fill(Msg::ReadoutMeasuredDetail, &[
                            ("positives", &grouped(u64::from(positives))),
                            ("probes", &probes_text),
                            ("low", &number(low)),
                            ("high", &number(high)),
                        ]) }</span>
                    </dd></div>
            </dl>
            <p class="explain">{ lang.text(Msg::ChartWhyExact) }</p>

            <div class="compare">
                <button type="button" data-testid="compare-button" onclick={on_compare}>
                    { lang.text(Msg::CompareButton) }
                </button>
                <p class="hint">{ lang.text(Msg::CompareHint) }</p>
                { compare_status.unwrap_or_default() }
                <p class="hint">{ lang.text(Msg::CompareNote) }</p>
            </div>
        </div>
    }
}

//! The false-positive rate against n: the three predicted curves for the current m and k, one live
//! point per inserted item (the filter's own (X/m)^k, and the rate measured on never-inserted probe
//! strings with its 95% Wilson interval), readouts at the current n, a linear/log switch, a table for
//! screen readers. The site adds its own parts through [`ChartSlot`]s — downloads for slides and the
//! "Compare schemes" experiment drawn on the same axes ([`super::compared_rate_chart`]) — so a
//! widget that shows the chart alone does not carry them.

use std::rc::Rc;

use yew::prelude::*;

use crate::bloom::chart::{self, nice_ticks, Frame, RateCurves, Scale};
use crate::bloom::fpr;
use crate::bloom::measure::{measured_rate, wilson_interval};
use crate::bloom::playground::Playground;
use crate::components::rate_point::RatePoint;
use crate::format::{fixed, grouped, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_width;
use crate::strings::{Lang, Msg};

/// The log axis never goes below this rate.
const LOG_FLOOR: f64 = 1e-12;
/// Rows in the screen-reader table.
const TABLE_ROWS: u64 = 10;

/// Where a site part goes in the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartSlot {
    /// Buttons before the log switch.
    Toolbar,
    /// Series drawn inside the plot area, on the chart's own axes.
    Overlay,
    /// Entries at the end of the legend.
    Legend,
    /// After the readouts.
    Below,
}

/// What a site part of the chart is given: where it goes, the filter's parameters, the axes and
/// the figure (for downloads).
#[derive(Clone, PartialEq)]
pub struct ChartPart {
    /// Which place is being drawn.
    pub slot: ChartSlot,
    /// m, k, the end of the n axis, and the current n.
    pub bits: u32,
    /// k.
    pub hashes: u32,
    /// The largest n on the axis.
    pub end: u64,
    /// The current n.
    pub items: u64,
    /// The exact rate for every n from 0 to `end`.
    pub exact: Rc<RateCurves>,
    /// The horizontal axis.
    pub x: Scale,
    /// The vertical axis.
    pub y: Scale,
    /// The chart's size.
    pub frame: Frame,
    /// The `<figure>` holding the chart's SVG.
    pub figure: NodeRef,
}

/// Props of [`RateChart`].
#[derive(Properties, PartialEq, Clone)]
pub struct RateChartProps {
    /// The filter, its items and live points.
    pub playground: Rc<Playground>,
    /// The site's parts, drawn into their slots (none in a widget).
    #[prop_or_default]
    pub parts: Option<Callback<ChartPart, Html>>,
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

/// The rate chart with its readouts.
#[component]
pub fn RateChart(props: &RateChartProps) -> Html {
    let lang = use_lang();
    let figure = use_node_ref();
    let frame = Frame::new(use_width(figure.clone()).unwrap_or(480.0), 0.62);
    let log = use_state(|| false);

    let playground = &props.playground;
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let n = playground.items().len() as u64;
    let end = chart::items_axis_end(fpr::items_at_rate(m, k, 0.5), n);
    let curves = use_memo((m, k, end), |&(m, k, end)| RateCurves::new(m, k, end));

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
    let fill_rates = points.iter().map(|p| fpr::from_fill(p.set_bits, m, k));
    let y = Scale::from_domain(
        chart::rate_domain(&curves, fill_rates, *log, LOG_FLOOR),
        (frame.bottom, frame.top),
        *log,
    );
    let on_log = {
        let log = log.clone();
        Callback::from(move |_: Event| log.set(!*log))
    };
    let probes_text = grouped(u64::from(probes));
    let summary = summary(
        lang,
        n,
        [approx, classic, exact, fill, measured],
        &probes_text,
    );
    let title = lang.fill(
        Msg::ChartTitle,
        &[("m", &m.to_string()), ("k", &k.to_string())],
    );

    let table_items = chart::table_rows(end, n, TABLE_ROWS);

    let part = |slot: ChartSlot| -> Html {
        props.parts.as_ref().map_or_else(Html::default, |parts| {
            parts.emit(ChartPart {
                slot,
                bits: m,
                hashes: k,
                end,
                items: n,
                exact: curves.clone(),
                x,
                y,
                frame,
                figure: figure.clone(),
            })
        })
    };

    html! {
        <div class="rate-chart">
            <div class="chart-toolbar">
                { part(ChartSlot::Toolbar) }
                <label class="toggle">
                    <input type="checkbox" data-testid="log-toggle" checked={*log} onchange={on_log} />
                    { " " }{ lang.text(Msg::ChartLogToggle) }
                </label>
            </div>
            <figure ref={figure.clone()} class="chart-figure" data-testid="fpr-chart" data-scale={if *log { "log" } else { "linear" }}>
                <svg viewBox={format!("0 0 {} {}", frame.width, frame.height)} role="img" aria-labelledby="fpr-chart-title fpr-chart-desc"
                    class="chart">
                    <title id="fpr-chart-title">{ title.clone() }</title>
                    <desc id="fpr-chart-desc">{ summary.clone() }</desc>
                    { axes(lang, &frame, &x, &y, *log, n) }
                    <defs>
                        // Values below the log axis's floor are not drawn past the axis.
                        <clipPath id="fpr-plot-area">
                            <rect x={(frame.left - 4.0).to_string()} y={(frame.top - 4.0).to_string()}
                                width={(frame.right - frame.left + 8.0).to_string()} height={(frame.bottom - frame.top + 8.0).to_string()} />
                        </clipPath>
                    </defs>
                    <g clip-path="url(#fpr-plot-area)">
                        { curves_drawn(&curves, &x, &y) }
                        { part(ChartSlot::Overlay) }
                        { live_points(playground, &frame, &x, &y) }
                    </g>
                </svg>
                <figcaption>
                    <ul class="chart-legend">
                        { legend(lang, &probes_text) }
                        { part(ChartSlot::Legend) }
                    </ul>
                </figcaption>
            </figure>

            { table(lang, &title, &table_items, playground, &curves) }

            { readouts(lang, playground, &Readouts { approx, classic, exact, fill, low, high }) }
            <p class="explain">{ lang.text(Msg::ChartWhyExact) }</p>

            { part(ChartSlot::Below) }
        </div>
    }
}

/// The grid, the tick labels, both axes with their titles, and the line at the current n.
fn axes(lang: Lang, frame: &Frame, x: &Scale, y: &Scale, log: bool, n: u64) -> Html {
    let x_ticks = nice_ticks(0.0, x.domain().1, 6);
    let y_ticks = y.ticks(if log { 7 } else { 5 });
    let current_x = x.map(n as f64).unwrap_or(frame.left);
    html! {
        <>
                    <g class="grid">
                        { for y_ticks.iter().filter_map(|&tick| y.map(tick).map(|py| html! {
                            <g key={format!("y{tick}")}>
                                <line x1={frame.left.to_string()} x2={frame.right.to_string()} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                                <text class="tick-label" x={(frame.left - 6.0).to_string()} y={fixed(py + 4.0, 1)} text-anchor="end">
                                    { tick_label(tick, log) }
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
        </>
    }
}

/// The legend's fixed entries: the three curves and the two kinds of live point.
fn legend(lang: Lang, probes_text: &str) -> Html {
    html! {
        <>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-approx" x1="0" x2="30" y1="5" y2="5" /></svg>{ lang.text(Msg::ChartLegendApprox) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-classic" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="7 4" /></svg>{ lang.text(Msg::ChartLegendClassic) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-exact" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="2 3" /></svg>{ lang.text(Msg::ChartLegendExact) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><circle class="marker-fill" cx="15" cy="5" r="3" /></svg>{ lang.text(Msg::ChartLegendFill) }</li>
                        <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="error-bar" x1="15" x2="15" y1="0" y2="10" /><rect class="marker-measured" x="12" y="2" width="6" height="6" /></svg>{ lang.fill(Msg::ChartLegendMeasured, &[("probes", probes_text)]) }</li>
        </>
    }
}

/// The chart as a table, for screen readers: a few evenly spaced n and the current one.
fn table(
    lang: Lang,
    title: &str,
    rows: &[u64],
    playground: &Playground,
    curves: &RateCurves,
) -> Html {
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let points = playground.points();
    let probes = playground.probe_count();
    html! {
            <details class="chart-table">
                <summary>{ lang.text(Msg::ChartTableSummary) }</summary>
                <table>
                    <caption>{ title.to_owned() }</caption>
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
                        { for rows.iter().map(|&row| {
                            let point = (row >= 1).then(|| points.get(row as usize - 1)).flatten();
                            html! {
                                <tr key={row}>
                                    <th scope="row">{ grouped(row) }</th>
                                    <td>{ significant(fpr::approximate(m, k, row)) }</td>
                                    <td>{ significant(fpr::classic(m, k, row)) }</td>
                                    <td>{ significant(curves.exact[row as usize]) }</td>
                                    <td>{ point.map(|p| significant(fpr::from_fill(p.set_bits, m, k))).unwrap_or_default() }</td>
                                    <td>{ point.map(|p| significant(measured_rate(p.positives, probes))).unwrap_or_default() }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </details>
    }
}

/// The rates at the current n, for reading (with the exact values in `data-value`).
struct Readouts {
    approx: f64,
    classic: f64,
    exact: f64,
    fill: f64,
    low: f64,
    high: f64,
}

/// The readouts at the current n, with the measured rate's count and interval.
fn readouts(lang: Lang, playground: &Playground, rates: &Readouts) -> Html {
    let n = playground.items().len() as u64;
    let probes = playground.probe_count();
    let positives = playground.measured_positives();
    let measured = playground.measured_rate();
    let probes_text = grouped(u64::from(probes));
    let Readouts {
        approx,
        classic,
        exact,
        fill,
        low,
        high,
    } = *rates;
    let number = significant;
    html! {
        <>
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
        </>
    }
}

/// The three predicted curves over the whole n axis.
fn curves_drawn(curves: &RateCurves, x: &Scale, y: &Scale) -> Html {
    let samples: Vec<f64> = curves.samples.iter().map(|&n| n as f64).collect();
    let approx_path = chart::path(
        samples
            .iter()
            .copied()
            .zip(curves.approximate.iter().copied()),
        x,
        y,
    );
    let classic_path = chart::path(
        samples.iter().copied().zip(curves.classic.iter().copied()),
        x,
        y,
    );
    let exact_path = chart::path(curves.exact_at_samples(), x, y);

    html! {
        <>
            <path class="series series-approx" d={approx_path} />
            <path class="series series-classic" d={classic_path} stroke-dasharray="7 4" />
            <path class="series series-exact" d={exact_path} stroke-dasharray="2 3" />
        </>
    }
}

/// One point per inserted item: the filter's own rate and the measured one with its interval.
fn live_points(playground: &Playground, frame: &Frame, x: &Scale, y: &Scale) -> Html {
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let probes = playground.probe_count();
    let drawn = playground.points().iter().map(|point| {
        let fill_rate = fpr::from_fill(point.set_bits, m, k);
        let measured_rate = measured_rate(point.positives, probes);
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

    html! { <g class="live-points">{ for drawn }</g> }
}

/// The chart in one sentence, for screen readers: every rate at the current n.
fn summary(lang: Lang, n: u64, rates: [f64; 5], probes_text: &str) -> String {
    let [approx, classic, exact, fill, measured] = rates.map(significant);
    lang.fill(
        Msg::ChartSummary,
        &[
            ("n", &grouped(n)),
            ("approx", &approx),
            ("classic", &classic),
            ("exact", &exact),
            ("fill", &fill),
            ("probes", probes_text),
            ("measured", &measured),
        ],
    )
}

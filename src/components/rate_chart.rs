//! The false-positive rate against n: the three predicted curves for the current m and k, one live
//! point per inserted item (the filter's own (X/m)^k, and the rate measured on never-inserted probe
//! strings with its 95% Wilson interval), readouts at the current n, a linear/log switch, a table for
//! screen readers. The site adds its own parts through [`ChartSlot`]s — downloads for slides and the
//! "Compare schemes" experiment drawn on the same axes (`ComparedRateChart`, which wraps this one) — so a
//! widget that shows the chart alone does not carry them. Every number comes from
//! [`bloom_core::rate_readings`]; each drawn part lives in `rate_chart/`, named after what it shows.

mod axes;
mod curves;
mod legend;
mod points;
mod readouts;
mod table;

use std::rc::Rc;

use yew::prelude::*;

use crate::format::{coord, grouped};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_chart_frame;
use crate::strings::{Lang, Msg};
use bloom_core::chart::{self, Frame, RateCurves, Scale};
use bloom_core::playground::Playground;
use bloom_core::rate_readings::RateReadings;

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

/// What every drawn part of the chart shares: its size, its axes, and whether rates are on a log
/// scale.
struct Plot {
    frame: Frame,
    /// n.
    x: Scale,
    /// The rate.
    y: Scale,
    log: bool,
}

/// The rate chart with its readouts.
#[component]
pub fn RateChart(props: &RateChartProps) -> Html {
    let lang = use_lang();
    let figure = use_node_ref();
    let frame = use_chart_frame(figure.clone(), 480.0, 0.62);
    let log = use_state(|| false);

    let playground = &props.playground;
    let params = playground.params();
    let (m, k) = (params.bits, params.hashes);
    let n = playground.items().len() as u64;
    let end = chart::rate_axis_end(m, k, n);
    let curves = use_memo((m, k, end), |&(m, k, end)| RateCurves::new(m, k, end));
    let readings = RateReadings::new(playground, &curves);
    let domain = chart::rate_domain(&curves, readings.fill_rates(), *log, LOG_FLOOR);
    let plot = Plot {
        frame,
        x: frame.horizontal((0.0, end as f64), false),
        y: frame.vertical(domain, *log),
        log: *log,
    };
    let part = ChartPart {
        slot: ChartSlot::Toolbar,
        bits: m,
        hashes: k,
        end,
        items: n,
        exact: curves.clone(),
        x: plot.x,
        y: plot.y,
        frame,
        figure: figure.clone(),
    };
    let place = |slot: ChartSlot| -> Html {
        props.parts.as_ref().map_or_else(Html::default, |parts| {
            parts.emit(ChartPart {
                slot,
                ..part.clone()
            })
        })
    };
    let probes_text = grouped(u64::from(readings.observed.measured.probes));
    let title = lang.fill(
        Msg::ChartTitle,
        &[("m", &m.to_string()), ("k", &k.to_string())],
    );
    let rows = readings.rows(&curves, &chart::table_rows(end, n, TABLE_ROWS));

    html! {
        <div class="rate-chart">
            { toolbar(lang, &log, place(ChartSlot::Toolbar)) }
            <figure ref={figure} class="chart-figure" data-testid="fpr-chart" data-scale={if *log { "log" } else { "linear" }}>
                <svg viewBox={format!("0 0 {} {}", coord(frame.width), coord(frame.height))} role="img" aria-labelledby="fpr-chart-title fpr-chart-desc"
                    class="chart">
                    <title id="fpr-chart-title">{ title.clone() }</title>
                    <desc id="fpr-chart-desc">{ readouts::summary(lang, &readings, &probes_text) }</desc>
                    { axes::axes(lang, &plot, n) }
                    { plot_area(&plot, &curves, &readings, place(ChartSlot::Overlay)) }
                    { axes::current_n_label(lang, &plot, n) }
                </svg>
                <figcaption>
                    <ul class="chart-legend">
                        { legend::legend(lang, &probes_text) }
                        { place(ChartSlot::Legend) }
                    </ul>
                </figcaption>
            </figure>

            { table::table(lang, &title, &rows) }

            { readouts::readouts(lang, &readings) }
            <p class="explain">{ lang.text(Msg::ChartWhyExact) }</p>

            { place(ChartSlot::Below) }
        </div>
    }
}

/// The site's buttons, then the switch between a linear and a log rate axis.
fn toolbar(lang: Lang, log: &UseStateHandle<bool>, site_part: Html) -> Html {
    let on_log = {
        let log = log.clone();
        Callback::from(move |_: Event| log.set(!*log))
    };
    html! {
        <div class="chart-toolbar">
            { site_part }
            <label class="toggle">
                <input type="checkbox" data-testid="log-toggle" checked={**log} onchange={on_log} />
                { " " }{ lang.text(Msg::ChartLogToggle) }
            </label>
        </div>
    }
}

/// Everything drawn inside the axes, clipped to them: the predicted curves, the site's overlay and
/// the live points.
fn plot_area(plot: &Plot, curves: &RateCurves, readings: &RateReadings, overlay: Html) -> Html {
    let frame = &plot.frame;
    html! {
        <>
            <defs>
                // Values below the log axis's floor are not drawn past the axis.
                <clipPath id="fpr-plot-area">
                    <rect x={coord(frame.left - 4.0)} y={coord(frame.top - 4.0)}
                        width={coord(frame.right - frame.left + 8.0)} height={coord(frame.bottom - frame.top + 8.0)} />
                </clipPath>
            </defs>
            <g clip-path="url(#fpr-plot-area)">
                { curves::curves(curves, &plot.x, &plot.y) }
                { overlay }
                { points::live_points(&readings.points, &plot.x, &plot.y) }
            </g>
        </>
    }
}

//! The rate chart's frame of reference: the grid with its tick labels, both axes with their titles,
//! and the line marking the current n with its label.

use yew::prelude::*;

use crate::components::figure_parts::chart_axes;

use super::Plot;
use crate::format::{coord, exact, fixed, grouped, power_of_ten, significant};
use crate::strings::{Lang, Msg};

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

/// The grid, the tick labels, both axes with their titles, and the line at the current n.
pub(super) fn axes(lang: Lang, plot: &Plot, n: u64) -> Html {
    let Plot { frame, x, y, log } = plot;
    let x_ticks = x.ticks(6);
    let y_ticks = y.ticks(if *log { 7 } else { 5 });
    let current_x = x.map(n as f64).unwrap_or(frame.left);
    html! {
        <>
            <g class="grid">
                { for y_ticks.iter().filter_map(|&tick| y.map(tick).map(|py| html! {
                    <g key={format!("y{}", exact(tick))}>
                        <line x1={coord(frame.left)} x2={coord(frame.right)} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                        <text class="tick-label" x={coord(frame.left - 6.0)} y={fixed(py + 4.0, 1)} text-anchor="end">
                            { tick_label(tick, *log) }
                        </text>
                    </g>
                })) }
                { for x_ticks.iter().filter_map(|&tick| x.map(tick).map(|px| html! {
                    <g key={format!("x{}", exact(tick))}>
                        <line x1={fixed(px, 1)} x2={fixed(px, 1)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
                        <text class="tick-label" x={fixed(px, 1)} y={coord(frame.bottom + 20.0)} text-anchor="middle">
                            { tick_label(tick, false) }
                        </text>
                    </g>
                })) }
            </g>
            { chart_axes(frame, 12.0, lang.text(Msg::ChartAxisItems)) }
            <text class="axis-label" transform={format!("translate(16 {}) rotate(-90)", coord((frame.top + frame.bottom) / 2.0))} text-anchor="middle">
                { lang.text(Msg::ChartAxisRate) }
            </text>
            <line class="current-n" x1={fixed(current_x, 1)} x2={fixed(current_x, 1)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
        </>
    }
}

/// The label of the line at the current n, drawn over the curves and points (with a halo of the
/// chart's background) so that they never hide it.
pub(super) fn current_n_label(lang: Lang, plot: &Plot, n: u64) -> Html {
    let Plot { frame, x, .. } = plot;
    let current_x = x.map(n as f64).unwrap_or(frame.left);
    html! {
        <text class="current-n-label" x={fixed((current_x + 4.0).min(frame.right - 40.0), 1)} y={coord(frame.top + 12.0)}>
            { lang.fill(Msg::ChartCurrentN, &[("n", &grouped(n))]) }
        </text>
    }
}

//! The slides' fifteen cells on one chart: for each group its target as a dashed line, and each
//! measured cell as a dot with its 95 % interval, on a logarithmic scale from 10⁻⁸ to 10⁻³. A cell
//! that saw no false positive is drawn as a ring at the bottom with its interval above it. The
//! numbers themselves are in the table beside.

use yew::prelude::*;

use crate::components::part_props::LabProps;

use crate::format::{coord, percent_plain, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::state::lab::Job;
use crate::strings::Msg;
use bloom_core::slides::{group_name, items_w, CELLS, ITEMS, TARGETS};

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 246.0;
/// The exponents at the top and bottom of the scale.
const TOP_EXPONENT: i32 = -3;
const BOTTOM_EXPONENT: i32 = -8;

fn y(rate: f64) -> f64 {
    if rate <= 0.0 {
        return BOTTOM;
    }
    let span = f64::from(TOP_EXPONENT - BOTTOM_EXPONENT);
    let position = (rate.log10() - f64::from(BOTTOM_EXPONENT)) / span;
    BOTTOM - position.clamp(0.0, 1.0) * (BOTTOM - TOP)
}

/// The centre of cell `column` (0 … 4) of group `group` (0 … 2): five slots a group, one between.
fn x(group: usize, column: usize) -> f64 {
    let step = (WIDTH - LEFT - RIGHT) / 17.0;
    LEFT + ((group * 6 + column) as f64 + 0.5) * step
}

/// The chart.
#[component]
pub fn LabChart(props: &LabProps) -> Html {
    let lang = use_lang();
    let state = &props.state;
    let grid = (BOTTOM_EXPONENT..=TOP_EXPONENT).map(|exponent| {
        let at = coord(y(10f64.powi(exponent)));
        html! {
            <g>
                <line class="grid" x1={coord(LEFT)} x2={coord(WIDTH - RIGHT)} y1={at.clone()} y2={at.clone()} />
                <text class="tick" x={coord(LEFT - 6.0)} y={coord(y(10f64.powi(exponent)) + 4.0)} text-anchor="end">{ power_of_ten(exponent) }</text>
            </g>
        }
    });
    let targets = TARGETS.iter().enumerate().map(|(group, &target)| {
        let at = coord(y(target));
        html! {
            <g>
                <line class="target-line" x1={coord(x(group, 0) - 12.0)} x2={coord(x(group, 4) + 12.0)} y1={at.clone()} y2={at} />
                <text class="group-label" x={coord(x(group, 2))} y={coord(HEIGHT - 10.0)} text-anchor="middle">
                    { format!("{} · {}", group_name(group), percent_plain(target)) }</text>
            </g>
        }
    });
    let cells = CELLS.iter().enumerate().map(|(index, cell)| {
        let (group, column) = (index / 5, index % 5);
        let cx = coord(x(group, column));
        let label = html! { <text class="tick cell-tick" x={cx.clone()} y={coord(BOTTOM + 16.0)} text-anchor="middle">{ items_w(cell.items) }</text> };
        let Some(result) = state.result(Job::Slide(index)) else {
            return label;
        };
        let (low, high) = result.interval();
        let measured = result.measured();
        html! {
            <g data-testid="lab-point">
                { label }
                <line class="interval" x1={cx.clone()} x2={cx.clone()} y1={coord(y(low))} y2={coord(y(high))} />
                <circle class={classes!("measured-dot", (measured == 0.0).then_some("zero"))} cx={cx} cy={coord(y(measured))} r="4" />
            </g>
        }
    });
    let columns = ITEMS
        .iter()
        .map(|&items| significant(items as f64 / lang.large_unit() as f64))
        .collect::<Vec<_>>()
        .join(lang.text(Msg::ListSeparator));
    html! {
        <figure class="lab-chart">
            <div class="chart-scroll" tabindex="0" role="region" aria-labelledby="lab-chart-caption">
            <svg viewBox={format!("0 0 {} {}", coord(WIDTH), coord(HEIGHT))} role="img" aria-label={lang.text(Msg::LabChartLabel)} data-testid="lab-chart">
                { for grid }
                <line class="axis" x1={coord(LEFT)} x2={coord(LEFT)} y1={coord(TOP)} y2={coord(BOTTOM)} />
                { for targets }
                { for cells }
            </svg>
            </div>
            // On a presenter's stage the N under each dot gives way (it would overlap its
            // neighbours'): the five are named once, in the order of every group's dots.
            <p class="lab-columns" data-testid="lab-columns">{ lang.fill(Msg::LabChartColumns, &[("counts", &columns)]) }</p>
            <figcaption id="lab-chart-caption">{ lang.text(Msg::LabChartCaption) }</figcaption>
            // Where the caption gives way (a presenter's stage), the marks in one line.
            <p class="lab-key" data-testid="lab-key" aria-hidden="true">{ lang.text(Msg::LabChartKey) }</p>
        </figure>
    }
}

//! The scalable filter's rate as it grows: each time a stage filled, the rate measured on the
//! probes (with its 95 % interval) against the compound bound, the bound's limit P₀/(1 − r) and the
//! rate asked for — with the same numbers as a table for readers who do not see the chart.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::{coord, grouped};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::scalable::{GrowthChart, ScalableFilter};

const WIDTH: f64 = 640.0;

/// Props of [`GrowthChartView`].
#[derive(Properties, PartialEq, Clone)]
pub struct GrowthChartProps {
    /// The filter.
    pub filter: Rc<ScalableFilter>,
}

/// The chart and its table.
#[component]
pub fn GrowthChartView(props: &GrowthChartProps) -> Html {
    let lang = use_lang();
    let points = props.filter.points();
    if points.is_empty() {
        return html! { <p class="hint" data-testid="growth-empty">{ lang.text(Msg::ScalableChartEmpty) }</p> };
    }
    let params = props.filter.params();
    let chart = GrowthChart::new(points, params.limit(), params.rate, WIDTH);
    let (x, y, frame) = (&chart.x, &chart.y, chart.frame);
    let across = |value: f64, class: &'static str| {
        let at = coord(y.map_clamped(value));
        html! { <line {class} x1={coord(frame.left)} x2={coord(frame.right)} y1={at.clone()} y2={at} /> }
    };
    html! {
        <>
        <figure class="growth-chart">
            <svg viewBox={format!("0 0 {} {}", coord(frame.width), coord(frame.height))} role="img"
                aria-label={lang.text(Msg::ScalableChartLabel)} data-testid="growth-chart">
                <line class="axis" x1={coord(frame.left)} x2={coord(frame.right)} y1={coord(frame.bottom)} y2={coord(frame.bottom)} />
                <line class="axis" x1={coord(frame.left)} x2={coord(frame.left)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
                { for x.ticks(6).into_iter().map(|tick| {
                    let at = coord(x.map_clamped(tick));
                    html! { <text class="tick" x={at} y={coord(frame.bottom + 18.0)} text-anchor="middle">{ grouped(tick as u64) }</text> }
                }) }
                { for y.ticks(5).into_iter().map(|tick| {
                    let at = coord(y.map_clamped(tick) + 4.0);
                    html! { <text class="tick" x={coord(frame.left - 6.0)} y={at} text-anchor="end">{ lang.chance(tick) }</text> }
                }) }
                <text class="axis-title" x={coord((frame.left + frame.right) / 2.0)} y={coord(frame.height - 8.0)} text-anchor="middle">
                    { lang.text(Msg::ScalableChartItems) }</text>
                { across(params.rate, "promise-line") }
                { across(params.limit(), "limit-line") }
                <path class="bound-line" d={chart.bound_path(points)} />
                { for points.iter().map(|point| {
                    let (low, high) = point.measured.interval();
                    let px = coord(x.map_clamped(f64::from(point.items)));
                    html! {
                        <g class="measured-point">
                            <line x1={px.clone()} x2={px.clone()} y1={coord(y.map_clamped(low))} y2={coord(y.map_clamped(high))} />
                            <circle cx={px} cy={coord(y.map_clamped(point.measured.rate()))} r="4" />
                        </g>
                    }
                }) }
            </svg>
            <figcaption class="chart-legend">
                <span class="key bound">{ lang.text(Msg::ScalableLegendBound) }</span>
                <span class="key measured">{ lang.text(Msg::ScalableLegendMeasured) }</span>
                <span class="key limit">{ lang.text(Msg::ScalableLegendLimit) }</span>
                <span class="key promise">{ lang.text(Msg::ScalableLegendPromise) }</span>
            </figcaption>
        </figure>
        <details class="chart-table">
            <summary>{ lang.text(Msg::ScalableChartHeading) }</summary>
            <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::ScalableChartHeading)}>
                <table>
                    { column_heads(lang, &[Msg::ScalableTableItems, Msg::ScalableTableStages, Msg::ScalableTableBound, Msg::ScalableTableMeasured]) }
                    <tbody>
                        { for points.iter().map(|point| html! {
                            <tr data-testid="growth-row">
                                <td>{ grouped(u64::from(point.items)) }</td>
                                <td>{ point.stages }</td>
                                <td>{ lang.chance(point.bound) }</td>
                                <td>{ lang.chance(point.measured.rate()) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
        </>
    }
}

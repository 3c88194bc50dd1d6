//! Memory against n for the current p: a straight line on log–log axes, since m grows in proportion
//! to n (−ln p/(ln 2)² bits per item). The current n is marked.

use yew::prelude::*;

use crate::components::figure_parts::chart_axes;

use crate::format::{coord, exact, fixed, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_chart_frame;
use crate::strings::Msg;
use bloom_core::chart;
use bloom_core::memory_curve::MemoryCurve;

/// Props of [`MemoryChart`].
#[derive(Properties, PartialEq, Clone)]
pub struct MemoryChartProps {
    /// The target false-positive rate.
    pub rate: f64,
    /// The current n, marked on the line.
    pub items: f64,
}

/// The memory-against-n plot.
#[component]
pub fn MemoryChart(props: &MemoryChartProps) -> Html {
    let lang = use_lang();
    let container = use_node_ref();
    let frame = use_chart_frame(container.clone(), 420.0, 0.5);
    let curve = MemoryCurve::new(props.rate, props.items);
    let x = frame.horizontal(curve.items_domain(), true);
    let y = frame.vertical(curve.bytes_domain(), true);
    let line = chart::path(curve.points(), &x, &y);
    let current = (x.map(curve.items()), y.map(curve.current_bytes()));
    let p_text = significant(props.rate);
    html! {
        <div class="memory-chart" ref={container}>
            <h3>{ lang.fill(Msg::CalcMemoryHeading, &[("p", &p_text)]) }</h3>
            <svg viewBox={format!("0 0 {} {}", coord(frame.width), coord(frame.height))} class="chart" role="img" aria-labelledby="memory-desc">
                <desc id="memory-desc">{ lang.fill(Msg::CalcMemoryDesc, &[
                    ("per_item", &significant(curve.bits_per_item())),
                    ("p", &p_text),
                    ("n", &significant(curve.items())),
                    ("size", &lang.size(curve.current_bytes())),
                ]) }</desc>
                <g class="grid">
                    { for x.ticks(7).into_iter().filter_map(|tick| x.map(tick).map(|px| html! {
                        <g key={format!("x{}", exact(tick))}>
                            <line x1={fixed(px, 1)} x2={fixed(px, 1)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
                            <text class="tick-label" x={fixed(px, 1)} y={coord(frame.bottom + 20.0)} text-anchor="middle">
                                { power_of_ten(tick.log10().round() as i32) }
                            </text>
                        </g>
                    })) }
                    { for curve.byte_ticks().into_iter().filter_map(|tick| y.map(tick).map(|py| html! {
                        <g key={format!("y{}", exact(tick))}>
                            <line x1={coord(frame.left)} x2={coord(frame.right)} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                            <text class="tick-label" x={coord(frame.left - 6.0)} y={fixed(py + 4.0, 1)} text-anchor="end">{ lang.size(tick) }</text>
                        </g>
                    })) }
                </g>
                { chart_axes(&frame, 10.0, lang.text(Msg::CalcMemoryAxisItems)) }
                <path class="series series-approx" d={line} />
                if let (Some(px), Some(py)) = current {
                    <circle class="best-marker" cx={fixed(px, 1)} cy={fixed(py, 1)} r="6" />
                }
            </svg>
        </div>
    }
}

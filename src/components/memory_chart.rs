//! Memory against n for the current p: a straight line on log–log axes, since m grows in proportion
//! to n (−ln p/(ln 2)² bits per item). The current n is marked.

use yew::prelude::*;

use crate::bloom::chart::{self, Frame, Scale};
use crate::bloom::sizing::{bytes, optimal_bits};
use crate::format::{fixed, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_width;
use crate::strings::Msg;

/// Props of [`MemoryChart`].
#[derive(Properties, PartialEq, Clone)]
pub struct MemoryChartProps {
    /// The target false-positive rate.
    pub rate: f64,
    /// The current n, marked on the line.
    pub items: f64,
}

/// Memory in bytes for n items at rate p, with the best k.
fn memory(items: f64, rate: f64) -> f64 {
    bytes(optimal_bits(items, rate))
}

/// Short labels for byte sizes on the y axis: 1 KiB, 1 MiB, … at powers of 1024.
fn byte_ticks(low: f64, high: f64) -> Vec<f64> {
    (0..8)
        .map(|power| 1024f64.powi(power))
        .filter(|&value| value >= low && value <= high)
        .collect()
}

/// The memory-against-n plot.
#[component]
pub fn MemoryChart(props: &MemoryChartProps) -> Html {
    let lang = use_lang();
    let container = use_node_ref();
    let frame = Frame::new(use_width(container.clone()).unwrap_or(420.0), 0.5);
    let (rate, items) = (props.rate, props.items.max(1.0));
    // Six decades around the current n.
    let decade = items.log10().round();
    let (low_n, high_n) = (
        10f64.powf((decade - 3.0).max(0.0)),
        10f64.powf((decade - 3.0).max(0.0) + 6.0),
    );
    let x = Scale::log((low_n, high_n), (frame.left, frame.right));
    let (low_bytes, high_bytes) = (memory(low_n, rate).max(1.0), memory(high_n, rate));
    let y = Scale::log((low_bytes, high_bytes), (frame.bottom, frame.top));
    let line = chart::path(
        (0..=60)
            .map(|i| low_n * 10f64.powf(f64::from(i) / 10.0))
            .map(|n| (n, memory(n, rate))),
        &x,
        &y,
    );
    let current = (x.map(items), y.map(memory(items, rate)));
    let per_item = optimal_bits(1e6, rate) / 1e6;
    let p_text = significant(rate);
    html! {
        <div class="memory-chart" ref={container}>
            <h3>{ lang.fill(Msg::CalcMemoryHeading, &[("p", &p_text)]) }</h3>
            <svg viewBox={format!("0 0 {} {}", frame.width, frame.height)} class="chart" role="img" aria-labelledby="memory-desc">
                <desc id="memory-desc">{ lang.fill(Msg::CalcMemoryDesc, &[
                    ("per_item", &significant(per_item)),
                    ("p", &p_text),
                    ("n", &significant(items)),
                    ("size", &lang.size(memory(items, rate))),
                ]) }</desc>
                <g class="grid">
                    { for x.ticks(7).into_iter().filter_map(|tick| x.map(tick).map(|px| html! {
                        <g key={format!("x{tick}")}>
                            <line x1={fixed(px, 1)} x2={fixed(px, 1)} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                            <text class="tick-label" x={fixed(px, 1)} y={(frame.bottom + 20.0).to_string()} text-anchor="middle">
                                { power_of_ten(tick.log10().round() as i32) }
                            </text>
                        </g>
                    })) }
                    { for byte_ticks(low_bytes, high_bytes).into_iter().filter_map(|tick| y.map(tick).map(|py| html! {
                        <g key={format!("y{tick}")}>
                            <line x1={frame.left.to_string()} x2={frame.right.to_string()} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                            <text class="tick-label" x={(frame.left - 6.0).to_string()} y={fixed(py + 4.0, 1)} text-anchor="end">{ lang.size(tick) }</text>
                        </g>
                    })) }
                </g>
                <line class="axis" x1={frame.left.to_string()} x2={frame.right.to_string()} y1={frame.bottom.to_string()} y2={frame.bottom.to_string()} />
                <line class="axis" x1={frame.left.to_string()} x2={frame.left.to_string()} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                <text class="axis-label" x={((frame.left + frame.right) / 2.0).to_string()} y={(frame.height - 10.0).to_string()} text-anchor="middle">
                    { lang.text(Msg::CalcMemoryAxisItems) }
                </text>
                <path class="series series-approx" d={line} />
                if let (Some(px), Some(py)) = current {
                    <circle class="best-marker" cx={fixed(px, 1)} cy={fixed(py, 1)} r="6" />
                }
            </svg>
        </div>
    }
}

//! Choosing k for the current m and n: the exact rate for every k from 1 to 20 on a log axis, its
//! minimum marked, beside the real-valued optimum k* = (m/n)·ln 2. The two can differ, and the page
//! says so; one click uses the best whole k.

use yew::prelude::*;

use crate::bloom::chart::{self, log_axis_bottom, Frame, Scale};
use crate::bloom::fpr;
use crate::bloom::params::HASHES_RANGE;
use crate::format::{fixed, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_width;
use crate::strings::Msg;

/// The largest k plotted.
const MAX_K: u32 = 20;

/// Which k values get a label, by how much room the axis has.
fn k_ticks(plot_width: f64) -> Vec<u32> {
    if plot_width < 360.0 {
        vec![1, 5, 10, 15, 20]
    } else if plot_width < 640.0 {
        std::iter::once(1).chain((2..=MAX_K).step_by(2)).collect()
    } else {
        (1..=MAX_K).collect()
    }
}

/// Props of [`OptimalK`].
#[derive(Properties, PartialEq, Clone)]
pub struct OptimalKProps {
    /// m.
    pub bits: u32,
    /// n, distinct items inserted.
    pub items: u64,
    /// The k in use.
    pub hashes: u32,
    /// Called with the k to use.
    pub onuse: Callback<u32>,
}

/// The rate-against-k chart with k* and the best whole k.
#[component]
pub fn OptimalK(props: &OptimalKProps) -> Html {
    let lang = use_lang();
    let container = use_node_ref();
    let frame = Frame::new(use_width(container.clone()).unwrap_or(420.0), 0.5);
    let (m, n) = (props.bits, props.items);
    let rates = use_memo((m, n), |&(m, n)| fpr::exact_by_hashes(m, n, MAX_K));
    let real = fpr::optimal_hashes(m, n);
    let real_text = if real.is_finite() {
        significant(real)
    } else {
        "∞".into()
    };
    let optimal = html! {
        <p data-testid="optimal-k" data-value={if real.is_finite() { real.to_string() } else { "Infinity".to_string() }}>
            { lang.fill(Msg::OptimalReal, &[("value", &real_text)]) }
        </p>
    };
    if n == 0 {
        return html! {
            <div class="optimal-k" ref={container}>
                { optimal }
                <p class="hint">{ lang.text(Msg::OptimalEmpty) }</p>
            </div>
        };
    }

    let (best, best_rate) = fpr::best_whole_hashes(&rates);
    let usable = best.min(*HASHES_RANGE.end());

    let x = Scale::linear((0.5, f64::from(MAX_K) + 0.5), (frame.left, frame.right));
    let bottom = log_axis_bottom(rates.iter().copied(), 1e-300);
    let top = rates.iter().copied().fold(0.0, f64::max).max(bottom * 10.0);
    let y = Scale::log(
        (bottom, 10f64.powf(top.log10().ceil())),
        (frame.bottom, frame.top),
    );
    let approx_path = chart::path(
        (1..=MAX_K).map(|k| (f64::from(k), fpr::approximate(m, k, n))),
        &x,
        &y,
    );
    let exact_path = chart::path(
        rates
            .iter()
            .enumerate()
            .map(|(i, &rate)| (i as f64 + 1.0, rate)),
        &x,
        &y,
    );
    let real_x = x.map(real).filter(|_| real <= f64::from(MAX_K));
    let onuse = {
        let onuse = props.onuse.clone();
        Callback::from(move |_: MouseEvent| onuse.emit(usable))
    };
    let title = lang.fill(
        Msg::OptimalChartTitle,
        &[("m", &m.to_string()), ("n", &n.to_string())],
    );
    let best_text = lang.fill(
        Msg::OptimalBest,
        &[("k", &best.to_string()), ("rate", &significant(best_rate))],
    );

    html! {
        <div class="optimal-k" ref={container}>
            <svg viewBox={format!("0 0 {} {}", frame.width, frame.height)} class="chart" role="img" aria-labelledby="optimal-k-title optimal-k-desc">
                <title id="optimal-k-title">{ title }</title>
                <desc id="optimal-k-desc">{ format!("{} {}", lang.fill(Msg::OptimalReal, &[("value", &real_text)]), best_text) }</desc>
                <g class="grid">
                    { for y.ticks(5).into_iter().filter_map(|tick| y.map(tick).map(|py| html! {
                        <g key={format!("y{tick}")}>
                            <line x1={frame.left.to_string()} x2={frame.right.to_string()} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                            <text class="tick-label" x={(frame.left - 6.0).to_string()} y={fixed(py + 4.0, 1)} text-anchor="end">
                                { power_of_ten(tick.log10().round() as i32) }
                            </text>
                        </g>
                    })) }
                    { for k_ticks(frame.right - frame.left).into_iter().filter_map(|k| x.map(f64::from(k)).map(|px| html! {
                        <text key={k} class="tick-label" x={fixed(px, 1)} y={(frame.bottom + 20.0).to_string()} text-anchor="middle">{ k }</text>
                    })) }
                </g>
                <line class="axis" x1={frame.left.to_string()} x2={frame.right.to_string()} y1={frame.bottom.to_string()} y2={frame.bottom.to_string()} />
                <line class="axis" x1={frame.left.to_string()} x2={frame.left.to_string()} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                <text class="axis-label" x={((frame.left + frame.right) / 2.0).to_string()} y={(frame.height - 8.0).to_string()} text-anchor="middle">
                    { lang.text(Msg::OptimalAxisK) }
                </text>
                if let Some(px) = real_x {
                    <line class="current-n" x1={fixed(px, 1)} x2={fixed(px, 1)} y1={frame.top.to_string()} y2={frame.bottom.to_string()} />
                    <text class="current-n-label" x={fixed((px + 4.0).min(frame.right - 30.0), 1)} y={(frame.top + 12.0).to_string()}>{ format!("k* = {real_text}") }</text>
                }
                <path class="series series-approx" d={approx_path} />
                <path class="series series-exact" d={exact_path} stroke-dasharray="2 3" />
                { for rates.iter().enumerate().filter_map(|(i, &rate)| {
                    let px = x.map(i as f64 + 1.0)?;
                    let py = y.map(rate)?;
                    Some(html! { <circle key={i} class="marker-fill" cx={fixed(px, 1)} cy={fixed(py, 1)} r="2.5" /> })
                }) }
                if let (Some(px), Some(py)) = (x.map(f64::from(best)), y.map(best_rate)) {
                    <circle class="best-marker" cx={fixed(px, 1)} cy={fixed(py, 1)} r="7" />
                }
            </svg>
            <ul class="chart-legend">
                <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-approx" x1="0" x2="30" y1="5" y2="5" /></svg>{ lang.text(Msg::ChartLegendApprox) }</li>
                <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-exact" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="2 3" /></svg>{ lang.text(Msg::ChartLegendExact) }</li>
            </ul>
            { optimal }
            <p data-testid="best-k" data-value={best.to_string()}>{ best_text }</p>
            <p>{ lang.text(if real.is_finite() && best == real.round().max(1.0) as u32 { Msg::OptimalAgree } else { Msg::OptimalDiffer }) }</p>
            if best > *HASHES_RANGE.end() {
                <p class="hint">{ lang.text(Msg::OptimalCapped) }</p>
            }
            if usable == props.hashes {
                <p class="hint">{ lang.fill(Msg::OptimalCurrent, &[("k", &props.hashes.to_string())]) }</p>
            } else {
                <button type="button" data-testid="use-k-button" onclick={onuse}>
                    { lang.fill(Msg::OptimalUse, &[("k", &usable.to_string())]) }
                </button>
            }
        </div>
    }
}

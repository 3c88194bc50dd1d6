//! Choosing k for the current m and n: the exact rate for every k from 1 to 20 on a log axis, its
//! minimum marked, beside the real-valued optimum k* = (m/n)·ln 2. The two can differ, and the page
//! says so; one click uses the best whole k.

use yew::prelude::*;

use crate::components::figure_parts::chart_axes;

use crate::format::{coord, exact, fixed, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_width::use_chart_frame;
use crate::strings::{Lang, Msg};
use bloom_core::chart::{self, Frame, Scale};
use bloom_core::hash_count::{labelled_hashes, HashCountChoice};

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
    let frame = use_chart_frame(container.clone(), 420.0, 0.5);
    let choice = use_memo((props.bits, props.items), |&(m, n)| {
        HashCountChoice::new(m, n)
    });
    if props.items == 0 {
        // k* = (m/n)·ln 2 has no value at n = 0: say why rather than print ∞.
        return html! {
            <div class="optimal-k" ref={container}>
                <p data-testid="optimal-k" data-value="none">{ lang.text(Msg::OptimalEmpty) }</p>
            </div>
        };
    }
    // With items, k* is a finite number.
    let real = choice.real_optimum();
    let real_text = significant(real);
    let optimal = html! {
        <p data-testid="optimal-k" data-value={exact(real)}>
            { lang.fill(Msg::OptimalReal, &[("value", &real_text)]) }
        </p>
    };

    let (best, best_rate) = choice.best();
    let best_text = lang.fill(
        Msg::OptimalBest,
        &[("k", &best.to_string()), ("rate", &significant(best_rate))],
    );
    let title = lang.fill(
        Msg::OptimalChartTitle,
        &[
            ("m", &props.bits.to_string()),
            ("n", &props.items.to_string()),
        ],
    );
    let desc = format!(
        "{} {}",
        lang.fill(Msg::OptimalReal, &[("value", &real_text)]),
        best_text
    );
    html! {
        <div class="optimal-k" ref={container}>
            { rates_by_hashes(lang, &frame, &choice, &real_text, title, desc) }
            <ul class="chart-legend">
                <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-approx" x1="0" x2="30" y1="5" y2="5" /></svg>{ lang.text(Msg::ChartLegendApprox) }</li>
                <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-exact" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="2 3" /></svg>{ lang.text(Msg::ChartLegendExact) }</li>
            </ul>
            { optimal }
            <p data-testid="best-k" data-value={best.to_string()}>{ best_text }</p>
            { advice(lang, &choice, props.hashes, &props.onuse) }
        </div>
    }
}

/// The chart itself: both rates for every k on a log axis, k* as a line, the best whole k ringed;
/// `title` and `desc` name it for screen readers.
fn rates_by_hashes(
    lang: Lang,
    frame: &Frame,
    choice: &HashCountChoice,
    real_text: &str,
    title: String,
    desc: String,
) -> Html {
    let x = frame.horizontal(HashCountChoice::hashes_domain(), false);
    let y = frame.vertical(choice.rate_domain(), true);
    let (best, best_rate) = choice.best();
    html! {
        <svg viewBox={format!("0 0 {} {}", coord(frame.width), coord(frame.height))} class="chart" role="img" aria-labelledby="optimal-k-title optimal-k-desc">
            <title id="optimal-k-title">{ title }</title>
            <desc id="optimal-k-desc">{ desc }</desc>
            { axes(lang, frame, &x, &y) }
            if let Some(px) = choice.real_optimum_plotted().and_then(|real| x.map(real)) {
                <line class="current-n" x1={fixed(px, 1)} x2={fixed(px, 1)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
                <text class="current-n-label" x={fixed((px + 4.0).min(frame.right - 30.0), 1)} y={coord(frame.top + 12.0)}>{ format!("k* = {real_text}") }</text>
            }
            <path class="series series-approx" d={chart::path(choice.approximate_points(), &x, &y)} />
            <path class="series series-exact" d={chart::path(choice.exact_points(), &x, &y)} stroke-dasharray="2 3" />
            { for choice.exact_points().enumerate().filter_map(|(i, (k, rate))| {
                let px = x.map(k)?;
                let py = y.map(rate)?;
                Some(html! { <circle key={i} class="marker-fill" cx={fixed(px, 1)} cy={fixed(py, 1)} r="2.5" /> })
            }) }
            if let (Some(px), Some(py)) = (x.map(f64::from(best)), y.map(best_rate)) {
                <circle class="best-marker" cx={fixed(px, 1)} cy={fixed(py, 1)} r="7" />
            }
        </svg>
    }
}

/// The grid, the decade labels of the rate axis, the k labels and both axes.
fn axes(lang: Lang, frame: &Frame, x: &Scale, y: &Scale) -> Html {
    html! {
        <>
            <g class="grid">
                { for y.ticks(5).into_iter().filter_map(|tick| y.map(tick).map(|py| html! {
                    <g key={format!("y{}", exact(tick))}>
                        <line x1={coord(frame.left)} x2={coord(frame.right)} y1={fixed(py, 1)} y2={fixed(py, 1)} />
                        <text class="tick-label" x={coord(frame.left - 6.0)} y={fixed(py + 4.0, 1)} text-anchor="end">
                            { power_of_ten(tick.log10().round() as i32) }
                        </text>
                    </g>
                })) }
                { for labelled_hashes(frame.right - frame.left).into_iter().filter_map(|k| x.map(f64::from(k)).map(|px| html! {
                    <text key={k} class="tick-label" x={fixed(px, 1)} y={coord(frame.bottom + 20.0)} text-anchor="middle">{ k }</text>
                })) }
            </g>
            { chart_axes(frame, 8.0, lang.text(Msg::OptimalAxisK)) }
        </>
    }
}

/// Whether rounding k* finds the best k, whether the playground allows it, and a button to use it.
fn advice(lang: Lang, choice: &HashCountChoice, hashes: u32, onuse: &Callback<u32>) -> Html {
    let usable = choice.usable();
    let onclick = onuse.reform(move |_: MouseEvent| usable);
    html! {
        <>
            <p>{ lang.text(if choice.rounding_agrees() { Msg::OptimalAgree } else { Msg::OptimalDiffer }) }</p>
            if choice.capped() {
                <p class="hint">{ lang.text(Msg::OptimalCapped) }</p>
            }
            if usable == hashes {
                <p class="hint">{ lang.fill(Msg::OptimalCurrent, &[("k", &hashes.to_string())]) }</p>
            } else {
                <button type="button" data-testid="use-k-button" {onclick}>
                    { lang.fill(Msg::OptimalUse, &[("k", &usable.to_string())]) }
                </button>
            }
        </>
    }
}

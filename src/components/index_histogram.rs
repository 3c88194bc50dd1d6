//! Where a case's indexes land: the m bits cut into equal slices (or, for the case about bits inside
//! a word, the 64 positions of the first words), and for the buggy and the fixed derivation a bar per
//! slice with the number of indexes that fell in it. The formula assumes every bar the same height; a
//! line under each says how far from even it is.

use yew::prelude::*;

use crate::format::{coord, grouped, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::bugs::{self, Case, HistogramView, Variant};

const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 90.0;

/// Props of [`IndexHistogram`].
#[derive(Properties, PartialEq, Clone)]
pub struct IndexHistogramProps {
    /// The case.
    pub case: Case,
}

/// The two histograms, computed when first shown (a few thousand keys, a few milliseconds).
#[component]
pub fn IndexHistogram(props: &IndexHistogramProps) -> Html {
    let lang = use_lang();
    let case = props.case;
    let view = bugs::histogram_view(case);
    let bins = bugs::histogram_bins(view);
    let counts = use_memo(case, |&case| {
        Variant::BOTH.map(|variant| bugs::histogram(case, variant))
    });
    let step = WIDTH / bins as f64;
    // Each panel on its own scale: the average at half height, anything past twice it at the top.
    let full = HEIGHT - 4.0;
    let panels = Variant::BOTH.into_iter().zip(counts.iter()).map(|(variant, counts)| {
        let name = lang.text(match variant {
            Variant::Buggy => Msg::BugBuggy,
            Variant::Fixed => Msg::BugFixed,
        });
        let (ratio, empty) = bugs::spread(counts);
        let line = lang.fill(
            Msg::BugHistogramLine,
            &[
                ("variant", name),
                ("ratio", &significant(ratio)),
                ("empty", &grouped(empty as u64)),
                ("slices", &grouped(bins as u64)),
            ],
        );
        let mean = counts.iter().sum::<u64>() as f64 / bins as f64;
        let bars = counts.iter().enumerate().map(|(slice, &count)| {
            let height = if mean > 0.0 {
                (count as f64 / (2.0 * mean)).min(1.0) * full
            } else {
                0.0
            };
            html! {
                <rect x={coord(slice as f64 * step + 0.5)} y={coord(HEIGHT - height)}
                    width={coord((step - 1.0).max(0.5))} height={coord(height)} />
            }
        });
        html! {
            <figure class={classes!("bug-histogram-panel", variant.id())}>
                <svg viewBox={format!("0 0 {} {}", coord(WIDTH), coord(HEIGHT))} aria-hidden="true">
                    <line class="axis" x1="0" x2={coord(WIDTH)} y1={coord(HEIGHT)} y2={coord(HEIGHT)} />
                    { for bars }
                    <line class="average" x1="0" x2={coord(WIDTH)} y1={coord(HEIGHT - full / 2.0)} y2={coord(HEIGHT - full / 2.0)} />
                </svg>
                <figcaption data-testid="bug-histogram-line" data-variant={variant.id()}>{ line }</figcaption>
            </figure>
        }
    });
    html! {
        <div class="bug-histogram" data-testid="bug-histogram" data-case={case.id()}>
            <p class="bug-histogram-caption">{ match view {
                HistogramView::Slices(_) => lang.fill(Msg::BugHistogramCaption, &[
                    ("keys", &grouped(bugs::histogram_keys(case))),
                    ("slices", &grouped(bins as u64)),
                ]),
                HistogramView::WordPositions(words) => lang.fill(Msg::BugHistogramWords, &[
                    ("keys", &grouped(bugs::histogram_keys(case))),
                    ("words", &grouped(words)),
                ]),
            } }</p>
            <div class="bug-histogram-panels">{ for panels }</div>
            <p class="hint">{ lang.text(Msg::BugHistogramNote) }</p>
        </div>
    }
}

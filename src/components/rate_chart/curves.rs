//! The three predicted rates drawn as curves across the whole n axis: the textbook approximation
//! solid, Bloom's own expression dashed, the exact expectation dotted.

use yew::prelude::*;

use bloom_core::chart::{self, RateCurves, Scale};

/// The three predicted curves over the whole n axis.
pub(super) fn curves(curves: &RateCurves, x: &Scale, y: &Scale) -> Html {
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

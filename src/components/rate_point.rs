//! One live point of the rate chart: after the n-th item, the filter's own (X/m)^k (a dot) and the
//! rate measured on the probe strings (a square with its 95% interval as a bar). A component so that
//! adding a point re-renders only the new one.

use yew::prelude::*;

use crate::format::{exact, fixed};

/// Props of [`RatePoint`]: the data (for the `data-*` attributes) and where to draw it.
#[derive(Properties, PartialEq, Clone)]
pub struct RatePointProps {
    /// n.
    pub items: u64,
    /// (X/m)^k after the n-th item.
    pub fill: f64,
    /// Measured false-positive rate after the n-th item.
    pub measured: f64,
    /// Horizontal position.
    pub x: f64,
    /// Vertical position of the fill rate, if drawable.
    pub fill_y: Option<f64>,
    /// Vertical position of the measured rate, if drawable.
    pub measured_y: Option<f64>,
    /// Vertical ends of the interval bar.
    pub interval_y: (f64, f64),
}

/// A dot, a square and an error bar.
#[component]
pub fn RatePoint(props: &RatePointProps) -> Html {
    let x = fixed(props.x, 1);
    html! {
        <g data-testid="fpr-point" data-n={props.items.to_string()} data-fill={exact(props.fill)}
            data-measured={exact(props.measured)}>
            <line class="error-bar" x1={x.clone()} x2={x.clone()}
                y1={fixed(props.interval_y.0, 1)} y2={fixed(props.interval_y.1, 1)} />
            if let Some(y) = props.measured_y {
                <rect class="marker-measured" x={fixed(props.x - 2.5, 1)} y={fixed(y - 2.5, 1)} width="5" height="5" />
            }
            if let Some(y) = props.fill_y {
                <circle class="marker-fill" cx={x} cy={fixed(y, 1)} r="2.5" />
            }
        </g>
    }
}

//! The measured points: one per inserted item, each the filter's own (X/m)^k and the rate measured
//! on the probe strings with its interval, drawn by [`RatePoint`] so that a new item renders only
//! its own point.

use yew::prelude::*;

use crate::components::rate_point::RatePoint;
use bloom_core::chart::Scale;
use bloom_core::rate_readings::Observed;

/// One point per inserted item: the filter's own rate and the measured one with its interval.
pub(super) fn live_points(points: &[Observed], x: &Scale, y: &Scale) -> Html {
    let drawn = points.iter().map(|point| {
        let marks = point.marks(x, y);
        html! {
            <RatePoint
                key={point.items}
                items={point.items}
                fill={point.fill}
                measured={point.measured.rate()}
                x={marks.x}
                fill_y={marks.fill_y}
                measured_y={marks.measured_y}
                interval_y={marks.interval_y}
            />
        }
    });

    html! { <g class="live-points">{ for drawn }</g> }
}

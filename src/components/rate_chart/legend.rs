//! The rate chart's legend: a swatch and a name for each curve and each kind of live point.

use yew::prelude::*;

use crate::strings::{Lang, Msg};

/// The legend's fixed entries: the three curves and the two kinds of live point.
pub(super) fn legend(lang: Lang, probes_text: &str) -> Html {
    html! {
        <>
            <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-approx" x1="0" x2="30" y1="5" y2="5" /></svg>{ lang.text(Msg::ChartLegendApprox) }</li>
            <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-classic" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="7 4" /></svg>{ lang.text(Msg::ChartLegendClassic) }</li>
            <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="series series-exact" x1="0" x2="30" y1="5" y2="5" stroke-dasharray="2 3" /></svg>{ lang.text(Msg::ChartLegendExact) }</li>
            <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><circle class="marker-fill" cx="15" cy="5" r="3" /></svg>{ lang.text(Msg::ChartLegendFill) }</li>
            <li><svg class="swatch" viewBox="0 0 30 10" aria-hidden="true"><line class="error-bar" x1="15" x2="15" y1="0" y2="10" /><rect class="marker-measured" x="12" y="2" width="6" height="6" /></svg>{ lang.fill(Msg::ChartLegendMeasured, &[("probes", probes_text)]) }</li>
        </>
    }
}

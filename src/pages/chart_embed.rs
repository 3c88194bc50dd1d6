//! The rate chart alone (`#/embed/chart?m=…&k=…&item=…`), for an `<iframe>` in a post.

use yew::prelude::*;

use crate::components::rate_chart::RateChart;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_saved_playground::use_linked_playground;
use crate::strings::Msg;

/// The chart widget: the items of its link, drawn.
#[component]
pub fn ChartEmbed() -> Html {
    let lang = use_lang();
    let (state, _) = use_linked_playground(None, false);
    html! {
        <div class="chart-embed">
            <div class="page-intro"><h1>{ lang.text(Msg::EmbedWidgetChart) }</h1></div>
            <section class="panel chart-panel" aria-labelledby="chart-heading">
                <h2 id="chart-heading">{ lang.text(Msg::ChartHeading) }</h2>
                <RateChart playground={state.playground.clone()} />
            </section>
        </div>
    }
}

//! The rate chart as a table, for screen readers and for anyone who wants the numbers: a few evenly
//! spaced n and the current one, each with every rate the chart draws there.

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::{grouped, significant};
use crate::strings::{Lang, Msg};
use bloom_core::rate_readings::RateRow;

/// The table under a `<details>`, captioned with the chart's title.
pub(super) fn table(lang: Lang, title: &str, rows: &[RateRow]) -> Html {
    html! {
        <details class="chart-table">
            <summary>{ lang.text(Msg::ChartTableSummary) }</summary>
            // Wider than a phone: it scrolls in its own box, whose edge shadows say there is more.
            <div class="table-scroll" tabindex="0" role="group" aria-label={title.to_owned()}>
                <table>
                    <caption>{ title.to_owned() }</caption>
                    { column_heads(lang, &[Msg::ChartTableItems, Msg::ReadoutApprox, Msg::ReadoutClassic, Msg::ReadoutExact, Msg::ReadoutFill, Msg::ReadoutMeasured]) }
                    <tbody>
                        { for rows.iter().map(row) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// One n: the predictions, and the observations where the filter has had n items (else blank).
fn row(row: &RateRow) -> Html {
    let observed = row.observed;
    html! {
        <tr key={row.items}>
            <th scope="row">{ grouped(row.items) }</th>
            <td>{ significant(row.predicted.approximate) }</td>
            <td>{ significant(row.predicted.classic) }</td>
            <td>{ significant(row.predicted.exact) }</td>
            <td>{ observed.map(|o| significant(o.fill)).unwrap_or_default() }</td>
            <td>{ observed.map(|o| significant(o.measured.rate())).unwrap_or_default() }</td>
        </tr>
    }
}

//! Each item's over-estimate (estimate − true count), most frequent first, against the bound ε·N the
//! sketch's width promises — drawn as bars with the bound as a line, and summed up in a sentence: how
//! many items are over it, against δ.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::{coord, grouped, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::count_min::{CountMinSketch, ErrorChart};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 220.0;
/// Rows in the table of the most frequent items.
const TABLE_ROWS: usize = 10;

/// Props of [`CountMinChart`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountMinChartProps {
    /// The sketch.
    pub sketch: Rc<CountMinSketch>,
}

/// The chart, its summary and the table of the most frequent items.
#[component]
pub fn CountMinChart(props: &CountMinChartProps) -> Html {
    let lang = use_lang();
    let errors = use_memo(props.sketch.clone(), |sketch| sketch.errors());
    if errors.is_empty() {
        return html! { <p class="hint" data-testid="cms-chart-empty">{ lang.text(Msg::CmsChartEmpty) }</p> };
    }
    let sketch = &props.sketch;
    let bound = sketch.bound();
    let chart = ErrorChart::new(&errors, bound, WIDTH, HEIGHT);
    let over = chart.over_bound.iter().filter(|over| **over).count();
    let n = errors.len();
    let bound_text = significant(bound);
    let summary = lang.fill(
        Msg::CmsOverSummary,
        &[
            ("over", &grouped(over as u64)),
            ("n", &grouped(n as u64)),
            ("share", &lang.percent(over as f64 / n as f64)),
            ("bound", &bound_text),
            ("delta", &lang.percent(sketch.params().delta())),
        ],
    );
    html! {
        <>
        <figure class="cms-chart">
            <svg viewBox={format!("0 0 {} {}", coord(WIDTH), coord(HEIGHT + 24.0))} role="img" data-testid="cms-chart"
                aria-label={lang.fill(Msg::CmsChartLabel, &[("n", &grouped(n as u64)), ("bound", &bound_text)])}>
                <line class="axis" x1="0" y1={coord(HEIGHT)} x2={coord(WIDTH)} y2={coord(HEIGHT)} />
                { for chart.bars.iter().zip(&chart.over_bound).map(|(&(x, y, width, height), over)| html! {
                    <rect class={classes!("cms-bar", over.then_some("over"))} x={coord(x)} y={coord(y)}
                        width={coord(width)} height={coord(height)} />
                }) }
                <line class="cms-bound" data-testid="cms-bound" x1="0" y1={coord(chart.bound_y)} x2={coord(WIDTH)} y2={coord(chart.bound_y)} />
                <text class="chart-label" x={coord(WIDTH - 4.0)} y={coord((chart.bound_y - 6.0).max(12.0))} text-anchor="end">
                    { lang.fill(Msg::CmsChartBound, &[("bound", &bound_text)]) }
                </text>
                <text class="chart-label" x="4" y="14">{ lang.fill(Msg::CmsChartTop, &[("top", &significant(chart.top_value))]) }</text>
                <text class="chart-label" x="4" y={coord(HEIGHT + 18.0)}>{ lang.text(Msg::CmsChartX) }</text>
            </svg>
            <figcaption data-testid="cms-over" data-over={over.to_string()} data-n={n.to_string()}>
                { summary }
                // With one row there is no row to share with: no such pairs.
                if over as f64 / n as f64 > sketch.params().delta() && sketch.params().depth > 1 {
                    { " " }<span data-testid="cms-over-more">{ more_than_delta(lang, sketch) }</span>
                }
            </figcaption>
        </figure>
        <div class="table-scroll">
            <table class="cms-table" data-testid="cms-table">
                <caption>{ lang.text(Msg::CmsTableCaption) }</caption>
                { column_heads(lang, &[Msg::CmsTableItem, Msg::CmsTableTrue, Msg::CmsTableEstimate, Msg::CmsTableOver]) }
                <tbody>
                    { for errors.iter().take(TABLE_ROWS).map(|error| html! {
                        <tr>
                            <th scope="row">{ bloom_core::text::shorten(&error.text, 30).into_owned() }</th>
                            <td>{ grouped(error.truth) }</td>
                            <td>{ grouped(error.truth + error.over) }</td>
                            <td>{ grouped(error.over) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
        </>
    }
}

/// Why more items than δ can be over the bound: what the rows' one double hash made alike.
fn more_than_delta(lang: crate::strings::Lang, sketch: &CountMinSketch) -> String {
    let shared = sketch.shared_rows();
    lang.fill(
        Msg::CmsOverMore,
        &[
            ("one_counter", &grouped(shared.one_counter as u64)),
            ("n", &grouped(sketch.distinct() as u64)),
            ("pairs", &grouped(shared.pairs as u64)),
        ],
    )
}

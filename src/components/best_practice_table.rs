//! A best-practice lookup table: for each whole number of bits per item, the best k and its rate,
//! with the first row reaching the current p highlighted.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::significant;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::sizing::{best_practice_for, best_practices};

/// Rows in the table: 1 … 32 bits per item.
const MAX_BITS_PER_ITEM: u32 = 32;

/// Props of [`BestPracticeTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct BestPracticeTableProps {
    /// The target rate to locate, if any.
    #[prop_or_default]
    pub rate: Option<f64>,
}

/// The lookup table.
#[component]
pub fn BestPracticeTable(props: &BestPracticeTableProps) -> Html {
    let lang = use_lang();
    let table = use_memo((), |_| best_practices(MAX_BITS_PER_ITEM));
    let found = props.rate.and_then(|rate| best_practice_for(&table, rate));
    let summary = props.rate.map(|rate| match found {
        Some(row) => lang.fill(
            Msg::BestCurrent,
            &[
                ("p", &significant(rate)),
                ("b", &row.bits_per_item.to_string()),
                ("k", &row.hashes.to_string()),
                ("rate", &significant(row.rate)),
            ],
        ),
        None => lang.fill(
            Msg::BestNone,
            &[
                ("p", &significant(rate)),
                ("b", &MAX_BITS_PER_ITEM.to_string()),
            ],
        ),
    });
    // The highlighted row is the answer: the box scrolls (by itself, not the page) to show it.
    let scroller = use_node_ref();
    {
        let scroller = scroller.clone();
        use_effect_with(found.map(|row| row.bits_per_item), move |_| {
            let Some(scroller) = scroller.cast::<HtmlElement>() else {
                return;
            };
            let row = scroller.query_selector("tr.current").ok().flatten();
            if let Some(row) = row.and_then(|row| row.dyn_into::<HtmlElement>().ok()) {
                let middle =
                    row.offset_top() - (scroller.client_height() - row.offset_height()) / 2;
                scroller.set_scroll_top(middle.max(0));
            }
        });
    }
    html! {
        <>
            if let Some(summary) = summary {
                <p class="best-summary" data-testid="best-practice-summary">{ summary }</p>
            }
            <div ref={scroller} class="table-scroll tall" role="region" aria-label={lang.text(Msg::BestTableLabel)} tabindex="0">
                <table class="best-table">
                    { column_heads(lang, &[Msg::BestBitsPerItem, Msg::BestHashes, Msg::BestRate]) }
                    <tbody>
                        { for table.iter().map(|row| {
                            let current = found.is_some_and(|f| f.bits_per_item == row.bits_per_item);
                            html! {
                                <tr key={row.bits_per_item} class={classes!(current.then_some("current"))}
                                    aria-current={current.then_some("true")} data-testid="best-practice-row">
                                    <th scope="row">{ row.bits_per_item }</th>
                                    <td>{ row.hashes }</td>
                                    <td>{ significant(row.rate) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </>
    }
}

//! The classic sizing table: m and k for five set sizes at three false-positive rates, with memory.
//! Each cell is a button that loads its n and p into the calculator.

use yew::prelude::*;

use crate::format::{count, exact, percent_plain};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::sizing::{bytes, optimal_bits, optimal_hashes};

/// The set sizes of the table.
pub const SIZING_ITEMS: [f64; 5] = [
    500_000.0,
    1_000_000.0,
    3_000_000.0,
    5_000_000.0,
    10_000_000.0,
];
/// The false-positive rates of the table: 0.01%, 0.001%, 0.00001%.
pub const SIZING_RATES: [f64; 3] = [1e-4, 1e-5, 1e-7];

/// Props of [`SizingTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct SizingTableProps {
    /// Called with (n, p) when a cell is chosen.
    pub onpick: Callback<(f64, f64)>,
}

/// The n × p table of m, k and memory.
#[component]
pub fn SizingTable(props: &SizingTableProps) -> Html {
    let lang = use_lang();
    html! {
        <div class="table-scroll" role="region" aria-label={lang.text(Msg::SizingTableLabel)} tabindex="0">
            <table class="sizing-table">
                <thead>
                    <tr>
                        <th scope="col">{ lang.text(Msg::SizingItems) }</th>
                        { for SIZING_RATES.iter().map(|&p| html! { <th scope="col">{ format!("p = {}", percent_plain(p)) }</th> }) }
                    </tr>
                </thead>
                <tbody>
                    { for SIZING_ITEMS.iter().map(|&n| html! {
                        <tr key={exact(n)}>
                            <th scope="row">{ count(n) }</th>
                            { for SIZING_RATES.iter().map(|&p| {
                                let m = optimal_bits(n, p);
                                let k = optimal_hashes(m, n);
                                let onclick = {
                                    let onpick = props.onpick.clone();
                                    Callback::from(move |_: MouseEvent| onpick.emit((n, p)))
                                };
                                html! {
                                    <td>
                                        <button type="button" class="seed-cell" data-testid="seed-cell"
                                            data-n={exact(n)} data-p={exact(p)} data-m={exact(m)} data-k={exact(k)}
                                            {onclick}>
                                            { lang.fill(Msg::SizingCell, &[("m", &count(m)), ("k", &count(k)), ("size", &lang.size(bytes(m)))]) }
                                        </button>
                                    </td>
                                }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

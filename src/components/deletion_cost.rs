//! What the right to delete costs: the counting filter beside a plain filter with the same m and k
//! (the same answers, c times less memory) and plain filters given the counting filter's memory.

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::{exact, grouped, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::counting::{CountingParams, MemoryComparison};
use bloom_core::params::HASHES_RANGE;

/// Props of [`DeletionCost`].
#[derive(Properties, PartialEq, Clone)]
pub struct DeletionCostProps {
    /// m, k, c.
    pub params: CountingParams,
    /// n, distinct items in the set.
    pub items: u64,
}

/// The best plain filter's row name: its k, or the most the page allows when the best,
/// (m/n)·ln 2, is more, or any k before there are items.
fn best_name(lang: Lang, comparison: &MemoryComparison, items: u64) -> String {
    let k = comparison.same_memory_best_hashes.to_string();
    if items == 0 {
        return lang.text(Msg::CountingCostEmpty).to_owned();
    }
    let best = comparison.counting_bits as f64 / items as f64 * std::f64::consts::LN_2;
    if best > f64::from(*HASHES_RANGE.end()) {
        lang.fill(
            Msg::CountingCostCapped,
            &[("k", &k), ("best", &significant(best))],
        )
    } else {
        lang.fill(Msg::CountingCostBest, &[("k", &k)])
    }
}

/// The comparison table.
#[component]
pub fn DeletionCost(props: &DeletionCostProps) -> Html {
    let lang = use_lang();
    let params = props.params;
    let comparison = MemoryComparison::new(params, props.items);
    let (m, k, c) = (
        params.filter.bits.to_string(),
        params.filter.hashes.to_string(),
        params.counter_bits.to_string(),
    );
    let memory = grouped(comparison.counting_bits);
    let bits = |count: &str| lang.fill(Msg::CountingBitsValue, &[("bits", count)]);
    let rows = [
        (
            "cost-counting",
            lang.fill(
                Msg::CountingCostCounting,
                &[("m", &m), ("c", &c), ("k", &k)],
            ),
            bits(&memory),
            comparison.same_bits_rate,
        ),
        (
            "cost-same-bits",
            lang.fill(Msg::CountingCostSameBits, &[("k", &k)]),
            bits(&grouped(u64::from(params.filter.bits))),
            comparison.same_bits_rate,
        ),
        (
            "cost-same-memory",
            lang.fill(Msg::CountingCostSameMemory, &[("k", &k)]),
            bits(&memory),
            comparison.same_memory_rate,
        ),
        (
            "cost-best",
            best_name(lang, &comparison, props.items),
            bits(&memory),
            comparison.same_memory_best_rate,
        ),
    ];
    html! {
        <div class="table-scroll deletion-cost">
            <table data-testid="deletion-cost">
                <caption>{ lang.fill(Msg::CountingCostCaption, &[("n", &grouped(props.items))]) }</caption>
                { column_heads(lang, &[Msg::CountingCostFilter, Msg::CountingCostMemory, Msg::CountingCostRate]) }
                <tbody>
                    { for rows.into_iter().map(|(testid, name, memory, rate)| html! {
                        <tr data-testid={testid}>
                            <th scope="row">{ name }</th>
                            <td>{ memory }</td>
                            <td data-rate={exact(rate)}>{ lang.chance(rate) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

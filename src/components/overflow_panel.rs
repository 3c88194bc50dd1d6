//! How likely a counter is to stick, for the filter's current m, n, k and c: the largest counter to
//! expect and the chance that some counter reaches 2^c − 1, computed exactly for the balls-into-bins
//! model (each of the n·k increments on a random counter) — or, past a size, with the counters taken
//! as independent, which the panel then says.

use yew::prelude::*;

use crate::format::{exact, grouped, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::counting::CountingParams;
use bloom_core::overflow::{expected_largest, some_counter_reaches};

/// Props of [`OverflowPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct OverflowPanelProps {
    /// m, k, c.
    pub params: CountingParams,
    /// n, items in the set (with repeats: each insert adds k increments).
    pub insertions: u64,
}

/// The overflow figures.
#[component]
pub fn OverflowPanel(props: &OverflowPanelProps) -> Html {
    let lang = use_lang();
    let params = props.params;
    let figures = use_memo((params, props.insertions), |(params, insertions)| {
        let increments = insertions * u64::from(params.filter.hashes);
        let max = u32::from(params.max_count());
        (
            increments,
            expected_largest(increments, params.filter.bits, max),
            some_counter_reaches(increments, params.filter.bits, max),
        )
    });
    let (increments, expected, stick) = *figures;
    let max = params.max_count().to_string();
    let approximate = !(expected.exact && stick.exact);
    html! {
        <div class="overflow" data-testid="overflow">
            <p>{ lang.fill(Msg::CountingOverflowModel, &[
                ("n", &grouped(props.insertions)),
                ("k", &params.filter.hashes.to_string()),
                ("increments", &grouped(increments)),
                ("m", &grouped(u64::from(params.filter.bits))),
            ]) }</p>
            <dl class="stats">
                <div class="stat">
                    <dt>{ lang.fill(Msg::CountingExpectedLargest, &[("max", &max)]) }</dt>
                    <dd data-testid="expected-largest" data-value={exact(expected.value)}>{ significant(expected.value) }</dd>
                </div>
                <div class="stat">
                    <dt>{ lang.fill(Msg::CountingStickChance, &[("max", &max)]) }</dt>
                    <dd data-testid="stick-chance" data-value={exact(stick.value)}>{ lang.chance(stick.value) }</dd>
                </div>
            </dl>
            if approximate {
                <p class="hint">{ lang.text(Msg::CountingOverflowApproximate) }</p>
            }
            <p class="hint">{ lang.fill(Msg::CountingOverflowHint, &[("c", &params.counter_bits.to_string())]) }</p>
        </div>
    }
}

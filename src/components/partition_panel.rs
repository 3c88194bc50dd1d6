//! Standard against partitioned at equal memory: the same n generated items in a filter of m bits
//! and k hashes each way, with the fill, the rate the fill predicts, the rate expected before any item
//! is hashed and the rate measured on 10,000 probes, side by side.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::part_props::{setting_fields, SettingField, SettingsProps};

use crate::components::figure_parts::column_heads;

use crate::format::exact;
use crate::hooks::use_lang::use_lang;
use crate::share::sets::{
    PartitionSettings, PARTITION_BITS_RANGE, PARTITION_HASHES_RANGE, PARTITION_ITEMS_RANGE,
};
use crate::strings::{Lang, Msg};
use bloom_core::hashing::ItemHashes;
use bloom_core::measure::{playground_probe, PLAYGROUND_PROBES};
use bloom_core::partitioned::{generated_item, Comparison, LayoutResult};

/// One figure of a layout's result.
type Reading = fn(&LayoutResult) -> f64;

/// The sample the partitioned and compressed panels build and measure their filters on: the
/// hashes of the first `items` generated items, and of the playground's probes (hashed once a page).
pub fn sample(items: u32) -> (Vec<ItemHashes>, Rc<[ItemHashes]>) {
    thread_local! {
        static PROBES: Rc<[ItemHashes]> = (0..PLAYGROUND_PROBES)
            .map(|i| ItemHashes::of(&playground_probe(i)))
            .collect();
    }
    let inserted = (0..items)
        .map(|i| ItemHashes::of(&generated_item(i)))
        .collect();
    (inserted, PROBES.with(Rc::clone))
}

/// What `run` makes of the settings and the [`sample`] of `items`, worked out again only when the
/// settings change.
#[hook]
pub fn use_sample_run<S, T>(
    settings: S,
    items: u32,
    run: fn(S, &[ItemHashes], &[ItemHashes]) -> T,
) -> Rc<T>
where
    S: PartialEq + Copy + 'static,
    T: 'static,
{
    use_memo(settings, move |&settings| {
        let (inserted, probes) = sample(items);
        run(settings, &inserted, &probes)
    })
}

/// The fields and the table.
#[component]
pub fn PartitionPanel(props: &SettingsProps<PartitionSettings>) -> Html {
    let lang = use_lang();
    let settings = props.settings;
    let comparison = use_sample_run(settings, settings.items, |settings, items, probes| {
        Comparison::run(settings.bits, settings.hashes, items, probes)
    });
    let rows: [(Msg, Reading); 5] = [
        (Msg::PartFill, |side| {
            f64::from(side.set_bits) / f64::from(side.bits.len())
        }),
        (Msg::PartFromFill, |side| side.rate_from_fill),
        (Msg::PartFromSlices, |side| side.rate_from_slices),
        (Msg::PartExpected, |side| side.expected_rate),
        (Msg::PartMeasured, |side| side.measured.rate()),
    ];
    html! {
        <>
        { setting_fields(lang, Msg::PartIntro, &[
            SettingField { id: "part-m", testid: "part-bits", name: "m", label: Msg::PartBitsLabel, value: settings.bits, range: PARTITION_BITS_RANGE, onapply: props.change(|s, bits| PartitionSettings { bits, ..s }) },
            SettingField { id: "part-k", testid: "part-hashes", name: "k", label: Msg::PartHashesLabel, value: settings.hashes, range: PARTITION_HASHES_RANGE, onapply: props.change(|s, hashes| PartitionSettings { hashes, ..s }) },
            SettingField { id: "part-n", testid: "part-items", name: "n", label: Msg::PartItemsLabel, value: settings.items, range: PARTITION_ITEMS_RANGE, onapply: props.change(|s, items| PartitionSettings { items, ..s }) },
        ], Html::default()) }
        <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::PartHeading)}>
            <table class="comparison" data-testid="partition-table">
                { column_heads(lang, &[Msg::PartFigure, Msg::PartStandard, Msg::PartPartitioned]) }
                <tbody>
                    { for rows.iter().enumerate().map(|(index, (name, value))| cells(lang, index, *name, *value, &comparison)) }
                </tbody>
            </table>
        </div>
        <p class="hint">{ lang.text(Msg::PartNote) }</p>
        </>
    }
}

fn cells(lang: Lang, index: usize, name: Msg, value: Reading, comparison: &Comparison) -> Html {
    let show = |side: &LayoutResult| {
        let number = value(side);
        if index == 0 {
            lang.percent(number)
        } else {
            lang.chance(number)
        }
    };
    html! {
        <tr>
            <th scope="row">{ lang.text(name) }</th>
            <td data-testid="part-standard" data-value={exact(value(&comparison.standard))}>{ show(&comparison.standard) }</td>
            <td data-testid="part-partitioned" data-value={exact(value(&comparison.partitioned))}>{ show(&comparison.partitioned) }</td>
        </tr>
    }
}

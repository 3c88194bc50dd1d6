//! Compressed filters at a fixed number of bits to send, z: the plain filter of z bits beside, for
//! each smaller k, the largest filter DEFLATE or a gap code squeezes into z bits — built, compressed
//! and measured in the browser — and what the slides' "about 69.3 %" really is.

use yew::prelude::*;

use crate::components::part_props::{setting_fields, SettingField, SettingsProps};

use crate::components::figure_parts::column_heads;

use crate::components::partition_panel;
use crate::format::{exact, fixed, grouped};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_prerendered::use_stepwise;
use crate::share::sets::{CompressSettings, BUDGET_RANGE, COMPRESS_ITEMS_RANGE};
use crate::strings::{Lang, Msg};
use bloom_core::compressed::{bar_shares, Coder, Comparison, Row, Stepwise};

/// The fields, the table and the verdict.
#[component]
pub fn CompressedPanel(props: &SettingsProps<CompressSettings>) -> Html {
    let lang = use_lang();
    let settings = props.settings;
    // Dozens of filters built and compressed, once per z and n: during start-up a few at a time,
    // a task each.
    let comparison = use_stepwise(settings, |settings| {
        let (items, mut steps) = (settings.items, Stepwise::new(settings.budget));
        let mut sample = None;
        move || {
            let (items, probes) = sample.get_or_insert_with(|| partition_panel::sample(items));
            steps.step(items, probes)
        }
    });
    let fields = setting_fields(
        lang,
        Msg::CompIntro,
        &[
            SettingField {
                id: "comp-z",
                testid: "comp-budget",
                name: "z",
                label: Msg::CompBudgetLabel,
                value: settings.budget,
                range: BUDGET_RANGE,
                onapply: props.change(|s, budget| CompressSettings { budget, ..s }),
            },
            SettingField {
                id: "comp-n",
                testid: "comp-items",
                name: "n",
                label: Msg::CompItemsLabel,
                value: settings.items,
                range: COMPRESS_ITEMS_RANGE,
                onapply: props.change(|s, items| CompressSettings { items, ..s }),
            },
        ],
        Html::default(),
    );
    html! {
        <>
            { fields }
            if let Some(comparison) = comparison {
                { table(lang, settings, &comparison) }
            }
        </>
    }
}

/// The filters compared, their rates as bars and what they show.
fn table(lang: Lang, settings: CompressSettings, comparison: &Comparison) -> Html {
    let plain = &comparison.plain;
    let best = |coder| {
        comparison.best(coder).map_or_else(
            || lang.text(Msg::CompNone).to_owned(),
            |row| lang.chance(row.measured.rate()),
        )
    };
    let n = f64::from(settings.items.max(1));
    let least = -plain.expected_rate.log2();
    let bits_per_item = f64::from(settings.budget) / n;
    let mut rows: Vec<(String, &Row, &'static str)> =
        vec![(lang.text(Msg::CompPlain).to_owned(), plain, "plain")];
    for (coder, found, msg) in [
        (Coder::Deflate, &comparison.deflate, Msg::CompDeflateRow),
        (Coder::Golomb, &comparison.golomb, Msg::CompGolombRow),
    ] {
        for row in found.iter().flatten() {
            let name = lang.fill(msg, &[("k", &row.hashes.to_string())]);
            rows.push((
                name,
                row,
                if coder == Coder::Deflate {
                    "deflate"
                } else {
                    "golomb"
                },
            ));
        }
    }
    html! {
        <>
        <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::CompHeading)}>
            <table class="comparison compressed-table">
                { column_heads(lang, &[Msg::CompFilter, Msg::CompBits, Msg::CompSetShare, Msg::CompDeflated, Msg::CompGolombSize, Msg::CompEntropy, Msg::CompExpected, Msg::CompMeasured]) }
                <tbody>{ for rows.iter().map(|(name, row, coder)| table_row(lang, name, row, coder, settings.budget)) }</tbody>
            </table>
        </div>
        { rate_bars(lang, &rows) }
        <p data-testid="comp-verdict">{ lang.fill(Msg::CompVerdict, &[
            ("plain", &lang.chance(plain.measured.rate())), ("deflate", &best(Coder::Deflate)), ("golomb", &best(Coder::Golomb)),
        ]) }</p>
        <p>{ lang.text(Msg::CompWhy) }</p>
        <p class="hint" data-testid="comp-slides">{ slides(lang, least, bits_per_item) }</p>
        </>
    }
}

/// The measured rate of each row as a bar on one scale, the plain filter first.
fn rate_bars(lang: Lang, rows: &[(String, &Row, &'static str)]) -> Html {
    let rates: Vec<f64> = rows.iter().map(|(_, row, _)| row.measured.rate()).collect();
    let shares = bar_shares(&rates);
    html! {
        <figure class="rate-bars">
            <figcaption class="hint">{ lang.text(Msg::CompChartLabel) }</figcaption>
            <ul>
                { for rows.iter().zip(&shares).map(|((name, row, coder), share)| html! {
                    <li class={classes!("rate-bar", *coder)}>
                        <span class="rate-bar-name">{ name.clone() }</span>
                        <span class="rate-bar-track" aria-hidden="true">
                            <span class="rate-bar-fill" style={format!("width: {}%", fixed(share * 100.0, 1))}></span>
                        </span>
                        <span class="rate-bar-value">{ lang.chance(row.measured.rate()) }</span>
                    </li>
                }) }
            </ul>
        </figure>
    }
}

fn slides(lang: Lang, least: f64, bits_per_item: f64) -> String {
    lang.fill(
        Msg::CompSlides,
        &[
            ("least", &fixed(least, 2)),
            ("bpi", &fixed(bits_per_item, 2)),
            ("share", &lang.percent(least / bits_per_item)),
        ],
    )
}

fn table_row(lang: Lang, name: &str, row: &Row, coder: &'static str, budget: u32) -> Html {
    let fits = |size: u32| if size <= budget { "fits" } else { "over" };
    html! {
        <tr data-testid="comp-row" data-coder={coder} data-bits={row.bits.to_string()} data-hashes={row.hashes.to_string()}
            data-deflated={row.compressed_bits.to_string()} data-golomb={row.golomb_bits.to_string()}
            data-measured={exact(row.measured.rate())}>
            <th scope="row">{ name.to_owned() }</th>
            <td>{ grouped(u64::from(row.bits)) }</td>
            <td>{ lang.percent(f64::from(row.set_bits) / f64::from(row.bits)) }</td>
            <td class={fits(row.compressed_bits)}>{ grouped(u64::from(row.compressed_bits)) }</td>
            <td class={fits(row.golomb_bits)}>{ grouped(u64::from(row.golomb_bits)) }</td>
            <td>{ grouped(row.entropy_bits.round() as u64) }</td>
            <td>{ lang.chance(row.expected_rate) }</td>
            <td>{ lang.chance(row.measured.rate()) }</td>
        </tr>
    }
}

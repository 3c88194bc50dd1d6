//! A filter cascade built in the browser: a universe of certificate numbers, some revoked, encoded
//! level by level until no level lets anything through — each level's set, bits and hashes, the
//! check that every element of the universe comes out right, and the cost against a bitmap and a list.

use yew::prelude::*;

use crate::components::part_props::{setting_fields, SettingField, SettingsProps};

use crate::components::figure_parts::column_heads;

use crate::format::{exact, fixed, grouped};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_prerendered::use_stepwise;
use crate::share::sets::{CascadeSettings, UNIVERSE_RANGE};
use crate::strings::{Lang, Msg};
use bloom_core::cascade::{universe, Cascade};
use bloom_core::hashing::ItemHashes;

/// The rates level 1 may be built for.
const FIRST_RATES: [f64; 6] = [0.5, 0.1, 0.05, 0.01, 0.001, 0.000_1];

/// The cascade and how many elements of U it classifies correctly.
struct Built {
    cascade: Cascade,
    correct: u32,
}

/// The cascade of `inside` against `outside`, level 1 at `first_rate`, and its check.
fn build(inside: &[ItemHashes], outside: &[ItemHashes], first_rate: f64) -> Built {
    let cascade = Cascade::build(inside, outside, first_rate);
    let correct = inside
        .iter()
        .filter(|&&item| cascade.contains(item))
        .count()
        + outside
            .iter()
            .filter(|&&item| !cascade.contains(item))
            .count();
    Built {
        cascade,
        correct: correct as u32,
    }
}

/// The fields, the levels and the check.
#[component]
pub fn CascadePanel(props: &SettingsProps<CascadeSettings>) -> Html {
    let lang = use_lang();
    let settings = props.settings;
    // Twenty thousand numbers written, hashed and sorted into levels, once per setting: during
    // start-up in three tasks.
    let built = use_stepwise(
        (
            settings.universe,
            settings.revoked,
            settings.first_rate.to_bits(),
        ),
        |&(size, revoked, rate)| {
            let mut texts = None;
            let mut hashed = None;
            move || match (texts.take(), hashed.take()) {
                (None, None) => {
                    texts = Some(universe(size, revoked, 1));
                    None
                }
                (Some((inside, outside)), None) => {
                    let hash = |texts: Vec<String>| -> Vec<ItemHashes> {
                        texts.iter().map(|text| ItemHashes::of(text)).collect()
                    };
                    hashed = Some((hash(inside), hash(outside)));
                    None
                }
                (_, Some((inside, outside))) => {
                    Some(build(&inside, &outside, f64::from_bits(rate)))
                }
            }
        },
    );
    let on_rate = {
        let onchange = props.onchange.clone();
        Callback::from(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            if let Some(&first_rate) = FIRST_RATES.get(select.selected_index().max(0) as usize) {
                onchange.emit(CascadeSettings {
                    first_rate,
                    ..settings
                });
            }
        })
    };
    html! {
        <>
        { setting_fields(lang, Msg::CascIntro, &[
            SettingField { id: "casc-u", testid: "casc-universe", name: "|U|", label: Msg::CascUniverseLabel, value: settings.universe, range: UNIVERSE_RANGE, onapply: props.change(|s, universe| CascadeSettings { universe, ..s }) },
            SettingField { id: "casc-r", testid: "casc-revoked", name: "|R|", label: Msg::CascRevokedLabel, value: settings.revoked, range: 0..=settings.universe, onapply: props.change(|s, revoked| CascadeSettings { revoked, ..s }) },
        ], html! {
                <div class="field">
                    <label for="casc-p1">{ lang.text(Msg::CascFirstRateLabel) }</label>
                    <select id="casc-p1" data-testid="casc-first-rate" onchange={on_rate}>
                        { for FIRST_RATES.iter().map(|&rate| html! {
                            <option value={exact(rate)} selected={rate == settings.first_rate}>{ lang.chance(rate) }</option>
                        }) }
                    </select>
                </div>
            }) }
        if let Some(built) = built {
            { outcome(lang, settings, &built) }
        }
        </>
    }
}

/// The levels, the check and the cost.
fn outcome(lang: Lang, settings: CascadeSettings, built: &Built) -> Html {
    html! {
        <>
        if built.cascade.levels().is_empty() {
            <p class="hint">{ lang.text(Msg::CascNone) }</p>
        } else {
            { level_table(lang, &built.cascade) }
        }
        <p class="cascade-check" data-testid="cascade-check" data-correct={built.correct.to_string()} data-total={settings.universe.to_string()}>
            { lang.fill(Msg::CascCheck, &[("correct", &grouped(u64::from(built.correct))), ("total", &grouped(u64::from(settings.universe)))]) }
        </p>
        { cost(lang, &built.cascade, settings) }
        <p class="hint">{ lang.text(Msg::CascRule) }</p>
        </>
    }
}

fn level_table(lang: Lang, cascade: &Cascade) -> Html {
    html! {
        <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::CascHeading)}>
            <table class="comparison cascade-table">
                { column_heads(lang, &[Msg::CascLevel, Msg::CascBuiltFrom, Msg::CascBits, Msg::CascHashes]) }
                <tbody>
                    { for cascade.levels().iter().enumerate().map(|(index, level)| {
                        let count = grouped(u64::from(level.items));
                        let from = match (index, level.of_included) {
                            (0, _) => lang.plural(Msg::CascFromRevoked, u64::from(level.items), &[("count", &count)]),
                            (_, true) => lang.plural(Msg::CascFromRevokedThrough, u64::from(level.items), &[("count", &count)]),
                            (_, false) => lang.plural(Msg::CascFromValid, u64::from(level.items), &[("count", &count)]),
                        };
                        html! {
                            <tr data-testid="cascade-level" data-bits={level.bits.len().to_string()} data-items={level.items.to_string()}>
                                <th scope="row">{ index + 1 }</th>
                                <td>{ from }</td>
                                <td>{ grouped(u64::from(level.bits.len())) }</td>
                                <td>{ level.hashes }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}

fn cost(lang: Lang, cascade: &Cascade, settings: CascadeSettings) -> Html {
    let bits = cascade.total_bits();
    // A list of R: each revoked number written in ⌈log₂|U|⌉ bits.
    let per_number = f64::from(settings.universe.max(2)).log2().ceil() as u64;
    let list = u64::from(settings.revoked) * per_number;
    let per_revoked = bits as f64 / f64::from(settings.revoked.max(1));
    html! {
        <p data-testid="cascade-cost">{ lang.fill(Msg::CascCompare, &[
            ("bits", &grouped(bits)), ("per_revoked", &fixed(per_revoked, 1)),
            ("bitmap", &grouped(u64::from(settings.universe))), ("list", &grouped(list)),
        ]) }</p>
    }
}

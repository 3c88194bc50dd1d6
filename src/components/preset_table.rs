//! Each library's scalable filter reproduced by its own parameters and fed the same stream: what it
//! promises (the rate its user asks for), what its arithmetic allows (P₀/(1 − r)) and the rate
//! measured here — so a promise the arithmetic does not keep shows with its numbers.

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::{fixed, grouped};
use crate::hooks::use_lang::use_lang;
use crate::state::scalable::probes;
use crate::strings::{Lang, Msg};
use bloom_core::scalable::{preset_reports, Preset, PresetReport, Probes};

/// Items each preset is fed.
pub const REPORT_ITEMS: u32 = 10_000;

/// The name of a preset, as the selector lists it.
pub fn preset_name(preset: Preset) -> Msg {
    match preset {
        Preset::Custom => Msg::PresetCustom,
        Preset::Redis => Msg::PresetRedis,
        Preset::PybloomSmall => Msg::PresetPybloomSmall,
        Preset::PybloomLarge => Msg::PresetPybloomLarge,
        Preset::BloomFiltersJs => Msg::PresetBloomFilters,
    }
}

/// Where each library's rules are read from.
pub fn preset_source(preset: Preset) -> Option<&'static str> {
    match preset {
        Preset::Custom => None,
        Preset::Redis => Some("https://github.com/RedisBloom/RedisBloom/blob/master/src/sb.c"),
        Preset::PybloomSmall | Preset::PybloomLarge => {
            Some("https://github.com/joseph-roitman/pybloom-live/blob/master/pybloom_live/pybloom.py")
        }
        Preset::BloomFiltersJs => Some(
            "https://github.com/Callidon/bloom-filters/blob/master/src/bloom/scalable-bloom-filter.ts",
        ),
    }
}

/// Props of [`PresetTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct PresetTableProps {
    /// n₀.
    pub capacity: u32,
    /// The rate asked for.
    pub rate: f64,
}

/// The table: promises and limits at once; the measured rates when asked for (five filters of
/// 10,000 items each take a moment, so a page does not build them before anyone looks).
#[component]
pub fn PresetTable(props: &PresetTableProps) -> Html {
    let lang = use_lang();
    let measured = use_state(|| None::<(u32, u64, Vec<PresetReport>)>);
    let key = (props.capacity, props.rate.to_bits());
    let reports: Vec<PresetReport> = match &*measured {
        Some((capacity, rate, reports)) if (*capacity, *rate) == key => reports.clone(),
        _ => preset_reports(props.capacity, props.rate, 0, &Probes::first(0)),
    };
    let is_measured = matches!(&*measured, Some((capacity, rate, _)) if (*capacity, *rate) == key);
    let on_measure = {
        let measured = measured.clone();
        Callback::from(move |_: MouseEvent| {
            let reports = preset_reports(key.0, f64::from_bits(key.1), REPORT_ITEMS, &probes());
            measured.set(Some((key.0, key.1, reports)));
        })
    };
    html! {
        <>
        <p class="hint">{ lang.fill(Msg::ScalablePresetsNote, &[
            ("n0", &grouped(u64::from(props.capacity))), ("p", &lang.chance(props.rate)), ("count", &grouped(u64::from(REPORT_ITEMS))),
        ]) }</p>
        <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::ScalablePresetsHeading)}>
            <table class="preset-table">
                { column_heads(lang, &[Msg::ScalablePresetsLibrary, Msg::ScalablePresetsRules, Msg::ScalablePresetsPromise, Msg::ScalablePresetsLimit, Msg::ScalablePresetsMeasured, Msg::ScalablePresetsBits]) }
                <tbody>{ for reports.iter().map(|report| row(lang, report, is_measured)) }</tbody>
            </table>
        </div>
        if !is_measured {
            <p><button type="button" data-testid="measure-presets" onclick={on_measure}>
                { lang.fill(Msg::ScalablePresetsMeasure, &[("count", &grouped(u64::from(REPORT_ITEMS)))]) }
            </button></p>
        }
        </>
    }
}

fn row(lang: Lang, report: &PresetReport, measured: bool) -> Html {
    let params = report.params;
    let kept = report.limit <= params.rate * (1.0 + 1e-9);
    // "s = 2, r = 0.80, P₀ = 0.2 %" ("s = 2、r = 0.80、P₀ = 0.2%"): P₀ always a percentage, as the
    // rates around it (a chance would write pybloom's 0.0999… % as 0.001).
    let rules = [
        format!("s = {}", params.growth),
        format!("r = {}", fixed(params.tightening, 2)),
        format!("P₀ = {}", lang.percent(params.first_stage_rate())),
    ]
    .join(lang.text(Msg::ListSeparator));
    html! {
        <tr data-testid="preset-row" data-preset={report.preset.id()} data-limit={crate::format::exact(report.limit)}
            data-measured={measured.then(|| crate::format::exact(report.measured.rate()))}>
            <th scope="row">
                if let Some(source) = preset_source(report.preset) {
                    <a href={source} rel="noopener">{ lang.text(preset_name(report.preset)) }</a>
                } else {
                    { lang.text(preset_name(report.preset)) }
                }
            </th>
            <td>{ rules }</td>
            <td>{ lang.chance(params.rate) }</td>
            <td class={classes!((!kept).then_some("over"))}>
                { lang.chance(report.limit) }{ " " }
                <span class="promise-verdict">{ lang.text(if kept { Msg::ScalablePresetsKept } else { Msg::ScalablePresetsBroken }) }</span>
            </td>
            <td data-testid="preset-measured">{ if measured { lang.chance(report.measured.rate()) } else { "—".to_owned() } }</td>
            <td>{ if measured { fixed(report.bits_per_item, 1) } else { "—".to_owned() } }</td>
        </tr>
    }
}

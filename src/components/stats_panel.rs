//! Live statistics of the filter. Each value is computed by the core from n, X, m and k; the
//! `data-value` attributes carry the plain numbers for anyone checking the page from outside.

use yew::prelude::*;

use crate::format::{exact, grouped, one_in, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::playground::Stats;

/// One figure of a statistics list: its label, and its value (`body`) with the plain number behind
/// it in `data-value`; an `alarm` figure is drawn as a warning.
pub fn stat(label: &str, testid: &'static str, data: String, alarm: bool, body: Html) -> Html {
    html! {
        <div class={classes!("stat", alarm.then_some("alarm"))}>
            <dt>{ label }</dt>
            <dd data-testid={testid} data-value={data}>{ body }</dd>
        </div>
    }
}

/// One figure of a statistics list: its test id, its label, the value shown and the exact value
/// behind it (`data-value`).
pub type Figure = (&'static str, Msg, String, String);

/// A count as a figure: shown with its digits grouped, carried as the plain number.
pub fn count(testid: &'static str, label: Msg, count: u64) -> Figure {
    (testid, label, grouped(count), count.to_string())
}

/// A small number as a figure (a largest counter, a number of stages): shown as it is carried.
pub fn number(testid: &'static str, label: Msg, number: u64) -> Figure {
    (testid, label, number.to_string(), number.to_string())
}

/// A share as a figure: shown as a percentage in `lang`, carried exactly.
pub fn percent(lang: Lang, testid: &'static str, label: Msg, share: f64) -> Figure {
    (testid, label, lang.percent(share), exact(share))
}

/// A rate as a figure: shown as a chance in `lang` (see `Lang::chance`), carried exactly.
pub fn chance(lang: Lang, testid: &'static str, label: Msg, rate: f64) -> Figure {
    (testid, label, lang.chance(rate), exact(rate))
}

/// A statistics list of `kind` (its class and test id), the figure with the test id `alarm` drawn
/// as a warning.
pub fn stat_list(
    lang: Lang,
    kind: &'static str,
    figures: Vec<Figure>,
    alarm: Option<&str>,
) -> Html {
    html! {
        <dl class={classes!("stats", kind)} data-testid={kind}>
            { for figures.into_iter().map(|(testid, label, value, data)| {
                stat(lang.text(label), testid, data, alarm == Some(testid), html! { { value } })
            }) }
        </dl>
    }
}

/// A figure's value and, where it has one, the note beside it (a percentage, a count).
fn figure(value: String, note: Option<String>) -> Html {
    html! {
        <>
            <span class="stat-value">{ value }</span>
            if let Some(note) = note {
                <span class="stat-note">{ note }</span>
            }
        </>
    }
}

/// Props of [`StatsPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct StatsPanelProps {
    /// The figures to show.
    pub stats: Stats,
}

/// n, X, X/m, (X/m)^k, the formula's rate, and n̂.
#[component]
pub fn StatsPanel(props: &StatsPanelProps) -> Html {
    let lang = use_lang();
    let stats = props.stats;
    let fpr = stats.false_positive_rate();
    let expected = stats.expected_false_positive_rate();
    let fill = stats.fill_ratio();
    let estimate = stats.estimated_items();
    // The rate as a percentage and, where it is not 0, as odds: "5.3 % · 1 in 19".
    let mut fpr_note = lang.percent(fpr);
    if let Some(n) = one_in(fpr) {
        fpr_note.push_str(" · ");
        fpr_note.push_str(&lang.fill(Msg::StatFprOneIn, &[("n", &n)]));
    }
    html! {
        <dl class="stats">
            { stat(lang.text(Msg::StatItems), "stat-n", stats.items.to_string(), false, figure(grouped(stats.items),
                Some(lang.plural(Msg::StatItemsNote, stats.insertions, &[("insertions", &grouped(stats.insertions))])))) }
            { stat(lang.text(Msg::StatSetBits), "stat-set-bits", stats.set_bits.to_string(), false, figure(
                lang.fill(Msg::StatSetBitsValue, &[("x", &stats.set_bits.to_string()), ("m", &stats.bits.to_string())]), None)) }
            { stat(lang.text(Msg::StatFill), "stat-fill", exact(fill), false, figure(significant(fill), Some(lang.percent(fill)))) }
            { stat(lang.text(Msg::StatFpr), "stat-fpr", exact(fpr), false, figure(significant(fpr), Some(fpr_note))) }
            { stat(lang.text(Msg::StatExpected), "stat-expected-fpr", exact(expected), false, figure(significant(expected), Some(lang.percent(expected)))) }
            { stat(lang.text(Msg::StatEstimate), "stat-estimate", estimate.map_or("Infinity".to_string(), exact), false, match estimate {
                Some(n) => figure(significant(n), None),
                None => figure("∞".to_owned(), Some(lang.text(Msg::StatEstimateFull).to_owned())),
            }) }
        </dl>
    }
}

//! The counting filter's figures, all computed from it: n, the counters above 0, the fill, the rate
//! a never-inserted item passes with now and as measured on the playground's probes, the largest and
//! stuck counters — and the items the filter now wrongly denies or can never fully let go.

use std::rc::Rc;

use yew::prelude::*;

use crate::format::{exact, grouped, percent};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::counting::{CountingFilter, CountingStats as Figures, Diagnosis};
use bloom_core::measure::PLAYGROUND_PROBES;
use bloom_core::text::shorten;

/// Props of [`CountingStats`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountingStatsProps {
    /// The filter.
    pub filter: Rc<CountingFilter>,
    /// What is wrong with its answers (worked out by the page once per change).
    pub diagnosis: Rc<Diagnosis>,
}

/// One figure: its test id, its label, the value shown and the exact value behind it.
type Row = (&'static str, Msg, String, String);

/// The items in `texts`, quoted and listed, or a dash for none.
fn quoted(lang: Lang, texts: &[String]) -> String {
    let words: Vec<String> = texts
        .iter()
        .map(|text| lang.quote(&shorten(text, 40)))
        .collect();
    if words.is_empty() {
        "—".to_owned()
    } else {
        lang.list_words(&words)
    }
}

/// The figures, from the filter's `stats`, the `positives` among its probes and its `diagnosis`.
fn rows(lang: Lang, stats: &Figures, positives: u32, diagnosis: &Diagnosis) -> Vec<Row> {
    let m = stats.params.filter.bits;
    vec![
        (
            "stat-items",
            Msg::CountingStatItems,
            grouped(stats.items),
            stats.items.to_string(),
        ),
        (
            "stat-non-zero",
            Msg::CountingStatNonZero,
            format!("{} / {}", stats.non_zero, grouped(u64::from(m))),
            stats.non_zero.to_string(),
        ),
        (
            "stat-fill",
            Msg::CountingStatFill,
            percent(stats.fill_ratio()),
            exact(stats.fill_ratio()),
        ),
        (
            "stat-rate",
            Msg::CountingStatRate,
            percent(stats.false_positive_rate()),
            exact(stats.false_positive_rate()),
        ),
        (
            "stat-measured",
            Msg::CountingStatMeasured,
            lang.fill(
                Msg::CountingMeasuredValue,
                &[
                    (
                        "rate",
                        &percent(f64::from(positives) / f64::from(PLAYGROUND_PROBES)),
                    ),
                    ("positives", &grouped(u64::from(positives))),
                    ("probes", &grouped(u64::from(PLAYGROUND_PROBES))),
                ],
            ),
            positives.to_string(),
        ),
        (
            "stat-largest",
            Msg::CountingStatLargest,
            stats.largest.to_string(),
            stats.largest.to_string(),
        ),
        (
            "stuck-count",
            Msg::CountingStatStuck,
            stats.stuck.to_string(),
            stats.stuck.to_string(),
        ),
        (
            "stat-denied",
            Msg::CountingStatDenied,
            quoted(lang, &diagnosis.false_negatives),
            diagnosis.false_negatives.len().to_string(),
        ),
        (
            "stat-unremovable",
            Msg::CountingStatUnremovable,
            quoted(lang, &diagnosis.unremovable),
            String::new(),
        ),
    ]
}

/// The statistics list.
#[component]
pub fn CountingStats(props: &CountingStatsProps) -> Html {
    let lang = use_lang();
    // 10,000 probes hashed: once per change of the filter, not per keystroke.
    let positives = use_memo(props.filter.clone(), |filter| filter.measured_positives());
    let rows = rows(lang, &props.filter.stats(), *positives, &props.diagnosis);
    let denied_count = props.diagnosis.false_negatives.len();
    html! {
        <dl class="stats counting-stats" data-testid="counting-stats">
            { for rows.into_iter().map(|(testid, label, value, data)| html! {
                <div class={classes!("stat", (testid == "stat-denied" && denied_count > 0).then_some("alarm"))}>
                    <dt>{ lang.text(label) }</dt>
                    <dd data-testid={testid} data-value={data}>{ value }</dd>
                </div>
            }) }
        </dl>
    }
}

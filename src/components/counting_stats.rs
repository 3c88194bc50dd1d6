//! The counting filter's figures, all computed from it: n, the counters above 0, the fill, the rate
//! a never-inserted item passes with now and as measured on the playground's probes, the largest and
//! stuck counters — and the items the filter now wrongly denies or can never fully let go.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::stats_panel::{count, number, percent, stat_list, Figure};

use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::counting::{CountingFilter, CountingStats as Figures, Diagnosis};
use bloom_core::measure::{Measurement, PLAYGROUND_PROBES};
use bloom_core::text::shorten;

/// Props of [`CountingStats`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountingStatsProps {
    /// The filter.
    pub filter: Rc<CountingFilter>,
    /// What is wrong with its answers (worked out by the page once per change).
    pub diagnosis: Rc<Diagnosis>,
}

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
fn rows(lang: Lang, stats: &Figures, positives: u32, diagnosis: &Diagnosis) -> Vec<Figure> {
    let m = stats.params.filter.bits;
    vec![
        count("stat-items", Msg::CountingStatItems, stats.items),
        (
            "stat-non-zero",
            Msg::CountingStatNonZero,
            format!("{} / {}", stats.non_zero, grouped(u64::from(m))),
            stats.non_zero.to_string(),
        ),
        percent(lang, "stat-fill", Msg::CountingStatFill, stats.fill_ratio()),
        percent(
            lang,
            "stat-rate",
            Msg::CountingStatRate,
            stats.false_positive_rate(),
        ),
        (
            "stat-measured",
            Msg::CountingStatMeasured,
            lang.fill(
                Msg::CountingMeasuredValue,
                &[
                    (
                        "rate",
                        &lang.percent(f64::from(positives) / f64::from(PLAYGROUND_PROBES)),
                    ),
                    ("positives", &grouped(u64::from(positives))),
                    ("probes", &grouped(u64::from(PLAYGROUND_PROBES))),
                ],
            ),
            positives.to_string(),
        ),
        number(
            "stat-largest",
            Msg::CountingStatLargest,
            u64::from(stats.largest),
        ),
        number(
            "stuck-count",
            Msg::CountingStatStuck,
            u64::from(stats.stuck),
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
    let measured = use_memo(props.filter.clone(), |filter| {
        (filter.measured_positives(), filter.short_probes())
    });
    let (positives, short) = *measured;
    let stats = props.filter.stats();
    let note = short_probes_note(lang, &stats, positives, short);
    let rows = rows(lang, &stats, positives, &props.diagnosis);
    let denied_count = props.diagnosis.false_negatives.len();
    html! {
        <>
            { stat_list(lang, "counting-stats", rows, (denied_count > 0).then_some("stat-denied")) }
            { note }
        </>
    }
}

/// Why the measured rate is above (X/m)^k, when its whole 95 % interval is: the probe strings that
/// test fewer than k different counters, counted (as the playground's chart says of its bits).
fn short_probes_note(lang: Lang, stats: &Figures, positives: u32, short: u32) -> Html {
    let measured = Measurement {
        positives,
        probes: PLAYGROUND_PROBES,
    };
    if short == 0 || measured.interval().0 <= stats.false_positive_rate() {
        return Html::default();
    }
    html! {
        <p class="explain" data-testid="short-probes-note" data-value={short.to_string()}>
            { lang.fill(Msg::CountingShortProbes, &[
                ("short", &grouped(u64::from(short))),
                ("probes", &grouped(u64::from(PLAYGROUND_PROBES))),
                ("k", &stats.params.filter.hashes.to_string()),
            ]) }
        </p>
    }
}

//! A case's three rates — the theory's promise with the counts 99 % of honest runs see, and what the
//! buggy and the fixed derivation measured with their 95 % intervals — as a table a person reads
//! and a chart on a logarithmic scale, where a broken promise sits decades to the right of the theory.

use yew::prelude::*;

use crate::format::{coord, exact, grouped, power_of_ten, significant};
use crate::hooks::use_lang::use_lang;
use crate::state::bugs::Measured;
use crate::strings::{Lang, Msg};
use bloom_core::bugs::{self, Case, Counted, Scale, Tally, Variant};
use bloom_core::chart::Scale as Axis;

const WIDTH: f64 = 480.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 26.0;
const ROW: f64 = 30.0;

/// The name of a scale in `data-scale`.
pub fn scale_id(scale: Scale) -> &'static str {
    match scale {
        Scale::Classroom => "classroom",
        Scale::Original => "original",
    }
}

/// Props of [`BugRates`].
#[derive(Properties, PartialEq, Clone)]
pub struct BugRatesProps {
    /// The case.
    pub case: Case,
    /// Which replay.
    pub scale: Scale,
    /// What was measured.
    pub measured: Measured,
    /// The title of the case, for the chart's label.
    pub title: AttrValue,
}

/// The table: the theory's promise with the counts 99 % of honest runs see (`likely`), and what
/// each derivation measured with its verdict.
fn table(
    lang: Lang,
    props: &BugRatesProps,
    setup: &bugs::Setup,
    promise: f64,
    likely: (u64, u64),
) -> Html {
    let case = props.case;
    let (low, high) = likely;
    // One notation for the case: percentages for rates of 0.1 % and up, powers of ten below.
    let written = |rate: f64| {
        if promise >= 1e-3 || promise == 0.0 {
            lang.percent(rate)
        } else {
            significant(rate)
        }
    };
    let theory_text = if promise > 0.0 {
        lang.fill(
            Msg::BugTheoryValue,
            &[
                ("rate", &written(promise)),
                ("low", &grouped(low)),
                ("high", &grouped(high)),
            ],
        )
    } else {
        lang.text(Msg::BugTheoryNone).to_owned()
    };
    let caption = match case.counts() {
        Counted::FalsePositives => Msg::BugRatesFp,
        Counted::FalseNegatives => Msg::BugRatesFn,
    };
    let scale = scale_id(props.scale);
    let rows = Variant::BOTH.map(|variant| {
        let tally = props.measured.get(variant);
        let name = match variant {
            Variant::Buggy => Msg::BugBuggy,
            Variant::Fixed => Msg::BugFixed,
        };
        html! {
            <tr data-testid="bug-rate" data-variant={variant.id()} data-scale={scale}
                data-value={tally.map(|tally| exact(tally.rate()))}>
                <th scope="row">{ lang.text(name) }</th>
                <td>
                    { tally.map_or_else(|| lang.text(Msg::BugNotMeasured).to_owned(), |tally| measured_text(lang, &tally, written)) }
                    if let Some(tally) = tally {
                        <span class="bug-verdict">{ verdict(lang, case, setup, &tally) }</span>
                    }
                </td>
            </tr>
        }
    });
    html! {
        <table>
            <caption>{ lang.text(caption) }</caption>
            <tbody>
                <tr data-testid="bug-rate" data-variant="theory" data-scale={scale} data-value={exact(promise)}>
                    <th scope="row">{ lang.text(Msg::BugTheory) }</th>
                    <td>{ theory_text }</td>
                </tr>
                { for rows }
            </tbody>
        </table>
    }
}

/// The chart on a logarithmic scale: a bar and an interval for the theory (`likely`, the rates 99 %
/// of honest runs see) and for each derivation measured.
fn chart(lang: Lang, props: &BugRatesProps, promise: f64, likely: (f64, f64)) -> Html {
    // Every value and interval end that is above 0.
    let mut values = vec![promise, likely.0, likely.1];
    for tally in [props.measured.buggy, props.measured.fixed]
        .into_iter()
        .flatten()
    {
        let (from, to) = tally.interval();
        values.extend([tally.rate(), from, to]);
    }
    let (bottom, top) = bugs::chart_decades(&values);
    let axis = Axis::log((10f64.powi(bottom), 10f64.powi(top)), (LEFT, WIDTH - RIGHT));
    let x = |rate: f64| {
        if rate <= 0.0 {
            LEFT
        } else {
            axis.map_clamped(rate)
        }
    };
    let ticks = (bottom..=top).map(|exponent| {
        let at = coord(x(10f64.powi(exponent)));
        html! {
            <g>
                <line class="grid" x1={at.clone()} x2={at.clone()} y1={coord(TOP - 6.0)} y2={coord(TOP + 3.0 * ROW)} />
                <text class="tick" x={at} y={coord(TOP - 10.0)} text-anchor="middle">{ power_of_ten(exponent) }</text>
            </g>
        }
    });
    let bar = |row: usize,
               class: &'static str,
               rate: Option<f64>,
               range: Option<(f64, f64)>,
               label: Msg| {
        let middle = TOP + (row as f64 + 0.5) * ROW;
        html! {
            <g class={classes!("bug-bar", class)}>
                <text class="tick" x={coord(LEFT - 8.0)} y={coord(middle + 4.0)} text-anchor="end">{ lang.text(label) }</text>
                if let Some(rate) = rate {
                    <rect x={coord(LEFT)} y={coord(middle - 8.0)} width={coord((x(rate) - LEFT).max(1.0))} height="16" />
                }
                if let Some((from, to)) = range {
                    <line class="whisker" x1={coord(x(from))} x2={coord(x(to))} y1={coord(middle)} y2={coord(middle)} />
                }
            </g>
        }
    };
    let interval = |tally: Option<Tally>| tally.map(|tally| tally.interval());
    let rate = |tally: Option<Tally>| tally.map(|tally| tally.rate());
    let height = TOP + 3.0 * ROW + 6.0;
    html! {
        <svg class="bug-chart" viewBox={format!("0 0 {} {}", coord(WIDTH), coord(height))} role="img"
            aria-label={lang.fill(Msg::BugChartLabel, &[("title", props.title.as_str())])}>
            { for ticks }
            { bar(0, "theory", Some(promise).filter(|&p| p > 0.0), Some(likely), Msg::BugTheory) }
            { bar(1, "buggy", rate(props.measured.buggy), interval(props.measured.buggy), Msg::BugBuggy) }
            { bar(2, "fixed", rate(props.measured.fixed), interval(props.measured.fixed), Msg::BugFixed) }
        </svg>
    }
}

/// The rates.
#[component]
pub fn BugRates(props: &BugRatesProps) -> Html {
    let lang = use_lang();
    let setup = bugs::setup(props.case, props.scale);
    let promise = bugs::promised_rate(props.case, &setup);
    let (low, high) = bugs::likely_counts(promise, setup.queries);
    let queries = setup.queries.max(1) as f64;
    let likely_rates = (low as f64 / queries, high as f64 / queries);
    html! {
        <div class="bug-rates">
            { table(lang, props, &setup, promise, (low, high)) }
            { chart(lang, props, promise, likely_rates) }
        </div>
    }
}

fn measured_text(lang: Lang, tally: &Tally, written: impl Fn(f64) -> String) -> String {
    let (low, high) = tally.interval();
    lang.fill(
        Msg::BugMeasured,
        &[
            ("rate", &written(tally.rate())),
            ("wrong", &grouped(tally.wrong)),
            ("queried", &grouped(tally.queried)),
            ("low", &written(low)),
            ("high", &written(high)),
        ],
    )
}

fn verdict(lang: Lang, case: Case, setup: &bugs::Setup, tally: &Tally) -> String {
    if bugs::keeps_the_promise(case, setup, tally) {
        return lang.text(Msg::BugKept).to_owned();
    }
    match (case.counts(), bugs::times_the_promise(case, setup, tally)) {
        (Counted::FalseNegatives, _) => {
            lang.fill(Msg::BugBrokenFn, &[("wrong", &grouped(tally.wrong))])
        }
        (_, Some(times)) => lang.fill(Msg::BugBroken, &[("times", &significant(times))]),
        // Below the range: fewer false positives than the theory allows (not seen in practice).
        (_, None) => lang.text(Msg::BugKept).to_owned(),
    }
}

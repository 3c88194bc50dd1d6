//! The scalable filter's figures, all computed from it: items, the inserts a stage had already
//! answered for, stages, bits, the compound bound and its limit beside the rate asked for, the
//! rate the stages' bits give, and the rate measured on the probes with its interval — and in words,
//! whether the measurement is within the bound and whether the rules keep their promise.

use std::rc::Rc;

use yew::prelude::*;

use crate::format::{chance, exact, fixed, grouped};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::measure::Measurement;
use bloom_core::scalable::ScalableFilter;

/// Props of [`ScalableStats`].
#[derive(Properties, PartialEq, Clone)]
pub struct ScalableStatsProps {
    /// The filter.
    pub filter: Rc<ScalableFilter>,
    /// Its rate measured on the probes (worked out by the page once per change).
    pub measured: Measurement,
}

/// One figure: its test id, its label, the value shown and the exact value behind it.
type Row = (&'static str, Msg, String, String);

/// The figures of `filter`, with the rate `measured` on the probes.
fn rows(lang: Lang, filter: &ScalableFilter, measured: &Measurement) -> Vec<Row> {
    let params = filter.params();
    let (bound, limit) = (filter.bound(), params.limit());
    let (low, high) = measured.interval();
    let items = filter.items();
    let bits = filter.total_bits();
    let per_item = bits as f64 / f64::from(items.max(1));
    vec![
        (
            "stat-items",
            Msg::ScalableStatItems,
            grouped(u64::from(items)),
            items.to_string(),
        ),
        (
            "stat-skipped",
            Msg::ScalableStatSkipped,
            grouped(u64::from(filter.already_present())),
            filter.already_present().to_string(),
        ),
        (
            "stat-stages",
            Msg::ScalableStatStages,
            filter.stages().len().to_string(),
            filter.stages().len().to_string(),
        ),
        (
            "stat-bits",
            Msg::ScalableStatBits,
            lang.fill(
                Msg::ScalableBitsValue,
                &[("bits", &grouped(bits)), ("per_item", &fixed(per_item, 1))],
            ),
            bits.to_string(),
        ),
        (
            "compound-bound",
            Msg::ScalableStatBound,
            chance(bound),
            exact(bound),
        ),
        (
            "bound-limit",
            Msg::ScalableStatLimit,
            chance(limit),
            exact(limit),
        ),
        (
            "stat-promise",
            Msg::ScalableStatPromise,
            chance(params.rate),
            exact(params.rate),
        ),
        (
            "stat-fill-rate",
            Msg::ScalableStatFill,
            chance(filter.rate_from_fill()),
            exact(filter.rate_from_fill()),
        ),
        (
            "measured-rate",
            Msg::ScalableStatMeasured,
            lang.fill(
                Msg::ScalableMeasuredValue,
                &[
                    ("rate", &chance(measured.rate())),
                    ("low", &chance(low)),
                    ("high", &chance(high)),
                ],
            ),
            exact(measured.rate()),
        ),
    ]
}

/// The statistics list and its verdicts.
#[component]
pub fn ScalableStats(props: &ScalableStatsProps) -> Html {
    let lang = use_lang();
    let filter = &props.filter;
    let params = filter.params();
    let (bound, limit) = (filter.bound(), params.limit());
    let (low, _) = props.measured.interval();
    let rows = rows(lang, filter, &props.measured);
    let over_bound = !filter.stages().is_empty() && low > bound;
    html! {
        <>
        <dl class="stats scalable-stats" data-testid="scalable-stats">
            { for rows.into_iter().map(|(testid, label, value, data)| html! {
                <div class={classes!("stat", (testid == "measured-rate" && over_bound).then_some("alarm"))}>
                    <dt>{ lang.text(label) }</dt>
                    <dd data-testid={testid} data-value={data}>{ value }</dd>
                </div>
            }) }
        </dl>
        if !filter.stages().is_empty() {
            <p class={classes!("bound-verdict", over_bound.then_some("warning"))} data-testid="bound-verdict"
                data-over={over_bound.to_string()}>
                { lang.text(if over_bound { Msg::ScalableOverBound } else { Msg::ScalableUnderBound }) }
            </p>
        }
        if limit > params.rate * (1.0 + 1e-9) {
            <p class="warning" data-testid="promise-broken">
                { lang.fill(Msg::ScalableOverPromise, &[("limit", &chance(limit)), ("promise", &chance(params.rate))]) }
            </p>
        }
        </>
    }
}

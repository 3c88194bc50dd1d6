//! The scalable filter's figures, all computed from it: items, the inserts a stage had already
//! answered for, stages, bits, the compound bound and its limit beside the rate asked for, the
//! rate the stages' bits give, and the rate measured on the probes with its interval — and in words,
//! whether the measurement is within the bound and whether the rules keep their promise.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::stats_panel::{chance, count, number, stat_list, Figure};

use crate::format::{exact, fixed, grouped};
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

/// The figures of `filter`, with the rate `measured` on the probes.
fn rows(lang: Lang, filter: &ScalableFilter, measured: &Measurement) -> Vec<Figure> {
    let params = filter.params();
    let (bound, limit) = (filter.bound(), params.limit());
    let (low, high) = measured.interval();
    // The measured rate and its interval in one form (see `Lang::chances`).
    let shown = lang.chances([measured.rate(), low, high]);
    let items = filter.items();
    let bits = filter.total_bits();
    let per_item = bits as f64 / f64::from(items.max(1));
    vec![
        count("stat-items", Msg::ScalableStatItems, u64::from(items)),
        count(
            "stat-skipped",
            Msg::ScalableStatSkipped,
            u64::from(filter.already_present()),
        ),
        number(
            "stat-stages",
            Msg::ScalableStatStages,
            filter.stages().len() as u64,
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
        chance(lang, "compound-bound", Msg::ScalableStatBound, bound),
        chance(lang, "bound-limit", Msg::ScalableStatLimit, limit),
        chance(lang, "stat-promise", Msg::ScalableStatPromise, params.rate),
        chance(
            lang,
            "stat-fill-rate",
            Msg::ScalableStatFill,
            filter.rate_from_fill(),
        ),
        (
            "measured-rate",
            Msg::ScalableStatMeasured,
            lang.fill(
                Msg::ScalableMeasuredValue,
                &[("rate", &shown[0]), ("low", &shown[1]), ("high", &shown[2])],
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
    // Above the bound by less than its margin of error is not "within" it: said as it is.
    let near_bound = !over_bound && props.measured.rate() > bound;
    html! {
        <>
        { stat_list(lang, "scalable-stats", rows, over_bound.then_some("measured-rate")) }
        if !filter.stages().is_empty() {
            <p class={classes!("bound-verdict", over_bound.then_some("warning"))} data-testid="bound-verdict"
                data-over={if near_bound { "near".to_owned() } else { over_bound.to_string() }}>
                { lang.text(if over_bound { Msg::ScalableOverBound } else if near_bound { Msg::ScalableNearBound } else { Msg::ScalableUnderBound }) }
            </p>
        }
        if limit > params.rate * (1.0 + 1e-9) {
            <p class="warning" data-testid="promise-broken">
                { lang.fill(Msg::ScalableOverPromise, &[("limit", &lang.chance(limit)), ("promise", &lang.chance(params.rate))]) }
            </p>
        }
        </>
    }
}

//! How many items A, B, A ∪ B and A ∩ B hold, estimated from set bits alone, beside the true sizes
//! and the band where 95 % of such estimates fall for sets of these sizes (from repeated trials), and
//! the measured rate of A AND B against the intersection's own filter.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::figure_parts::column_head_texts;

use crate::format::{exact, fixed, grouped};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::measure::ProbeSet;
use bloom_core::sets::{estimate_bands, Band, TwoFilters};

/// Pairs of random sets behind each band.
pub const TRIALS: u32 = 200;

/// Props of [`SetEstimates`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetEstimatesProps {
    /// The filters.
    pub filters: Rc<TwoFilters>,
    /// |A|.
    pub size_a: usize,
    /// |B|.
    pub size_b: usize,
}

/// The table and the AND's measured rate.
#[component]
pub fn SetEstimates(props: &SetEstimatesProps) -> Html {
    let lang = use_lang();
    let filters = &props.filters;
    let params = bloom_core::params::FilterParams {
        bits: filters.a.bit_count(),
        hashes: filters.a.hash_count(),
        scheme: filters.a.scheme(),
    };
    let shared = filters.shared.len();
    // 200 pairs of sets through two filters: once per shape and sizes, not per keystroke.
    let bands = use_memo(
        (params, props.size_a, props.size_b, shared),
        |&(params, a, b, shared)| estimate_bands(params, a, b, shared, TRIALS, 1),
    );
    let rates = use_memo(filters.clone(), move |filters| {
        let probes = Rc::new(ProbeSet::playground(
            params.bits,
            params.hashes,
            params.scheme,
        ));
        filters.and_rates(&probes)
    });
    let estimates = filters.estimates();
    let rows = [
        ("estimate-a", Msg::SetsEstA, props.size_a, estimates.a, None),
        ("estimate-b", Msg::SetsEstB, props.size_b, estimates.b, None),
        (
            "estimate-union",
            Msg::SetsEstUnion,
            filters.union_size,
            estimates.union,
            bands.0,
        ),
        (
            "estimate-intersection",
            Msg::SetsEstIntersection,
            shared,
            estimates.intersection,
            bands.1,
        ),
    ];
    let (and, own) = *rates;
    html! {
        <>
        <div class="table-scroll" tabindex="0" role="group" aria-label={lang.text(Msg::SetsEstimatesHeading)}>
            <table class="estimates">
                { column_head_texts(&[lang.text(Msg::SetsEstimateSet), lang.text(Msg::SetsEstimateTrue), lang.text(Msg::SetsEstimateValue), &lang.fill(Msg::SetsEstimateBand, &[("trials", &TRIALS.to_string())])]) }
                <tbody>
                    { for rows.into_iter().map(|(testid, name, truth, estimate, band)| row(lang, testid, name, truth, estimate, band)) }
                </tbody>
            </table>
        </div>
        <p class="hint">{ lang.text(Msg::SetsBandNote) }</p>
        <p data-testid="and-rates" data-and={exact(and.rate())} data-own={exact(own.rate())}>
            { lang.fill(Msg::SetsAndRates, &[("and", &lang.chance(and.rate())), ("own", &lang.chance(own.rate()))]) }
        </p>
        </>
    }
}

fn row(
    lang: Lang,
    testid: &'static str,
    name: Msg,
    truth: usize,
    estimate: Option<f64>,
    band: Option<Band>,
) -> Html {
    html! {
        <tr>
            <th scope="row">{ lang.text(name) }</th>
            <td>{ grouped(truth as u64) }</td>
            <td data-testid={testid} data-value={estimate.map(exact)} data-true={truth.to_string()}>
                { estimate.map_or_else(|| lang.text(Msg::SetsEstimateFull).to_owned(), |value| fixed(value, 1)) }
            </td>
            <td>{ band.map_or_else(|| "—".to_owned(), |band| lang.range(&fixed(band.low, 1), &fixed(band.high, 1))) }</td>
        </tr>
    }
}

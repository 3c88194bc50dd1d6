//! The crawler's claim, tested: what 18 MB for a billion URLs means in bits per URL, the rate that
//! gives by the formula, the memory 0.01 % really needs, and two measured runs with the crawler's
//! own index derivation — at the claim's bits per URL and at the bits the rate needs.

use yew::prelude::*;

use crate::components::part_props::LabProps;

use crate::components::figure_parts::column_head_texts;

use crate::format::{exact, fixed, grouped, megabytes, significant};
use crate::hooks::use_lang::use_lang;
use crate::state::lab::{Job, LabAction, LabState};
use crate::strings::{Lang, Msg};
use bloom_core::crawler::{ClaimCheck, CLAIM_BYTES};
use bloom_core::lab::CellResult;

/// The claim and its measurement.
#[component]
pub fn ClaimPanel(props: &LabProps) -> Html {
    let lang = use_lang();
    let state = &props.state;
    let check = ClaimCheck::of_claim();
    let onrun = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(LabAction::RunClaim))
    };
    html! {
        <>
        <p>{ lang.text(Msg::ClaimStory) }</p>
        <dl class="claim-figures" data-testid="claim-figures">
            <dt>{ lang.text(Msg::ClaimBitsPerUrl) }</dt>
            <dd data-testid="claim-bits-per-url" data-value={exact(check.claimed_bits_per_item)}>
                { lang.fill(Msg::ClaimBitsPerUrlValue, &[("bytes", &megabytes(CLAIM_BYTES)), ("bits", &fixed(check.claimed_bits_per_item, 3))]) }
            </dd>
            <dt>{ lang.text(Msg::ClaimFormulaRate) }</dt>
            <dd data-testid="claim-formula-rate" data-value={exact(check.best_rate)}>
                { lang.fill(Msg::ClaimFormulaRateValue, &[
                    ("best", &lang.chance(check.best_rate)), ("k", &check.best_hashes.to_string()),
                    ("crawler", &lang.chance(check.rate_with_crawler_hashes)), ("d", &check.crawler_hashes.to_string()),
                ]) }
            </dd>
            <dt>{ lang.text(Msg::ClaimNeeded) }</dt>
            <dd data-testid="claim-needed" data-value={exact(check.needed_bytes)}>
                { lang.fill(Msg::ClaimNeededValue, &[
                    ("bits", &grouped(check.needed_bits as u64)), ("size", &lang.size(check.needed_bytes)),
                    ("times", &significant(check.shortfall())),
                ]) }
            </dd>
        </dl>
        <p class="actions">
            <button type="button" data-testid="claim-run" disabled={state.running.is_some()} onclick={onrun}>{ lang.fill(Msg::ClaimRun, &[("items", &grouped(state.spec(Job::Claim(0)).items))]) }</button>
        </p>
        <p class="table-caption" id="claim-caption">{ lang.text(Msg::ClaimTableCaption) }</p>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="claim-caption">
            <table class="claim-table" aria-labelledby="claim-caption">
                { column_head_texts(&[lang.text(Msg::ClaimColFilter), "m", "d", lang.text(Msg::LabColMemory), lang.text(Msg::LabColMeasured)]) }
                <tbody>
                    { claim_row(lang, state, 0, Msg::ClaimRowClaimed) }
                    { claim_row(lang, state, 1, Msg::ClaimRowNeeded) }
                </tbody>
            </table>
        </div>
        </>
    }
}

fn claim_row(lang: Lang, state: &LabState, index: usize, name: Msg) -> Html {
    let spec = state.spec(Job::Claim(index));
    let result: Option<CellResult> = state.result(Job::Claim(index));
    let per_item = spec.bits as f64 / spec.items.max(1) as f64;
    html! {
        <tr data-testid="claim-row" data-bits={spec.bits.to_string()} data-n={spec.items.to_string()}
            data-measured={result.map(|result| exact(result.measured())).unwrap_or_default()}>
            <th scope="row">
                { lang.text(name) }
                <span class="cell-detail">{ lang.fill(Msg::ClaimRowDetail, &[("items", &grouped(spec.items)), ("bits", &fixed(per_item, 3))]) }</span>
            </th>
            <td>{ grouped(spec.bits) }</td>
            <td>{ spec.hashes }</td>
            <td>{ lang.size(spec.bytes() as f64) }</td>
            <td>
                if let Some(result) = result {
                    <span class="measured-rate">{ lang.chance(result.measured()) }</span>
                    <span class="cell-detail">{ lang.fill(Msg::LabFalsePositives, &[("count", &grouped(result.false_positives)), ("probes", &grouped(result.spec.items))]) }</span>
                    <span class="cell-detail">{ lang.fill(Msg::ClaimFormula, &[("rate", &lang.chance(spec.formula_rate()))]) }</span>
                } else {
                    <span class="not-run">{ lang.text(Msg::LabNotRun) }</span>
                }
            </td>
        </tr>
    }
}

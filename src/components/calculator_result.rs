//! The calculator's answer: n, p, m, k with memory, bits per item and "1 in N", then the formulas that
//! produced the missing values, written out with the numbers.

use yew::prelude::*;

use crate::format::{count, exact, one_in, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::sizing::{bits_for_hashes, Derivation, Solution};

/// Props of [`CalculatorResult`].
#[derive(Properties, PartialEq, Clone)]
pub struct CalculatorResultProps {
    /// The solution to show.
    pub solution: Solution,
}

/// The formula lines for a solution.
fn formulas(lang: Lang, solution: &Solution) -> Vec<String> {
    let n = count(solution.items);
    let m = count(solution.bits);
    let k = count(solution.hashes);
    let p = significant(solution.rate);
    let target = solution.target_rate.map(significant).unwrap_or_default();
    let args = [
        ("n", n.as_str()),
        ("m", m.as_str()),
        ("k", k.as_str()),
        ("p", p.as_str()),
        ("target", target.as_str()),
    ];
    // The formulas that take p as an input use the target, not the rate reached.
    let target_args = [
        ("n", n.as_str()),
        ("m", m.as_str()),
        ("k", k.as_str()),
        ("p", target.as_str()),
    ];
    let line = |msg: Msg| lang.fill(msg, &args);
    let target_line = |msg: Msg| lang.fill(msg, &target_args);
    match solution.derivation {
        Derivation::BitsAndHashesFromItemsAndRate => vec![
            target_line(Msg::CalcFormulaBits),
            line(Msg::CalcFormulaHashes),
            line(Msg::CalcFormulaRate),
        ],
        Derivation::BitsFromItemsRateAndHashes => vec![
            target_line(Msg::CalcFormulaBitsFixedK),
            line(Msg::CalcFormulaRate),
        ],
        Derivation::HashesAndRateFromItemsAndBits | Derivation::HashesFromItemsBitsAndRate => {
            vec![line(Msg::CalcFormulaHashes), line(Msg::CalcFormulaRate)]
        }
        Derivation::RateFromItemsBitsAndHashes => vec![line(Msg::CalcFormulaRate)],
        Derivation::ItemsFromBitsHashesAndRate => vec![
            target_line(Msg::CalcFormulaCapacity),
            line(Msg::CalcFormulaRate),
        ],
        Derivation::ItemsAndHashesFromBitsAndRate => vec![
            target_line(Msg::CalcFormulaHashesForRate),
            target_line(Msg::CalcFormulaCapacity),
            line(Msg::CalcFormulaRate),
        ],
        Derivation::Check => vec![line(Msg::CalcFormulaCheck)],
    }
}

/// The readouts and the worked formulas.
#[component]
pub fn CalculatorResult(props: &CalculatorResultProps) -> Html {
    let lang = use_lang();
    let solution = props.solution;
    let bytes = solution.bytes();
    let odds = one_in(solution.rate).map(|n| lang.fill(Msg::CalcOneIn, &[("n", &n)]));
    // Only for derivations that size m for a target p (elsewhere the target is a check, or m was given).
    let sized_for_target = matches!(
        solution.derivation,
        Derivation::BitsAndHashesFromItemsAndRate | Derivation::BitsFromItemsRateAndHashes
    );
    let missed = solution
        .target_rate
        .filter(|&target| sized_for_target && solution.rate > target * (1.0 + 1e-12))
        .map(|target| {
            let needed = bits_for_hashes(solution.items, target, solution.hashes);
            lang.fill(
                Msg::CalcTargetMissed,
                &[
                    ("target", &significant(target)),
                    ("bits", &count(needed)),
                    ("extra", &count(needed - solution.bits)),
                    ("k", &count(solution.hashes)),
                ],
            )
        });
    let (solved, given) = solution.derivation.solved_and_given();
    let words = |symbols: &[&str]| {
        lang.list_words(&symbols.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    };
    let solved_line = if solved.is_empty() {
        lang.text(Msg::CalcChecked).to_string()
    } else {
        lang.fill(
            Msg::CalcSolved,
            &[("solved", &words(solved)), ("given", &words(given))],
        )
    };
    html! {
        <div class="calc-result">
            <p class="calc-solved" data-testid="calc-solved" data-solved={solved.join(",")}>{ solved_line }</p>
            <dl class="readouts calc-readouts">
                <div><dt>{ lang.text(Msg::CalcResultItems) }</dt>
                    <dd data-testid="calc-n" data-value={exact(solution.items)}>{ count(solution.items) }</dd></div>
                <div><dt>{ lang.text(Msg::CalcResultRate) }</dt>
                    <dd data-testid="calc-p" data-value={exact(solution.rate)}>
                        { significant(solution.rate) }
                        if let Some(odds) = odds { <span class="stat-note">{ " · " }{ odds }</span> }
                    </dd></div>
                <div><dt>{ lang.text(Msg::CalcResultBits) }</dt>
                    <dd data-testid="calc-m" data-value={exact(solution.bits)}>{ count(solution.bits) }</dd></div>
                <div><dt>{ lang.text(Msg::CalcResultHashes) }</dt>
                    <dd data-testid="calc-k" data-value={exact(solution.hashes)}>{ count(solution.hashes) }</dd></div>
                <div><dt>{ lang.text(Msg::CalcResultBytes) }</dt>
                    <dd data-testid="calc-bytes" data-value={exact(bytes)}>
                        { lang.size(bytes) }<span class="stat-note">{ " · " }{ lang.plural(Msg::CalcBytesExact, if bytes < 1e18 { bytes as u64 } else { u64::MAX }, &[("n", &count(bytes))]) }</span>
                    </dd></div>
                <div><dt>{ lang.text(Msg::CalcResultPerItem) }</dt>
                    <dd data-testid="calc-bits-per-item" data-value={exact(solution.bits_per_item())}>{ significant(solution.bits_per_item()) }</dd></div>
            </dl>
            if let Some(missed) = missed {
                <p class="note" data-testid="calc-target-note">{ missed }</p>
            }
            <h3>{ lang.text(Msg::CalcHowHeading) }</h3>
            <ul class="formulas" data-testid="calc-formulas">
                { for formulas(lang, &solution).into_iter().map(|line| html! { <li class="mono">{ line }</li> }) }
            </ul>
        </div>
    }
}

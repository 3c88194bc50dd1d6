//! What the last click did, in words: which bits an insert set, or which of the three query verdicts
//! came out — and for a false positive, which inserted items set each of the bits ("bit provenance").
//! The panel is a live region, so a screen reader announces every outcome.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::bit_array::setter_names;
use crate::hooks::use_lang::use_lang;
use crate::state::history::{HistoryAction, HistoryMove, Moved};
use crate::state::playground::{Outcome, Travel};
use crate::strings::{scheme_name, Lang, Msg};
use bloom_core::playground::{InsertError, Insertion, Playground, Verdict, MAX_ITEM_BYTES};
use bloom_core::small_sort::sort_distinct;
use bloom_core::text::shorten;

/// Longest item text quoted in a message.
const QUOTED_CHARS: usize = 40;
/// Most items named for one bit in the provenance list.
const PROVENANCE_MAX_ITEMS: usize = 8;

/// Props of [`OutcomePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct OutcomePanelProps {
    /// The last action's result.
    pub outcome: Option<Outcome>,
    /// The filter, for item names and provenance.
    pub playground: Rc<Playground>,
    /// The text currently typed (for messages about a refused insert).
    pub text: AttrValue,
}

fn quoted(text: &str) -> String {
    shorten(text, QUOTED_CHARS).into_owned()
}

/// The items that set `bit`, quoted (in `lang`'s marks) and shortened.
fn setters(lang: Lang, playground: &Playground, bit: u32) -> String {
    let setters = playground.setters_of(bit);
    let mut names: Vec<String> = setters
        .iter()
        .take(PROVENANCE_MAX_ITEMS)
        .map(|&position| lang.quote(&quoted(&playground.items()[position as usize].text)))
        .collect();
    if setters.len() > PROVENANCE_MAX_ITEMS {
        names.push(format!("+{}", setters.len() - PROVENANCE_MAX_ITEMS));
    }
    names.join(lang.text(Msg::ListSeparator))
}

fn verdict_view(
    lang: Lang,
    playground: &Playground,
    text: &str,
    indexes: &[u32],
    verdict: &Verdict,
) -> Html {
    let k = indexes.len().to_string();
    let item = quoted(text);
    // Two indexes may fall on one bit ("31, 15 and 31"): then the line says how many bits differ.
    let mut distinct = indexes.to_vec();
    sort_distinct(&mut distinct);
    let query_line = lang.plural(
        if distinct.len() < indexes.len() {
            Msg::VerdictQuerySameBit
        } else {
            Msg::VerdictAbsentQuery
        },
        distinct.len() as u64,
        &[
            ("item", &item),
            ("indexes", &lang.list(indexes)),
            ("distinct", &distinct.len().to_string()),
            ("k", &k),
        ],
    );
    let body = match verdict {
        Verdict::Absent { zero_bits } => {
            let bits = lang.fill(
                if zero_bits.len() == 1 {
                    Msg::VerdictBitIs
                } else {
                    Msg::VerdictBitsAre
                },
                &[("bits", &lang.list(zero_bits))],
            );
            html! { <p class="verdict-text">{ lang.fill(Msg::VerdictAbsent, &[("bits", &bits)]) }</p> }
        }
        Verdict::Present => html! {
            <p class="verdict-text">{ lang.fill(Msg::VerdictPresent, &[("k", &k), ("item", &item)]) }</p>
        },
        Verdict::FalsePositive => {
            html! {
                <>
                    <p class="verdict-text">{ lang.plural(Msg::VerdictFalsePositive, indexes.len() as u64, &[("k", &k), ("item", &item)]) }</p>
                    <h3 class="provenance-heading">{ lang.text(Msg::ProvenanceHeading) }</h3>
                    <ul class="provenance" data-testid="provenance">
                        { for distinct.iter().map(|&bit| html! {
                            <li key={bit}>{ lang.fill(Msg::ProvenanceRow, &[("bit", &bit.to_string()), ("items", &setters(lang, playground, bit))]) }</li>
                        }) }
                    </ul>
                </>
            }
        }
    };
    html! {
        <div class={classes!("verdict", verdict.name())} data-testid="verdict" data-verdict={verdict.name()}>
            <p class="verdict-label">{ lang.text(verdict_badge(verdict)) }</p>
            <p>{ query_line }</p>
            { body }
        </div>
    }
}

/// A short symbol-and-word badge so the verdict does not rely on colour.
fn verdict_badge(verdict: &Verdict) -> Msg {
    match verdict {
        Verdict::Absent { .. } => Msg::VerdictBadgeAbsent,
        Verdict::Present => Msg::VerdictBadgePresent,
        Verdict::FalsePositive => Msg::VerdictBadgeFalsePositive,
    }
}

/// What an insert did: the bits it set, those already set, or that the item was there already.
fn inserted_view(lang: Lang, playground: &Playground, insertion: &Insertion) -> Html {
    let item = &playground.items()[insertion.item];
    if insertion.duplicate {
        return html! {
            <p data-testid="insert-outcome" class="duplicate">{ lang.fill(Msg::InsertedDuplicate, &[
                ("item", &quoted(&item.text)),
                ("times", &item.times.to_string()),
                ("n", &playground.items().len().to_string()),
            ]) }</p>
        };
    }
    let mut distinct = insertion.indexes.clone();
    sort_distinct(&mut distinct);
    let repeats = distinct.len() < insertion.indexes.len();
    // The bits listed after the first line come in its order: the distinct bits in number order,
    // or the indexes in probe order.
    let listed = if repeats {
        &distinct
    } else {
        &insertion.indexes
    };
    let (newly, already): (Vec<u32>, Vec<u32>) = listed
        .iter()
        .partition(|index| insertion.newly_set.contains(index));
    html! {
        <div data-testid="insert-outcome">
            if repeats {
                // "set bits 31, 15 and 31" would name a bit twice: the bits, then the indexes.
                <p data-testid="insert-repeats">{ lang.plural(Msg::InsertedSameBit, distinct.len() as u64, &[
                    ("item", &quoted(&item.text)),
                    ("bits", &lang.list(&distinct)),
                    ("k", &insertion.indexes.len().to_string()),
                    ("indexes", &lang.list(&insertion.indexes)),
                    ("distinct", &distinct.len().to_string()),
                ]) }</p>
            } else {
                <p>{ lang.fill(Msg::InsertedNew, &[("item", &quoted(&item.text)), ("indexes", &lang.list(&insertion.indexes))]) }</p>
            }
            if newly.is_empty() {
                <p>{ lang.text(Msg::InsertedNoNewBits) }</p>
            } else {
                <p>{ lang.fill(Msg::InsertedNewBits, &[("bits", &lang.list(&newly))]) }</p>
                if !already.is_empty() {
                    <p>{ lang.fill(Msg::InsertedSomeAlreadySet, &[("bits", &lang.list(&already))]) }</p>
                }
            }
        </div>
    }
}

/// The seeded words just added, and how many of them were in already.
fn added_words_view(lang: Lang, seed: u32, words: &[&str], duplicates: usize) -> Html {
    html! {
        <div data-testid="words-outcome">
            <p>{ lang.plural(Msg::AddedWords, words.len() as u64, &[
                ("count", &words.len().to_string()),
                ("seed", &seed.to_string()),
                ("words", &lang.quoted_words(words)),
            ]) }</p>
            if duplicates > 0 {
                <p>{ lang.plural(Msg::AddedWordsDuplicates, duplicates as u64, &[("count", &duplicates.to_string())]) }</p>
            }
        </div>
    }
}

/// The outcome of the last action, in words.
#[component]
pub fn OutcomePanel(props: &OutcomePanelProps) -> Html {
    let lang = use_lang();
    let playground = &props.playground;
    let content = match &props.outcome {
        // A link's items are in the filter before anything is done: they are named (a post's
        // widget shows no list of them).
        None if !playground.items().is_empty() => {
            let texts: Vec<&str> = playground
                .items()
                .iter()
                .map(|item| item.text.as_str())
                .collect();
            html! { <p class="hint" data-testid="idle-holding">{ lang.fill(Msg::OutcomeIdleHolding, &[("items", &setter_names(lang, &texts))]) }</p> }
        }
        None => html! { <p class="hint">{ lang.text(Msg::OutcomeIdle) }</p> },
        Some(Outcome::Inserted(insertion)) => inserted_view(lang, playground, insertion),
        Some(Outcome::InsertRefused(InsertError::Blank)) => html! {
            <p class="refused" data-testid="refused">{ lang.text(Msg::RefusedBlank) }</p>
        },
        Some(Outcome::InsertRefused(InsertError::TooLong)) => html! {
            <p class="refused" data-testid="refused">{ lang.fill(Msg::RefusedTooLong, &[
                ("size", &lang.bytes(props.text.len())),
                ("limit", &lang.bytes(MAX_ITEM_BYTES)),
            ]) }</p>
        },
        Some(Outcome::QueryRefused) => html! {
            <p class="refused" data-testid="refused">{ lang.text(Msg::RefusedQueryBlank) }</p>
        },
        Some(Outcome::Queried {
            text,
            indexes,
            verdict,
        }) => html! {
            <>
                { verdict_view(lang, playground, text, indexes, verdict) }
                // A space at an end (a phone's keyboard adds one after a word it suggests) makes
                // another item, which the quotes hardly show: said.
                if text.trim() != text.as_str() {
                    <p class="edge-space" data-testid="edge-space">{ lang.fill(Msg::QueryEdgeSpace, &[("item", text.trim())]) }</p>
                }
            </>
        },
        Some(Outcome::AddedWords {
            seed,
            words,
            duplicates,
            ..
        }) => added_words_view(lang, *seed, words, *duplicates),
        Some(Outcome::Reset { removed }) => html! {
            <p>{ lang.plural(Msg::ResetDone, *removed as u64, &[("count", &removed.to_string())]) }</p>
        },
        Some(Outcome::Undone(travel)) => travel_view(lang, travel, HistoryAction::Undo),
        Some(Outcome::Redone(travel)) => travel_view(lang, travel, HistoryAction::Redo),
        Some(Outcome::Rebuilt) => {
            let params = playground.params();
            html! {
                <p>{ lang.plural(Msg::Rebuilt, playground.items().len() as u64, &[
                    ("m", &params.bits.to_string()),
                    ("k", &params.hashes.to_string()),
                    ("scheme", lang.text(scheme_name(params.scheme))),
                    ("n", &playground.items().len().to_string()),
                ]) }</p>
            }
        }
    };
    html! {
        <div class="outcome" role="status" aria-live="polite" data-testid="outcome">
            { content }
        </div>
    }
}

/// What Undo or Redo just did, named: the items it took out or put back, or the m, k and scheme it
/// went back or on to.
/// Most operations an Undo or Redo sentence names; the rest are counted.
const NAMED_OPERATIONS: usize = 3;

/// The outcome kind (`data-kind`) of an Undo or a Redo.
pub fn travel_kind<Op>(step: &HistoryMove<Op>) -> &'static str {
    match step.direction {
        HistoryAction::Undo => "undone",
        HistoryAction::Redo => "redone",
    }
}

/// The sentence for an Undo or a Redo (`step`) in a widget whose model is a log: the operations it
/// took back or made again, each written by `name`, the first few named and the rest counted; that
/// the same items went in under other settings; or, for a whole other model, the widget's own
/// `whole` sentence (Undo's, Redo's).
pub fn moved_sentence<Op>(
    lang: Lang,
    step: &HistoryMove<Op>,
    name: impl Fn(&Op) -> String,
    whole: (Msg, Msg),
) -> String {
    let undo = step.direction == HistoryAction::Undo;
    let (undone, redone) = match &step.moved {
        Moved::Operations(operations) => {
            let mut words: Vec<String> =
                operations.iter().take(NAMED_OPERATIONS).map(name).collect();
            let rest = operations.len().saturating_sub(NAMED_OPERATIONS) as u64;
            if rest > 0 {
                words.push(lang.plural(Msg::OperationsMore, rest, &[("count", &rest.to_string())]));
            }
            let message = if undo {
                Msg::UndoneOperations
            } else {
                Msg::RedoneOperations
            };
            return lang.fill(message, &[("operations", &lang.list_words(&words))]);
        }
        Moved::Reshaped => (Msg::UndoneReshaped, Msg::RedoneReshaped),
        Moved::Whole => whole,
    };
    lang.text(if undo { undone } else { redone }).to_owned()
}

fn travel_view(lang: Lang, travel: &Travel, direction: HistoryAction) -> Html {
    let undo = direction == HistoryAction::Undo;
    let text = match travel {
        Travel::Items(texts) => {
            let count = texts.len() as u64;
            let message = if undo {
                Msg::UndoneItems
            } else {
                Msg::RedoneItems
            };
            let items = lang.quoted_words(texts);
            lang.plural(
                message,
                count,
                &[("count", &count.to_string()), ("items", &items)],
            )
        }
        Travel::Params(params) => lang.fill(
            if undo {
                Msg::UndoneParams
            } else {
                Msg::RedoneParams
            },
            &[
                ("m", &params.bits.to_string()),
                ("k", &params.hashes.to_string()),
                ("scheme", lang.text(scheme_name(params.scheme))),
            ],
        ),
        Travel::Whole => lang
            .text(if undo { Msg::Undone } else { Msg::Redone })
            .to_owned(),
    };
    html! { <p data-testid="travel-outcome">{ text }</p> }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn sentence(lang: Lang, moved: &Moved<&str>, direction: HistoryAction) -> String {
        crate::strings::tests::install_all();
        let name = |item: &&str| lang.quote(item);
        let step = HistoryMove {
            direction,
            moved: moved.clone(),
        };
        moved_sentence(lang, &step, name, (Msg::Undone, Msg::Redone))
    }

    #[test]
    fn undo_names_the_first_three_operations_and_counts_the_rest() {
        let two = Moved::Operations(Rc::from(vec!["fig", "kiwi"]));
        let five = Moved::Operations(Rc::from(vec!["a", "b", "c", "d", "e"]));
        let undo = HistoryAction::Undo;
        assert_eq!(
            sentence(Lang::English, &two, undo),
            "Undone: “fig” and “kiwi”."
        );
        assert_eq!(
            sentence(Lang::English, &five, HistoryAction::Redo),
            "Redone: “a”, “b”, “c” and 2 more."
        );
        assert_eq!(
            sentence(Lang::Chinese, &two, undo),
            "已撤销：“fig”和“kiwi”。"
        );
        assert_eq!(
            sentence(Lang::Japanese, &five, undo),
            "元に戻しました：「a」、「b」、「c」とほか 2 件。"
        );
        let one_more = Moved::Operations(Rc::from(vec!["a", "b", "c", "d"]));
        assert_eq!(
            sentence(Lang::English, &one_more, undo),
            "Undone: “a”, “b”, “c” and 1 more."
        );
        assert!(sentence(Lang::English, &Moved::Reshaped, undo).contains("earlier settings"));
        assert_eq!(
            sentence(Lang::English, &Moved::Whole, undo),
            "Undone: back to the filter before the last change."
        );
    }
}

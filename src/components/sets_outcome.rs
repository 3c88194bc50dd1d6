//! What the combining page's last action did, in words: which set an item went into, and for a
//! query how A, B, A OR B and A AND B each answer — with the truth beside them, and a warning when
//! only the AND says "maybe".

use yew::prelude::*;

use crate::components::outcome_panel::{moved_sentence, travel_kind};
use crate::components::widget_parts::read_cells;
use crate::hooks::use_lang::use_lang;
use crate::share::sets::MAX_SET_ITEMS;
use crate::state::history::HistoryMove;
use crate::state::sets::{SetsOutcome, Side, TwoSets};
use crate::strings::{Lang, Msg};
use bloom_core::filter::BloomFilter;
use bloom_core::playground::{InsertError, MAX_ITEM_BYTES};
use bloom_core::sets::TwoFilters;
use bloom_core::text::shorten;

/// Props of [`SetsOutcomePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetsOutcomePanelProps {
    /// The last action's result.
    pub outcome: Option<SetsOutcome>,
    /// The sets.
    pub sets: std::rc::Rc<TwoSets>,
    /// Their filters.
    pub filters: std::rc::Rc<TwoFilters>,
}

/// "Set A" or "Set B".
pub fn side_name(side: Side) -> Msg {
    match side {
        Side::A => Msg::SetNameA,
        Side::B => Msg::SetNameB,
    }
}

/// The outcome, as a panel.
#[component]
pub fn SetsOutcomePanel(props: &SetsOutcomePanelProps) -> Html {
    let lang = use_lang();
    let quoted = |text: &str| lang.quote(&shorten(text, 60));
    let (kind, body) = match &props.outcome {
        None => ("none", html! { <p>{ lang.text(Msg::SetsIntro) }</p> }),
        Some(SetsOutcome::Inserted { side, text }) => (
            "inserted",
            html! { <>
                <p>{ lang.fill(Msg::SetsInserted, &[("item", &quoted(text)), ("set", lang.text(side_name(*side)))]) }</p>
                { inserted_reads(lang, *side, text, &props.filters) }
            </> },
        ),
        Some(SetsOutcome::AlreadyIn { side, text }) => (
            "already-in",
            html! { <p>{ lang.fill(Msg::SetsAlreadyIn, &[("item", &quoted(text)), ("set", lang.text(side_name(*side)))]) }</p> },
        ),
        Some(SetsOutcome::Refused { side, error }) => (
            "refused",
            html! { <p class="error">{ match error {
                Some(InsertError::Blank) => lang.text(Msg::SetsInsertBlank).to_owned(),
                Some(InsertError::TooLong) => lang.fill(Msg::SetsTooLong, &[("limit", &lang.bytes(MAX_ITEM_BYTES))]),
                None => lang.fill(Msg::SetsFull, &[("set", lang.text(side_name(*side))), ("limit", &MAX_SET_ITEMS.to_string())]),
            } }</p> },
        ),
        Some(SetsOutcome::WordsAdded { side, words }) => {
            let words: Vec<String> = words.iter().map(|word| quoted(word)).collect();
            (
                "words-added",
                html! { <p>{ lang.fill(Msg::SetsWordsAdded, &[("set", lang.text(side_name(*side))), ("words", &lang.list_words(&words))]) }</p> },
            )
        }
        Some(SetsOutcome::Queried { text, .. }) => {
            ("queried", queried(lang, text, &props.sets, &props.filters))
        }
        Some(SetsOutcome::QueryRefused(_)) => (
            "refused",
            html! { <p class="error">{ lang.text(Msg::SetsQueryBlank) }</p> },
        ),
        Some(SetsOutcome::Reset) => ("reset", html! { <p>{ lang.text(Msg::SetsReset) }</p> }),
        Some(SetsOutcome::Rebuilt) => ("rebuilt", html! { <p>{ lang.text(Msg::SetsRebuilt) }</p> }),
        Some(SetsOutcome::Travelled(step)) => (travel_kind(step), travelled(lang, step)),
    };
    html! { <div class="outcome" data-testid="sets-outcome" data-kind={kind} aria-live="polite">{ body }</div> }
}

fn queried(lang: Lang, text: &str, sets: &TwoSets, filters: &TwoFilters) -> Html {
    let item = lang.quote(&shorten(text, 60));
    let word = |maybe: bool| lang.text(if maybe { Msg::SetsMaybe } else { Msg::SetsNo });
    let (a, b, or, and) = (
        filters.a.contains(text),
        filters.b.contains(text),
        filters.or.contains(text),
        filters.and.contains(text),
    );
    let (in_a, in_b) = (
        sets.a.iter().any(|x| x == text),
        sets.b.iter().any(|x| x == text),
    );
    let truth = match (in_a, in_b) {
        (true, true) => Msg::SetsTruthBoth,
        (true, false) => Msg::SetsTruthA,
        (false, true) => Msg::SetsTruthB,
        (false, false) => Msg::SetsTruthNeither,
    };
    let and_only = and && !(in_a && in_b) && !filters.of_intersection.contains(text);
    html! {
        <>
            <p class="verdict" data-testid="sets-verdict" data-a={a.to_string()} data-b={b.to_string()}
                data-or={or.to_string()} data-and={and.to_string()}>
                { lang.fill(Msg::SetsQueryLine, &[("item", &item), ("a", word(a)), ("b", word(b)), ("or", word(or)), ("and", word(and))]) }
            </p>
            { row_reads(&filters.a.indexes(text), &[
                (lang.text(Msg::SetsRowA), &filters.a), (lang.text(Msg::SetsRowB), &filters.b),
                (lang.text(Msg::SetsRowOr), &filters.or), (lang.text(Msg::SetsRowAnd), &filters.and),
            ]) }
            <p>{ lang.text(truth) }</p>
            if and_only {
                <p class="warning" data-testid="and-false-positive">{ lang.fill(Msg::SetsAndFalsePositive, &[("item", &item)]) }</p>
            }
        </>
    }
}

/// Past this many bits a row of bits takes more than a line of the page, and the rows of a large
/// filter run screens long: the bits an action read come up, row by row, beside what it did.
const READS_ABOVE_BITS: u32 = 32;

/// An insert's bits in its set's row and in A OR B, beside what it did (see [`row_reads`]).
fn inserted_reads(lang: Lang, side: Side, text: &str, filters: &TwoFilters) -> Html {
    let own = match side {
        Side::A => (Msg::SetsRowA, &filters.a),
        Side::B => (Msg::SetsRowB, &filters.b),
    };
    row_reads(
        &filters.a.indexes(text),
        &[
            (lang.text(own.0), own.1),
            (lang.text(Msg::SetsRowOr), &filters.or),
        ],
    )
}

/// In a filter past [`READS_ABOVE_BITS`] bits, each row's bits at `indexes`, in probe order under
/// their numbers: filled for 1, hollow for 0, a row's first 0 (the one that answers "no") ringed —
/// so on a phone, where the rows run screens long, what the action read is on the screen with its
/// verdict. A copy for the eye: the verdict and the rows' own cells say it to a screen reader.
fn row_reads(indexes: &[u32], rows: &[(&str, &BloomFilter)]) -> Html {
    if rows
        .first()
        .is_none_or(|(_, filter)| filter.bit_count() <= READS_ABOVE_BITS)
    {
        return Html::default();
    }
    html! {
        <ol class="stage-reads set-reads" data-testid="set-reads" aria-hidden="true">
            <li class="read-indexes">
                <span class="stage-answer"></span>
                <span class="read-bits">{ for indexes.iter().map(|index| html! { <span>{ index }</span> }) }</span>
            </li>
            { for rows.iter().map(|(name, filter)| {
                let bits = filter.bits();
                html! {
                    <li>
                        <span class="stage-answer">{ *name }</span>
                        <span class="read-bits">{ read_cells(indexes, |index| bits.get(index)) }</span>
                    </li>
                }
            }) }
        </ol>
    }
}

/// What Undo or Redo took back or made again.
fn travelled(lang: Lang, step: &HistoryMove<(Side, String)>) -> Html {
    let name = |(side, text): &(Side, String)| {
        lang.fill(
            Msg::SetsOpInsert,
            &[
                ("item", &lang.quote(&shorten(text, 40))),
                ("set", lang.text(side_name(*side))),
            ],
        )
    };
    let whole = (Msg::SetsUndone, Msg::SetsRedone);
    html! { <p data-testid="travel-outcome">{ moved_sentence(lang, step, name, whole) }</p> }
}

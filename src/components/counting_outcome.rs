//! What the counting filter's last action did, in words: each counter an insert or removal moved,
//! the answer to a query with the counters it read, why a removal was refused — and for a false
//! positive, the offer to remove it anyway and, after, by name, the items the filter now wrongly
//! denies.

use yew::prelude::*;

use crate::components::outcome_panel::{moved_sentence, travel_kind};
use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::state::counting::CountingOutcome;
use crate::state::history::HistoryMove;
use crate::strings::{Lang, Msg};
use bloom_core::counting::{
    CounterChange, CountingChange, CountingFilter, CountingVerdict, Operation, RemoveError,
    FALSE_POSITIVE_TRIES, MAX_OPERATIONS,
};
use bloom_core::playground::InsertError;
use bloom_core::text::shorten;

/// Longest item text the panel shows whole (in characters).
const ITEM_CHARS: usize = 60;

/// Props of [`CountingOutcomePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountingOutcomePanelProps {
    /// The last action's result.
    pub outcome: Option<CountingOutcome>,
    /// The filter as it is now.
    pub filter: std::rc::Rc<CountingFilter>,
    /// "Remove anyway" was pressed for this text.
    pub onremoveanyway: Callback<String>,
    /// "Find such a word" was pressed: query this false positive.
    pub ontry: Callback<String>,
}

/// "5: 0 → 1, 17: 1 → 2" ("5：0 → 1、17：1 → 2"), probe by probe.
pub fn change_list(lang: Lang, changes: &[CounterChange]) -> String {
    let parts: Vec<String> = changes
        .iter()
        .map(|change| {
            let step = format!("{} → {}", change.before, change.after);
            lang.labelled(&change.index.to_string(), &step)
        })
        .collect();
    parts.join(lang.text(Msg::ListSeparator))
}

/// "2, 1, 3": the counters read, probe by probe.
fn value_list(lang: Lang, changes: &[CounterChange]) -> String {
    let parts: Vec<String> = changes
        .iter()
        .map(|change| change.after.to_string())
        .collect();
    parts.join(lang.text(Msg::ListSeparator))
}

fn quoted(lang: Lang, text: &str) -> String {
    lang.quote(&shorten(text, ITEM_CHARS))
}

/// The outcome, as a panel.
#[component]
pub fn CountingOutcomePanel(props: &CountingOutcomePanelProps) -> Html {
    let lang = use_lang();
    let max = props.filter.params().max_count();
    let k = props.filter.params().filter.hashes.to_string();
    let Some(outcome) = &props.outcome else {
        return html! {
            <div class="outcome" data-testid="counting-outcome" data-kind="none" aria-live="polite">
                <p>{ lang.text(Msg::CountingEmpty) }</p>
            </div>
        };
    };
    let (kind, body): (&str, Html) = match outcome {
        CountingOutcome::Inserted(change) => ("inserted", inserted(lang, change, max)),
        CountingOutcome::InsertRefused(error) => (
            "refused",
            html! { <p class="error">{ lang.text(match error {
                InsertError::Blank => Msg::CountingInsertBlank,
                InsertError::TooLong => Msg::CountingTooLong,
            }) }</p> },
        ),
        CountingOutcome::QueryRefused => (
            "refused",
            html! { <p class="error">{ lang.text(Msg::CountingQueryBlank) }</p> },
        ),
        CountingOutcome::Queried {
            text,
            counters,
            verdict,
        } => (
            "queried",
            html! { <p class={classes!("verdict", format!("verdict-{}", verdict.name()))}
            data-testid="counting-verdict" data-verdict={verdict.name()}>{ query_answer(lang, text, counters, verdict, (&k, max)) }</p> },
        ),
        CountingOutcome::Removed(change) => (
            if change.known {
                "removed"
            } else {
                "removed-anyway"
            },
            removed(lang, change, max, &props.filter),
        ),
        CountingOutcome::RemoveRefused { text, error } => {
            ("remove-refused", remove_refused(lang, text, error, props))
        }
        CountingOutcome::Reset { cleared } => (
            "reset",
            html! { <p>{ lang.plural(Msg::CountingReset, *cleared as u64, &[("count", &grouped(*cleared as u64))]) }</p> },
        ),
        CountingOutcome::Rebuilt => (
            "rebuilt",
            html! { <p>{ lang.text(Msg::CountingRebuilt) }</p> },
        ),
        CountingOutcome::Travelled(step) => (travel_kind(step), travelled(lang, step)),
    };
    html! {
        <div class="outcome" data-testid="counting-outcome" data-kind={kind} aria-live="polite">
            { body }
        </div>
    }
}

/// The answer to a query, with the `k` counters it read, in words.
fn query_answer(
    lang: Lang,
    text: &str,
    counters: &[CounterChange],
    verdict: &CountingVerdict,
    (k, max): (&str, u8),
) -> String {
    let item = quoted(lang, text);
    let values = value_list(lang, counters);
    // A false positive whose counters are stuck: they cannot come down, whoever raised them (its
    // own inserts, since removed, as often as other items).
    let mut stuck: Vec<u32> = Vec::new();
    for counter in counters.iter().filter(|counter| counter.after == max) {
        if !stuck.contains(&counter.index) {
            stuck.push(counter.index);
        }
    }
    match verdict {
        CountingVerdict::FalsePositive if !stuck.is_empty() => lang.plural(
            Msg::CountingQueryFalsePositiveStuck,
            stuck.len() as u64,
            &[
                ("item", &item),
                ("k", k),
                ("values", &values),
                ("counters", &lang.list(&stuck)),
                ("max", &max.to_string()),
            ],
        ),
        CountingVerdict::Present => lang.fill(
            Msg::CountingQueryPresent,
            &[("item", &item), ("k", k), ("values", &values)],
        ),
        CountingVerdict::FalsePositive => lang.fill(
            Msg::CountingQueryFalsePositive,
            &[("item", &item), ("k", k), ("values", &values)],
        ),
        CountingVerdict::Absent { zero_counters } => lang.plural(
            Msg::CountingQueryAbsent,
            zero_counters.len() as u64,
            &[("item", &item), ("zeros", &lang.list(zero_counters))],
        ),
        CountingVerdict::FalseNegative { zero_counters } => lang.plural(
            Msg::CountingQueryFalseNegative,
            zero_counters.len() as u64,
            &[("item", &item), ("zeros", &lang.list(zero_counters))],
        ),
    }
}

/// Why a removal was refused; for an item never inserted, the counters it would lower and the
/// offer to remove it anyway.
fn remove_refused(
    lang: Lang,
    text: &str,
    error: &RemoveError,
    props: &CountingOutcomePanelProps,
) -> Html {
    let item = quoted(lang, text);
    match error {
        RemoveError::Blank => {
            html! { <p class="error">{ lang.text(Msg::CountingRemoveBlank) }</p> }
        }
        RemoveError::TooLong => {
            html! { <p class="error">{ lang.text(Msg::CountingTooLong) }</p> }
        }
        RemoveError::Full => {
            html! { <p class="error">{ lang.fill(Msg::CountingFull, &[("limit", &grouped(MAX_OPERATIONS as u64))]) }</p> }
        }
        RemoveError::Absent { zero_counters } => html! {
            <>
                <p class="error" data-testid="remove-refused">{ lang.plural(Msg::CountingRemoveAbsent, zero_counters.len() as u64,
                    &[("item", &item), ("zeros", &lang.list(zero_counters))]) }</p>
                { false_positive_offer(lang, props) }
            </>
        },
        RemoveError::NotInserted => {
            let values: Vec<String> = props
                .filter
                .indexes(text)
                .iter()
                .map(|&index| {
                    let counter = props.filter.counters()[index as usize];
                    lang.labelled(&index.to_string(), &counter.to_string())
                })
                .collect();
            let onclick = {
                let (onremove, text) = (props.onremoveanyway.clone(), text.to_owned());
                Callback::from(move |_: MouseEvent| onremove.emit(text.clone()))
            };
            html! {
                <>
                    <p class="warning" data-testid="remove-warning">{ lang.fill(Msg::CountingRemoveNotInserted,
                        &[("item", &item), ("values", &values.join(lang.text(Msg::ListSeparator)))]) }</p>
                    <button type="button" class="danger" data-testid="remove-anyway" {onclick}>
                        { lang.text(Msg::CountingRemoveAnyway) }
                    </button>
                </>
            }
        }
    }
}

/// After a refused removal: which removal of a word never inserted gets through, and a button that
/// finds one and queries it (or why there is none yet).
fn false_positive_offer(lang: Lang, props: &CountingOutcomePanelProps) -> Html {
    let found = props.filter.false_positive_word();
    html! {
        <>
            <p class="hint" data-testid="refused-hint">{ lang.text(Msg::CountingRefusedHint) }</p>
            if let Some(word) = found {
                <button type="button" data-testid="find-false-positive"
                    onclick={props.ontry.reform(move |_: MouseEvent| word.clone())}>
                    { lang.text(Msg::CountingFindFalsePositive) }</button>
            } else {
                <p class="hint" data-testid="no-false-positive">{ lang.fill(Msg::CountingNoFalsePositive,
                    &[("tried", &grouped(FALSE_POSITIVE_TRIES as u64))]) }</p>
            }
        </>
    }
}

/// A note when the item probes a position more than once (its counter moved by more than 1).
fn repeated_note(lang: Lang, change: &CountingChange) -> Html {
    let repeated = change.repeated();
    if repeated.is_empty() {
        return Html::default();
    }
    html! {
        <p class="note" data-testid="repeated-probe">{ lang.plural(Msg::CountingRepeatedProbe, repeated.len() as u64,
            &[("counters", &lang.list(&repeated)), ("item", &quoted(lang, &change.text))]) }</p>
    }
}

fn inserted(lang: Lang, change: &CountingChange, max: u8) -> Html {
    let item = quoted(lang, &change.text);
    let stuck = change.newly_stuck(max);
    // Counters already stuck did not go up: the sentence says so, and the warning names them.
    let kept = change.kept_stuck(max);
    let said = match (kept.is_empty(), all_stuck(change, max)) {
        (true, _) => Msg::CountingInserted,
        (false, false) => Msg::CountingInsertedStuck,
        (false, true) => Msg::CountingInsertedAllStuck,
    };
    html! {
        <>
            <p>{ lang.fill(said, &[("item", &item), ("changes", &change_list(lang, &change.changes))]) }</p>
            // The warnings first, the note on a repeated index last: where what happened gives way
            // to the counters on a phone, what is cut is the least of it.
            if !stuck.is_empty() {
                <p class="warning" data-testid="newly-stuck">{ lang.plural(Msg::CountingNewlyStuck, stuck.len() as u64,
                    &[("counters", &lang.list(&stuck)), ("max", &max.to_string())]) }</p>
            }
            { kept_stuck(lang, &kept, max, &item) }
            { repeated_note(lang, change) }
        </>
    }
}

/// True when every counter `change` probed was stuck at `max` and stayed there: none moved.
fn all_stuck(change: &CountingChange, max: u8) -> bool {
    change
        .changes
        .iter()
        .all(|probe| probe.before == max && probe.after == max)
}

/// The warning that counters stuck at `max` stayed there.
fn kept_stuck(lang: Lang, kept: &[u32], max: u8, item: &str) -> Html {
    if kept.is_empty() {
        return Html::default();
    }
    html! {
        <p class="warning" data-testid="kept-stuck">{ lang.plural(Msg::CountingKeptStuck, kept.len() as u64,
            &[("counters", &lang.list(kept)), ("max", &max.to_string()), ("item", item)]) }</p>
    }
}

fn removed(lang: Lang, change: &CountingChange, max: u8, filter: &CountingFilter) -> Html {
    let item = quoted(lang, &change.text);
    let changes = change_list(lang, &change.changes);
    let kept = change.kept_stuck(max);
    let said = match (change.known, kept.is_empty(), all_stuck(change, max)) {
        (false, ..) => Msg::CountingRemovedAnyway,
        (true, true, _) => Msg::CountingRemoved,
        (true, false, false) => Msg::CountingRemovedStuck,
        (true, false, true) => Msg::CountingRemovedAllStuck,
    };
    let count = change.false_negatives.len();
    let wrong = filter.wrong_counters();
    // A removal of an item never inserted leads with what it did to the set (the items it now
    // denies): on a projector's slide that line is the one the class must see first.
    html! {
        <>
            if !change.known {
                <div class="false-negatives" data-testid="false-negatives" data-count={count.to_string()}>
                    if count > 0 {
                        <p class="error">{ lang.plural(Msg::CountingFalseNegatives, count as u64, &[("count", &count.to_string())]) }</p>
                        <ul>
                            { for change.false_negatives.iter().map(|text| html! {
                                <li data-testid="false-negative">{ quoted(lang, text) }</li>
                            }) }
                        </ul>
                    } else {
                        <p class="warning">{ lang.fill(Msg::CountingNoFalseNegatives, &[("counters", &lang.list(&wrong))]) }</p>
                    }
                </div>
            }
            <p>{ lang.fill(said, &[("item", &item), ("changes", &changes)]) }</p>
            { kept_stuck(lang, &kept, max, &item) }
            { repeated_note(lang, change) }
        </>
    }
}

/// What Undo or Redo took back or made again.
fn travelled(lang: Lang, step: &HistoryMove<Operation>) -> Html {
    let name = |operation: &Operation| {
        let message = match operation {
            Operation::Insert(_) => Msg::CountingOpInsert,
            Operation::Remove(_) => Msg::CountingOpRemove,
        };
        lang.fill(
            message,
            &[("item", &lang.quote(&shorten(operation.text(), 40)))],
        )
    };
    let whole = (Msg::CountingUndone, Msg::CountingRedone);
    html! { <p data-testid="travel-outcome">{ moved_sentence(lang, step, name, whole) }</p> }
}

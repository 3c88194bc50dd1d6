//! What the scalable filter's last action did, in words: which stage an item went into (and whether
//! that stage was just added for it), which stage answered a query, and what a stream did — inserts
//! that a stage already answered "maybe" for are never written, and the panel says so.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::outcome_panel::{moved_sentence, travel_kind};
use crate::components::stage_stack::rates_form;
use crate::components::widget_parts::read_cells;
use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::state::history::HistoryMove;
use crate::state::scalable::ScalableOutcome;
use crate::strings::{Lang, Msg};
use bloom_core::playground::{InsertError, MAX_ITEM_BYTES};
use bloom_core::scalable::{Added, ScalableFilter, ScalableOperation, Stage, MAX_TOTAL_BITS};
use bloom_core::text::shorten;

/// Props of [`ScalableOutcomePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ScalableOutcomePanelProps {
    /// The last action's result.
    pub outcome: Option<ScalableOutcome>,
    /// The filter as it is now.
    pub filter: Rc<ScalableFilter>,
    /// The step-through of a query: how many stages it has read (`None` when not stepping).
    #[prop_or_default]
    pub step: Option<usize>,
}

/// The outcome, as a panel.
#[component]
pub fn ScalableOutcomePanel(props: &ScalableOutcomePanelProps) -> Html {
    let lang = use_lang();
    let (kind, body): (&str, Html) = match &props.outcome {
        None => ("none", html! { <p>{ lang.text(Msg::ScalableEmpty) }</p> }),
        Some(outcome) => describe(lang, outcome, &props.filter, props.step),
    };
    html! {
        <div class="outcome" data-testid="scalable-outcome" data-kind={kind} aria-live="polite">{ body }</div>
    }
}

fn line(text: String) -> Html {
    html! { <p>{ text }</p> }
}

fn error(text: String) -> Html {
    html! { <p class="error">{ text }</p> }
}

fn describe(
    lang: Lang,
    outcome: &ScalableOutcome,
    filter: &ScalableFilter,
    step: Option<usize>,
) -> (&'static str, Html) {
    match outcome {
        ScalableOutcome::Inserted { text, added } => inserted(lang, text, added, filter),
        ScalableOutcome::InsertRefused(InsertError::Blank) => (
            "refused",
            error(lang.text(Msg::ScalableInsertBlank).to_owned()),
        ),
        ScalableOutcome::InsertRefused(InsertError::TooLong) => (
            "refused",
            error(lang.fill(
                Msg::ScalableTooLong,
                &[("limit", &lang.bytes(MAX_ITEM_BYTES))],
            )),
        ),
        ScalableOutcome::TooBig => (
            "refused",
            error(lang.fill(
                Msg::ScalableTooBig,
                &[("limit", &lang.size(MAX_TOTAL_BITS as f64 / 8.0))],
            )),
        ),
        ScalableOutcome::QueryRefused => (
            "refused",
            error(lang.text(Msg::ScalableQueryBlank).to_owned()),
        ),
        ScalableOutcome::Queried { text, answers } => match step {
            Some(read) if read < answers.len() => (
                "stepping",
                stepping(lang, text, &answers[..read], filter, answers.len()),
            ),
            _ => ("queried", queried(lang, text, answers, filter)),
        },
        ScalableOutcome::Streamed {
            count,
            inserted,
            new_stages,
            stopped,
        } => {
            let skipped = count.saturating_sub(*inserted);
            html_streamed(lang, *count, *inserted, skipped, *new_stages, *stopped)
        }
        ScalableOutcome::Reset { .. } => ("reset", line(lang.text(Msg::ScalableReset).to_owned())),
        ScalableOutcome::Rebuilt => ("rebuilt", line(lang.text(Msg::ScalableRebuilt).to_owned())),
        ScalableOutcome::Travelled(step) => (travel_kind(step), line(travelled(lang, step))),
    }
}

/// Where an inserted item went: into which stage, whether that stage was added for it, or nowhere
/// because a stage already answered "maybe".
fn inserted(
    lang: Lang,
    text: &str,
    added: &Added,
    filter: &ScalableFilter,
) -> (&'static str, Html) {
    let item = lang.quote(&shorten(text, 60));
    match added {
        Added::Inserted {
            stage,
            new_stage,
            indexes,
        } => {
            let number = (stage + 1).to_string();
            let message = match (new_stage, filter.stages().get(*stage)) {
                (true, Some(added)) => {
                    let capacity = grouped(added.shape.capacity);
                    let rate = lang.chance_as(rates_form(filter), added.shape.rate);
                    let mut args = vec![
                        ("item", item.as_str()),
                        ("capacity", &capacity),
                        ("rate", &rate),
                    ];
                    if *stage == 0 {
                        lang.fill(Msg::ScalableFirstStage, &args)
                    } else {
                        let previous = stage.to_string();
                        args.extend([("stage", number.as_str()), ("previous", previous.as_str())]);
                        lang.fill(Msg::ScalableInsertedNewStage, &args)
                    }
                }
                _ => lang.fill(
                    Msg::ScalableInserted,
                    &[("item", &item), ("stage", &number)],
                ),
            };
            // The bits it wrote, as its stage now holds them: on a phone that stage may be
            // screens down.
            let written = filter
                .stages()
                .get(*stage)
                .map(|bits| read_bits(lang, indexes, bits))
                .unwrap_or_default();
            ("inserted", html! { <p>{ message }{ " " }{ written }</p> })
        }
        Added::AlreadyPresent { stage } => (
            "already-present",
            html! { <p class="warning">{ lang.fill(Msg::ScalableAlreadyPresent, &[("item", &item), ("stage", &(stage + 1).to_string())]) }</p> },
        ),
    }
}

fn html_streamed(
    lang: Lang,
    count: u32,
    inserted: u32,
    skipped: u32,
    new_stages: u32,
    stopped: bool,
) -> (&'static str, Html) {
    let summary = lang.plural(
        Msg::ScalableStreamed,
        u64::from(count),
        &[
            ("count", &grouped(u64::from(count))),
            ("inserted", &grouped(u64::from(inserted))),
            ("skipped", &grouped(u64::from(skipped))),
        ],
    );
    let stages = lang.plural(
        Msg::ScalableNewStages,
        u64::from(new_stages),
        &[("count", &grouped(u64::from(new_stages)))],
    );
    (
        "streamed",
        html! {
            <>
                <p data-testid="stream-summary" data-inserted={inserted.to_string()} data-skipped={skipped.to_string()}>{ summary }</p>
                if new_stages > 0 { <p>{ stages }</p> }
                if stopped { <p class="warning">{ lang.text(Msg::ScalableStreamStopped) }</p> }
            </>
        },
    )
}

fn queried(lang: Lang, text: &str, answers: &[(bool, Vec<u32>)], filter: &ScalableFilter) -> Html {
    let item = lang.quote(&shorten(text, 60));
    let first = answers.iter().position(|(maybe, _)| *maybe);
    let verdict = match first {
        Some(stage) => lang.fill(
            Msg::ScalableQueryMaybe,
            &[("item", &item), ("stage", &(stage + 1).to_string())],
        ),
        None if answers.is_empty() => lang.fill(Msg::ScalableQueryEmpty, &[("item", &item)]),
        None => lang.plural(
            Msg::ScalableQueryNo,
            answers.len() as u64,
            &[("item", &item), ("count", &answers.len().to_string())],
        ),
    };
    let false_positive = first.is_some() && !filter.was_inserted(text);
    html! {
        <>
            <p class="verdict" data-testid="scalable-verdict" data-stage={first.map(|stage| (stage + 1).to_string())}
                data-verdict={if first.is_some() { "maybe" } else { "no" }}>{ verdict }</p>
            { stage_reads_list(lang, answers, filter) }
            if false_positive {
                <p class="warning" data-testid="scalable-false-positive">{ lang.fill(Msg::ScalableFalsePositive, &[("item", &item)]) }</p>
            }
        </>
    }
}

/// A query part-way through its step-through: where the steps are, and what the stages read so far
/// (`answers`, of `count`) answered. The verdict waits for the last.
fn stepping(
    lang: Lang,
    text: &str,
    answers: &[(bool, Vec<u32>)],
    filter: &ScalableFilter,
    count: usize,
) -> Html {
    let line = lang.fill(
        Msg::ScalableSteppingQuery,
        &[
            ("item", &lang.quote(&shorten(text, 40))),
            ("done", &answers.len().to_string()),
            ("count", &count.to_string()),
        ],
    );
    html! {
        <>
            <p data-testid="step-outcome">{ line }</p>
            { stage_reads_list(lang, answers, filter) }
        </>
    }
}

/// Each stage's answer with the bits it read, or nothing before the first.
fn stage_reads_list(lang: Lang, answers: &[(bool, Vec<u32>)], filter: &ScalableFilter) -> Html {
    if answers.is_empty() {
        return Html::default();
    }
    let reads = answers
        .iter()
        .zip(filter.stages())
        .enumerate()
        .map(|(stage, ((maybe, indexes), bits))| stage_reads(lang, stage, *maybe, indexes, bits));
    html! { <ol class="stage-reads" data-testid="stage-reads">{ for reads }</ol> }
}

/// One stage's answer to a query, with the bits it read beside it (filled: 1, hollow: 0; the 0 that
/// answered "no" ringed), in probe order: on a phone, where the stages run screens long, what each
/// stage read is on the screen with the verdict.
fn stage_reads(lang: Lang, stage: usize, maybe: bool, indexes: &[u32], bits: &Stage) -> Html {
    let answer = lang.text(if maybe {
        Msg::ScalableMaybe
    } else {
        Msg::ScalableNo
    });
    let number = (stage + 1).to_string();
    let said = lang.fill(
        Msg::ScalableStageAnswer,
        &[("stage", &number), ("answer", answer)],
    );
    html! {
        <li data-stage={number} data-answer={if maybe { "maybe" } else { "no" }}>
            <span class="stage-answer">{ said }</span>
            { read_bits(lang, indexes, bits) }
        </li>
    }
}

/// The bits at `indexes` of a stage, in probe order: filled for 1, hollow for 0, the first 0 (the
/// one that answers "no") ringed; named bit by bit for a screen reader.
fn read_bits(lang: Lang, indexes: &[u32], bits: &Stage) -> Html {
    let label: Vec<String> = indexes
        .iter()
        .map(|&index| {
            let value = if bits.bits.get(index) { "1" } else { "0" };
            lang.fill(Msg::BitLabel, &[("index", &index.to_string())]) + value
        })
        .collect();
    html! {
        <span class="read-bits" role="img" aria-label={label.join(lang.text(Msg::ListSeparator))}>
            { read_cells(indexes, |index| bits.bits.get(index)) }
        </span>
    }
}

/// What Undo or Redo took back or made again.
fn travelled(lang: Lang, step: &HistoryMove<ScalableOperation>) -> String {
    let name = |operation: &ScalableOperation| match operation {
        ScalableOperation::Add(text) => lang.fill(
            Msg::ScalableOpAdd,
            &[("item", &lang.quote(&shorten(text, 40)))],
        ),
        ScalableOperation::Stream(count) => lang.plural(
            Msg::ScalableOpStream,
            u64::from(*count),
            &[("count", &grouped(u64::from(*count)))],
        ),
    };
    let whole = (Msg::ScalableUndone, Msg::ScalableRedone);
    moved_sentence(lang, step, name, whole)
}

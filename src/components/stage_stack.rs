//! The scalable filter's stages, oldest first: each with its plan (capacity, rate, bits, hashes),
//! how full it is, the rate its bits give now, and its bits — one by one for a small stage, as a
//! strip of shaded columns for a large one (and on a presenter's stage of several, for every one
//! but the stage the last action is about) — with the last insert's or query's bits marked. A bit drawn one by one says, when looked at, which
//! items set it (the line under the stack): the bits of all such stages form one tab stop, which the
//! arrow keys, Home and End move.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::bit_array::setter_names;
use crate::components::cell_inspector::{use_cell_inspector, CellInspector};
use crate::format::{coord, grouped};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_presenter::use_presenter;
use crate::strings::{ChanceForm, Lang, Msg};
use bloom_core::scalable::{ScalableFilter, Stage};

/// Stages up to this many bits are drawn bit by bit.
pub const DRAWN_BITS: u32 = 1_024;
/// Columns of the strip a larger stage is drawn as.
const STRIP_COLUMNS: u32 = 128;
/// From this many stages, presenter mode draws every stage but the focused one as a strip, a line
/// each: a class sees the whole stack on one screen, and the bits the step names one by one, as
/// large as the screen lets them be (every stage's return with Presenter mode off).
const COMPACT_FROM: usize = 2;

/// Props of [`StageStack`].
#[derive(Properties, PartialEq, Clone)]
pub struct StageStackProps {
    /// The filter.
    pub filter: Rc<ScalableFilter>,
    /// Bits to mark, per stage (the last insert's or query's).
    #[prop_or_default]
    pub marked: Vec<(usize, Vec<u32>)>,
    /// The stage the last action is about (see `ScalableState::focus`).
    #[prop_or_default]
    pub focus: Option<usize>,
}

/// Where the bits a visitor can look at one by one start: each such stage's index and the number
/// of its first bit among them.
fn drawn_offsets(stages: &[Stage], compact: Option<Option<usize>>) -> Vec<(usize, u32)> {
    let mut next = 0;
    stages
        .iter()
        .enumerate()
        .filter(|&(index, stage)| drawn(index, stage, compact))
        .map(|(index, stage)| {
            let at = (index, next);
            next += stage.bits.len();
            at
        })
        .collect()
}

/// True when the stage is drawn bit by bit: small enough, and on a crowded stage (`compact`, with
/// the focused stage) the focused one.
fn drawn(index: usize, stage: &Stage, compact: Option<Option<usize>>) -> bool {
    stage.bits.len() <= DRAWN_BITS && compact.is_none_or(|focus| focus == Some(index))
}

/// The line under the stack: who set the looked-at bit, that nobody did, or how to look at one.
fn detail_line(
    lang: Lang,
    filter: &ScalableFilter,
    offsets: &[(usize, u32)],
    inspected: Option<u32>,
) -> String {
    let Some((stage, bit)) = inspected.and_then(|at| {
        offsets
            .iter()
            .rev()
            .find(|(_, first)| *first <= at)
            .map(|&(stage, first)| (stage, at - first))
    }) else {
        return lang.text(Msg::ScalableBitHint).to_owned();
    };
    let setters = filter.setters_of(stage, bit);
    let (number, index) = ((stage + 1).to_string(), bit.to_string());
    if setters.is_empty() {
        return lang.fill(
            Msg::ScalableBitUnset,
            &[("stage", &number), ("index", &index)],
        );
    }
    // An item added twice into one stage (when the filter does not check first) is named once.
    let mut texts: Vec<&str> = Vec::with_capacity(setters.len());
    for text in &setters {
        if !texts.contains(&text.as_str()) {
            texts.push(text);
        }
    }
    lang.fill(
        Msg::ScalableBitSetBy,
        &[
            ("stage", &number),
            ("index", &index),
            ("items", &setter_names(lang, &texts)),
        ],
    )
}

/// The one form every stage's rates are written in, read down the list (and in what an insert says
/// of a new stage).
pub fn rates_form(filter: &ScalableFilter) -> ChanceForm {
    ChanceForm::for_largest(
        filter
            .stages()
            .iter()
            .flat_map(|stage| [stage.shape.rate, stage.rate_from_fill()])
            .fold(0.0, f64::max),
    )
}

/// Every stage, oldest first, and the line that names a looked-at bit's setters.
#[component]
pub fn StageStack(props: &StageStackProps) -> Html {
    let lang = use_lang();
    let presenting = use_presenter().on;
    let stages = props.filter.stages();
    let compact = presenting && stages.len() >= COMPACT_FROM;
    let offsets = drawn_offsets(stages, compact.then_some(props.focus));
    let cells = offsets
        .last()
        .map_or(0, |&(stage, first)| first + stages[stage].bits.len());
    let at: CellInspector = use_cell_inspector(cells);
    let (active, inspected) = (at.active, at.inspected);
    if stages.is_empty() {
        return html! { <p class="hint" data-testid="stages-empty">{ lang.text(Msg::ScalableStagesEmpty) }</p> };
    }
    let cursor = Cursor { active, inspected };
    let form = rates_form(&props.filter);
    html! {
        <>
        <ol ref={at.grid} class={classes!("stage-stack", compact.then_some("compact"))} onkeydown={at.onkeydown}
            onmouseover={at.onmouseover} onfocusin={at.onfocusin} onclick={at.onclick}>
            { for stages.iter().enumerate().map(|(index, stage)| {
                let marked = props.marked.iter().find(|(at, _)| *at == index).map(|(_, bits)| bits.as_slice()).unwrap_or_default();
                let first = offsets.iter().find(|(at, _)| *at == index).map(|&(_, first)| first);
                stage_view((lang, form), index, stage, marked, first.map(|first| (first, cursor)))
            }) }
        </ol>
        if cells > 0 {
            <p ref={at.detail} class={classes!("bit-detail", "stage-detail", inspected.is_some().then_some("named"))}
                data-testid="stage-detail" aria-live="polite">
                { detail_line(lang, &props.filter, &offsets, inspected) }
            </p>
        }
        </>
    }
}

/// The tab stop and the looked-at bit, numbered across the stages drawn bit by bit.
#[derive(Clone, Copy)]
struct Cursor {
    active: u32,
    inspected: Option<u32>,
}

/// A stage's heading line and its bits; `numbered`: the number of its first bit among those drawn
/// one by one, and the cursor.
fn stage_view(
    (lang, form): (Lang, ChanceForm),
    index: usize,
    stage: &Stage,
    marked: &[u32],
    numbered: Option<(u32, Cursor)>,
) -> Html {
    let shape = stage.shape;
    let now = stage.rate_from_fill();
    // A full stage well above its plan is what pushes the whole filter past its bound.
    let over = stage.is_full() && now > shape.rate * 1.25;
    let line = lang.fill(
        Msg::ScalableStageLine,
        &[
            ("items", &grouped(u64::from(stage.items))),
            ("capacity", &grouped(shape.capacity)),
            ("rate", &lang.chance_as(form, shape.rate)),
            ("bits", &grouped(shape.bits)),
            ("hashes", &shape.hashes.to_string()),
        ],
    );
    let number = (index + 1).to_string();
    html! {
        <li class={classes!("stage", stage.is_full().then_some("full"), numbered.is_some().then_some("drawn"))} data-testid="stage"
            data-bits={shape.bits.to_string()} data-hashes={shape.hashes.to_string()} data-items={stage.items.to_string()}>
            <p class="stage-head">
                <strong>{ lang.fill(Msg::ScalableStageTitle, &[("stage", &number)]) }</strong>
                { " " }<span>{ line }</span>
                { " · " }<span class={classes!("stage-now", over.then_some("over"))}>
                    { lang.fill(Msg::ScalableStageNow, &[("now", &lang.chance_as(form, now))]) }
                    // On the stage a stage's line is too short for the words: a mark, the words
                    // for a screen reader (and the title); the style sheet picks.
                    if over {
                        <span class="stage-over-mark" aria-hidden="true" title={lang.text(Msg::ScalableStageOver)}>{ " ▲" }</span>
                        <span class="stage-over">{ " — " }{ lang.text(Msg::ScalableStageOver) }</span>
                    }
                </span>
            </p>
            { stage_bits(lang, &number, stage, marked, numbered) }
        </li>
    }
}

/// A stage's bits: one by one when `numbered` (each a cell that can be looked at), else as a strip.
fn stage_bits(
    lang: Lang,
    number: &str,
    stage: &Stage,
    marked: &[u32],
    numbered: Option<(u32, Cursor)>,
) -> Html {
    let bits = &stage.bits;
    let label = lang.fill(
        Msg::ScalableStageLabel,
        &[
            ("stage", number),
            ("set", &grouped(u64::from(bits.count_ones()))),
            ("bits", &grouped(u64::from(bits.len()))),
        ],
    );
    if let Some((first, cursor)) = numbered {
        return html! {
            <div class="stage-bits" role="group" aria-label={label}>
                { for (0..bits.len()).map(|index| {
                    let (set, at) = (bits.get(index), first + index);
                    let class = classes!("dot", set.then_some("set"), marked.contains(&index).then_some("marked"),
                        (cursor.inspected == Some(at)).then_some("inspected"));
                    let tabindex = if cursor.active == at { "0" } else { "-1" };
                    html! { <span {class} role="img" {tabindex} data-index={at.to_string()}
                        aria-label={lang.labelled(&index.to_string(), if set { "1" } else { "0" })}></span> }
                }) }
            </div>
        };
    }
    let per_column = bits.len().div_ceil(STRIP_COLUMNS);
    let columns = bits.len().div_ceil(per_column);
    let width = 640.0 / f64::from(columns);
    html! {
        <figure class="stage-strip">
            <svg viewBox="0 0 640 28" preserveAspectRatio="none" role="img" aria-label={label}>
                { for (0..columns).map(|column| {
                    let range = column * per_column..((column + 1) * per_column).min(bits.len());
                    let span = range.len() as f64;
                    let ones = range.clone().filter(|&index| bits.get(index)).count() as f64;
                    let hit = marked.iter().any(|index| range.contains(index));
                    html! {
                        <rect class={classes!("strip-column", hit.then_some("marked"))} x={coord(f64::from(column) * width)} y="0"
                            width={coord(width)} height="28" fill-opacity={coord(ones / span)} />
                    }
                }) }
            </svg>
            <figcaption class="hint">{ lang.fill(Msg::ScalableStageStrip, &[("bits", &grouped(u64::from(bits.len())))]) }</figcaption>
        </figure>
    }
}

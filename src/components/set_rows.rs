//! The combining page's rows of bits — A, B, A OR B beside the filter of A ∪ B, A AND B beside the
//! filter of A ∩ B — with the bits the last action touched marked, and a line under them that takes
//! one bit column at a time: who set the bit in A and in B, and what OR and AND make of it. Hovering,
//! focusing or tapping a bit in any row inspects its column; the A row is the one tab stop, which
//! the arrow keys, Home and End move.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::bit_array::setter_names;
use crate::components::cell_inspector::{use_cell_inspector, CellInspector};
use crate::components::set_bit_row::SetBitRow;
use crate::hooks::use_lang::use_lang;
use crate::state::sets::{SetsOutcome, Side, TwoSets};
use crate::strings::{Lang, Msg};
use bloom_core::sets::TwoFilters;

/// Props of [`SetRows`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetRowsProps {
    /// The two sets and their shape.
    pub sets: Rc<TwoSets>,
    /// Their six filters.
    pub filters: Rc<TwoFilters>,
    /// The last action, whose bits are marked.
    pub outcome: Option<SetsOutcome>,
    /// The step-through of a query: how many of its bits it has read (`None` when not stepping).
    #[prop_or_default]
    pub step: Option<usize>,
}

/// The bits the last action touched, and the set it inserted into (`None` for a query, read in
/// every row).
fn touched(outcome: Option<&SetsOutcome>, filters: &TwoFilters) -> (Vec<u32>, Option<Side>) {
    match outcome {
        Some(SetsOutcome::Queried { text, .. }) => (filters.a.indexes(text), None),
        Some(SetsOutcome::Inserted { side, text } | SetsOutcome::AlreadyIn { side, text }) => {
            (filters.a.indexes(text), Some(*side))
        }
        _ => (Vec::new(), None),
    }
}

/// The line under the rows: bit `index`'s column read row by row, or how to pick one.
fn column_line(lang: Lang, sets: &TwoSets, filters: &TwoFilters, inspected: Option<u32>) -> String {
    let Some(index) = inspected.filter(|&index| index < filters.a.bit_count()) else {
        return lang.text(Msg::SetsColumnHint).to_owned();
    };
    let side = |name: Msg, items: &[String]| {
        let setters = filters.setters_of(items, index);
        let side = lang.text(name);
        if setters.is_empty() {
            lang.fill(Msg::SetsColumnUnset, &[("side", side)])
        } else {
            lang.fill(
                Msg::SetsColumnSetBy,
                &[("side", side), ("items", &setter_names(lang, &setters))],
            )
        }
    };
    let bit = |set: bool| if set { "1" } else { "0" };
    let and = filters.and.bits().get(index);
    let and_clause = if and && !filters.of_intersection.bits().get(index) {
        lang.text(Msg::SetsColumnAndExtra).to_owned()
    } else {
        lang.fill(Msg::SetsColumnAndSame, &[("and", bit(and))])
    };
    lang.fill(
        Msg::SetsColumnLine,
        &[
            ("index", &index.to_string()),
            ("a", &side(Msg::SetsRowA, &sets.a)),
            ("b", &side(Msg::SetsRowB, &sets.b)),
            ("or", bit(filters.or.bits().get(index))),
            ("and", &and_clause),
        ],
    )
}

/// Every fourth bit's number over the rows' first line of columns, so a class can be told "look at
/// bit 12"; a screen reader hears each bit's number with the bit. One line of numbers over as many
/// columns as the rows' lines take (a phone's sixteen, the style sheet hiding the rest); where a
/// row takes two to four lines, each number has the next lines' under it: `data-wide` for lines of
/// 32, `data-narrow` for a phone's 16.
fn ruler(bits: u32) -> Html {
    let columns = bits.min(32);
    // The numbers of the same column in the lines after the first, when there are two to four.
    let below = |index: u32, per_line: u32| -> Option<String> {
        let lines = bits.div_ceil(per_line);
        (index.is_multiple_of(4) && index < per_line && (2..=4).contains(&lines)).then(|| {
            let numbers: Vec<String> = (1..lines)
                .map(|line| index + line * per_line)
                .filter(|&number| number < bits)
                .map(|number| number.to_string())
                .collect();
            numbers.join("\n")
        })
    };
    html! {
        <div class="set-row set-ruler" aria-hidden="true" data-testid="set-ruler">
            <p class="set-row-name"></p>
            <ol class="set-bits" style={format!("--columns: {columns}")}>
                { for (0..columns).map(|index| html! {
                    <li data-wide={below(index, 32)} data-narrow={below(index, 16)}>
                        { if index % 4 == 0 { index.to_string() } else { String::new() } }
                    </li>
                }) }
            </ol>
        </div>
    }
}

/// The six rows, their notes and the column line.
#[component]
pub fn SetRows(props: &SetRowsProps) -> Html {
    let lang = use_lang();
    let filters = &props.filters;
    let cells: CellInspector = use_cell_inspector(filters.a.bit_count());
    let (mut bits, inserted) = touched(props.outcome.as_ref(), filters);
    // While stepping, the bits read so far are marked, and the column of the last one is named
    // under the rows.
    let stepped_column = props
        .step
        .and_then(|step| step.checked_sub(1))
        .and_then(|at| bits.get(at).copied());
    if let Some(step) = props.step {
        bits.truncate(step);
    }
    // The step's column is ringed in every row; the line under them names the column looked at.
    let inspected = cells.inspected;
    let ringed = stepped_column.or(inspected);
    // An insert marks its own set's row and the union's two; a query every row.
    let marked = |rows: &[Side]| -> Vec<u32> {
        match inserted {
            Some(side) if !rows.contains(&side) => Vec::new(),
            _ => bits.clone(),
        }
    };
    let (union, intersection) = (marked(&[Side::A, Side::B]), marked(&[]));
    let extra = filters.and_extra_bits();
    let union_bits = filters.or.bits().count_ones().to_string();
    let union_size = filters.union_size as u64;
    html! {
        <div class="set-rows" onkeydown={cells.onkeydown} onmouseover={cells.onmouseover}
            onfocusin={cells.onfocusin} onclick={cells.onclick}>
            { ruler(filters.a.bit_count()) }
            <SetBitRow name={lang.text(Msg::SetsRowA)} testid="set-a-bit" bits={filters.a.bits().clone()} probed={marked(&[Side::A])}
                inspected={ringed} keyboard={Some((cells.grid, cells.active))} />
            <SetBitRow name={lang.text(Msg::SetsRowB)} testid="set-b-bit" bits={filters.b.bits().clone()} probed={marked(&[Side::B])} inspected={ringed} />
            <SetBitRow name={lang.text(Msg::SetsRowOr)} testid="or-bit" bits={filters.or.bits().clone()} probed={union.clone()} inspected={ringed} />
            <SetBitRow name={lang.text(Msg::SetsRowUnion)} testid="union-bit" bits={filters.of_union.bits().clone()} probed={union} inspected={ringed} />
            <p class="row-note" data-testid="or-is-union" data-equal={filters.or_is_union().to_string()}>
                { lang.plural(Msg::SetsOrIsUnion, union_size, &[("count", &union_size.to_string()), ("x", &union_bits)]) }
            </p>
            <SetBitRow name={lang.text(Msg::SetsRowAnd)} testid="and-bit" bits={filters.and.bits().clone()} extra={extra.clone()} probed={intersection.clone()} inspected={ringed} />
            <SetBitRow name={lang.text(Msg::SetsRowIntersection)} testid="intersection-bit" bits={filters.of_intersection.bits().clone()} probed={intersection} inspected={ringed} />
            <p class="row-note" data-testid="and-extra-note" data-count={extra.len().to_string()}>
                { if extra.is_empty() {
                    lang.text(Msg::SetsAndExact).to_owned()
                } else {
                    lang.plural(Msg::SetsAndExtra, extra.len() as u64, &[("count", &extra.len().to_string())])
                } }
            </p>
            // Where the sentence above gives way (a 720 px stage), what × means, in brief.
            if !extra.is_empty() {
                <p class="row-note and-extra-mark" data-testid="and-extra-mark">{ lang.text(Msg::SetsAndExtraMark) }</p>
            }
            <p ref={cells.detail} class={classes!("bit-detail", "set-column-detail", inspected.is_some().then_some("named"))}
                data-testid="set-column-detail" aria-live="polite">
                { column_line(lang, &props.sets, filters, inspected) }
            </p>
        </div>
    }
}

//! The bit array, drawn cell by cell in index order. Set bits are filled and read "1"; the current
//! item's probe bits carry a badge with the number of the hash row that chose them (colour plus a
//! number, so no one needs to tell colours apart); bits the last action set are marked "new". Hovering,
//! focusing or clicking a bit shows which items set it. The cells form one tab stop: the arrow keys,
//! Home and End move between bits.

use std::rc::Rc;

use web_sys::Element;
use yew::prelude::*;

use crate::components::bit_cell::{probe_strip, BitCell};
use crate::components::cell_inspector::{use_cell_inspector, CellInspector};
use crate::hooks::use_keep_in_view::bring_into_view;
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::playground::Playground;
use bloom_core::text::shorten;

/// Longest item text shown in the bit detail line.
const DETAIL_ITEM_CHARS: usize = 32;
/// Most items listed for one bit before "and N more".
const DETAIL_MAX_ITEMS: usize = 12;
/// Above this m the cells are drawn smaller.
const COMPACT_ABOVE_BITS: u32 = 128;
/// Past this many bits a phone's screen holds the field, what happened and the whole array no more:
/// the probed bits come up above the array too.
const STRIP_ABOVE_BITS: u32 = 48;

/// Props of [`BitArray`].
#[derive(Properties, PartialEq, Clone)]
pub struct BitArrayProps {
    /// The filter and its provenance.
    pub playground: Rc<Playground>,
    /// The current item's probe indexes, row by row (empty when nothing is typed).
    #[prop_or_default]
    pub probes: Vec<u32>,
    /// Bits the last action turned from 0 to 1.
    #[prop_or_default]
    pub new_bits: Vec<u32>,
    /// The bit a step-through is pointing at.
    #[prop_or_default]
    pub step_bit: Option<u32>,
}

/// For each of the `bits` bits, the hash rows that probe it.
fn rows_at(probes: &[u32], bits: u32) -> Vec<Vec<usize>> {
    let mut rows_at: Vec<Vec<usize>> = vec![Vec::new(); bits as usize];
    for (row, &index) in probes.iter().enumerate() {
        if let Some(rows) = rows_at.get_mut(index as usize) {
            rows.push(row);
        }
    }
    rows_at
}

/// Keeps the bit a step-through points at on screen.
#[hook]
fn use_step_bit_in_view(grid: NodeRef, step_bit: Option<u32>) {
    use_effect_with(step_bit, move |step_bit| {
        let cell = step_bit.and_then(|index| grid.cast::<Element>()?.children().item(index));
        if let Some(cell) = cell {
            bring_into_view(&cell);
        }
    });
}

/// The line under the array: who set the inspected bit, that nobody did, or how to inspect one.
fn detail_line(lang: Lang, playground: &Playground, inspected: Option<u32>) -> String {
    let m = playground.filter().bits().len();
    let Some(index) = inspected.filter(|&index| index < m) else {
        return lang.text(Msg::BitDetailHint).to_string();
    };
    let setters = playground.setters_of(index);
    let index_text = index.to_string();
    if setters.is_empty() {
        return lang.fill(Msg::BitDetailUnset, &[("index", &index_text)]);
    }
    let texts: Vec<&str> = setters
        .iter()
        .map(|&position| playground.items()[position as usize].text.as_str())
        .collect();
    lang.fill(
        Msg::BitDetailSetBy,
        &[
            ("index", &index_text),
            ("items", &setter_names(lang, &texts)),
        ],
    )
}

/// The items that set a cell, as the line under an array names them: quoted, shortened, the first
/// [`DETAIL_MAX_ITEMS`] and then how many more.
pub fn setter_names(lang: Lang, texts: &[&str]) -> String {
    let mut names: Vec<String> = texts
        .iter()
        .take(DETAIL_MAX_ITEMS)
        .map(|text| lang.quote(&shorten(text, DETAIL_ITEM_CHARS)))
        .collect();
    if texts.len() > DETAIL_MAX_ITEMS {
        names.push(format!("+{}", texts.len() - DETAIL_MAX_ITEMS));
    }
    names.join(lang.text(Msg::ListSeparator))
}

/// The cells, each with its probe rows, "new" mark and step mark; `active` is the one tab stop.
fn cells(props: &BitArrayProps, active: u32, inspected: Option<u32>) -> Html {
    let bits = props.playground.filter().bits();
    let rows_at = rows_at(&props.probes, bits.len());
    let cells = (0..bits.len()).map(|index| {
        let rows = &rows_at[index as usize];
        let row_list = if rows.is_empty() {
            AttrValue::default()
        } else {
            AttrValue::from(
                rows.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            )
        };
        html! {
            <BitCell
                key={index}
                {index}
                set={bits.get(index)}
                rows={row_list}
                first_row={rows.first().copied()}
                is_new={props.new_bits.contains(&index)}
                stepping={props.step_bit == Some(index)}
                focusable={index == active}
                inspected={inspected == Some(index)}
            />
        }
    });
    cells.collect::<Html>()
}

/// The m-bit array with probe badges, "new" marks and bit provenance.
#[component]
pub fn BitArray(props: &BitArrayProps) -> Html {
    let lang = use_lang();
    let bits = props.playground.filter().bits();
    let m = bits.len();
    let cells_at = use_cell_inspector(m);
    use_step_bit_in_view(cells_at.grid.clone(), props.step_bit);
    let CellInspector {
        grid,
        detail,
        active,
        inspected,
        onkeydown,
        onmouseover,
        onfocusin,
        onclick,
    } = cells_at;
    let set_count = bits.count_ones().to_string();
    let m_text = m.to_string();

    html! {
        <div class="bit-array-wrap">
            { strip(lang, props) }
            <div
                ref={grid}
                class={classes!("bit-array", (m > COMPACT_ABOVE_BITS).then_some("compact"))}
                role="group"
                aria-label={lang.fill(Msg::ArrayLabel, &[("m", &m_text), ("x", &set_count)])}
                {onkeydown}
                {onmouseover}
                {onfocusin}
                {onclick}
            >
                { cells(props, active, inspected) }
            </div>
            <p ref={detail} class={classes!("bit-detail", inspected.is_some().then_some("named"))} data-testid="bit-detail" aria-live="polite">
                { detail_line(lang, &props.playground, inspected) }
            </p>
            <p class="legend">{ lang.text(Msg::ArrayLegend) }</p>
        </div>
    }
}

/// The bits the current item probes in a large array, above it on a phone ([`probe_strip`]).
fn strip(lang: Lang, props: &BitArrayProps) -> Html {
    let bits = props.playground.filter().bits();
    if props.probes.is_empty() || bits.len() <= STRIP_ABOVE_BITS {
        return Html::default();
    }
    probe_strip(
        lang.text(Msg::ProbeStripLabel),
        &props.probes,
        false,
        |index| u32::from(bits.get(index)),
    )
}

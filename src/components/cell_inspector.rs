//! Cells that say what they hold when looked at: the bit array names who set a bit, the counter
//! array who put a counter up. Hovering, focusing or tapping a cell inspects it, and the line under
//! the array names it; the cells form one tab stop, which the arrow keys, Home and End move. The
//! cells are the grid's elements with a `data-index`, in index order: its children, or the bits of
//! several rows (the scalable filter's stages).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::hooks::use_keep_in_view::bring_into_view;

/// What an inspectable row of cells needs: its grid and detail line, the one cell in the tab order,
/// the inspected cell, and the grid's handlers.
pub struct CellInspector {
    /// The element holding the cells (`data-index`), in index order.
    pub grid: NodeRef,
    /// The line that names the inspected cell.
    pub detail: NodeRef,
    /// The cell in the tab order.
    pub active: u32,
    /// The cell the line names, if any.
    pub inspected: Option<u32>,
    /// The arrow keys, Home and End.
    pub onkeydown: Callback<KeyboardEvent>,
    /// Pointing at a cell inspects it.
    pub onmouseover: Callback<MouseEvent>,
    /// Focusing a cell inspects it and makes it the tab stop.
    pub onfocusin: Callback<FocusEvent>,
    /// Tapping or clicking a cell does too, and brings the line into view.
    pub onclick: Callback<MouseEvent>,
}

/// The inspector of a row of `cells` cells.
#[hook]
pub fn use_cell_inspector(cells: u32) -> CellInspector {
    let grid = use_node_ref();
    let inspected = use_state(|| None::<u32>);
    let active = use_state(|| 0u32);
    let detail = use_node_ref();
    let tapped = use_detail_in_view(detail.clone());
    let active_index = (*active).min(cells.saturating_sub(1));
    let onkeydown = arrow_keys(grid.clone(), cells, active.clone(), inspected.clone());
    let inspect = inspect_cell(active, inspected.clone());
    let onclick = {
        let inspect = inspect.clone();
        Callback::from(move |event: MouseEvent| {
            inspect.emit(event.into());
            tapped.emit(());
        })
    };
    CellInspector {
        grid,
        detail,
        active: active_index,
        inspected: (*inspected).filter(|&index| index < cells),
        onkeydown,
        onmouseover: inspect.reform(|event: MouseEvent| event.into()),
        onfocusin: inspect.reform(|event: FocusEvent| event.into()),
        onclick,
    }
}

/// The index of the cell an event happened in, if any.
fn cell_index(event: &Event) -> Option<u32> {
    let target: Element = event.target()?.dyn_into().ok()?;
    target
        .closest("[data-index]")
        .ok()??
        .get_attribute("data-index")?
        .parse()
        .ok()
}

/// The cell below or above `from` in the wrapped grid: the nearest cell in that direction that
/// starts at the same horizontal position.
fn vertical_neighbour(grid: &Element, from: u32, down: bool) -> Option<u32> {
    let cells = grid.query_selector_all("[data-index]").ok()?;
    let left = |index: u32| -> Option<i32> {
        Some(
            cells
                .item(index)?
                .dyn_into::<HtmlElement>()
                .ok()?
                .offset_left(),
        )
    };
    let start = left(from)?;
    let count = cells.length();
    let mut candidates: Box<dyn Iterator<Item = u32>> = if down {
        Box::new(from + 1..count)
    } else {
        Box::new((0..from).rev())
    };
    candidates.find(|&index| left(index) == Some(start))
}

/// A tap names the bit's setters under the array, where on a phone the line may be under the fold:
/// once it is drawn for the tap (on a phone it then stays at the foot of the screen while the array
/// is on it, so the tapped bit stays in view), it is brought into view if it is not. Returns what
/// a tap calls.
#[hook]
fn use_detail_in_view(detail: NodeRef) -> Callback<()> {
    let taps = use_state(|| 0_u32);
    use_effect_with(*taps, move |&taps| {
        if taps > 0 {
            if let Some(line) = detail.cast::<Element>() {
                bring_into_view(&line);
            }
        }
    });
    Callback::from(move |()| taps.set(*taps + 1))
}

/// The arrow keys, Home and End moving the one tab stop (and the inspected bit) among `bits` cells.
fn arrow_keys(
    grid: NodeRef,
    bits: u32,
    active: UseStateHandle<u32>,
    inspected: UseStateHandle<Option<u32>>,
) -> Callback<KeyboardEvent> {
    let focus_cell = {
        let grid = grid.clone();
        move |index: u32| {
            active.set(index);
            inspected.set(Some(index));
            if let Some(cell) = grid
                .cast::<Element>()
                .and_then(|grid| {
                    grid.query_selector(&format!("[data-index=\"{index}\"]"))
                        .ok()?
                })
                .and_then(|cell| cell.dyn_into::<HtmlElement>().ok())
            {
                let _ = cell.focus();
            }
        }
    };
    Callback::from(move |event: KeyboardEvent| {
        let Some(from) = cell_index(&event) else {
            return;
        };
        let last = bits.saturating_sub(1);
        let target = match event.key().as_str() {
            "ArrowRight" => Some((from + 1).min(last)),
            "ArrowLeft" => Some(from.saturating_sub(1)),
            "Home" => Some(0),
            "End" => Some(last),
            "ArrowDown" | "ArrowUp" => grid
                .cast::<Element>()
                .and_then(|grid| vertical_neighbour(&grid, from, event.key() == "ArrowDown"))
                .or(Some(from)),
            _ => None,
        };
        if let Some(target) = target {
            event.prevent_default();
            focus_cell(target);
        }
    })
}

/// Hovering, focusing or clicking a cell inspects it; focusing or clicking also makes it the tab
/// stop.
fn inspect_cell(
    active: UseStateHandle<u32>,
    inspected: UseStateHandle<Option<u32>>,
) -> Callback<Event> {
    Callback::from(move |event: Event| {
        if let Some(index) = cell_index(&event) {
            inspected.set(Some(index));
            if event.type_() != "mouseover" {
                active.set(index);
            }
        }
    })
}

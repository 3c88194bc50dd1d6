//! The count-min sketch's d rows of w counters, with the columns an item reads marked in each row
//! and the row (or rows) its estimate, the smallest, comes from.

use std::rc::Rc;

use yew::prelude::*;

use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::count_min::CountMinSketch;

/// Widest sketch drawn counter by counter.
pub const DRAWN_WIDTH: u32 = 64;

/// Props of [`CountMinGrid`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountMinGridProps {
    /// The sketch.
    pub sketch: Rc<CountMinSketch>,
    /// The item whose columns to mark (the typed one), if any.
    #[prop_or_default]
    pub item: Option<AttrValue>,
    /// The step-through of an estimate: how many rows it has read (`None` when not stepping). Only
    /// those rows' counters are marked, and the least is ringed once every row is read.
    #[prop_or_default]
    pub read: Option<usize>,
}

/// The counters as a table, one row per hash.
#[component]
pub fn CountMinGrid(props: &CountMinGridProps) -> Html {
    let lang = use_lang();
    let params = props.sketch.params();
    if params.width > DRAWN_WIDTH {
        return html! {
            <p class="hint" data-testid="cms-too-wide">{ lang.fill(Msg::CmsTooWide, &[
                ("w", &grouped(u64::from(params.width))), ("limit", &DRAWN_WIDTH.to_string())]) }</p>
        };
    }
    let estimate = props.item.as_ref().map(|item| props.sketch.estimate(item));
    let minimum = estimate
        .as_ref()
        .map(|estimate| estimate.minimum_rows())
        .unwrap_or_default();
    html! {
        <div class="table-scroll cms-grid-wrap" tabindex="0" role="region" aria-label={lang.text(Msg::CmsGridLabel)}>
            <table class="cms-grid" data-testid="cms-grid">
                <tbody>
                    { for (0..params.depth).map(|row| {
                        let reached = props.read.is_none_or(|read| (row as usize) < read);
                        let column = estimate.as_ref().filter(|_| reached).map(|estimate| estimate.columns[row as usize]);
                        let is_min = minimum.contains(&row) && props.read.is_none_or(|read| read >= params.depth as usize);
                        html! {
                            <tr class={classes!(is_min.then_some("minimum"))}>
                                <th scope="row">{ lang.fill(Msg::CmsRow, &[("row", &row.to_string())]) }</th>
                                { for props.sketch.row(row).iter().enumerate().map(|(position, value)| {
                                    let marked = column == Some(position as u32);
                                    let text = grouped(*value);
                                    html! {
                                        <td class={classes!("cms-cell", (*value > 0).then_some("set"), marked.then_some("probe"),
                                                (marked && is_min).then_some("minimum"), width_class(&text))}
                                            data-testid="cms-cell" data-row={row.to_string()} data-column={position.to_string()}
                                            data-value={value.to_string()}>
                                            { text }
                                        </td>
                                    }
                                }) }
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// A class for a counter whose figure is long (three characters or more), whose type a phone's
/// narrow column makes smaller so the figure stays whole inside its cell.
fn width_class(text: &str) -> Option<&'static str> {
    match text.chars().count() {
        0..=2 => None,
        3 => Some("digits-3"),
        4 | 5 => Some("digits-5"),
        _ => Some("digits-more"),
    }
}

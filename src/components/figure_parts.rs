//! Markup that the site's tables and charts share: a table's row of column headings, and a chart's
//! two axes with the title under the horizontal one. Plain functions, so that every table and chart
//! that draws them writes the same elements in the same order, at the cost of one function.

use yew::prelude::*;

use crate::format::coord;
use crate::strings::{Lang, Msg};
use bloom_core::chart::Frame;

/// A table's head: one row of column headings, `<th scope="col">` each, the messages' texts in the
/// order given.
pub fn column_heads(lang: Lang, heads: &[Msg]) -> Html {
    html! {
        <thead><tr>
            { for heads.iter().map(|&head| html! { <th scope="col">{ lang.text(head) }</th> }) }
        </tr></thead>
    }
}

/// A table's head from texts already in the reader's language (symbols such as "m", filled
/// templates).
pub fn column_head_texts(heads: &[&str]) -> Html {
    html! {
        <thead><tr>
            { for heads.iter().map(|&head| html! { <th scope="col">{ head }</th> }) }
        </tr></thead>
    }
}

/// A chart's horizontal and vertical axes along the frame's bottom and left edges, and the
/// horizontal axis's title centred under it, `below` pixels above the drawing's bottom edge.
pub fn chart_axes(frame: &Frame, below: f64, title: &str) -> Html {
    html! {
        <>
            <line class="axis" x1={coord(frame.left)} x2={coord(frame.right)} y1={coord(frame.bottom)} y2={coord(frame.bottom)} />
            <line class="axis" x1={coord(frame.left)} x2={coord(frame.left)} y1={coord(frame.top)} y2={coord(frame.bottom)} />
            <text class="axis-label" x={coord((frame.left + frame.right) / 2.0)} y={coord(frame.height - below)} text-anchor="middle">
                { title }
            </text>
        </>
    }
}

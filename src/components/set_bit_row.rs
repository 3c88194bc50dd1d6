//! One row of bits of the combining page — A, B, A OR B, A AND B or the filter of A ∩ B — each bit
//! a cell a test and a screen reader can read (`data-index`, `data-set`), with the bits of a query
//! outlined and, in the AND row, the bits no item of A ∩ B set marked ×. The inspected column is
//! outlined in every row; the row that carries the keyboard holds the one tab stop.

use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::bit_array::BitArray;

/// Props of [`SetBitRow`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetBitRowProps {
    /// The row's name ("A OR B").
    pub name: AttrValue,
    /// The `data-testid` of each cell (`set-a-bit`, `or-bit`, …).
    pub testid: &'static str,
    /// The bits.
    pub bits: BitArray,
    /// Bits to mark ×, with `data-testid="and-extra-bit"`.
    #[prop_or_default]
    pub extra: Vec<u32>,
    /// Bits a query tested.
    #[prop_or_default]
    pub probed: Vec<u32>,
    /// The bit whose column the line under the rows reads.
    #[prop_or_default]
    pub inspected: Option<u32>,
    /// In the row the arrow keys move along: its list's node and the cell in the tab order.
    #[prop_or_default]
    pub keyboard: Option<(NodeRef, u32)>,
}

/// The row: its name, then m cells.
#[component]
pub fn SetBitRow(props: &SetBitRowProps) -> Html {
    let lang = use_lang();
    let bits = &props.bits;
    let label = lang.fill(
        Msg::SetsRowLabel,
        &[
            ("name", &props.name),
            ("x", &bits.count_ones().to_string()),
            ("m", &bits.len().to_string()),
        ],
    );
    let extra_label = lang.text(Msg::SetsBitExtra);
    let separator = lang.text(Msg::ListSeparator);
    html! {
        <div class="set-row">
            <p class="set-row-name" aria-hidden="true">{ props.name.clone() }</p>
            <ol ref={props.keyboard.as_ref().map(|(grid, _)| grid.clone()).unwrap_or_default()}
                class="set-bits" aria-label={label} style={format!("--columns: {}", bits.len().min(32))}>
                { for (0..bits.len()).map(|index| {
                    let set = bits.get(index);
                    let extra = props.extra.contains(&index);
                    let class = classes!("set-bit", set.then_some("set"), extra.then_some("extra"),
                        props.probed.contains(&index).then_some("probed"), (props.inspected == Some(index)).then_some("inspected"));
                    let tabindex = props.keyboard.as_ref().map(|(_, active)| if *active == index { "0" } else { "-1" });
                    html! {
                        <li {class} {tabindex} data-testid={props.testid} data-index={index.to_string()} data-set={set.to_string()}>
                            <span class="visually-hidden">{ lang.labelled(&index.to_string(), if set { "1" } else { "0" }) }
                                if extra { { separator }{ extra_label } }</span>
                            if extra {
                                <span class="extra-mark" data-testid="and-extra-bit" data-index={index.to_string()} aria-hidden="true">{ "×" }</span>
                            }
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

//! The inserted items, in the order first inserted. Long items are shortened on screen only; the
//! filter and the state keep them whole.

use std::rc::Rc;

use yew::prelude::*;

use crate::bloom::playground::Playground;
use crate::bloom::text::shorten;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;

/// Longest item text shown in the list.
const SHOWN_CHARS: usize = 40;

/// Props of [`ItemList`].
#[derive(Properties, PartialEq, Clone)]
pub struct ItemListProps {
    /// The filter and its items.
    pub playground: Rc<Playground>,
}

/// The list of distinct items, with "×N" for items inserted more than once.
#[component]
pub fn ItemList(props: &ItemListProps) -> Html {
    let lang = use_lang();
    let items = props.playground.items();
    if items.is_empty() {
        return html! { <p class="hint" data-testid="item-list-empty">{ lang.text(Msg::ItemsEmpty) }</p> };
    }
    html! {
        <ol class="item-list" data-testid="item-list">
            { for items.iter().enumerate().map(|(position, item)| html! {
                <li key={position} data-testid="item">
                    <span class="item-text">{ shorten(&item.text, SHOWN_CHARS).into_owned() }</span>
                    if item.times > 1 {
                        <span class="item-times">{ lang.fill(Msg::ItemsTimes, &[("times", &item.times.to_string())]) }</span>
                    }
                </li>
            }) }
        </ol>
    }
}

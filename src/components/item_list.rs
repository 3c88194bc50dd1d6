//! The inserted items, in the order first inserted. Long items are shortened on screen only; the
//! filter and the state keep them whole. A long list shows only its head and its tail until the
//! visitor asks for the rest: a link can bring ten thousand items, and drawing each of them slows
//! every change on the page while telling a reader nothing the first and the latest do not.

use std::ops::Range;

use yew::prelude::*;

use crate::components::part_props::PlaygroundProps;

use crate::format::grouped;
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::playground::Item;
use bloom_core::text::shorten;

/// Longest item text shown in the list.
const SHOWN_CHARS: usize = 40;

/// Items always shown at the top of a long list.
pub const HEAD_ITEMS: usize = 50;
/// Items always shown at the end of a long list, so the latest insert stays in sight.
pub const TAIL_ITEMS: usize = 5;
/// A list is folded only when this many items or more would be hidden: a button that reveals a
/// handful of items costs the reader more than the items do.
pub const MIN_HIDDEN_ITEMS: usize = 20;

/// Which positions of the item list are drawn: a head and a tail. Whatever lies between them is
/// hidden; [`ItemWindow::foldable`] says how many items the toggle hides or shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemWindow {
    /// Positions drawn first.
    pub head: Range<usize>,
    /// Positions drawn after the toggle (empty when the list is not long enough to fold).
    pub tail: Range<usize>,
    /// How many items folding hides, whether or not they are hidden now; 0 means no toggle.
    pub foldable: usize,
}

impl ItemWindow {
    /// The window on a list of `len` items: everything when the list is short or `expanded`,
    /// otherwise the first [`HEAD_ITEMS`] and the last [`TAIL_ITEMS`]. Expanded, the head stays the
    /// same and the tail grows back to meet it, so the toggle between them does not move.
    pub fn of(len: usize, expanded: bool) -> Self {
        if len < HEAD_ITEMS + MIN_HIDDEN_ITEMS + TAIL_ITEMS {
            return Self {
                head: 0..len,
                tail: len..len,
                foldable: 0,
            };
        }
        let tail_start = if expanded {
            HEAD_ITEMS
        } else {
            len - TAIL_ITEMS
        };
        Self {
            head: 0..HEAD_ITEMS,
            tail: tail_start..len,
            foldable: len - HEAD_ITEMS - TAIL_ITEMS,
        }
    }

    /// How many items are hidden now.
    pub fn hidden(&self) -> usize {
        self.tail.start - self.head.end
    }
}

/// The list of distinct items, with "×N" for items inserted more than once; a long list shows its
/// head and tail, with a button between them that shows or hides the rest.
#[component]
pub fn ItemList(props: &PlaygroundProps) -> Html {
    let lang = use_lang();
    let expanded = use_state_eq(|| false);
    let items = props.playground.items();
    if items.is_empty() {
        return html! { <p class="hint" data-testid="item-list-empty">{ lang.text(Msg::ItemsEmpty) }</p> };
    }
    let window = ItemWindow::of(items.len(), *expanded);
    let head = html! {
        <ol class="item-list" data-testid="item-list">
            { for window.head.clone().map(|position| item_row(lang, position, &items[position])) }
        </ol>
    };
    if window.foldable == 0 {
        return head;
    }
    let toggle = {
        let expanded = expanded.clone();
        Callback::from(move |_: MouseEvent| expanded.set(!*expanded))
    };
    // `aria-expanded` tells whether the folded items are shown.
    let label = if *expanded {
        lang.text(Msg::ItemsShowFewer).to_owned()
    } else {
        lang.plural(
            Msg::ItemsShowMore,
            window.foldable as u64,
            &[("count", &grouped(window.foldable as u64))],
        )
    };
    html! {
        <>
            { head }
            <p class="item-list-toggle">
                <button type="button" data-testid="item-list-toggle" onclick={toggle}
                    aria-expanded={(*expanded).to_string()} aria-controls="item-list-rest"
                    data-hidden={window.hidden().to_string()}>
                    { label }
                </button>
            </p>
            // `start` keeps the numbers true to each item's position when the middle is hidden.
            <ol class="item-list" id="item-list-rest" data-testid="item-list-rest"
                start={(window.tail.start + 1).to_string()}>
                { for window.tail.clone().map(|position| item_row(lang, position, &items[position])) }
            </ol>
        </>
    }
}

/// One row of the list.
fn item_row(lang: Lang, position: usize, item: &Item) -> Html {
    html! {
        <li key={position} data-testid="item">
            <span class="item-text">{ shorten(&item.text, SHOWN_CHARS).into_owned() }</span>
            if item.times > 1 {
                <span class="item-times">{ lang.fill(Msg::ItemsTimes, &[("times", &item.times.to_string())]) }</span>
            }
        </li>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn short_lists_are_drawn_whole() {
        for len in [
            0,
            1,
            HEAD_ITEMS,
            HEAD_ITEMS + TAIL_ITEMS + MIN_HIDDEN_ITEMS - 1,
        ] {
            let window = ItemWindow::of(len, false);
            assert_eq!(window.head, 0..len);
            assert!(window.tail.is_empty());
            assert_eq!((window.foldable, window.hidden()), (0, 0));
        }
    }

    #[test]
    fn ten_thousand_items_draw_fifty_five_rows_until_expanded() {
        let folded = ItemWindow::of(10_000, false);
        assert_eq!(folded.head, 0..50);
        assert_eq!(folded.tail, 9_995..10_000);
        assert_eq!(folded.head.len() + folded.tail.len(), 55);
        assert_eq!((folded.foldable, folded.hidden()), (9_945, 9_945));

        let expanded = ItemWindow::of(10_000, true);
        assert_eq!(expanded.head, 0..50);
        assert_eq!(expanded.tail, 50..10_000);
        assert_eq!((expanded.foldable, expanded.hidden()), (9_945, 0));
    }

    #[test]
    fn the_fold_starts_where_hiding_is_worth_a_click() {
        let len = HEAD_ITEMS + MIN_HIDDEN_ITEMS + TAIL_ITEMS;
        let window = ItemWindow::of(len, false);
        assert_eq!(window.hidden(), MIN_HIDDEN_ITEMS);
        assert_eq!(window.tail, len - TAIL_ITEMS..len);
    }

    #[test]
    fn every_item_is_drawn_once_whichever_way() {
        for len in [0, 7, 74, 75, 76, 300, 10_000] {
            for expanded in [false, true] {
                let window = ItemWindow::of(len, expanded);
                let drawn: Vec<usize> = window.head.clone().chain(window.tail.clone()).collect();
                assert!(
                    drawn.windows(2).all(|pair| pair[0] < pair[1]),
                    "in order, once"
                );
                assert_eq!(drawn.len() + window.hidden(), len);
                if len > 0 {
                    assert_eq!(
                        drawn.last(),
                        Some(&(len - 1)),
                        "the latest item is in sight"
                    );
                }
            }
        }
    }
}

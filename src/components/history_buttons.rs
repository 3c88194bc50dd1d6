//! Reset, Undo and Redo, as every widget that keeps a history shows them (the playground, the
//! counting filter, the count-min sketch, the scalable filter, combining filters).

use yew::prelude::*;

use crate::hooks::use_shortcuts::HistoryKeys;
use crate::state::history::HistoryAction;
use crate::strings::{Lang, Msg};

/// The three buttons: Reset, and Undo and Redo, each disabled when there is nothing to go back or
/// forward to; they do what the keys `r`, `u` and `U` do. A plain function rather than a component:
/// it keeps no state, and a component of its own costs every entry that shows it most of a kilobyte.
pub fn history_buttons(lang: Lang, keys: &HistoryKeys, can_undo: bool, can_redo: bool) -> Html {
    let go = |direction: HistoryAction| keys.onhistory.reform(move |_: MouseEvent| direction);
    html! {
        <>
            <button type="button" data-testid="reset-button" onclick={keys.onreset.reform(|_: MouseEvent| ())}>
                { lang.text(Msg::ResetButton) }
            </button>
            <button type="button" data-testid="undo-button" onclick={go(HistoryAction::Undo)} disabled={!can_undo}>
                { lang.text(Msg::UndoButton) }
            </button>
            <button type="button" data-testid="redo-button" onclick={go(HistoryAction::Redo)} disabled={!can_redo}>
                { lang.text(Msg::RedoButton) }
            </button>
        </>
    }
}

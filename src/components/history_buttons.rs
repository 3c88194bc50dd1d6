//! Reset, Undo and Redo, as every widget that keeps a history shows them (the playground, the
//! counting filter, the count-min sketch, the scalable filter, combining filters).

use yew::prelude::*;

use crate::strings::{Lang, Msg};

/// The three buttons: Reset, and Undo and Redo, each disabled when there is nothing to go back or
/// forward to. A plain function rather than a component: it keeps no state, and a component of its
/// own costs every entry that shows it most of a kilobyte.
pub fn history_buttons(
    lang: Lang,
    onreset: Callback<MouseEvent>,
    onundo: Callback<MouseEvent>,
    onredo: Callback<MouseEvent>,
    can_undo: bool,
    can_redo: bool,
) -> Html {
    html! {
        <>
            <button type="button" data-testid="reset-button" onclick={onreset}>
                { lang.text(Msg::ResetButton) }
            </button>
            <button type="button" data-testid="undo-button" onclick={onundo} disabled={!can_undo}>
                { lang.text(Msg::UndoButton) }
            </button>
            <button type="button" data-testid="redo-button" onclick={onredo} disabled={!can_redo}>
                { lang.text(Msg::RedoButton) }
            </button>
        </>
    }
}

//! Reset, Undo and Redo, as every widget that keeps a history shows them (the playground, the
//! counting filter, the count-min sketch).

use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;

/// Props of [`HistoryButtons`].
#[derive(Properties, PartialEq, Clone)]
pub struct HistoryButtonsProps {
    /// Reset was pressed.
    pub onreset: Callback<MouseEvent>,
    /// Undo was pressed.
    pub onundo: Callback<MouseEvent>,
    /// Redo was pressed.
    pub onredo: Callback<MouseEvent>,
    /// There is something to undo.
    pub can_undo: bool,
    /// There is something to redo.
    pub can_redo: bool,
}

/// The three buttons.
#[component]
pub fn HistoryButtons(props: &HistoryButtonsProps) -> Html {
    let lang = use_lang();
    html! {
        <>
            <button type="button" data-testid="reset-button" onclick={props.onreset.clone()}>
                { lang.text(Msg::ResetButton) }
            </button>
            <button type="button" data-testid="undo-button" onclick={props.onundo.clone()} disabled={!props.can_undo}>
                { lang.text(Msg::UndoButton) }
            </button>
            <button type="button" data-testid="redo-button" onclick={props.onredo.clone()} disabled={!props.can_redo}>
                { lang.text(Msg::RedoButton) }
            </button>
        </>
    }
}

//! The list of keyboard shortcuts, opened with `?`. Focus moves into it and Escape or Close ends it.

use web_sys::HtmlElement;
use yew::prelude::*;

use crate::hooks::use_lang::{use_lang, use_resources};
use crate::routes::SitePage;
use crate::shortcuts::Shortcut;
use crate::strings::{Msg, DETAILS};

/// Props of [`ShortcutHelp`].
#[derive(Properties, PartialEq, Clone)]
pub struct ShortcutHelpProps {
    /// Closes the list.
    pub onclose: Callback<()>,
    /// The page it lists the keys of.
    pub page: SitePage,
}

/// What a shortcut does, in words.
pub fn describe(shortcut: Shortcut) -> Msg {
    match shortcut {
        Shortcut::FocusItem => Msg::KeyFocusItem,
        Shortcut::Help => Msg::KeyHelp,
        Shortcut::StepInsert => Msg::KeyStepInsert,
        Shortcut::StepQuery => Msg::KeyStepQuery,
        Shortcut::Previous => Msg::KeyPrevious,
        Shortcut::Next => Msg::KeyNext,
        Shortcut::Forward => Msg::KeyForward,
        Shortcut::Back => Msg::KeyBack,
        Shortcut::First => Msg::KeyFirst,
        Shortcut::Last => Msg::KeyLast,
        Shortcut::Presenter => Msg::KeyPresenter,
        Shortcut::Menu => Msg::KeyMenu,
        Shortcut::Code => Msg::KeyCode,
        Shortcut::Reset => Msg::KeyReset,
        Shortcut::Undo => Msg::KeyUndo,
        Shortcut::Redo => Msg::KeyRedo,
        Shortcut::Close | Shortcut::LeaveField => Msg::KeyClose,
    }
}

/// Whether `shortcut` does something on `page`: the list names only those (a key for the item field
/// where there is one, the step keys where a last action steps through — an insert's on the
/// playground and the counting filter —, the slide keys in a chapter, undo where there is a history).
fn applies_on(shortcut: Shortcut, page: SitePage) -> bool {
    use SitePage::{CountMin, Counting, Learn, Playground, Scalable, Sets};
    match shortcut {
        Shortcut::FocusItem | Shortcut::Reset | Shortcut::Undo | Shortcut::Redo => {
            matches!(
                page,
                Playground | Learn | Counting | CountMin | Scalable | Sets
            )
        }
        Shortcut::StepInsert => matches!(page, Playground | Learn | Counting),
        // Every page with an item field steps through its last query; a remote's keys step too.
        Shortcut::StepQuery | Shortcut::Forward | Shortcut::Back => {
            matches!(
                page,
                Playground | Learn | Counting | CountMin | Scalable | Sets
            )
        }
        Shortcut::First | Shortcut::Last => page == Learn,
        _ => true,
    }
}

/// The shortcut list as a dialog.
#[component]
pub fn ShortcutHelp(props: &ShortcutHelpProps) -> Html {
    let lang = use_lang();
    // Its texts arrive the first time the list opens; the close button takes the focus once drawn.
    let (texts_here, _) = use_resources(lang, vec![DETAILS.to_owned()]);
    let close = use_node_ref();
    {
        let close = close.clone();
        use_effect_with(texts_here, move |_| {
            if let Some(button) = close.cast::<HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    if !texts_here {
        return Html::default();
    }
    let onclick = props.onclose.reform(|_: MouseEvent| ());
    // The dialog is modal: its one control keeps the focus until it closes.
    let onkeydown = Callback::from(|event: KeyboardEvent| {
        if event.key() == "Tab" {
            event.prevent_default();
        }
    });
    html! {
        <div class="dialog-backdrop">
            <div class="dialog panel" role="dialog" aria-modal="true" aria-labelledby="shortcut-title" data-testid="shortcut-help">
                <div class="dialog-head">
                    <h2 id="shortcut-title">{ lang.text(Msg::KeysTitle) }</h2>
                    <button type="button" ref={close} {onclick} {onkeydown} data-testid="shortcut-help-close">{ lang.text(Msg::KeysClose) }</button>
                </div>
                <dl class="shortcut-list">
                    { for Shortcut::ALL.iter().filter(|&&(shortcut, _)| applies_on(shortcut, props.page)).map(|&(shortcut, key)| html! {
                        <div><dt><kbd>{ key }</kbd></dt><dd>{ lang.text(describe(shortcut)) }</dd></div>
                    }) }
                </dl>
                <p class="hint">{ lang.text(Msg::KeysNote) }</p>
            </div>
        </div>
    }
}

//! The QR code of the state on screen, for presenter mode: a teacher shows it, a class scans it, and
//! every phone opens the same filter, query and step. The encoder is not part of the page: the
//! dialog brings `qr.js`, which defines the `<qr-symbol>` element and fetches the encoder (`qr.wasm`,
//! built from `crates/qr-module`) the first time a code is drawn. The symbol fills most of the
//! screen's height, the link it encodes beneath it.

use web_sys::HtmlElement;
use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::site_root;
use crate::strings::Msg;

/// Props of [`StateCode`].
#[derive(Properties, PartialEq, Clone)]
pub struct StateCodeProps {
    /// The link the code encodes.
    pub link: AttrValue,
    /// Closes the dialog.
    pub onclose: Callback<()>,
}

/// The QR code as a dialog; focus moves to its close button, Escape or Close ends it.
#[component]
pub fn StateCode(props: &StateCodeProps) -> Html {
    let lang = use_lang();
    let close = use_node_ref();
    {
        let close = close.clone();
        use_effect_with((), move |()| {
            if let Some(button) = close.cast::<HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    let onclick = props.onclose.reform(|_: MouseEvent| ());
    html! {
        <div class="dialog-backdrop code-backdrop">
            <div class="dialog panel code-dialog" role="dialog" aria-modal="true" aria-labelledby="code-title" data-testid="code-dialog">
                <h2 id="code-title">{ lang.text(Msg::CodeTitle) }</h2>
                // Drawn by `qr.js` once the encoder is here; what went wrong is its `data-state`,
                // which shows the matching note below.
                <qr-symbol class="code-symbol" data-testid="qr-code" data-value={props.link.clone()}
                    role="img" aria-label={lang.text(Msg::CodeLabel)}></qr-symbol>
                <p class="code-note code-too-long">{ lang.text(Msg::CodeTooLong) }</p>
                <p class="code-note code-failed">{ lang.text(Msg::CodeFailed) }</p>
                <p class="code-link"><a href={props.link.clone()} data-testid="code-link">{ props.link.clone() }</a></p>
                <button type="button" ref={close} {onclick} data-testid="code-close">{ lang.text(Msg::CodeClose) }</button>
                <script src={format!("{}qr.js", site_root())} />
            </div>
        </div>
    }
}

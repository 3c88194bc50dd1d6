//! The QR code of the state on screen, for presenter mode: a teacher shows it, a class scans it, and
//! every phone opens the same filter, query and step. Nothing of it is part of the page but this
//! frame: the dialog brings `qr.js`, which defines the `<qr-symbol>` element — it takes the page's
//! link as the address bar holds it, asks for presenter mode in it and writes it under the symbol —
//! and fetches the encoder (`qr.wasm`, built from
//! `crates/qr-module`) the first time a code is drawn.

use yew::prelude::*;

use crate::hooks::use_page_link::site_root;
use crate::strings::{Lang, Msg};

/// The QR code as a dialog; Escape or Close (`onclose`, its one button, which the page gives the
/// focus) ends it. `fragment`: the page's state is in its link's fragment (every page but the
/// tutorial, whose state is in the query).
pub fn state_code(lang: Lang, fragment: bool, onclose: Callback<MouseEvent>) -> Html {
    html! {
        <div class="dialog-backdrop code-backdrop">
            <div class="dialog panel code-dialog" role="dialog" aria-modal="true" aria-labelledby="code-title" data-testid="code-dialog">
                <h2 id="code-title">{ lang.text(Msg::CodeTitle) }</h2>
                // How it went is the symbol's `data-state`, which shows the matching note below.
                <qr-symbol class="code-symbol" data-testid="qr-code" data-link-part={if fragment { "hash" } else { "search" }}
                    role="img" aria-label={lang.text(Msg::CodeLabel)}></qr-symbol>
                <p class="code-note code-too-long">{ lang.text(Msg::CodeTooLong) }</p>
                <p class="code-note code-failed">{ lang.text(Msg::CodeFailed) }</p>
                // Shown when the page is served from this computer (the symbol's `data-host`): no
                // phone can open its link.
                <p class="code-note code-loopback" data-testid="code-loopback">{ lang.text(Msg::CodeLoopback) }</p>
                <p class="code-link"><a data-testid="code-link"></a></p>
                <button type="button" onclick={onclose} data-testid="code-close">{ lang.text(Msg::CodeClose) }</button>
                <script src={format!("{}qr.js", site_root())} />
            </div>
        </div>
    }
}

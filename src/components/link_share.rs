//! A widget's link with a copy button, for the widgets whose state is a short list of operations
//! (the counting filter, the count-min sketch): the page's address with the state after `#`, which
//! never reaches a server, so a long list travels whole.

use wasm_bindgen_futures::{spawn_local, JsFuture};
use yew::prelude::*;

use crate::components::share_panel::page_base;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;

/// Props of [`LinkShare`].
#[derive(Properties, PartialEq, Clone)]
pub struct LinkShareProps {
    /// The state as a query.
    pub query: AttrValue,
    /// What the link restores.
    pub hint: AttrValue,
}

/// The link and its copy button.
#[component]
pub fn LinkShare(props: &LinkShareProps) -> Html {
    let lang = use_lang();
    let status = use_state(|| None::<bool>);
    let link = format!("{}#{}", page_base(), props.query);
    {
        let status = status.clone();
        use_effect_with(link.clone(), move |_| status.set(None));
    }
    let oncopy = {
        let (link, status) = (link.clone(), status.clone());
        Callback::from(move |_: MouseEvent| {
            let (link, status) = (link.clone(), status.clone());
            let clipboard = crate::web::window().map(|window| window.navigator().clipboard());
            spawn_local(async move {
                let copied = match clipboard {
                    Some(clipboard) => JsFuture::from(clipboard.write_text(&link)).await.is_ok(),
                    None => false,
                };
                status.set(Some(copied));
            });
        })
    };
    html! {
        <div class="share">
            <div class="share-row">
                <button type="button" data-testid="share-link" data-value={link.clone()} onclick={oncopy}>
                    { lang.text(Msg::ShareCopy) }
                </button>
                <input type="text" readonly=true class="share-url" value={link} aria-label={lang.text(Msg::ShareFieldLabel)}
                    data-testid="share-url" />
            </div>
            <p class="hint" role="status">
                { match *status {
                    Some(true) => lang.text(Msg::ShareCopied),
                    Some(false) => lang.text(Msg::ShareFailed),
                    None => props.hint.as_str(),
                } }
            </p>
        </div>
    }
}

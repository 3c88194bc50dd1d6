//! "Copy link": an absolute URL that restores this exact filter in any browser. A link past 8 kB (some
//! servers and chat tools cut longer ones) is offered in its compact form, with both sizes shown.

use std::rc::Rc;

use wasm_bindgen_futures::JsFuture;
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::hooks::use_compact_query::use_compact_query;
use crate::hooks::use_lang::use_lang;
use crate::share::{to_query, SharedState, PLAIN_LINK_LIMIT};
use crate::strings::{Lang, Msg};
use bloom_core::playground::Playground;

/// Props of [`SharePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct SharePanelProps {
    /// The state to share.
    pub playground: Rc<Playground>,
    /// The seed random words come from next.
    pub seed: u32,
}

/// The page's address without its query or fragment.
pub fn page_base() -> String {
    crate::web::window()
        .and_then(|window| window.location().href().ok())
        .map(|href| href.split(['?', '#']).next().unwrap_or_default().to_owned())
        .unwrap_or_default()
}

/// The absolute address of `relative` (as a link on this page would resolve it).
pub fn absolute(relative: &str) -> String {
    let base = page_base();
    // No page to resolve against (a page rendered outside a browser): the link stays relative.
    if base.is_empty() {
        return relative.to_owned();
    }
    web_sys::Url::new_with_base(relative, &base)
        .map(|url| url.href())
        .unwrap_or_else(|_| relative.to_owned())
}

/// The click that copies `link` and tells `status` whether the clipboard took it.
fn copy_on_click(link: &str, status: &UseStateHandle<Option<bool>>) -> Callback<MouseEvent> {
    let (link, status) = (link.to_owned(), status.clone());
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
}

/// A share box: the copy button and the field holding `link` (to select by hand where copying
/// fails), then `note`, then the line a screen reader hears after a copy — copied, failed, or before
/// any copy `idle`.
pub fn share_box(
    lang: Lang,
    link: &str,
    status: &UseStateHandle<Option<bool>>,
    note: Html,
    idle: &str,
) -> Html {
    html! {
        <div class="share">
            <div class="share-row">
                <button type="button" data-testid="share-link" data-value={link.to_owned()} onclick={copy_on_click(link, status)}>
                    { lang.text(Msg::ShareCopy) }
                </button>
                <input type="text" readonly=true class="share-url" value={link.to_owned()} aria-label={lang.text(Msg::ShareFieldLabel)}
                    data-testid="share-url" />
            </div>
            { note }
            <p class="hint" role="status">
                { match **status {
                    Some(true) => lang.text(Msg::ShareCopied),
                    Some(false) => lang.text(Msg::ShareFailed),
                    None => idle,
                } }
            </p>
        </div>
    }
}

/// The share link and its copy button.
#[component]
pub fn SharePanel(props: &SharePanelProps) -> Html {
    let lang = use_lang();
    let state_query = use_memo(
        (props.playground.clone(), props.seed),
        |(playground, seed)| AttrValue::from(to_query(&SharedState::of(playground, *seed))),
    );
    // Past the limit the browser compresses the items; the link follows when it answers.
    let query = use_compact_query((*state_query).clone(), PLAIN_LINK_LIMIT);
    // The page's folder carries its language (`zh/`).
    let address = |query: &str| format!("{}#{query}", page_base());
    let link = address(&query);
    let compact = (query != *state_query).then(|| link.clone());
    let plain_length = if compact.is_some() {
        address(&state_query).len()
    } else {
        link.len()
    };
    let status = use_state(|| None::<bool>);
    {
        // A new state needs a new copy.
        let status = status.clone();
        use_effect_with(link.clone(), move |_| status.set(None));
    }
    let note = html! {
        if let Some(compact_link) = compact {
            <p class="note" data-testid="share-compact-note">
                { lang.fill(Msg::ShareCompact, &[
                    ("plain", &lang.bytes(plain_length)),
                    ("compact", &lang.bytes(compact_link.len())),
                ]) }
                if compact_link.len() > PLAIN_LINK_LIMIT {
                    { lang.punctuation_gap() }{ lang.text(Msg::ShareStillLong) }
                }
            </p>
        }
    };
    share_box(lang, &link, &status, note, lang.text(Msg::ShareHint))
}

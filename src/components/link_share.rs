//! A widget's link with a copy button, for the widgets whose state is a short list of operations
//! (the counting filter, the count-min sketch): the page's address with the state after `#`, which
//! never reaches a server, so a long list travels whole.

use yew::prelude::*;

use crate::components::share_panel::{page_base, share_box};
use crate::hooks::use_lang::use_lang;

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
    let link = format!("{}#{}", page_base(), props.query);
    let status = use_state(|| None::<bool>);
    {
        let status = status.clone();
        use_effect_with(link.clone(), move |_| status.set(None));
    }
    share_box(lang, &link, &status, Html::default(), &props.hint)
}

//! Shown for a route the site does not have.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::Route;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;

/// "There is no page here", with the way back.
#[component]
pub fn NotFoundPage() -> Html {
    let lang = use_lang();
    html! {
        <section class="panel not-found">
            <h1>{ lang.text(Msg::NotFoundTitle) }</h1>
            <p>{ lang.text(Msg::NotFoundBody) }</p>
            <p><Link<Route> to={Route::Playground}>{ lang.text(Msg::NavPlayground) }</Link<Route>></p>
        </section>
    }
}

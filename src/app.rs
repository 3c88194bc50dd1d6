//! The app shell: hash-based routes (so the site works from any static host and sub-path), the header
//! with the site navigation, and the footer.

use web_sys::HtmlElement;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::pages::calculator::CalculatorPage;
use crate::pages::not_found::NotFoundPage;
use crate::pages::playground::PlaygroundPage;
use crate::strings::{Lang, Msg};

/// The site's pages.
#[derive(Clone, Routable, PartialEq, Debug)]
pub enum Route {
    /// The landing route shows the playground.
    #[at("/")]
    Home,
    /// The playground.
    #[at("/playground")]
    Playground,
    /// The sizing calculator.
    #[at("/calculator")]
    Calculator,
    /// Anything else.
    #[not_found]
    #[at("/404")]
    NotFound,
}

fn switch(route: Route) -> Html {
    match route {
        Route::Home | Route::Playground => html! { <PlaygroundPage /> },
        Route::Calculator => html! { <CalculatorPage /> },
        Route::NotFound => html! { <NotFoundPage /> },
    }
}

/// The whole site.
#[component]
pub fn App() -> Html {
    let lang = Lang::default();
    html! {
        <ContextProvider<Lang> context={lang}>
            <HashRouter>
                <Shell />
            </HashRouter>
        </ContextProvider<Lang>>
    }
}

/// Header, navigation, the routed page, footer.
#[component]
fn Shell() -> Html {
    let lang = use_lang();
    let route = use_route::<Route>().unwrap_or(Route::Home);
    let on_playground = matches!(route, Route::Home | Route::Playground);
    let main = use_node_ref();
    // The URL fragment holds the route, so the skip link moves focus itself instead of changing it.
    let skip = {
        let main = main.clone();
        Callback::from(move |event: MouseEvent| {
            event.prevent_default();
            if let Some(main) = main.cast::<HtmlElement>() {
                let _ = main.focus();
            }
        })
    };
    html! {
        <>
            <a class="skip-link" href="#main" onclick={skip}>{ lang.text(Msg::SkipToContent) }</a>
            <header class="site-header">
                <p class="site-title">
                    <Link<Route> to={Route::Playground}>{ lang.text(Msg::SiteTitle) }</Link<Route>>
                </p>
                <nav class="site-nav" data-testid="site-nav" aria-label={lang.text(Msg::NavLabel)}>
                    <ul>
                        <li aria-current={on_playground.then_some("page")}>
                            <Link<Route> to={Route::Playground}>{ lang.text(Msg::NavPlayground) }</Link<Route>>
                        </li>
                        <li aria-current={(route == Route::Calculator).then_some("page")}>
                            <Link<Route> to={Route::Calculator}>{ lang.text(Msg::NavCalculator) }</Link<Route>>
                        </li>
                    </ul>
                </nav>
            </header>
            <main id="main" ref={main} tabindex="-1">
                <Switch<Route> render={switch} />
            </main>
            <footer class="site-footer">
                <p>{ lang.text(Msg::FooterText) }</p>
            </footer>
        </>
    }
}

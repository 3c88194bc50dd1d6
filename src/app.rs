//! The app shell: hash-based routes (so the site works from any static host and sub-path), the header
//! with the site navigation, and the footer.

use web_sys::{HtmlElement, HtmlSelectElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::shortcut_help::ShortcutHelp;
use crate::hooks::use_embed::{use_height_reporter, use_theme};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_language::use_language;
use crate::hooks::use_presenter::Presenter;
use crate::hooks::use_shortcuts::use_shortcuts;
use crate::pages::calculator::CalculatorPage;
use crate::pages::chart_embed::ChartEmbed;
use crate::pages::learn::LearnPage;
use crate::pages::not_found::NotFoundPage;
use crate::pages::playground::PlaygroundPage;
use crate::shortcuts::Shortcut;
use crate::strings::{Lang, Msg};
use crate::url::parse_query;

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
    /// The tutorial, from its first chapter.
    #[at("/learn")]
    LearnStart,
    /// One chapter of the tutorial.
    #[at("/learn/:chapter")]
    Learn {
        /// 1 … 8.
        chapter: u32,
    },
    /// The playground alone, for an `<iframe>` on another site.
    #[at("/embed/playground")]
    EmbedPlayground,
    /// The rate chart alone.
    #[at("/embed/chart")]
    EmbedChart,
    /// The calculator alone.
    #[at("/embed/calculator")]
    EmbedCalculator,
    /// Anything else.
    #[not_found]
    #[at("/404")]
    NotFound,
}

impl Route {
    /// True for the embeddable widgets, shown without the site around them.
    pub fn is_embed(&self) -> bool {
        matches!(
            self,
            Route::EmbedPlayground | Route::EmbedChart | Route::EmbedCalculator
        )
    }
}

fn switch(route: Route) -> Html {
    match route {
        Route::Home | Route::Playground => html! { <PlaygroundPage /> },
        Route::Calculator => html! { <CalculatorPage /> },
        Route::LearnStart => html! { <LearnPage chapter={1} /> },
        Route::Learn { chapter } => html! { <LearnPage {chapter} /> },
        Route::EmbedPlayground => html! { <PlaygroundPage embed=true /> },
        Route::EmbedChart => html! { <ChartEmbed /> },
        Route::EmbedCalculator => html! { <CalculatorPage embed=true /> },
        Route::NotFound => html! { <NotFoundPage /> },
    }
}

/// The whole site.
#[component]
pub fn App() -> Html {
    html! {
        <HashRouter>
            <Languages />
        </HashRouter>
    }
}

/// Chooses the language (link, saved choice, browser) and provides it to everything below.
#[component]
fn Languages() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|location| location.query_str().to_owned())
        .unwrap_or_default();
    let (lang, set_lang) = use_language(&query);
    html! {
        <ContextProvider<Lang> context={lang}>
            <ContextProvider<Callback<Lang>> context={set_lang}>
                <Shell />
            </ContextProvider<Callback<Lang>>>
        </ContextProvider<Lang>>
    }
}

/// Header, navigation, the routed page, footer; presenter mode and the shortcut list.
#[component]
fn Shell() -> Html {
    let lang = use_lang();
    let set_lang = use_context::<Callback<Lang>>().unwrap_or_default();
    let on_lang = Callback::from(move |event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        if let Some(chosen) = Lang::from_tag(&select.value()) {
            set_lang.emit(chosen);
        }
    });
    let route = use_route::<Route>().unwrap_or(Route::Home);
    let on_playground = matches!(route, Route::Home | Route::Playground);
    let location = use_location();
    let presenting = use_state(|| {
        let query = location
            .as_ref()
            .map(|location| location.query_str().to_owned())
            .unwrap_or_default();
        parse_query(&query)
            .iter()
            .any(|(key, value)| key == "present" && value.as_deref() == Ok("1"))
    });
    let help_open = use_state(|| false);
    let toggle_presenter = {
        let presenting = presenting.clone();
        Callback::from(move |()| presenting.set(!*presenting))
    };
    let presenter = Presenter {
        on: *presenting,
        toggle: toggle_presenter.clone(),
    };
    {
        let help_open = help_open.clone();
        let toggle_presenter = toggle_presenter.clone();
        use_shortcuts(Callback::from(move |shortcut| match shortcut {
            Shortcut::Presenter => {
                toggle_presenter.emit(());
                true
            }
            Shortcut::Help => {
                help_open.set(true);
                true
            }
            Shortcut::Close if *help_open => {
                help_open.set(false);
                true
            }
            _ => false,
        }));
    }
    let close_help = {
        let help_open = help_open.clone();
        Callback::from(move |()| help_open.set(false))
    };
    let on_presenter_click = toggle_presenter.reform(|_: MouseEvent| ());
    let query = location
        .as_ref()
        .map(|location| location.query_str().to_owned())
        .unwrap_or_default();
    let theme = parse_query(&query)
        .into_iter()
        .find_map(|(key, value)| (key == "theme").then(|| value.ok()).flatten())
        .filter(|theme| matches!(theme.as_str(), "light" | "dark"));
    use_theme(theme);
    let app = use_node_ref();
    use_height_reporter(app.clone(), route.is_embed());

    if route.is_embed() {
        return html! {
            <ContextProvider<Presenter> context={presenter}>
                <div ref={app} class={classes!("app", "embed", presenting.then_some("presenter"))}>
                    <main id="main">
                        <Switch<Route> render={switch} />
                    </main>
                </div>
            </ContextProvider<Presenter>>
        };
    }
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
        <ContextProvider<Presenter> context={presenter}>
        <div ref={app} class={classes!("app", presenting.then_some("presenter"))}>
            <a class="skip-link" href="#main" onclick={skip}>{ lang.text(Msg::SkipToContent) }</a>
            <header class="site-header">
                <p class="site-title">
                    <Link<Route> to={Route::Playground}>{ lang.text(Msg::SiteTitle) }</Link<Route>>
                </p>
                <nav class="site-nav" data-testid="site-nav" aria-label={lang.text(Msg::NavLabel)}>
                    <ul>
                        <li aria-current={matches!(route, Route::LearnStart | Route::Learn { .. }).then_some("page")}>
                            <Link<Route> to={Route::LearnStart}>{ lang.text(Msg::NavLearn) }</Link<Route>>
                        </li>
                        <li aria-current={on_playground.then_some("page")}>
                            <Link<Route> to={Route::Playground}>{ lang.text(Msg::NavPlayground) }</Link<Route>>
                        </li>
                        <li aria-current={(route == Route::Calculator).then_some("page")}>
                            <Link<Route> to={Route::Calculator}>{ lang.text(Msg::NavCalculator) }</Link<Route>>
                        </li>
                    </ul>
                </nav>
                <label class="lang-switch">
                    <span class="visually-hidden">{ lang.text(Msg::LanguageLabel) }</span>
                    <select data-testid="lang-select" onchange={on_lang} aria-label={lang.text(Msg::LanguageLabel)}>
                        { for Lang::ALL.iter().map(|&option| html! {
                            <option value={option.param()} lang={option.code()} selected={option == lang}>{ option.native_name() }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="presenter-toggle" data-testid="presenter-toggle"
                    aria-pressed={if *presenting { "true" } else { "false" }} title={lang.text(Msg::PresenterHint)}
                    onclick={on_presenter_click}>
                    { lang.text(Msg::PresenterOn) }
                </button>
            </header>
            <main id="main" ref={main} tabindex="-1">
                <Switch<Route> render={switch} />
            </main>
            <footer class="site-footer">
                <p>{ lang.text(Msg::FooterText) }</p>
            </footer>
            if *help_open {
                <ShortcutHelp onclose={close_help} />
            }
        </div>
        </ContextProvider<Presenter>>
    }
}

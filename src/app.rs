//! The site's pages as entries: each page of the site (playground, tutorial, calculator) is its own
//! program with the same frame around it — the header with the navigation and the language switch,
//! the footer, presenter mode and the shortcut list — so a visitor downloads only the page they open.
//! The embeddable widgets are entries too ([`crate::embed_app`]) and carry none of this.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::components::shortcut_help::ShortcutHelp;
use crate::components::state_code::state_code;
use crate::hooks::use_lang::{use_lang, LangContext, LanguageProvider};
use crate::hooks::use_page_link::{page_lang, site_root, use_page_link, window_link};
use crate::hooks::use_prerendered::use_replace_prerendered;
use crate::hooks::use_presenter::{use_presenter_sheet, Presenter};
use crate::hooks::use_shortcuts::use_shortcuts_first;
use crate::options::PageOptions;
use crate::pages::bugs::SiteBugs;
use crate::pages::calculator::SiteCalculator;
use crate::pages::count_min::SiteCountMin;
use crate::pages::counting::SiteCounting;
use crate::pages::embed_builder::EmbedBuilderPage;
use crate::pages::filters::SiteFilters;
use crate::pages::lab::SiteLab;
use crate::pages::learn::{current_chapter, LearnPage};
use crate::pages::playground::SitePlayground;
use crate::pages::scalable::SiteScalable;
use crate::pages::sets::SiteSets;
use crate::routes::{page_folder, SitePage};
use crate::shortcuts::Shortcut;
use crate::strings::{Lang, Msg};
use crate::tutorial;

/// Where presenter mode is remembered while the visitor moves between the site's pages.
const PRESENTER_KEY: &str = "bloom-tutorial.presenter";

fn session() -> Option<web_sys::Storage> {
    crate::web::window()?.session_storage().ok()?
}

/// A page of the site as its own entry: the page's component in the site's frame, with the page's
/// row of the table.
macro_rules! site_apps {
    ($($name:ident: $page:expr => $body:ident, $doc:literal;)*) => {$(
        #[doc = $doc]
        #[component]
        pub fn $name() -> Html {
            use_site_frame($page, 1, html! { <$body /> })
        }
    )*};
}

site_apps! {
    PlaygroundApp: SitePage::Playground => SitePlayground, "The playground page (the site's root).";
    CalculatorApp: SitePage::Calculator => SiteCalculator, "The calculator page (`calculator/`).";
    EmbedBuilderApp: SitePage::Embed => EmbedBuilderPage, "The embed page (`embed/`), where a blog author gets a widget's code.";
    ScalableApp: SitePage::Scalable => SiteScalable, "The scalable filter page (`scalable/`).";
    SetsApp: SitePage::Sets => SiteSets, "The combining filters page (`sets/`).";
    LabApp: SitePage::Lab => SiteLab, "The big-N lab (`lab/`).";
    BugsApp: SitePage::Bugs => SiteBugs, "The bug museum (`bugs/`).";
    FiltersApp: SitePage::Filters => SiteFilters, "The filters the field uses today (`filters/`).";
}

/// Props of [`LearnApp`].
#[derive(Properties, PartialEq, Default)]
pub struct LearnAppProps {
    /// The chapter to show; by default the one the page's address names (a build step that renders
    /// each chapter's page gives it).
    #[prop_or_default]
    pub chapter: Option<u32>,
}

/// A page of the tutorial (`learn/4/`).
#[component]
pub fn LearnApp(props: &LearnAppProps) -> Html {
    let chapter = props.chapter.unwrap_or_else(current_chapter);
    use_site_frame(SitePage::Learn, chapter, html! { <LearnPage {chapter} /> })
}

/// Props of [`CountingApp`].
#[derive(Properties, PartialEq, Default)]
pub struct CountingAppProps {
    /// The page to draw; by default the one the page's folder names (`count-min/` or
    /// `counting/`); the build that renders each page gives it.
    #[prop_or_default]
    pub page: Option<SitePage>,
}

/// The counting entry's pages: the counting Bloom filter (`counting/`) and the count-min sketch
/// (`count-min/`), one program since a reader of one is likely to open the other.
#[component]
pub fn CountingApp(props: &CountingAppProps) -> Html {
    let page = props
        .page
        .unwrap_or_else(|| crate::routes::counting_page_from_path(&crate::web::page_path()));
    let body = if page == SitePage::CountMin {
        html! { <SiteCountMin /> }
    } else {
        html! { <SiteCounting /> }
    };
    use_site_frame(page, 1, body)
}

/// The page's link and language around the site's frame: `page` (which page this is, for the
/// navigation) drawing `children`, with the tutorial's `chapter`, whose prose is drawn with the rest
/// of the page. A hook of the page's entry rather than a component of its own, so no entry carries a
/// component's machinery for it.
#[hook]
fn use_site_frame(page: SitePage, chapter: u32, children: Html) -> Html {
    let fragment = page != SitePage::Learn;
    let link = use_memo((), move |()| window_link(fragment));
    let options = PageOptions::from_query(&link.query);
    // The texts the page draws; the tutorial's first chapter arrives with the interface's texts, so
    // it is drawn once, whole.
    let mut resources: Vec<AttrValue> = page
        .resources()
        .iter()
        .copied()
        .map(AttrValue::from)
        .collect();
    if page == SitePage::Learn {
        resources.push(tutorial::resource(chapter).into());
    }
    // The page's folder names its language (`zh/learn/4/`); a link's `lang=` or a remembered choice
    // has already brought the visitor to the page in that language (`static/moved.js`).
    let lang = use_memo((), |()| page_lang());
    html! {
        <LanguageProvider link={(*link).clone()} lang={*lang} {resources}>
            <Shell page={page} present={options.present}>{ children }</Shell>
        </LanguageProvider>
    }
}

/// Props of [`Shell`].
#[derive(Properties, PartialEq)]
struct ShellProps {
    page: SitePage,
    /// The link asks for presenter mode.
    present: bool,
    children: Html,
}

/// Header, navigation, the page, footer; presenter mode and the shortcut list.
#[component]
fn Shell(props: &ShellProps) -> Html {
    let lang = use_lang();
    let link = use_page_link();
    let present = props.present;
    // A link that asks for presenter mode (a class's QR code) opens the normal page on a phone: the
    // stage is for a projector's screen; the state is the link's either way.
    let presenting = use_state(move || {
        (present && crate::web::wide_screen())
            || session()
                .and_then(|session| session.get_item(PRESENTER_KEY).ok().flatten())
                .is_some_and(|value| value == "1")
    });
    let help_open = use_state(|| false);
    // The QR code of the state on screen, while presenting.
    let code_open = use_state(|| false);
    // Presenter mode starts as a stage: the navigation, the settings and the panels around the
    // widget folded away until the Menu button or `m` brings them back.
    let unfolded = use_state(|| false);
    // Kept while the switch is not used: the context holding it changes only when it is.
    let toggle_presenter = use_callback(presenting.clone(), |(), presenting| {
        let on = !**presenting;
        if let Some(session) = session() {
            let _ = session.set_item(PRESENTER_KEY, if on { "1" } else { "0" });
        }
        presenting.set(on);
    });
    // The page is drawn: the copy prerendered into it goes.
    use_replace_prerendered();
    // Drawn in presenter mode once its style sheet is here.
    let (presenter_drawn, presenter_sheet) = use_presenter_sheet(*presenting);
    let presenter = Presenter {
        on: presenter_drawn,
        toggle: toggle_presenter.clone(),
    };
    let toggle_menu = toggle(&unfolded);
    let toggle_code = toggle(&code_open);
    let (open_code, key_code, code_by_keys) = use_code_opening(&toggle_code);
    use_code_focus(*code_open && presenter_drawn, code_by_keys);
    use_shortcuts_first(on_shortcut(
        help_open.clone(),
        toggle_presenter.clone(),
        presenter_drawn.then(|| (toggle_menu.clone(), key_code)),
        code_open.clone(),
        unfolded.clone(),
    ));
    // The code is modal: the page behind it is inert (Tab stays in the dialog).
    let covered = *code_open && presenter_drawn;
    let close_help = {
        let help_open = help_open.clone();
        Callback::from(move |()| help_open.set(false))
    };
    let on_presenter_click = toggle_presenter.reform(|_: MouseEvent| ());
    let main = use_node_ref();
    // The tutorial's fragment holds the chapter, so the skip link moves focus itself.
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
        <ContextProvider<LangContext> context={LangContext { lang, link, presenter }}>
        <div class={classes!("app", presenter_drawn.then_some("presenter"), (presenter_drawn && !*unfolded).then_some("folded"))}>
            { presenter_sheet }
            <a class="skip-link" href="#main" onclick={skip}>{ lang.text(Msg::SkipToContent) }</a>
            { site_header(lang, props.page, *presenting, on_presenter_click, presenter_drawn.then(|| StageButtons {
                covered,
                unfolded: *unfolded,
                on_menu: toggle_menu.reform(|_: MouseEvent| ()),
                on_code: open_code,
            })) }
            <main id="main" ref={main} tabindex="-1" inert={covered}>
                { props.children.clone() }
            </main>
            <footer class="site-footer" inert={covered}>
                <p>{ lang.text(Msg::FooterText) }</p>
            </footer>
            if *help_open {
                <ShortcutHelp onclose={close_help} page={props.page} />
            }
            if *code_open && presenter_drawn {
                { state_code(lang, props.page != SitePage::Learn, toggle_code.reform(|_: MouseEvent| ())) }
            }
        </div>
        </ContextProvider<LangContext>>
    }
}

/// How the QR code was opened: the button's callback, the `c` key's, and whether the button opened
/// it from the keyboard (a click with no pointer). Closed, the code gives that button the focus back
/// (`use_code_focus`); opened with a click or `c`, the focus stays with the page, so a remote's Space
/// goes on rather than opening the code again.
#[hook]
fn use_code_opening(toggle_code: &Callback<()>) -> (Callback<MouseEvent>, Callback<()>, bool) {
    let by_keys = use_mut_ref(|| false);
    let open_code = {
        let (toggle_code, by_keys) = (toggle_code.clone(), by_keys.clone());
        Callback::from(move |event: MouseEvent| {
            *by_keys.borrow_mut() = event.detail() == 0;
            toggle_code.emit(());
        })
    };
    let key_code = {
        let (toggle_code, by_keys) = (toggle_code.clone(), by_keys.clone());
        Callback::from(move |()| {
            *by_keys.borrow_mut() = false;
            toggle_code.emit(());
        })
    };
    let opened_by_keys = *by_keys.borrow();
    (open_code, key_code, opened_by_keys)
}

/// The focus around the QR code (`shown`): its close button has it while it is shown; closed, the
/// code's button has it back when it opened the code from the keyboard (`by_keys`). Given once the
/// page is drawn, when the dialog is in it or the header behind it is no longer inert — whatever
/// key comes first, and however late the code's own script arrives.
#[hook]
fn use_code_focus(shown: bool, by_keys: bool) {
    use_effect_with((shown, by_keys), |&(shown, by_keys)| {
        let button = match (shown, by_keys) {
            (true, _) => ".code-dialog button",
            (false, true) => "#qr-button",
            (false, false) => return,
        };
        if let Some(button) = crate::web::find(button) {
            let _ = button.unchecked_into::<HtmlElement>().focus();
        }
    });
}

/// A callback that turns `switch` on or off.
fn toggle(switch: &UseStateHandle<bool>) -> Callback<()> {
    let switch = switch.clone();
    Callback::from(move |()| switch.set(!*switch))
}

/// What the site's shortcuts do in its frame: presenter mode, its menu and its QR code (`stage`:
/// their switches, while presenting), and the shortcut list and the code closed.
fn on_shortcut(
    help_open: UseStateHandle<bool>,
    toggle_presenter: Callback<()>,
    stage: Option<(Callback<()>, Callback<()>)>,
    code_open: UseStateHandle<bool>,
    unfolded: UseStateHandle<bool>,
) -> Callback<Shortcut, bool> {
    Callback::from(move |shortcut| match shortcut {
        // A remote's keys close the code too (a remote has no Esc); the next one turns the slide.
        Shortcut::Close | Shortcut::Forward | Shortcut::Back | Shortcut::Code if *code_open => {
            code_open.set(false);
            true
        }
        // The code is a dialog over the page: nothing behind it (a step-through, the slides)
        // answers a key while it is open, so the code stays the state on the wall.
        _ if *code_open => true,
        Shortcut::Presenter => {
            toggle_presenter.emit(());
            true
        }
        Shortcut::Menu | Shortcut::Code => stage.as_ref().is_some_and(|(menu, code)| {
            if shortcut == Shortcut::Menu {
                menu
            } else {
                code
            }
            .emit(());
            true
        }),
        Shortcut::Help => {
            help_open.set(true);
            true
        }
        Shortcut::Close if *help_open => {
            help_open.set(false);
            true
        }

        // The menu unfolded over the stage or a slide folds again; presenter mode stays.
        Shortcut::Close if *unfolded && stage.is_some() => {
            unfolded.set(false);
            true
        }
        _ => false,
    })
}

/// The buttons the header adds while presenting: the menu's (and whether it is unfolded) and the
/// QR code's.
struct StageButtons {
    /// The QR code is open over the page: the header is inert.
    covered: bool,
    unfolded: bool,
    on_menu: Callback<MouseEvent>,
    on_code: Callback<MouseEvent>,
}

/// The site's header: its title, the navigation with `page` marked, the language switch and
/// presenter mode's switch; while presenting, the menu's and the QR code's buttons (`stage`).
fn site_header(
    lang: Lang,
    page: SitePage,
    presenting: bool,
    onclick: Callback<MouseEvent>,
    stage: Option<StageButtons>,
) -> Html {
    let root = site_root();
    // A page in every language: each link goes to the page in the one shown.
    let href = |page: SitePage| [root.as_str(), &page_folder(page, None, lang)].concat();
    html! {
        <header class="site-header" inert={stage.as_ref().is_some_and(|stage| stage.covered)}>
            <p class="site-title">
                <a href={href(SitePage::Playground)}>{ lang.text(Msg::SiteTitle) }</a>
            </p>
            { site_nav(lang, page, &href) }
            <label class="lang-switch">
                <span class="visually-hidden">{ lang.text(Msg::LanguageLabel) }</span>
                // Another language is another page: `static/moved.js` opens it when the choice changes,
                // before the wasm has arrived as after.
                <select data-testid="lang-select" data-lang-switch="" aria-label={lang.text(Msg::LanguageLabel)}>
                    { for Lang::ALL.iter().map(|&option| html! {
                        <option value={option.param()} lang={option.code()} selected={option == lang}>{ option.native_name() }</option>
                    }) }
                </select>
            </label>
            <button type="button" class="presenter-toggle" data-testid="presenter-toggle"
                aria-pressed={if presenting { "true" } else { "false" }} title={lang.text(Msg::PresenterHint)}
                {onclick}>
                { lang.text(Msg::PresenterOn) }
            </button>
            if let Some(stage) = stage {
                <button type="button" class="menu-toggle" data-testid="menu-toggle"
                    aria-expanded={if stage.unfolded { "true" } else { "false" }} title={lang.text(Msg::MenuHint)}
                    onclick={stage.on_menu}>
                    { lang.text(Msg::MenuShow) }
                </button>
                <button type="button" class="code-toggle" id="qr-button" data-testid="qr-button"
                    aria-haspopup="dialog" title={lang.text(Msg::CodeHint)} onclick={stage.on_code}>
                    { lang.text(Msg::CodeShow) }
                </button>
            }
        </header>
    }
}

/// The navigation's links, in order: the page each goes to, the other page it stands for (the
/// counting link for the count-min sketch, the scalable one for combining filters) and its text.
const NAV: [(SitePage, Option<SitePage>, Msg); 8] = [
    (SitePage::Learn, None, Msg::NavLearn),
    (SitePage::Playground, None, Msg::NavPlayground),
    (
        SitePage::Counting,
        Some(SitePage::CountMin),
        Msg::NavCounting,
    ),
    (SitePage::Scalable, Some(SitePage::Sets), Msg::NavCombine),
    (SitePage::Filters, None, Msg::NavFilters),
    (SitePage::Lab, None, Msg::NavLab),
    (SitePage::Bugs, None, Msg::NavBugs),
    (SitePage::Calculator, None, Msg::NavCalculator),
];

/// The navigation between the site's pages, the one shown (`page`) marked as current.
fn site_nav(lang: Lang, page: SitePage, href: &dyn Fn(SitePage) -> String) -> Html {
    let links = NAV.iter().map(|&(target, also, text)| {
        let current = (page == target || Some(page) == also).then_some("page");
        html! {
            <li aria-current={current}><a href={href(target)}>{ lang.text(text) }</a></li>
        }
    });
    html! {
        <nav class="site-nav" data-testid="site-nav" aria-label={lang.text(Msg::NavLabel)}>
            <ul>{ for links }</ul>
        </nav>
    }
}

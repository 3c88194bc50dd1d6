//! The language the page speaks, provided once at the top of the app as the one language context, so
//! every component can look up its text without threading a prop through each level. A site page's
//! language is its folder's (`zh/learn/4/`); an embedded widget's is its `lang=` parameter, else the
//! browser's language, else English. The language's text files are fetched when first needed and
//! kept; `<html lang>` follows. A visitor's choice is remembered (in `localStorage`), and the next
//! page they open without a language of its own is sent to it (`static/moved.js`).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::strings::{install, installed, Lang, SITE, WIDGETS};

/// Where the chosen language is saved.
pub const LANG_STORAGE_KEY: &str = "bloom-tutorial.lang";

/// The language context: what the page speaks and how to change it.
#[derive(Clone, PartialEq)]
pub struct LangContext {
    /// The language shown.
    pub lang: Lang,
    /// Chooses (and remembers) another language.
    pub choose: Callback<Lang>,
}

/// The current language; English when no provider is mounted (as in component tests).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<LangContext>()
        .map(|context| context.lang)
        .unwrap_or_default()
}

/// Chooses another language (does nothing without a provider).
#[hook]
pub fn use_choose_lang() -> Callback<Lang> {
    use_context::<LangContext>()
        .map(|context| context.choose)
        .unwrap_or_default()
}

fn storage() -> Option<web_sys::Storage> {
    crate::web::window()?.local_storage().ok()?
}

fn remembered() -> Option<Lang> {
    Lang::from_tag(&storage()?.get_item(LANG_STORAGE_KEY).ok()??)
}

/// Remembers `lang` as the visitor's choice.
pub fn remember_lang(lang: Lang) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(LANG_STORAGE_KEY, lang.param());
    }
}

fn browser_language() -> Option<Lang> {
    Lang::from_tag(&crate::web::window()?.navigator().language()?)
}

/// The folder the text files are served from: `locales/` at the site's root.
fn locales_base() -> String {
    format!("{}locales/", crate::hooks::use_page_link::site_root())
}

async fn fetch_text(url: &str) -> Option<String> {
    let window = crate::web::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// Fetches resource `name` of `lang` and installs it; `done` hears whether it came.
fn request(lang: Lang, name: String, done: Callback<bool>) {
    wasm_bindgen_futures::spawn_local(async move {
        let url = format!("{}{}/{name}.json", locales_base(), lang.param());
        let text = fetch_text(&url).await;
        done.emit(matches!(
            text.as_deref().map(|json| install(lang, &name, json)),
            Some(Ok(_))
        ));
    });
}

/// Resources `names` of `lang` (`widgets`, `site`, `chapter-4`): true at once if they are all here,
/// else they are fetched and the component renders again as they arrive (the browser's cache and
/// `install`, which keeps the first copy, make a second request for the same file harmless). The second flag is true when one cannot be had (offline, or missing).
#[hook]
pub fn use_resources(lang: Lang, names: Vec<String>) -> (bool, bool) {
    let failed = use_state(|| None::<(Lang, Vec<String>)>);
    let update = use_force_update();
    let wanted = (lang, names);
    {
        let failed = failed.clone();
        use_effect_with(wanted.clone(), move |(lang, names)| {
            for name in names {
                if installed(*lang, name).is_none() {
                    let (key, failed, update) =
                        ((*lang, names.clone()), failed.clone(), update.clone());
                    request(
                        *lang,
                        name.clone(),
                        Callback::from(move |arrived| {
                            if arrived {
                                update.force_update();
                            } else {
                                failed.set(Some(key.clone()));
                            }
                        }),
                    );
                }
            }
        });
    }
    let (lang, names) = &wanted;
    let ready = names.iter().all(|name| installed(*lang, name).is_some());
    (ready, failed.as_ref() == Some(&wanted))
}

/// Props of [`LanguageProvider`].
#[derive(Properties, PartialEq)]
pub struct LanguageProviderProps {
    /// The language a link asks for, if it does.
    #[prop_or_default]
    pub from_link: Option<Lang>,
    /// Remember a choice in `localStorage` and read it back (embedded widgets do not).
    #[prop_or(true)]
    pub remember: bool,
    /// The text files the page needs before it is drawn: the widgets' and the site's ([`WIDGETS`]
    /// alone for a widget; the tutorial adds the chapter it opens at, fetched alongside).
    #[prop_or_else(|| vec![WIDGETS.into(), SITE.into()])]
    pub resources: Vec<AttrValue>,
    /// The page.
    pub children: Html,
}

/// Chooses the language, fetches its texts and provides it to everything below; until the first text
/// files arrive nothing is drawn, and while another language's files are on their way the page keeps
/// speaking the last one.
#[component]
pub fn LanguageProvider(props: &LanguageProviderProps) -> Html {
    let from_link = props.from_link;
    let remember = props.remember;
    let chosen = use_state(|| {
        from_link
            .or_else(|| remember.then(remembered).flatten())
            .or_else(browser_language)
            .unwrap_or_default()
    });
    // A link whose lang= changes while the page is open (edited in the address bar) takes effect.
    {
        let chosen = chosen.clone();
        use_effect_with(from_link, move |from_link| {
            if let Some(lang) = *from_link {
                chosen.set(lang);
            }
        });
    }
    let names: Vec<String> = props
        .resources
        .iter()
        .map(|name| name.to_string())
        .collect();
    let (ready, failed) = use_resources(*chosen, names.clone());
    // Falls back to English when a language's files cannot be had (offline and never fetched).
    let (english, _) = use_resources(Lang::English, if failed { names } else { Vec::new() });
    let shown = use_mut_ref(|| None::<Lang>);
    if ready {
        *shown.borrow_mut() = Some(*chosen);
    } else if failed && english {
        *shown.borrow_mut() = Some(Lang::English);
    }
    let lang = *shown.borrow();
    // The page's title is its own, written at build time in its language.
    use_effect_with(lang, |lang| {
        let root = crate::web::window()
            .and_then(|window| window.document())
            .and_then(|document| document.document_element());
        if let (Some(lang), Some(root)) = (lang, root) {
            let _ = root.set_attribute("lang", lang.code());
        }
    });
    let choose = {
        let chosen = chosen.clone();
        Callback::from(move |lang: Lang| {
            if remember {
                remember_lang(lang);
            }
            chosen.set(lang);
        })
    };
    match lang {
        Some(lang) => html! {
            <ContextProvider<LangContext> context={LangContext { lang, choose }}>
                { props.children.clone() }
            </ContextProvider<LangContext>>
        },
        None if failed => html! {
            // No text file could be had at all: the one sentence that cannot come from a file.
            <p class="load-error" role="alert">{ "The page’s text could not be loaded. Check the connection and reload." }</p>
        },
        None => html! {},
    }
}

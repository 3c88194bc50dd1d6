//! The language the page speaks, provided once at the top of the app as the one language context, so
//! every component can look up its text without threading a prop through each level. A site page's
//! language is its folder's (`zh/learn/4/`; choosing another opens that page, see `static/moved.js`);
//! an embedded widget's is its `lang=` parameter, else the browser's language, else English
//! ([`widget_lang`]). The language's text files are fetched when first needed and kept; `<html
//! lang>` follows.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::hooks::context::{PageLink, Presenter};
use crate::strings::{install, installed, Lang, SITE, WIDGETS};

pub use crate::hooks::context::LangContext;

/// The current language; English when no provider is mounted (as in component tests).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<LangContext>()
        .map(|context| context.lang)
        .unwrap_or_default()
}

/// An embedded widget's language: its link's `lang=`, else the browser's, else English.
pub fn widget_lang(from_link: Option<Lang>) -> Lang {
    from_link
        .or_else(|| Lang::from_tag(&crate::web::window()?.navigator().language()?))
        .unwrap_or_default()
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
    /// The language to show.
    pub lang: Lang,
    /// The text files the page needs before it is drawn: the widgets' and the site's ([`WIDGETS`]
    /// alone for a widget; the tutorial adds the chapter it opens at, fetched alongside).
    #[prop_or_else(|| vec![WIDGETS.into(), SITE.into()])]
    pub resources: Vec<AttrValue>,
    /// The page's link, provided with the language.
    #[prop_or_default]
    pub link: PageLink,
    /// The page.
    pub children: Html,
}

/// Fetches the language's texts and provides it (and the page's link) to everything below; until they arrive nothing is
/// drawn (the prerendered page shows meanwhile), and a widget whose link changes its language keeps
/// speaking the last one while the new one's files are on their way.
#[component]
pub fn LanguageProvider(props: &LanguageProviderProps) -> Html {
    let chosen = props.lang;
    let names: Vec<String> = props
        .resources
        .iter()
        .map(|name| name.to_string())
        .collect();
    let (ready, failed) = use_resources(chosen, names.clone());
    // Falls back to English when a language's files cannot be had (offline and never fetched).
    let (english, _) = use_resources(Lang::English, if failed { names } else { Vec::new() });
    let shown = use_mut_ref(|| None::<Lang>);
    if ready {
        *shown.borrow_mut() = Some(chosen);
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
    match lang {
        Some(lang) => html! {
            <ContextProvider<LangContext> context={LangContext { lang, link: props.link.clone(), presenter: Presenter::default() }}>
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

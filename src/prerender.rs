//! Pages rendered to HTML at build time, so a page reads the moment it arrives — text, formulas,
//! tables and each widget's first state — and search engines and link previews see each page whole.
//! The build (`src/bin/prerender.rs`) writes this markup into the pages Trunk made, once per language
//! (`learn/4/`, `zh/learn/4/`, `ja/learn/4/`), with each page's own title, description, canonical
//! address, language alternates and link-preview card (its picture drawn by [`preview`]), and writes
//! the sitemap. In the browser the app draws the same page when its wasm has arrived and takes the
//! prerendered copy away in the same frame (see `hooks::use_prerendered`), so nothing flashes or moves.
//!
//! Rendering happens on the host, with no window: everything that reads the browser falls back to
//! the page's defaults, and the page's folder — its language and its way to the root — is set for each
//! page rendered (see [`crate::web`]).

pub mod preview;

use std::path::Path;

use yew::LocalServerRenderer;

use crate::app::{
    BugsApp, CalculatorApp, CountingApp, CountingAppProps, EmbedBuilderApp, LabApp, LearnApp,
    LearnAppProps, PlaygroundApp, ScalableApp, SetsApp,
};
use crate::embed_app::{
    EmbedBugs, EmbedCalculator, EmbedChart, EmbedCountMin, EmbedCounting, EmbedLab,
    EmbedPlayground, EmbedScalable, EmbedSets, EmbedShipping,
};
use crate::routes::{page_folder, SitePage};
use crate::strings::catalog::Catalog;
use crate::strings::{fill, install, Lang, Msg, RESOURCES};
use crate::tutorial::{self, CHAPTERS, WALK_ITEMS, WALK_PARAMS};
use preview::Scene;

/// A page the build prerenders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The playground, at the site's root.
    Playground,
    /// A chapter of the tutorial.
    Chapter(u32),
    /// The sizing calculator.
    Calculator,
    /// The page that makes an embed snippet.
    EmbedBuilder,
    /// The playground widget.
    EmbedPlayground,
    /// The rate chart widget.
    EmbedChart,
    /// The calculator widget.
    EmbedCalculator,
    /// The counting Bloom filter.
    Counting,
    /// The count-min sketch (drawn by the counting filter's entry).
    CountMin,
    /// The counting filter widget.
    EmbedCounting,
    /// The count-min sketch widget.
    EmbedCountMin,
    /// The scalable filter.
    Scalable,
    /// Combining filters.
    Sets,
    /// The scalable filter widget.
    EmbedScalable,
    /// The union and intersection widget.
    EmbedSets,
    /// The partitioned, compressed and cascaded filters widget.
    EmbedShipping,
    /// The big-N lab.
    Lab,
    /// The lab's table widget.
    EmbedLab,
    /// The bug museum.
    Bugs,
    /// One case of the bug museum.
    EmbedBugs,
}

/// Words for the filters the preview pictures show.
const PREVIEW_WORDS: [&str; 20] = [
    "apple", "pear", "plum", "fig", "kiwi", "lime", "date", "grape", "melon", "peach", "lemon",
    "mango", "guava", "olive", "cherry", "papaya", "quince", "banana", "apricot", "lychee",
];

impl Page {
    /// Every page the build writes.
    pub fn all() -> Vec<Page> {
        let mut pages = vec![Page::Playground];
        pages.extend((1..=CHAPTERS).map(Page::Chapter));
        pages.extend([
            Page::Calculator,
            Page::Counting,
            Page::CountMin,
            Page::Scalable,
            Page::Sets,
            Page::Lab,
            Page::Bugs,
            Page::EmbedBuilder,
            Page::EmbedPlayground,
            Page::EmbedChart,
            Page::EmbedCalculator,
            Page::EmbedCounting,
            Page::EmbedCountMin,
            Page::EmbedScalable,
            Page::EmbedSets,
            Page::EmbedShipping,
            Page::EmbedLab,
            Page::EmbedBugs,
        ]);
        pages
    }

    /// The folder of dist/ holding the page Trunk built for this entry (the template).
    pub fn entry(self) -> &'static str {
        match self {
            Page::Playground => "",
            Page::Chapter(_) => "learn/",
            Page::Calculator => "calculator/",
            Page::EmbedBuilder => "embed/",
            Page::EmbedPlayground => "embed/playground/",
            Page::EmbedChart => "embed/chart/",
            Page::EmbedCalculator => "embed/calculator/",
            Page::Counting | Page::CountMin => "counting/",
            Page::EmbedCounting => "embed/counting/",
            Page::EmbedCountMin => "embed/count-min/",
            Page::Scalable => "scalable/",
            Page::Sets => "sets/",
            Page::EmbedScalable => "embed/scalable/",
            Page::EmbedSets => "embed/sets/",
            Page::EmbedShipping => "embed/shipping/",
            Page::Lab => "lab/",
            Page::EmbedLab => "embed/lab/",
            Page::Bugs => "bugs/",
            Page::EmbedBugs => "embed/bugs/",
        }
    }

    /// The site's page this is, with its chapter; `None` for an embeddable widget.
    fn site_page(self) -> Option<(SitePage, Option<u32>)> {
        match self {
            Page::Playground => Some((SitePage::Playground, None)),
            Page::Chapter(number) => Some((SitePage::Learn, Some(number))),
            Page::Calculator => Some((SitePage::Calculator, None)),
            Page::EmbedBuilder => Some((SitePage::Embed, None)),
            Page::Counting => Some((SitePage::Counting, None)),
            Page::CountMin => Some((SitePage::CountMin, None)),
            Page::Scalable => Some((SitePage::Scalable, None)),
            Page::Sets => Some((SitePage::Sets, None)),
            Page::Lab => Some((SitePage::Lab, None)),
            Page::Bugs => Some((SitePage::Bugs, None)),
            Page::EmbedPlayground
            | Page::EmbedChart
            | Page::EmbedCalculator
            | Page::EmbedCounting
            | Page::EmbedCountMin
            | Page::EmbedScalable
            | Page::EmbedSets
            | Page::EmbedShipping
            | Page::EmbedLab
            | Page::EmbedBugs => None,
        }
    }

    /// The languages the page is written in: the site's pages in each, a widget once (its language
    /// is a `lang=` in the page that embeds it).
    pub fn languages(self) -> &'static [Lang] {
        match self.site_page() {
            Some(_) => &Lang::ALL,
            None => &[Lang::English],
        }
    }

    /// The folders of dist/ the page in `lang` is written to: its address (below), and the
    /// playground's at the site's root and chapter 1's at `learn/` too.
    pub fn folders(self, lang: Lang) -> Vec<String> {
        let mut folders = vec![self.address(lang)];
        match self {
            Page::Playground | Page::Chapter(1) => folders.push(page_folder(
                self.site_page()
                    .map_or(SitePage::Playground, |(page, _)| page),
                None,
                lang,
            )),
            _ => {}
        }
        folders
    }

    /// The page's one address in `lang` (below the site's root): what search engines index and
    /// links preview — `zh/learn/4/`, `playground/` (the site's root shows the playground too),
    /// `embed/chart/`.
    pub fn address(self, lang: Lang) -> String {
        match self.site_page() {
            Some((SitePage::Playground, _)) => format!("{}playground/", lang.folder()),
            Some((page, chapter)) => page_folder(page, chapter, lang),
            None => self.entry().to_owned(),
        }
    }

    /// The name and filter of the page's link-preview picture (`preview/<name>.png`); widgets have
    /// none (they are seen inside other pages).
    pub fn preview(self) -> Option<(String, Scene)> {
        let scene = |bits, hashes, items: usize| Scene {
            bits,
            hashes,
            items: PREVIEW_WORDS[..items].to_vec(),
        };
        let (name, scene) = match self {
            Page::Playground => ("playground".to_owned(), scene(32, 3, 5)),
            Page::Chapter(number @ (1 | 2)) => (
                format!("learn-{number}"),
                Scene {
                    bits: WALK_PARAMS.0,
                    hashes: WALK_PARAMS.1,
                    items: WALK_ITEMS.to_vec(),
                },
            ),
            Page::Chapter(3) => ("learn-3".to_owned(), scene(32, 3, 2)),
            Page::Chapter(number @ (4 | 5)) => (format!("learn-{number}"), scene(64, 3, 20)),
            Page::Chapter(6) => ("learn-6".to_owned(), scene(64, 3, 12)),
            Page::Chapter(number) => (format!("learn-{number}"), scene(32, 4, 6)),
            Page::Calculator => ("calculator".to_owned(), scene(64, 4, 10)),
            Page::EmbedBuilder => ("embed".to_owned(), scene(32, 3, 8)),
            Page::Counting => ("counting".to_owned(), scene(32, 3, 5)),
            Page::CountMin => ("count-min".to_owned(), scene(64, 4, 12)),
            Page::Scalable => ("scalable".to_owned(), scene(64, 5, 8)),
            Page::Sets => ("sets".to_owned(), scene(32, 3, 7)),
            Page::Lab => ("lab".to_owned(), scene(64, 7, 9)),
            Page::Bugs => ("bugs".to_owned(), scene(48, 4, 6)),
            Page::EmbedPlayground
            | Page::EmbedChart
            | Page::EmbedCalculator
            | Page::EmbedCounting
            | Page::EmbedCountMin
            | Page::EmbedScalable
            | Page::EmbedSets
            | Page::EmbedShipping
            | Page::EmbedLab
            | Page::EmbedBugs => return None,
        };
        Some((name, scene))
    }
}

/// Installs every text file of every language from `locales` (`static/locales/`).
pub fn install_texts(locales: &Path) -> Result<(), String> {
    let names = RESOURCES
        .iter()
        .map(|name| name.to_string())
        .chain((1..=CHAPTERS).map(tutorial::resource));
    for name in names {
        for lang in Lang::ALL {
            let path = locales.join(lang.param()).join(format!("{name}.json"));
            let json = std::fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            install(lang, &name, &json)
                .map_err(|error| format!("{}: {error:?}", path.display()))?;
        }
    }
    Ok(())
}

/// The keys each file of [`PageTexts`] has.
pub const PAGE_TEXT_KEYS: [&str; 21] = [
    "PlaygroundTitle",
    "PlaygroundDescription",
    "ChapterTitle",
    "CalculatorTitle",
    "CalculatorDescription",
    "EmbedTitle",
    "EmbedDescription",
    "CountingTitle",
    "CountingDescription",
    "CountMinTitle",
    "CountMinDescription",
    "ScalableTitle",
    "ScalableDescription",
    "SetsTitle",
    "SetsDescription",
    "LabTitle",
    "LabDescription",
    "BugsTitle",
    "BugsDescription",
    "PreviewAlt",
    "NoScriptNote",
];

/// What only the page's head says, per language (`static/meta/<lang>.json`): each page's title and
/// description, and the words for its preview picture. The app never shows these, so they are not
/// among the files it downloads.
pub struct PageTexts(Vec<(Lang, Catalog)>);

impl PageTexts {
    /// Reads `<lang>.json` of each language from `folder`; each must have every one of
    /// [`PAGE_TEXT_KEYS`].
    pub fn read(folder: &Path) -> Result<PageTexts, String> {
        let mut texts = Vec::new();
        for lang in Lang::ALL {
            let path = folder.join(format!("{}.json", lang.param()));
            let json = std::fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            let catalog =
                Catalog::parse(&json).map_err(|error| format!("{}: {error:?}", path.display()))?;
            if let Some(missing) = PAGE_TEXT_KEYS.iter().find(|key| catalog.get(key).is_none()) {
                return Err(format!("{}: no \"{missing}\"", path.display()));
            }
            texts.push((lang, catalog));
        }
        Ok(PageTexts(texts))
    }

    fn get(&self, lang: Lang, key: &str) -> &str {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .and_then(|(_, catalog)| catalog.get(key))
            .map_or("", |entry| entry.form("other"))
    }
}

/// The public address the site is served from, as `https://host/path/` (with its final `/`): page
/// addresses in the head, the sitemap and the preview pictures are absolute.
pub fn site_url(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    let scheme_ok = raw.starts_with("https://") || raw.starts_with("http://");
    let host = raw.split("://").nth(1).unwrap_or_default();
    if !scheme_ok || host.is_empty() || host.starts_with('/') {
        return Err(format!(
            "SITE_URL must be an http:// or https:// address, like https://example.org/bloom/ (got “{raw}”)"
        ));
    }
    if raw.contains(['"', '<', '>', ' ', '?', '#', '\'']) {
        return Err(format!(
            "SITE_URL must be a plain address without quotes, spaces, ? or # (got “{raw}”)"
        ));
    }
    Ok(if raw.ends_with('/') {
        raw.to_owned()
    } else {
        format!("{raw}/")
    })
}

/// The page's markup as the app first draws it in `folder` (texts installed first), without the
/// component markers Yew leaves for hydration: the app replaces this copy rather than adopting it.
pub fn render(page: Page, folder: &str) -> String {
    crate::web::set_rendered_page(folder);
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(runtime) => runtime,
        Err(error) => panic!("no runtime to render with: {error}"),
    };
    let html = runtime.block_on(async move {
        match page {
            Page::Playground => LocalServerRenderer::<PlaygroundApp>::new().render().await,
            Page::Chapter(number) => {
                let props = LearnAppProps {
                    chapter: Some(number),
                };
                LocalServerRenderer::<LearnApp>::with_props(props)
                    .render()
                    .await
            }
            Page::Calculator => LocalServerRenderer::<CalculatorApp>::new().render().await,
            Page::EmbedBuilder => LocalServerRenderer::<EmbedBuilderApp>::new().render().await,
            Page::EmbedPlayground => LocalServerRenderer::<EmbedPlayground>::new().render().await,
            Page::EmbedChart => LocalServerRenderer::<EmbedChart>::new().render().await,
            Page::EmbedCalculator => LocalServerRenderer::<EmbedCalculator>::new().render().await,
            Page::Counting | Page::CountMin => {
                let props = CountingAppProps {
                    page: Some(if page == Page::CountMin {
                        SitePage::CountMin
                    } else {
                        SitePage::Counting
                    }),
                };
                LocalServerRenderer::<CountingApp>::with_props(props)
                    .render()
                    .await
            }
            Page::EmbedCounting => LocalServerRenderer::<EmbedCounting>::new().render().await,
            Page::EmbedCountMin => LocalServerRenderer::<EmbedCountMin>::new().render().await,
            Page::Scalable => LocalServerRenderer::<ScalableApp>::new().render().await,
            Page::Sets => LocalServerRenderer::<SetsApp>::new().render().await,
            Page::EmbedScalable => LocalServerRenderer::<EmbedScalable>::new().render().await,
            Page::EmbedSets => LocalServerRenderer::<EmbedSets>::new().render().await,
            Page::EmbedShipping => LocalServerRenderer::<EmbedShipping>::new().render().await,
            Page::Lab => LocalServerRenderer::<LabApp>::new().render().await,
            Page::EmbedLab => LocalServerRenderer::<EmbedLab>::new().render().await,
            Page::Bugs => LocalServerRenderer::<BugsApp>::new().render().await,
            Page::EmbedBugs => LocalServerRenderer::<EmbedBugs>::new().render().await,
        }
    });
    without_markers(&html)
}

/// `html` without `<!--…-->` comments.
fn without_markers(html: &str) -> String {
    let mut markup = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<!--") {
        markup.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("-->")
            .map_or("", |(_, after)| after);
    }
    markup.push_str(rest);
    markup
}

/// What every page's head is written from: the site's public address ([`site_url`]) and the
/// pages' own texts.
pub struct Site {
    /// `https://host/path/`.
    pub url: String,
    /// Titles, descriptions, preview words.
    pub texts: PageTexts,
}

/// The page Trunk built for `page`'s entry (`template`), written in `lang` for `folder` with `markup`
/// in its body: asset links (to the entry's folder) and the way up to the root (`bloom-root`) from
/// `folder`; `<html lang>`; and for the site's pages their own title and
/// description, canonical address, the page in the other languages, and a link-preview card.
pub fn into_page(
    template: &str,
    page: Page,
    lang: Lang,
    folder: &str,
    markup: &str,
    site: &Site,
) -> String {
    // Links up to the site's root, and to the entry's assets (its folder's, below the root).
    let up = "../".repeat(folder.matches('/').count());
    let mut html = template.to_owned();
    if folder != page.entry() {
        let assets = format!("{up}{}", page.entry());
        // Trunk writes assets as `./name` (public_url = "./"): in attributes and the loader script.
        for quote in ["href=./", "href=\"./", "'./", "\"./"] {
            html = html.replace(quote, &quote.replace("./", &assets));
        }
    }
    let root = if up.is_empty() { "./".to_owned() } else { up };
    html = replace_meta(&html, "bloom-root", |_| root.clone());
    html = html.replacen("<html lang=en>", &format!("<html lang={}>", lang.code()), 1);
    let canonical = format!("{}{}", site.url, page.address(lang));
    let mut head = format!("<link href=\"{canonical}\" rel=canonical>");
    if page.site_page().is_some() {
        let title = page_title(page, lang, &site.texts);
        let description = match page {
            Page::Chapter(_) => first_paragraph(markup).unwrap_or_default(),
            _ => site.texts.get(lang, description_key(page)).to_owned(),
        };
        html = replace_between(&html, "<title>", "</title>", &escape(&title));
        html = replace_meta(&html, "description", |_| description.clone());
        html = replace_between(
            &html,
            "noscript-note>",
            "</p>",
            &escape(site.texts.get(lang, "NoScriptNote")),
        );
        for other in Lang::ALL {
            head.push_str(&format!(
                "<link href=\"{}{}\" hreflang={} rel=alternate>",
                site.url,
                page.address(other),
                other.code()
            ));
        }
        head.push_str(&format!(
            "<link href=\"{}{}\" hreflang=x-default rel=alternate>",
            site.url,
            page.address(Lang::default())
        ));
        let property = |name: &str, value: &str| {
            format!(
                "<meta content=\"{}\" property=\"og:{name}\">",
                escape(value)
            )
        };
        let card = |name: &str, value: &str| {
            format!(
                "<meta content=\"{}\" name=\"twitter:{name}\">",
                escape(value)
            )
        };
        head.push_str(&property("type", "website"));
        head.push_str(&property("site_name", lang.text(Msg::SiteTitle)));
        head.push_str(&property("title", &title));
        head.push_str(&property("description", &description));
        head.push_str(&property("url", &canonical));
        head.push_str(&property("locale", og_locale(lang)));
        if let Some((name, _)) = page.preview() {
            let image = format!("{}preview/{name}.png", site.url);
            let alt = site.texts.get(lang, "PreviewAlt");
            head.push_str(&property("image", &image));
            head.push_str(&property("image:width", &preview::SIZE.0.to_string()));
            head.push_str(&property("image:height", &preview::SIZE.1.to_string()));
            head.push_str(&property("image:alt", alt));
            head.push_str(&card("card", "summary_large_image"));
            head.push_str(&card("image:alt", alt));
        }
    }
    html = html.replacen("</head>", &format!("{head}</head>"), 1);
    if !html.contains("rel=canonical") {
        // Trunk's minified pages leave `</head>` out: the head ends where the body's first tag is.
        html = html.replacen("<body>", &format!("{head}<body>"), 1);
    }
    match html.rfind("</body>") {
        Some(end) => format!(
            "{}<div id=prerendered>{markup}</div>{}",
            &html[..end],
            &html[end..]
        ),
        None => format!("{html}<div id=prerendered>{markup}</div>"),
    }
}

/// The page's title in `lang`: "False positives · Bloom filters, interactively".
fn page_title(page: Page, lang: Lang, texts: &PageTexts) -> String {
    match page {
        Page::Chapter(number) => fill(
            texts.get(lang, "ChapterTitle"),
            &[("chapter", lang.text(tutorial::title(number)))],
        ),
        Page::Calculator => texts.get(lang, "CalculatorTitle").to_owned(),
        Page::EmbedBuilder => texts.get(lang, "EmbedTitle").to_owned(),
        Page::Counting => texts.get(lang, "CountingTitle").to_owned(),
        Page::CountMin => texts.get(lang, "CountMinTitle").to_owned(),
        Page::Scalable => texts.get(lang, "ScalableTitle").to_owned(),
        Page::Sets => texts.get(lang, "SetsTitle").to_owned(),
        Page::Lab => texts.get(lang, "LabTitle").to_owned(),
        Page::Bugs => texts.get(lang, "BugsTitle").to_owned(),
        _ => texts.get(lang, "PlaygroundTitle").to_owned(),
    }
}

/// The key of a page's description in [`PageTexts`] (a chapter's is its first paragraph).
fn description_key(page: Page) -> &'static str {
    match page {
        Page::Calculator => "CalculatorDescription",
        Page::EmbedBuilder => "EmbedDescription",
        Page::Counting => "CountingDescription",
        Page::CountMin => "CountMinDescription",
        Page::Scalable => "ScalableDescription",
        Page::Sets => "SetsDescription",
        Page::Lab => "LabDescription",
        Page::Bugs => "BugsDescription",
        _ => "PlaygroundDescription",
    }
}

/// The Open Graph locale of `lang`.
fn og_locale(lang: Lang) -> &'static str {
    match lang {
        Lang::English => "en_US",
        Lang::Chinese => "zh_CN",
        Lang::Japanese => "ja_JP",
    }
}

/// The sitemap: every page of the site in every language at its address, each with its other
/// languages as alternates.
pub fn sitemap(url: &str) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in Page::all()
        .into_iter()
        .filter(|page| page.site_page().is_some())
    {
        for lang in Lang::ALL {
            xml.push_str(&format!("<url><loc>{url}{}</loc>", page.address(lang)));
            for other in Lang::ALL {
                xml.push_str(&format!(
                    "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{url}{}\"/>",
                    other.code(),
                    page.address(other)
                ));
            }
            xml.push_str("</url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt`: everything may be crawled; the sitemap is here.
pub fn robots(url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {url}sitemap.xml\n")
}

/// The text of the first plain paragraph after the page's `<h1>`, cut at a sentence within 200
/// characters (an ellipsis where it stops mid-sentence): a chapter's description for search results
/// and link previews.
fn first_paragraph(markup: &str) -> Option<String> {
    let after_heading = &markup[markup.find("</h1>")?..];
    let start = after_heading.find("<p>")? + 3;
    let end = after_heading[start..].find("</p>")? + start;
    let text = unescape(&strip_tags(&after_heading[start..end]));
    let text = text.trim();
    let ends_sentence = |text: &str| text.ends_with(['.', '。', '!', '?', '！', '？', ':', '：']);
    let short: String = text.chars().take(200).collect();
    if short.len() == text.len() {
        return Some(if ends_sentence(text) {
            text.to_owned()
        } else {
            format!("{text}…")
        });
    }
    let stop = [". ", "。", "! ", "? ", "！", "？"]
        .iter()
        .filter_map(|mark| short.rfind(mark).map(|at| at + mark.trim_end().len()))
        .max();
    Some(match stop {
        Some(stop) => short[..stop].to_owned(),
        None => format!("{}…", short.trim_end()),
    })
}

/// Text with the entities a renderer writes turned back into characters.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// `html` as plain text (its tags dropped; entities stay, for an attribute).
fn strip_tags(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// `text` safe inside an element or a quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `html` with the text between the first `open` and the next `close` replaced by `with`.
fn replace_between(html: &str, open: &str, close: &str, with: &str) -> String {
    let Some(start) = html.find(open).map(|at| at + open.len()) else {
        return html.to_owned();
    };
    let Some(end) = html[start..].find(close).map(|at| at + start) else {
        return html.to_owned();
    };
    format!("{}{with}{}", &html[..start], &html[end..])
}

/// `html` with the content of `<meta … name=NAME>` changed by `change` (Trunk's minified form,
/// `<meta content=… name=NAME>` or `<meta content="…" name=NAME>`, and the unminified one).
fn replace_meta(html: &str, name: &str, change: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<meta ") {
        let end = rest[start..]
            .find('>')
            .map_or(rest.len(), |at| at + start + 1);
        let tag = &rest[start..end];
        out.push_str(&rest[..start]);
        let names_it = tag.contains(&format!("name={name}>"))
            || tag.contains(&format!("name={name} "))
            || tag.contains(&format!("name=\"{name}\""));
        if names_it {
            out.push_str(&with_content(tag, &change));
        } else {
            out.push_str(tag);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A `<meta>` tag with its `content` changed by `change`, written quoted.
fn with_content(tag: &str, change: &impl Fn(&str) -> String) -> String {
    let Some(at) = tag.find("content=") else {
        return tag.to_owned();
    };
    let value_start = at + "content=".len();
    let (value, value_end) = if tag[value_start..].starts_with('"') {
        let end = tag[value_start + 1..]
            .find('"')
            .map_or(tag.len(), |e| e + value_start + 1);
        (&tag[value_start + 1..end], end + 1)
    } else {
        let end = tag[value_start..]
            .find([' ', '>'])
            .map_or(tag.len(), |e| e + value_start);
        (&tag[value_start..end], end)
    };
    format!(
        "{}content=\"{}\"{}",
        &tag[..at],
        escape(&change(value)),
        &tag[value_end..]
    )
}

/// What the browser needs of a chapter's file (`static/locales/<lang>/chapter-<n>.json`): only the
/// exercise's question and explanation, which "Try another" fills with new numbers. The rest — the
/// prose, the question and answer — is in the chapter's page already, written at build time, and the
/// app keeps it as it is.
pub fn chapter_for_browser(json: &str) -> Result<String, String> {
    let catalog = Catalog::parse(json).map_err(|error| format!("{error:?}"))?;
    let entries: Vec<String> = [tutorial::EXERCISE, tutorial::EXERCISE_EXPLAIN]
        .iter()
        .filter_map(|key| {
            let text = catalog.get(key)?.form("other");
            Some(format!("{}:{}", json_string(key), json_string(text)))
        })
        .collect();
    Ok(format!("{{{}}}", entries.join(",")))
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "<!doctype html><html lang=en><meta content=\"Old.\" name=description><title>Old</title><meta content=../ name=bloom-root><link href=./favicon.svg rel=icon><script type=module>import init from './learn-1.js';\nawait init({ module_or_path: './learn-1_bg.wasm' });</script><link crossorigin href=./learn-1.js rel=modulepreload></head><body><noscript><p class=noscript-note>Note.</p></noscript></body></html>";

    fn site() -> Site {
        install_texts(Path::new("static/locales")).expect("the text files");
        Site {
            url: "https://example.org/bloom/".into(),
            texts: PageTexts::read(Path::new("static/meta")).expect("the page texts"),
        }
    }

    #[test]
    fn a_chapter_page_one_level_down_reaches_its_assets_and_the_root() {
        let markup = "<div class=\"app\"><h1>False positives</h1><p>Each of the <b>k·n</b> bit choices misses.</p></div>";
        let html = into_page(
            TEMPLATE,
            Page::Chapter(4),
            Lang::English,
            "learn/4/",
            markup,
            &site(),
        );
        assert!(
            html.contains("<meta content=\"../../\" name=bloom-root>"),
            "{html}"
        );
        assert!(html.contains("href=../../learn/favicon.svg"), "{html}");
        assert!(
            html.contains("import init from '../../learn/learn-1.js'"),
            "{html}"
        );
        assert!(
            html.contains("module_or_path: '../../learn/learn-1_bg.wasm'"),
            "{html}"
        );
        assert!(
            html.contains("href=../../learn/learn-1.js rel=modulepreload"),
            "{html}"
        );
        assert!(
            html.contains("<title>False positives · Bloom filters, interactively</title>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<meta content=\"Each of the k·n bit choices misses.\" name=description>"
            ),
            "{html}"
        );
        assert!(
            html.ends_with(&format!("<div id=prerendered>{markup}</div></body></html>")),
            "{html}"
        );
    }

    #[test]
    fn a_chinese_chapter_speaks_chinese_and_names_its_other_languages() {
        let markup = "<h1>误判</h1><p>每一次选位都错过某一位的概率是 1 − 1/m。</p>";
        let html = into_page(
            TEMPLATE,
            Page::Chapter(4),
            Lang::Chinese,
            "zh/learn/4/",
            markup,
            &site(),
        );
        assert!(
            html.starts_with("<!doctype html><html lang=zh-Hans>"),
            "{html}"
        );
        assert!(
            html.contains("<meta content=\"../../../\" name=bloom-root>"),
            "{html}"
        );
        assert!(
            html.contains("import init from '../../../learn/learn-1.js'"),
            "{html}"
        );
        let title = Lang::Chinese.text(tutorial::title(4));
        assert!(!title.is_empty());
        assert!(
            html.contains(&format!("<title>{title} · 布隆过滤器，动手学</title>")),
            "{html}"
        );
        assert!(
            html.contains("<link href=\"https://example.org/bloom/zh/learn/4/\" rel=canonical>")
        );
        for (code, folder) in [
            ("en", ""),
            ("zh-Hans", "zh/"),
            ("ja", "ja/"),
            ("x-default", ""),
        ] {
            let alternate = format!(
                "<link href=\"https://example.org/bloom/{folder}learn/4/\" hreflang={code} rel=alternate>"
            );
            assert!(html.contains(&alternate), "{alternate} in {html}");
        }
        assert!(html.contains("<meta content=\"https://example.org/bloom/preview/learn-4.png\" property=\"og:image\">"));
        assert!(html.contains("<meta content=\"zh_CN\" property=\"og:locale\">"));
        assert!(
            html.contains("<noscript><p class=noscript-note>不启用 JavaScript"),
            "{html}"
        );
        assert!(html.contains("<meta content=\"summary_large_image\" name=\"twitter:card\">"));
        assert!(html.contains(&format!(
            "<meta content=\"{title} · 布隆过滤器，动手学\" property=\"og:title\">"
        )));
        let head_end = html.find("</head>").unwrap();
        assert!(
            html.find("rel=canonical").unwrap() < head_end,
            "the tags are in the head"
        );
    }

    #[test]
    fn the_playground_at_the_root_names_its_own_address() {
        let html = into_page(
            TEMPLATE,
            Page::Playground,
            Lang::Japanese,
            "ja/",
            "<p>x</p>",
            &site(),
        );
        assert!(
            html.contains("<link href=\"https://example.org/bloom/ja/playground/\" rel=canonical>")
        );
        assert!(html.contains("<title>ブルームフィルタを手で動かして学ぶ</title>"));
        assert!(
            html.contains("<meta content=\"../\" name=bloom-root>")
                || html.contains("<meta content=\"../../\" name=bloom-root>")
        );
    }

    #[test]
    fn a_widget_keeps_its_title_and_has_only_its_address() {
        let html = into_page(
            TEMPLATE,
            Page::EmbedChart,
            Lang::English,
            "embed/chart/",
            "<p>x</p>",
            &site(),
        );
        assert!(html.contains("<title>Old</title>"));
        assert!(
            html.contains("<link href=\"https://example.org/bloom/embed/chart/\" rel=canonical>")
        );
        assert!(!html.contains("hreflang"));
        assert!(!html.contains("og:"));
    }

    #[test]
    fn a_page_in_its_entrys_folder_keeps_its_links() {
        let html = into_page(
            TEMPLATE,
            Page::Calculator,
            Lang::English,
            "calculator/",
            "<p>x</p>",
            &site(),
        );
        assert!(html.contains("<meta content=\"../\" name=bloom-root>"));
        assert!(html.contains("import init from './learn-1.js'"));
        assert!(
            html.contains("<title>Bloom filter calculator · Bloom filters, interactively</title>")
        );
        assert!(html.contains("<div id=prerendered><p>x</p></div></body>"));
    }

    #[test]
    fn every_site_page_in_every_language_and_each_widget_once() {
        let mut addresses: Vec<String> = Page::all()
            .into_iter()
            .flat_map(|page| page.languages().iter().map(move |lang| page.address(*lang)))
            .collect();
        // Twenty site pages (the playground, eleven chapters, the calculator, the counting filter, the
        // count-min sketch, the scalable filter, combining filters, the lab, the bug museum, the embed
        // page) and ten widgets.
        assert_eq!(addresses.len(), 20 * 3 + 10);
        assert!(addresses.contains(&"zh/learn/4/".to_owned()));
        assert!(addresses.contains(&"ja/playground/".to_owned()));
        assert!(addresses.contains(&"embed/chart/".to_owned()));
        addresses.sort();
        addresses.dedup();
        assert_eq!(addresses.len(), 70, "no two pages share an address");
        assert!(addresses.contains(&"ja/lab/".to_owned()));
        assert!(addresses.contains(&"zh/bugs/".to_owned()));
        assert!(addresses.contains(&"embed/bugs/".to_owned()));
        assert!(addresses.contains(&"ja/learn/11/".to_owned()));
        assert!(addresses.contains(&"embed/lab/".to_owned()));
        assert!(addresses.contains(&"zh/sets/".to_owned()));
        assert!(addresses.contains(&"embed/scalable/".to_owned()));
        assert!(addresses.contains(&"ja/count-min/".to_owned()));
        assert_eq!(
            Page::Playground.folders(Lang::Chinese),
            ["zh/playground/", "zh/"]
        );
        assert_eq!(
            Page::Chapter(1).folders(Lang::English),
            ["learn/1/", "learn/"]
        );
        assert_eq!(Page::Chapter(2).folders(Lang::Japanese), ["ja/learn/2/"]);
    }

    #[test]
    fn the_sitemap_lists_each_address_with_its_alternates() {
        let xml = sitemap("https://example.org/");
        assert_eq!(xml.matches("<url>").count(), 60);
        assert!(xml.contains("<loc>https://example.org/zh/counting/</loc>"));
        assert!(xml.contains("<url><loc>https://example.org/ja/learn/8/</loc><xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/learn/8/\"/>"));
        assert!(!xml.contains("embed/chart"));
        assert!(
            robots("https://example.org/").ends_with("Sitemap: https://example.org/sitemap.xml\n")
        );
    }

    #[test]
    fn site_addresses_are_absolute_and_end_in_a_slash() {
        assert_eq!(
            site_url("https://example.org/bloom").unwrap(),
            "https://example.org/bloom/"
        );
        assert_eq!(
            site_url(" http://127.0.0.1:8080/ ").unwrap(),
            "http://127.0.0.1:8080/"
        );
        for bad in [
            "",
            "example.org",
            "https://",
            "ftp://x/",
            "https:///x",
            "https://x/\"a",
            "https://x/?q",
        ] {
            assert!(site_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_page_text_file_has_every_key() {
        let texts = PageTexts::read(Path::new("static/meta")).expect("complete files");
        for lang in Lang::ALL {
            for key in PAGE_TEXT_KEYS {
                assert!(!texts.get(lang, key).trim().is_empty(), "{key} in {lang:?}");
            }
            assert!(texts.get(lang, "ChapterTitle").contains("{chapter}"));
        }
    }

    #[test]
    fn long_descriptions_stop_at_a_sentence() {
        let long = format!(
            "<h1>T</h1><p>{}. {}</p>",
            "A short first sentence",
            "word ".repeat(60)
        );
        assert_eq!(
            first_paragraph(&long).as_deref(),
            Some("A short first sentence.")
        );
        let chinese = format!("<h1>T</h1><p>第一句。{}</p>", "字".repeat(300));
        assert_eq!(first_paragraph(&chinese).as_deref(), Some("第一句。"));
        assert_eq!(
            first_paragraph("<h1>T</h1><p>b is 0 with probability</p>").as_deref(),
            Some("b is 0 with probability…")
        );
        assert_eq!(
            first_paragraph("<h1>T</h1><p>A &amp; B &lt; C.</p>").as_deref(),
            Some("A & B < C.")
        );
    }

    #[test]
    fn a_chapter_file_for_the_browser_keeps_only_the_exercise_texts() {
        let json = r#"{"p1": "Prose with “quotes” and a \"backslash\\\" {fact}.", "exercise": "Which bit is g_{i}?\nSay \"{word}\".", "exercise_explain": "It is {right}.", "question": "Q?", "answer": "A."}"#;
        let trimmed = chapter_for_browser(json).unwrap();
        let catalog = Catalog::parse(&trimmed).unwrap();
        let mut keys: Vec<&str> = catalog.keys().collect();
        keys.sort_unstable();
        assert_eq!(keys, ["exercise", "exercise_explain"]);
        assert_eq!(
            catalog.get("exercise").unwrap().form("other"),
            "Which bit is g_{i}?\nSay \"{word}\"."
        );
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let path = format!(
                    "{}/static/locales/{}/chapter-{number}.json",
                    env!("CARGO_MANIFEST_DIR"),
                    lang.param()
                );
                let source = std::fs::read_to_string(path).unwrap();
                let trimmed = chapter_for_browser(&source).unwrap();
                let (before, after) = (
                    Catalog::parse(&source).unwrap(),
                    Catalog::parse(&trimmed).unwrap(),
                );
                for key in [tutorial::EXERCISE, tutorial::EXERCISE_EXPLAIN] {
                    assert_eq!(before.get(key), after.get(key), "{lang:?} {number} {key}");
                }
            }
        }
    }
}

//! Pages rendered to HTML at build time, so a page reads the moment it arrives — text, formulas,
//! tables and each widget's first state — and search engines and link previews see each page whole.
//! The build (`src/bin/prerender.rs`) writes this markup into the pages Trunk made; in the browser
//! the app draws the same page when its wasm has arrived and takes the prerendered copy away in the
//! same frame (see `hooks::use_prerendered`), so nothing flashes or moves.
//!
//! Rendering happens on the host, with no window: everything that reads the browser falls back to
//! the page's defaults (see [`crate::web`]).

use std::path::Path;

use yew::LocalServerRenderer;

use crate::app::{CalculatorApp, EmbedBuilderApp, LearnApp, LearnAppProps, PlaygroundApp};
use crate::embed_app::{EmbedCalculator, EmbedChart, EmbedPlayground};
use crate::strings::{install, Lang, RESOURCES};
use crate::tutorial::{self, CHAPTERS};

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
}

impl Page {
    /// Every page the build writes.
    pub fn all() -> Vec<Page> {
        let mut pages = vec![Page::Playground];
        pages.extend((1..=CHAPTERS).map(Page::Chapter));
        pages.extend([
            Page::Calculator,
            Page::EmbedBuilder,
            Page::EmbedPlayground,
            Page::EmbedChart,
            Page::EmbedCalculator,
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
        }
    }

    /// The folders of dist/ the page is written to: its entry's own, and for a chapter its own page
    /// (`learn/4/`; chapter 1 is also `learn/` itself).
    pub fn folders(self) -> Vec<String> {
        match self {
            Page::Chapter(1) => vec!["learn/".into(), "learn/1/".into()],
            Page::Chapter(number) => vec![format!("learn/{number}/")],
            page => vec![page.entry().into()],
        }
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

/// The page's markup as the app first draws it in `folder` (texts installed first), without the
/// component markers Yew leaves for hydration: the app replaces this copy rather than adopting it.
pub fn render(page: Page, folder: &str) -> String {
    crate::web::set_rendered_root(&"../".repeat(folder.matches('/').count()));
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

/// The page Trunk built for `page`'s entry (`template`), written for `folder` with `markup` in its
/// body: asset links and the way up to the root (`bloom-root`) one level deeper for each folder
/// below the entry's, and a chapter's own title and description.
pub fn into_page(template: &str, page: Page, folder: &str, markup: &str) -> String {
    let deeper = folder.matches('/').count() - page.entry().matches('/').count();
    let mut html = template.to_owned();
    if deeper > 0 {
        let up = "../".repeat(deeper);
        // Trunk writes assets as `./name` (public_url = "./"): in attributes and the loader script.
        for quote in ["href=./", "href=\"./", "'./", "\"./"] {
            html = html.replace(quote, &quote.replace("./", &up));
        }
        html = replace_meta(&html, "bloom-root", |root| format!("{up}{root}"));
    }
    if let Page::Chapter(number) = page {
        let lang = Lang::English;
        let title = format!(
            "{} · {}",
            lang.text(tutorial::title(number)),
            lang.text(crate::strings::Msg::SiteTitle)
        );
        html = replace_between(&html, "<title>", "</title>", &escape(&title));
        if let Some(summary) = first_paragraph(markup) {
            html = replace_meta(&html, "description", |_| summary.clone());
        }
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

/// The text of the first plain paragraph after the page's `<h1>`, cut at a sentence within 200
/// characters: a chapter's description for search results and link previews.
fn first_paragraph(markup: &str) -> Option<String> {
    let after_heading = &markup[markup.find("</h1>")?..];
    let start = after_heading.find("<p>")? + 3;
    let end = after_heading[start..].find("</p>")? + start;
    let mut text = strip_tags(&after_heading[start..end]);
    if text.chars().count() > 200 {
        let cut: String = text.chars().take(200).collect();
        text = match cut.rfind(". ") {
            Some(stop) => cut[..=stop].to_owned(),
            None => format!("{}…", cut.trim_end()),
        };
    }
    Some(text)
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

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "<!doctype html><html lang=en><meta content=\"Old.\" name=description><title>Old</title><meta content=../ name=bloom-root><link href=./favicon.svg rel=icon><script type=module>import init from './learn-1.js';\nawait init({ module_or_path: './learn-1_bg.wasm' });</script><link crossorigin href=./learn-1.js rel=modulepreload></head><body><noscript><p>Note.</p></noscript></body></html>";

    #[test]
    fn a_chapter_page_one_level_down_reaches_its_assets_and_the_root() {
        install_texts(Path::new("static/locales")).expect("the text files");
        let markup = "<div class=\"app\"><h1>False positives</h1><p>Each of the <b>k·n</b> bit choices misses.</p></div>";
        let html = into_page(TEMPLATE, Page::Chapter(4), "learn/4/", markup);
        assert!(
            html.contains("<meta content=\"../../\" name=bloom-root>"),
            "{html}"
        );
        assert!(html.contains("href=../favicon.svg"), "{html}");
        assert!(html.contains("import init from '../learn-1.js'"), "{html}");
        assert!(
            html.contains("module_or_path: '../learn-1_bg.wasm'"),
            "{html}"
        );
        assert!(
            html.contains("href=../learn-1.js rel=modulepreload"),
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
    fn a_page_in_its_entrys_folder_keeps_its_links() {
        let html = into_page(TEMPLATE, Page::Calculator, "calculator/", "<p>x</p>");
        assert!(html.contains("<meta content=../ name=bloom-root>"));
        assert!(html.contains("import init from './learn-1.js'"));
        assert!(html.contains("<title>Old</title>"));
        assert!(html.contains("<div id=prerendered><p>x</p></div></body>"));
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
    }
}

//! A page's head, written into the page Trunk built for its entry: links to the entry's assets and
//! the way up to the site's root from the page's own folder, its language, and for the site's pages
//! their title and description, canonical address, the page in the other languages (`hreflang`) and
//! a link-preview card (Open Graph and Twitter) with its picture.

use super::html::{escape, replace_between, replace_meta, strip_tags, unescape};
use super::pages::Page;
use super::preview;
use super::texts::PageTexts;
use crate::strings::{fill, Lang, Msg};
use crate::tutorial;

/// What every page's head is written from: the site's public address
/// ([`super::sitemap::site_url`]) and the pages' own texts.
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
    let mut html = relinked(template, page.entry(), folder);
    html = html.replacen("<html lang=en>", &format!("<html lang={}>", lang.code()), 1);
    let canonical = format!("{}{}", site.url, page.address(lang));
    let mut head = format!("<link href=\"{canonical}\" rel=canonical>");
    // What the page says, in its language (static/wake.js), under a control pressed before its app
    // has arrived, and in one line if the app cannot start.
    head.push_str(&format!(
        "<meta content=\"{}\" name=bloom-waking><meta content=\"{}\" name=bloom-failed>",
        escape(site.texts.get(lang, "Starting")),
        escape(site.texts.get(lang, "StartFailed"))
    ));
    if page.site_page().is_some() {
        let title = page_title(page, lang, &site.texts);
        let description = match page.spec().head.and_then(|keys| keys.description) {
            Some(key) => site.texts.get(lang, key).to_owned(),
            None => first_paragraph(markup).unwrap_or_default(),
        };
        html = replace_between(&html, "<title>", "</title>", &escape(&title));
        html = replace_meta(&html, "description", |_| description.clone());
        html = replace_between(
            &html,
            "noscript-note>",
            "</p>",
            &escape(site.texts.get(lang, "NoScriptNote")),
        );
        head.push_str(&alternates(page, &site.url));
        let card = Card {
            title: &title,
            description: &description,
            canonical: &canonical,
        };
        head.push_str(&preview_card(page, lang, site, &card));
    } else if let Page::Widget(widget) = page {
        head.push_str(&super::oembed::widget_head(widget, &site.url));
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

/// `template` (the page of the entry in `entry`) as a page in `folder`: links to the entry's assets
/// and the way up to the site's root (`bloom-root`) from there.
fn relinked(template: &str, entry: &str, folder: &str) -> String {
    // Links up to the site's root, and to the entry's assets (its folder's, below the root).
    let up = "../".repeat(folder.matches('/').count());
    let mut html = template.to_owned();
    if folder != entry {
        let assets = format!("{up}{entry}");
        // Trunk writes assets as `./name` (public_url = "./"): in attributes and the loader script.
        for quote in ["href=./", "href=\"./", "'./", "\"./"] {
            html = html.replace(quote, &quote.replace("./", &assets));
        }
    }
    let root = if up.is_empty() { "./".to_owned() } else { up };
    replace_meta(&html, "bloom-root", |_| root.clone())
}

/// The page in every language, and the one for any other (`x-default`).
fn alternates(page: Page, url: &str) -> String {
    let mut links = String::new();
    for other in Lang::ALL {
        links.push_str(&format!(
            "<link href=\"{url}{}\" hreflang={} rel=alternate>",
            page.address(other),
            other.code()
        ));
    }
    links.push_str(&format!(
        "<link href=\"{url}{}\" hreflang=x-default rel=alternate>",
        page.address(Lang::default())
    ));
    links
}

/// What a link-preview card says of a page.
struct Card<'a> {
    title: &'a str,
    description: &'a str,
    canonical: &'a str,
}

/// The page's link-preview card: Open Graph's properties, and the picture with Twitter's.
fn preview_card(page: Page, lang: Lang, site: &Site, card: &Card) -> String {
    let property = |name: &str, value: &str| {
        format!(
            "<meta content=\"{}\" property=\"og:{name}\">",
            escape(value)
        )
    };
    let twitter = |name: &str, value: &str| {
        format!(
            "<meta content=\"{}\" name=\"twitter:{name}\">",
            escape(value)
        )
    };
    let mut head = String::new();
    head.push_str(&property("type", "website"));
    head.push_str(&property("site_name", lang.text(Msg::SiteTitle)));
    head.push_str(&property("title", card.title));
    head.push_str(&property("description", card.description));
    head.push_str(&property("url", card.canonical));
    head.push_str(&property("locale", og_locale(lang)));
    if let Some((name, _)) = page.preview() {
        let image = format!("{}preview/{name}.png", site.url);
        let alt = site.texts.get(lang, "PreviewAlt");
        head.push_str(&property("image", &image));
        head.push_str(&property("image:width", &preview::SIZE.0.to_string()));
        head.push_str(&property("image:height", &preview::SIZE.1.to_string()));
        head.push_str(&property("image:alt", alt));
        head.push_str(&twitter("card", "summary_large_image"));
        head.push_str(&twitter("image:alt", alt));
    }
    head
}

/// The page's title in `lang`: "False positives · Bloom filters, interactively".
pub(super) fn page_title(page: Page, lang: Lang, texts: &PageTexts) -> String {
    let key = page.spec().head.map_or("", |keys| keys.title);
    match page {
        Page::Chapter(number) => fill(
            texts.get(lang, key),
            &[("chapter", lang.text(tutorial::title(number)))],
        ),
        _ => texts.get(lang, key).to_owned(),
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

/// The text of the first plain paragraph after the page's `<h1>`, cut at a sentence within 200
/// characters (an ellipsis where it stops mid-sentence): a chapter's description for search results
/// and link previews.
fn first_paragraph(markup: &str) -> Option<String> {
    let after_heading = &markup[markup.find("</h1>")?..];
    // A plain paragraph: no class (the "Present this chapter" line has one), though it may carry
    // data (a chapter's paragraph names its slide, `<p data-slide="1">`).
    let open = after_heading
        .match_indices("<p")
        .map(|(at, _)| at)
        .find(|&at| {
            let tag = &after_heading[at..];
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            (tag == "<p" || tag.starts_with("<p ")) && !tag.contains("class=")
        })?;
    let start = after_heading[open..].find('>')? + open + 1;
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::prerender::texts::install_texts;
    use crate::routes::{EmbedWidget, SitePage};

    const TEMPLATE: &str = "<!doctype html><html lang=en><meta content=\"Old.\" name=description><title>Old</title><meta content=../ name=bloom-root><link href=./favicon.svg rel=icon><script type=module>import init from './learn-1.js';\nawait init({ module_or_path: './learn-1_bg.wasm' });</script><link crossorigin href=./learn-1.js rel=modulepreload></head><body><noscript><p class=noscript-note>Note.</p></noscript></body></html>";

    fn site() -> Site {
        install_texts(Path::new("static/locales")).expect("the text files");
        Site {
            url: "https://example.org/bloom/".into(),
            texts: PageTexts::read(Path::new("static/meta")).expect("the page texts"),
        }
    }

    /// `page` written in `lang` for `folder` with `markup` from the test's template.
    fn written(page: Page, lang: Lang, folder: &str, markup: &str) -> String {
        into_page(TEMPLATE, page, lang, folder, markup, &site())
    }

    /// Fails, showing `html`, unless it holds each of `parts`.
    fn holds(html: &str, parts: &[&str]) {
        for part in parts {
            assert!(html.contains(part), "{part} in {html}");
        }
    }

    #[test]
    fn a_chapter_page_one_level_down_reaches_its_assets_and_the_root() {
        let markup = "<div class=\"app\"><h1>False positives</h1><p>Each of the <b>k·n</b> bit choices misses.</p></div>";
        let html = written(Page::Chapter(4), Lang::English, "learn/4/", markup);
        holds(
            &html,
            &[
                "<meta content=\"../../\" name=bloom-root>",
                "href=../../learn/favicon.svg",
                "import init from '../../learn/learn-1.js'",
                "module_or_path: '../../learn/learn-1_bg.wasm'",
                "href=../../learn/learn-1.js rel=modulepreload",
                "<title>False positives · Bloom filters, interactively</title>",
            ],
        );
        holds(
            &html,
            &["<meta content=\"Each of the k·n bit choices misses.\" name=description>"],
        );
        assert!(
            html.ends_with(&format!("<div id=prerendered>{markup}</div></body></html>")),
            "{html}"
        );
    }

    #[test]
    fn a_chinese_chapter_speaks_chinese_and_names_its_other_languages() {
        let markup = "<h1>误判</h1><p>每一次选位都错过某一位的概率是 1 − 1/m。</p>";
        let html = written(Page::Chapter(4), Lang::Chinese, "zh/learn/4/", markup);
        assert!(
            html.starts_with("<!doctype html><html lang=zh-Hans>"),
            "{html}"
        );
        holds(
            &html,
            &[
                "<meta content=\"../../../\" name=bloom-root>",
                "import init from '../../../learn/learn-1.js'",
            ],
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
        // The line it shows if the app cannot start, in Chinese.
        assert!(html.contains("<meta content=\"交互部分未能启动"), "{html}");
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
        holds(
            &html,
            &[
                "<meta content=\"https://example.org/bloom/preview/learn-4.png\" property=\"og:image\">",
                "<meta content=\"zh_CN\" property=\"og:locale\">",
                "<noscript><p class=noscript-note>不启用 JavaScript",
                "<meta content=\"summary_large_image\" name=\"twitter:card\">",
            ],
        );
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
        let html = written(
            Page::Site(SitePage::Playground),
            Lang::Japanese,
            "ja/",
            "<p>x</p>",
        );
        holds(
            &html,
            &[
                "<link href=\"https://example.org/bloom/ja/playground/\" rel=canonical>",
                "<title>ブルームフィルタを手で動かして学ぶ</title>",
            ],
        );
        assert!(
            html.contains("<meta content=\"../\" name=bloom-root>")
                || html.contains("<meta content=\"../../\" name=bloom-root>")
        );
    }

    #[test]
    fn a_widget_keeps_its_title_and_has_its_address_and_its_player_card() {
        let html = written(
            Page::Widget(EmbedWidget::Chart),
            Lang::English,
            "embed/chart/",
            "<p>x</p>",
        );
        holds(
            &html,
            &[
                "<title>Old</title>",
                "<link href=\"https://example.org/bloom/embed/chart/\" rel=canonical>",
            ],
        );
        assert!(!html.contains("hreflang"));
        holds(
            &html,
            &[
                "<meta content=\"player\" name=\"twitter:card\">",
                "<link href=\"https://example.org/bloom/embed/chart/oembed.json\" rel=alternate",
            ],
        );
    }

    #[test]
    fn a_page_in_its_entrys_folder_keeps_its_links() {
        let html = written(
            Page::Site(SitePage::Calculator),
            Lang::English,
            "calculator/",
            "<p>x</p>",
        );
        holds(
            &html,
            &[
                "<meta content=\"../\" name=bloom-root>",
                "import init from './learn-1.js'",
                "<title>Bloom filter calculator · Bloom filters, interactively</title>",
                "<div id=prerendered><p>x</p></div></body>",
            ],
        );
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
        assert_eq!(
            first_paragraph(r#"<h1>T</h1><p class="learn-present">Present</p><progress></progress><p data-slide="1">The first.</p>"#).as_deref(),
            Some("The first.")
        );
    }
}

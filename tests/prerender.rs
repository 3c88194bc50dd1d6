//! Every page and widget rendered to HTML on the host with Yew's server renderer, as the build
//! prerenders them: nothing may reach for the browser while it draws, and the HTML carries the text a
//! reader sees — the page's heading, its prose and its controls — not an empty shell.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use bloom_tutorial::prerender::{install_texts, render, Page};
use bloom_tutorial::routes::{EmbedWidget, SitePage};
use bloom_tutorial::strings::{Lang, Msg};
use bloom_tutorial::tutorial;

fn page(page: Page) -> String {
    install_texts(Path::new("static/locales")).expect("the text files");
    render(page, &page.folders(Lang::English)[0])
}

fn assert_contains(html: &str, wanted: &[&str]) {
    for text in wanted {
        assert!(html.contains(text), "{text:?} is missing from\n{html}");
    }
}

#[test]
fn the_playground_renders_with_its_array_and_controls() {
    let html = page(Page::Site(SitePage::Playground));
    assert_contains(
        &html,
        &[
            "Playground</h1>",
            "data-testid=\"item-input\"",
            "data-testid=\"bit\"",
            ">Insert</button>",
            "Presenter mode",
        ],
    );
    assert!(
        !html.contains("<!--"),
        "no hydration markers: the app replaces this copy"
    );
}

#[test]
fn every_chapter_renders_its_title_prose_and_links_to_the_others() {
    for number in 1..=tutorial::CHAPTERS {
        let html = page(Page::Chapter(number));
        let title = Lang::English.text(tutorial::title(number));
        assert_contains(
            &html,
            &[
                &format!("<h1>{title}</h1>"),
                &format!("Chapter {number} of {}", tutorial::CHAPTERS),
                "Check yourself",
                // Links from the chapter's own page (`learn/4/`).
                "href=\"../../learn/2/\"",
            ],
        );
        // Prose, not just the frame: several paragraphs after the heading.
        let after = &html[html.find("</h1>").unwrap()..];
        assert!(
            after.matches("<p>").count() >= 2,
            "chapter {number}: {after}"
        );
    }
    assert_contains(
        &page(Page::Chapter(1)),
        &["A web crawler starts from a handful of pages"],
    );
}

#[test]
fn the_calculator_the_embed_page_and_the_widgets_render() {
    assert_contains(
        &page(Page::Site(SitePage::Calculator)),
        &["Sizing calculator</h1>", "n — expected items"],
    );
    assert_contains(
        &page(Page::Site(SitePage::Embed)),
        &[
            "Paste this into your page",
            "Put a live widget in your own page",
        ],
    );
    assert_contains(
        &page(Page::Widget(EmbedWidget::Playground)),
        &["data-testid=\"bit\"", ">Insert</button>"],
    );
    assert_contains(
        &page(Page::Widget(EmbedWidget::Chart)),
        &["data-testid=\"fpr-chart\""],
    );
    assert_contains(
        &page(Page::Widget(EmbedWidget::Calculator)),
        &["n — expected items"],
    );
    assert_eq!(
        Lang::English.text(Msg::SiteTitle),
        "Bloom filters, interactively"
    );
}

#[test]
fn a_page_under_a_language_folder_speaks_that_language_and_links_within_it() {
    install_texts(Path::new("static/locales")).expect("the text files");
    for (lang, folder) in [(Lang::Chinese, "zh/"), (Lang::Japanese, "ja/")] {
        let html = render(Page::Chapter(4), &format!("{folder}learn/4/"));
        let title = lang.text(tutorial::title(4));
        assert_contains(
            &html,
            &[
                &format!("<h1>{title}</h1>"),
                lang.text(Msg::NavCalculator),
                // Three folders up to the root, then down into the language's pages.
                &format!("href=\"../../../{folder}learn/5/\""),
                &format!("href=\"../../../{folder}calculator/\""),
            ],
        );
        assert!(!html.contains(Lang::English.text(tutorial::title(4))));
        let playground = render(Page::Site(SitePage::Playground), folder);
        assert_contains(
            &playground,
            &[
                lang.text(Msg::PlaygroundTitle),
                &format!("href=\"../{folder}learn/\""),
            ],
        );
    }
}

#[test]
fn every_page_of_the_table_renders_something() {
    install_texts(Path::new("static/locales")).expect("the text files");
    for listed in Page::all() {
        let html = render(listed, &listed.folders(Lang::English)[0]);
        assert!(html.contains("class=\"app"), "{listed:?}: {html}");
    }
}

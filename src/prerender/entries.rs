//! The Trunk entries' pages, written from the page table: each entry (a folder of dist/ with its
//! own wasm) is built by Trunk from an `index.html` that names its program, its stylesheets, its
//! scripts and files, its title and description and the way up to the site's root. All of that is a
//! column of [`crate::routes::TABLE`], so the pages are written from it before Trunk runs (`cargo run
//! --bin pages -- entries target/entries`); only the root's page, the playground's, is kept in the
//! tree as `index.html`, and a test holds it to what this module writes.
//!
//! What every entry shares: the crash note (`crash.js`), the actions kept before the app arrives
//! (`wake.js`) and `style.css`. A page of the site adds
//! the handling of old links (`moved.js`), the service worker (`offline.js`), the site's icon and
//! the note for readers without JavaScript; a widget, which lives inside someone else's page, asks
//! for no icon and says it needs JavaScript to respond, and takes its look from the author's link or
//! the page around it (`embedded.js`).

use super::head::page_title;
use super::html::escape;
use super::pages::Page;
use super::texts::PageTexts;
use crate::routes::{Asset, Kind, PageSpec, TABLE};
use crate::strings::Lang;

/// What a widget's page says to a reader without JavaScript (a page of the site says its own,
/// `NoScriptNote`).
const WIDGET_NO_SCRIPT: &str = "This widget shows its first state; it needs JavaScript to respond.";

/// Every entry's page: its folder (`calculator/`, `embed/chart/`; `""` for the root) and its HTML,
/// written for a file `from_repo` below the repository's root as `target/entries/<folder>` is
/// (the root's own page is the repository's `index.html`, with nothing to go up).
pub fn entry_pages(texts: &PageTexts, from_repo: &str) -> Vec<(&'static str, String)> {
    TABLE
        .iter()
        .filter(|spec| spec.folder == spec.entry)
        .map(|spec| {
            let up = if spec.entry.is_empty() {
                String::new()
            } else {
                format!("{from_repo}{}", way_up(spec.entry))
            };
            (spec.entry, entry_page(spec, texts, &up))
        })
        .collect()
}

/// `../` once for each folder of `folder` (`embed/chart/` → `../../`).
fn way_up(folder: &str) -> String {
    "../".repeat(folder.matches('/').count())
}

/// The page of `spec`'s entry, whose files are `repo` above it (`""` at the repository's root).
pub fn entry_page(spec: &PageSpec, texts: &PageTexts, repo: &str) -> String {
    let (title, description) = head_texts(spec, texts);
    let is_site = matches!(spec.kind, Kind::Site(_));
    let root = match way_up(spec.entry).as_str() {
        "" => "./".to_owned(),
        up => up.to_owned(),
    };
    let asset = |name: &str| format!("{repo}static/{name}");
    let mut head = vec![
        r#"<meta charset="utf-8" />"#.to_owned(),
        r#"<meta name="viewport" content="width=device-width, initial-scale=1" />"#.to_owned(),
        r#"<meta name="color-scheme" content="light dark" />"#.to_owned(),
        format!(r#"<meta name="description" content="{}" />"#, escape(&description)),
        format!("<title>{}</title>", escape(&title)),
        "<!-- The way up to the site's root: the text files (and a page's other pages) are there. -->"
            .to_owned(),
        format!(r#"<meta name="bloom-root" content="{root}" />"#),
        "<!-- A note with a reload button if the app stops; what a reader does before the app arrives, kept and done again once it has. -->".to_owned(),
        trunk("inline", &asset("crash.js"), ""),
        trunk("inline", &asset("wake.js"), ""),
    ];
    if is_site {
        head.push("<!-- Old links (#/learn/4, learn/#/4, ?lang=zh) sent on to the page and language they mean; the service worker, the site offline after the first visit. -->".to_owned());
        head.push(trunk("inline", &asset("moved.js"), ""));
        head.push(trunk("inline", &asset("offline.js"), ""));
    } else {
        head.push("<!-- The author's look (theme, background, accent, heading) before the first paint, and the host page's light or dark when it says. -->".to_owned());
        head.push(trunk("inline", &asset("embedded.js"), ""));
    }
    head.extend(spec.assets.iter().filter_map(|&item| match item {
        Asset::Script(name) => Some(trunk("inline", &asset(name), "")),
        _ => None,
    }));
    head.push("<!-- Stylesheets are inlined: a few kilobytes that would otherwise hold up the first paint. -->".to_owned());
    head.extend(
        std::iter::once("style")
            .chain(spec.styles.iter().copied())
            .map(|name| trunk("inline", &asset(&format!("{name}.css")), "")),
    );
    head.extend(spec.assets.iter().filter_map(|&item| match item {
        Asset::File(name) => Some(trunk("copy-file", &asset(name), "")),
        Asset::Folder(name) => Some(trunk("copy-dir", &asset(name), "")),
        _ => None,
    }));
    head.push(if is_site {
        trunk("icon", &asset("favicon.svg"), "")
    } else {
        r#"<link rel="icon" href="data:," />"#.to_owned()
    });
    head.extend(programs(spec, repo));
    let no_script = if is_site {
        texts.get(Lang::English, "NoScriptNote")
    } else {
        WIDGET_NO_SCRIPT
    };
    let head: String = head.iter().map(|line| format!("    {line}\n")).collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n{head}  </head>\n  <body>\n    <noscript>\n      <p class=\"noscript-note\">{}</p>\n    </noscript>\n  </body>\n</html>\n",
        escape(no_script)
    )
}

/// What every page's wasm-opt is told besides `-Oz`: the stack's lowest kilobyte is unused, and the
/// producers and target-features sections (read by tools, never by a browser) go.
const WASM_OPT_PARAMS: &str = "--low-memory-unused --strip-producers --strip-target-features";

/// The entry's program, and its workers: release builds run wasm-opt, `-Oz` for the page (Trunk
/// leaves it off unless asked; Rust puts the 1 MB stack first in memory, so its lowest kilobyte is
/// reached only by a stack that has run out, and wasm-opt may assume it unused: 0.8 KB less
/// gzipped, measured), `-O3` for a worker, which is about speed (a worker is a crate of its own,
/// `crates/<worker>/`, so that build compiles neither yew nor the site).
fn programs(spec: &PageSpec, repo: &str) -> Vec<String> {
    let manifest = format!("{repo}Cargo.toml");
    let mut lines = vec![
        "<!-- The page's program; wasm-opt -Oz, the stack's lowest kilobyte assumed unused (0.8 KB less gzipped), and the sections no browser reads (the tools' names, the target's features) dropped (0.2 KB). -->".to_owned(),
        trunk(
            "rust",
            &manifest,
            &format!(r#" data-bin="{}" data-wasm-opt="z" data-wasm-opt-params="{WASM_OPT_PARAMS}""#, spec.bin),
        ),
    ];
    lines.extend(spec.assets.iter().filter_map(|&item| match item {
        Asset::Worker(bin) => Some(trunk(
            "rust",
            &format!("{repo}crates/{bin}/Cargo.toml"),
            &format!(r#" data-bin="{bin}" data-type="worker" data-cargo-profile="worker" data-wasm-opt="3""#),
        )),
        _ => None,
    }));
    lines
}

/// A `<link data-trunk>` of kind `rel` to `href`, with `more` attributes.
fn trunk(rel: &str, href: &str, more: &str) -> String {
    format!(r#"<link data-trunk rel="{rel}" href="{href}"{more} />"#)
}

/// The English title and description of `spec`'s entry: a widget's from its row, a page's from
/// the page texts (the build writes each page's own over them, in its language).
fn head_texts(spec: &PageSpec, texts: &PageTexts) -> (String, String) {
    if let Some((title, description)) = spec.widget_head {
        return (title.to_owned(), description.to_owned());
    }
    let page = Page::all()
        .into_iter()
        .find(|page| page.spec() == spec)
        .unwrap_or(Page::all()[0]);
    let description = spec
        .head
        .and_then(|keys| keys.description)
        .map_or("", |key| texts.get(Lang::English, key));
    (
        page_title(page, Lang::English, texts),
        description.to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn texts() -> PageTexts {
        PageTexts::read(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/static/meta"
        )))
        .expect("the page texts")
    }

    #[test]
    fn the_roots_page_in_the_tree_is_the_one_the_table_writes() {
        let pages = entry_pages(&texts(), "../../");
        let (_, root) = pages
            .iter()
            .find(|(folder, _)| folder.is_empty())
            .expect("the root");
        let kept = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html"))
            .expect("index.html");
        assert_eq!(
            &kept, root,
            "index.html is written from the page table: `cargo run --bin pages -- entries target/entries` writes it to target/entries/index.html"
        );
    }

    #[test]
    fn each_entry_names_its_program_its_files_and_the_way_up() {
        let pages = entry_pages(&texts(), "../../");
        let folders: Vec<_> = pages.iter().map(|(folder, _)| *folder).collect();
        assert_eq!(
            folders.len(),
            21,
            "the root, nine pages, eleven widgets: {folders:?}"
        );
        assert!(
            !folders.contains(&"count-min/"),
            "count-min is drawn by counting's entry"
        );
        let page = |folder: &str| &pages.iter().find(|(f, _)| *f == folder).expect(folder).1;
        let lab = page("lab/");
        assert!(lab.contains(r#"href="../../../Cargo.toml" data-bin="lab" "#));
        assert!(lab.contains(r#"data-bin="lab-worker" data-type="worker""#));
        assert!(lab.contains(r#"rel="copy-file" href="../../../static/lab-worker-loader.js""#));
        assert!(lab.contains(r#"<meta name="bloom-root" content="../" />"#));
        assert!(lab.contains("<title>The big-N lab · Bloom filters, interactively</title>"));
        let chart = page("embed/chart/");
        assert!(chart.contains(r#"href="../../../../static/style.css""#));
        assert!(chart.contains(r#"<meta name="bloom-root" content="../../" />"#));
        assert!(chart.contains("<title>Bloom filter false-positive chart</title>"));
        assert!(chart.contains(r#"<link rel="icon" href="data:," />"#));
        assert!(!chart.contains("site.css") && !chart.contains("offline.js"));
        assert!(chart.contains(r#"rel="inline" href="../../../../static/embedded.js""#));
        assert!(
            !lab.contains("embedded.js"),
            "a page of the site follows the reader's system"
        );
        assert!(chart.contains("it needs JavaScript to respond"));
        let learn = page("learn/");
        let order = [
            "frames.js",
            "style.css",
            "calculator.css",
            "site.css",
            "learn.css",
        ];
        let at: Vec<_> = order
            .iter()
            .map(|name| learn.find(name).expect(name))
            .collect();
        assert!(
            at.windows(2).all(|pair| pair[0] < pair[1]),
            "{order:?} in order"
        );
    }

    #[test]
    fn every_entry_runs_a_program_cargo_builds() {
        let cargo = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .expect("Cargo.toml");
        for spec in TABLE {
            assert!(
                cargo.contains(&format!("name = \"{}\"", spec.bin)),
                "{} in Cargo.toml",
                spec.bin
            );
        }
    }
}

//! `cargo run --bin prerender -- dist https://example.org/bloom/`: after Trunk has built every entry
//! into `dist/`, writes each page there again with its content prerendered, in each language (see
//! `bloom_tutorial::prerender`) — every page of the page table (`bloom_tutorial::routes::TABLE`):
//! the playground (the root and `playground/`), `learn/1/` … `learn/11/` (and `learn/`), the
//! calculator, the counting filter and count-min sketch, the scalable filter, combining filters, the
//! lab, the bug museum and `embed/`, each also under `zh/` and `ja/`, and each widget once — with the
//! link-preview pictures (`preview/`), each widget's oEmbed file (`embed/<widget>/oembed.json`),
//! `sitemap.xml` and `robots.txt`. The second argument is the
//! address the site is published at (default: `make serve`'s).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    match prerender() {
        Ok(summary) => {
            println!("{summary}");
            std::process::ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("prerender: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};

#[cfg(not(target_arch = "wasm32"))]
use bloom_tutorial::prerender::{
    chapter_for_browser, install_texts, into_page, oembed, preview, render, robots, site_url,
    sitemap, Page, PageTexts, Site,
};

#[cfg(not(target_arch = "wasm32"))]
fn prerender() -> Result<String, String> {
    let mut args = std::env::args().skip(1);
    let dist = PathBuf::from(args.next().unwrap_or_else(|| "dist".into()));
    let url = site_url(
        &args
            .next()
            .unwrap_or_else(|| "http://127.0.0.1:8080/".into()),
    )?;
    install_texts(Path::new("static/locales"))?;
    let site = Site {
        url,
        texts: PageTexts::read(Path::new("static/meta"))?,
    };
    let (written, pictures) = write_pages(&dist, &site)?;
    write_chapter_texts(&dist)?;
    write(&dist.join("sitemap.xml"), sitemap(&site.url).as_bytes())?;
    write(&dist.join("robots.txt"), robots(&site.url).as_bytes())?;
    Ok(format!(
        "prerendered {written} pages and {pictures} preview pictures into {} for {}",
        dist.display(),
        site.url
    ))
}

/// Writes `bytes` to `path`, making its folder first.
#[cfg(not(target_arch = "wasm32"))]
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    path.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, bytes))
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Every page of the page table in each of its languages and folders, and its preview picture;
/// returns how many pages and pictures were written.
#[cfg(not(target_arch = "wasm32"))]
fn write_pages(dist: &Path, site: &Site) -> Result<(usize, usize), String> {
    // Every template is read before any page is written: `learn/index.html` is both.
    let pages = Page::all();
    let mut templates = Vec::new();
    for page in &pages {
        let path = dist.join(page.entry()).join("index.html");
        let template = std::fs::read_to_string(&path)
            .map_err(|error| format!("{}: {error} (run trunk build first)", path.display()))?;
        templates.push(template);
    }
    let (mut written, mut pictures) = (0, 0);
    for (page, template) in pages.into_iter().zip(templates) {
        for &lang in page.languages() {
            for folder in page.folders(lang) {
                let markup = render(page, &folder);
                let html = into_page(&template, page, lang, &folder, &markup, site);
                write(&dist.join(&folder).join("index.html"), html.as_bytes())?;
                written += 1;
            }
        }
        if let Page::Widget(widget) = page {
            let folder = dist.join(widget.spec().folder);
            write(
                &folder.join("oembed.json"),
                oembed(widget, &site.url).as_bytes(),
            )?;
        }
        if let Some((name, scene)) = page.preview() {
            write(
                &dist.join("preview").join(format!("{name}.png")),
                &preview::draw(&scene),
            )?;
            pictures += 1;
        }
    }
    Ok((written, pictures))
}

/// The chapters' files the browser fetches: only what the pages do not hold already; and none of
/// the glossary's, which only the pages hold.
#[cfg(not(target_arch = "wasm32"))]
fn write_chapter_texts(dist: &Path) -> Result<(), String> {
    use bloom_tutorial::strings::Lang;
    use bloom_tutorial::tutorial::{resource, CHAPTERS};

    for lang in Lang::ALL {
        let reference = dist
            .join("locales")
            .join(lang.param())
            .join("reference.json");
        if reference.exists() {
            std::fs::remove_file(&reference)
                .map_err(|error| format!("{}: {error}", reference.display()))?;
        }
        for number in 1..=CHAPTERS {
            let name = format!("{}/{}.json", lang.param(), resource(number));
            let source = Path::new("static/locales").join(&name);
            let json = std::fs::read_to_string(&source)
                .map_err(|error| format!("{}: {error}", source.display()))?;
            write(
                &dist.join("locales").join(&name),
                chapter_for_browser(&json)?.as_bytes(),
            )?;
        }
    }
    Ok(())
}

/// Prerendering runs on the host; a wasm build of this binary does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}

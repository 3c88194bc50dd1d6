//! `cargo run --bin prerender -- dist`: after Trunk has built every entry into `dist/`, writes each
//! page there again with its content prerendered (see `bloom_tutorial::prerender`): the site's root,
//! `learn/` and `learn/1/` … `learn/8/`, `calculator/`, `embed/` and the three widgets.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::path::PathBuf;

    use bloom_tutorial::prerender::{install_texts, into_page, render, Page};

    let dist = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "dist".into()));
    if let Err(error) = install_texts(std::path::Path::new("static/locales")) {
        eprintln!("prerender: {error}");
        return std::process::ExitCode::FAILURE;
    }
    // Every template is read before any page is written: `learn/index.html` is both.
    let pages = Page::all();
    let mut templates = Vec::new();
    for page in &pages {
        let path = dist.join(page.entry()).join("index.html");
        match std::fs::read_to_string(&path) {
            Ok(template) => templates.push(template),
            Err(error) => {
                eprintln!(
                    "prerender: {}: {error} (run trunk build first)",
                    path.display()
                );
                return std::process::ExitCode::FAILURE;
            }
        }
    }
    let mut written = 0;
    for (page, template) in pages.into_iter().zip(templates) {
        for folder in page.folders() {
            let markup = render(page, &folder);
            let dir = dist.join(&folder);
            let html = into_page(&template, page, &folder, &markup);
            if let Err(error) = std::fs::create_dir_all(&dir)
                .and_then(|()| std::fs::write(dir.join("index.html"), html))
            {
                eprintln!("prerender: {}: {error}", dir.display());
                return std::process::ExitCode::FAILURE;
            }
            written += 1;
        }
    }
    println!("prerendered {written} pages into {}", dist.display());
    std::process::ExitCode::SUCCESS
}

/// Prerendering runs on the host; a wasm build of this binary does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}

//! `cargo run --quiet --bin pages -- pages` prints the folders of the site's Trunk entries besides
//! the root's (`learn calculator counting …`), `-- embeds` the widgets' folders under `embed/`
//! (`playground chart …`), and `-- folders` the folder of every page the build writes, in every
//! language (`./`, `learn/4/`, `zh/learn/4/`, `embed/chart/`), as the service worker lists them;
//! `-- programs` the programs they run (`[[bin]]`s) and `-- workers` the workers they start, as
//! `make build` compiles them and `make size-report` measures them; `-- entries target/entries` writes the page Trunk builds each entry from into that folder
//! (`target/entries/calculator/index.html`, and the root's, which the tree keeps as `index.html`). All
//! come from the page table (`bloom_tutorial::routes::TABLE`, the folders through
//! `bloom_tutorial::prerender::Page`), so `make build` builds exactly the pages the site links to.

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use bloom_tutorial::prerender::{entries::entry_pages, Page, PageTexts};
#[cfg(not(target_arch = "wasm32"))]
use bloom_tutorial::routes::{page_entries, widget_entries, Asset, TABLE};
#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let list: Vec<String> = match std::env::args().nth(1).as_deref() {
        Some("pages") => page_entries().into_iter().map(String::from).collect(),
        Some("embeds") => widget_entries().into_iter().map(String::from).collect(),
        Some("folders") => folders(),
        Some("programs") => programs(),
        Some("workers") => workers().map(String::from).collect(),
        Some("entries") => {
            let out = std::env::args()
                .nth(2)
                .unwrap_or_else(|| "target/entries".into());
            return match write_entries(Path::new(&out)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("pages entries: {error}");
                    ExitCode::FAILURE
                }
            };
        }
        _ => {
            eprintln!("usage: pages pages|embeds|folders|programs|workers|entries [folder]");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", list.join(" "));
    ExitCode::SUCCESS
}

/// Every program the entries run, once each (`playground learn … embed-bugs`).
#[cfg(not(target_arch = "wasm32"))]
fn programs() -> Vec<String> {
    let mut programs: Vec<String> = Vec::new();
    for bin in TABLE.iter().map(|spec| spec.bin) {
        if !programs.iter().any(|known| known == bin) {
            programs.push(bin.to_owned());
        }
    }
    programs
}

/// The workers the entries start (`lab-worker`), each a crate of its own (`crates/<worker>/`) built
/// with its own profile.
#[cfg(not(target_arch = "wasm32"))]
fn workers() -> impl Iterator<Item = &'static str> {
    TABLE
        .iter()
        .flat_map(|spec| spec.assets)
        .filter_map(|asset| match asset {
            Asset::Worker(bin) => Some(*bin),
            _ => None,
        })
}

/// Every folder the build writes a page to, the root as `./`.
#[cfg(not(target_arch = "wasm32"))]
fn folders() -> Vec<String> {
    Page::all()
        .into_iter()
        .flat_map(|page| {
            page.languages()
                .iter()
                .flat_map(move |&lang| page.folders(lang))
        })
        .map(|folder| {
            if folder.is_empty() {
                "./".to_owned()
            } else {
                folder
            }
        })
        .collect()
}

/// Writes each entry's page below `out` (a folder below the repository's root, where this runs).
#[cfg(not(target_arch = "wasm32"))]
fn write_entries(out: &Path) -> Result<(), String> {
    let texts = PageTexts::read(Path::new("static/meta"))?;
    let from_repo = "../".repeat(out.components().count());
    for (folder, html) in entry_pages(&texts, &from_repo) {
        let dir = out.join(folder);
        std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let path = dir.join("index.html");
        std::fs::write(&path, html).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    Ok(())
}

/// The lists are for the build, on the host; a wasm build of this binary does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}

//! `cargo run --quiet --bin pages -- pages` prints the folders of the site's Trunk entries besides
//! the root's (`learn calculator counting …`), `-- embeds` the widgets' folders under `embed/`
//! (`playground chart …`), and `-- folders` the folder of every page the build writes, in every
//! language (`./`, `learn/4/`, `zh/learn/4/`, `embed/chart/`), as the service worker lists them. All
//! come from the page table (`bloom_tutorial::routes::TABLE`, the folders through
//! `bloom_tutorial::prerender::Page`), so `make build` builds exactly the pages the site links to.

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use bloom_tutorial::prerender::Page;
#[cfg(not(target_arch = "wasm32"))]
use bloom_tutorial::routes::{page_entries, widget_entries};

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let list: Vec<String> = match std::env::args().nth(1).as_deref() {
        Some("pages") => page_entries().into_iter().map(String::from).collect(),
        Some("embeds") => widget_entries().into_iter().map(String::from).collect(),
        Some("folders") => folders(),
        _ => {
            eprintln!("usage: pages pages|embeds|folders");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", list.join(" "));
    ExitCode::SUCCESS
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

/// The lists are for the build, on the host; a wasm build of this binary does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}

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
//!
//! Which pages there are comes from the page table ([`crate::routes::TABLE`]); [`entries`] writes
//! the pages Trunk builds each entry from, [`pages`] lists the pages
//! and renders each, [`head`] writes each page's head, [`sitemap`] what crawlers read, [`texts`] the
//! words the build reads and the chapter files it trims, [`preview`] the link-preview pictures, [`oembed`]
//! what platforms read of a widget's page.

pub mod entries;
pub mod head;
mod html;
pub mod oembed;
pub mod pages;
pub mod preview;
pub mod sitemap;
pub mod texts;

pub use head::{into_page, Site};
pub use oembed::oembed;
pub use pages::{render, Page};
pub use sitemap::{robots, site_url, sitemap};
pub use texts::{chapter_for_browser, install_texts, page_text_keys, PageTexts};
